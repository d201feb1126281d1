//! Matches cut into shards (`--shard K/N`) and merged (`tabula match merge`): the merge of the
//! shards is the whole match, game for game; bad shards and bad result files are refused with
//! an error naming them, and nothing is written; engines can have time odds (`tc=`).

#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use matches::{
    TABULA, assert_merge_is_whole, match_args, out_dir, records_without_times, run, tabula, tags,
};
use std::path::{Path, PathBuf};

#[test]
fn shards_merged_are_the_whole_match_game_for_game() {
    // 7 opening pairs: no shard count from 2 to 4 divides them.
    let whole_dir = out_dir("whole");
    let (code, whole_summary, errors) = run(&match_args(14, 21, &whole_dir), &[]);
    assert_eq!(code, 0, "{errors}");
    let whole_games = std::fs::read_to_string(whole_dir.join("games.txt")).expect("games");
    let whole_records = records_without_times(&whole_games);
    assert_eq!(whole_records.len(), 14);
    for count in 1..=4 {
        let shard_dirs: Vec<PathBuf> = (1..=count)
            .map(|index| out_dir(&format!("shard-{index}-of-{count}")))
            .collect();
        let mut rounds = Vec::new();
        for (index, dir) in shard_dirs.iter().enumerate() {
            let shard = format!("{}/{count}", index + 1);
            let (code, _, errors) = run(&match_args(14, 21, dir), &["--shard", &shard]);
            assert_eq!(code, 0, "{shard}: {errors}");
            let games = std::fs::read_to_string(dir.join("games.txt")).expect("games");
            let numbers = tags(&games, "Round");
            // Whole pairs: games 2p + 1 and 2p + 2 together.
            for pair in numbers.chunks(2) {
                let [first, second] = pair else {
                    panic!("{shard}: a half pair {numbers:?}")
                };
                let (first, second): (usize, usize) =
                    (first.parse().expect("n"), second.parse().expect("n"));
                assert!(
                    first % 2 == 1 && second == first + 1,
                    "{shard}: {numbers:?}"
                );
            }
            rounds.extend(numbers.iter().map(|n| n.to_string()));
        }
        rounds.sort_by_key(|n| n.parse::<usize>().expect("a number"));
        let all: Vec<String> = (1..=14).map(|n| n.to_string()).collect();
        assert_eq!(rounds, all, "{count} shards play every game once");

        let merged_dir = out_dir(&format!("merged-{count}"));
        assert_merge_is_whole(&shard_dirs, &merged_dir, &whole_summary, &whole_records);
    }
    let _ = std::fs::remove_dir_all(&whole_dir);
}

#[test]
fn a_bad_shard_is_refused_before_anything_is_written() {
    let dir = out_dir("bad-shard");
    for (shard, blamed) in [
        ("5/4", "numbered 1 to 4"),
        ("0/4", "numbered 1 to 4"),
        ("a/b", "'a'"),
        ("3", "K/N"),
        ("1/0", "count"),
    ] {
        let (code, stdout, errors) = run(&match_args(4, 1, &dir), &["--shard", shard]);
        assert_eq!(code, 2, "{shard}: {stdout}");
        assert!(
            errors.contains(&format!("'{shard}'")) && errors.contains(blamed),
            "{shard}: {errors}"
        );
        assert_eq!(errors.lines().count(), 1, "{errors}");
        assert!(!dir.exists(), "{shard}");
    }
    // Without a seed, each shard would make openings of its own.
    let mut args = match_args(4, 1, &dir);
    let seed = args.iter().position(|a| a == "--seed").expect("a seed");
    args.drain(seed..seed + 2);
    let (code, _, errors) = run(&args, &["--shard", "1/2"]);
    assert_eq!(code, 2);
    assert!(errors.contains("--seed or --openings"), "{errors}");
    assert!(!dir.exists());
}

/// Plays shard `shard` of a small match with opening seed `seed` into a fresh directory.
fn played_shard(test: &str, shard: &str, seed: u64) -> PathBuf {
    let dir = out_dir(test);
    let (code, _, errors) = run(&match_args(6, seed, &dir), &["--shard", shard]);
    assert_eq!(code, 0, "{errors}");
    dir
}

/// Runs `tabula match merge --out <scratch> paths...` (with `extra` arguments); returns (exit
/// code, stdout, stderr) and whether the output directory was written.
fn merge_with(paths: &[&Path], extra: &[&str]) -> (i32, String, String, bool) {
    let out = out_dir("merge-out");
    let mut args = vec!["match".to_string(), "merge".to_string()];
    args.extend(paths.iter().map(|p| p.display().to_string()));
    args.extend(extra.iter().map(|a| a.to_string()));
    let (code, stdout, errors) = run(&args, &["--out", &out.display().to_string()]);
    let written = out.exists();
    let _ = std::fs::remove_dir_all(&out);
    (code, stdout, errors, written)
}

/// A strict merge (see `merge_with`).
fn merge(paths: &[&Path]) -> (i32, String, String, bool) {
    merge_with(paths, &[])
}

/// A copy of shard directory `dir` whose result file is `edit` of the original.
fn edited_copy(dir: &Path, test: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let copy = out_dir(test);
    std::fs::create_dir_all(&copy).expect("creates");
    for file in ["games.txt", "result.json"] {
        std::fs::copy(dir.join(file), copy.join(file)).expect("copies");
    }
    let text = std::fs::read_to_string(dir.join("result.json")).expect("reads");
    std::fs::write(copy.join("result.json"), edit(&text)).expect("writes");
    copy
}

/// `text` with the first number after field `key` one more.
fn bumped(text: &str, key: &str) -> String {
    let field = text.find(&format!("\"{key}\":")).expect("the field");
    let start = field
        + text[field..]
            .find(|c: char| c.is_ascii_digit())
            .expect("a number");
    let length = text[start..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len() - start);
    let number: u64 = text[start..start + length].parse().expect("a number");
    format!(
        "{}{}{}",
        &text[..start],
        number + 1,
        &text[start + length..]
    )
}

#[test]
fn a_merge_names_what_is_missing_and_refuses_what_does_not_belong() {
    let first = played_shard("refuse-1", "1/3", 4);
    let second = played_shard("refuse-2", "2/3", 4);
    // A shard missing: the merge prints and writes what it has, and says so by its exit code,
    // unless a partial merge is asked for.
    for (extra, expected_code) in [(None, 1), (Some("--partial"), 0)] {
        let (code, stdout, errors, written) = merge_with(&[&first, &second], extra.as_slice());
        assert_eq!(code, expected_code, "{extra:?}: {errors}");
        assert!(written);
        assert!(
            stdout.ends_with("Merged 2 of 3 shards: 3 is missing\n"),
            "{stdout}"
        );
        assert!(stdout.contains("full vs easy: games 4,"), "{stdout}");
    }

    let foreign = played_shard("refuse-foreign", "3/3", 5);
    let empty = out_dir("refuse-empty");
    std::fs::create_dir_all(&empty).expect("creates");
    let twice = edited_copy(&first, "refuse-twice", str::to_string);
    let cut = edited_copy(&first, "refuse-cut", |text| {
        text[..text.len() / 2].to_string()
    });
    let negative = edited_copy(&first, "refuse-negative", |text| {
        text.replacen("\"draws\": 0", "\"draws\": -1", 1)
    });
    let inflated = edited_copy(&first, "refuse-inflated", |text| {
        text.replacen("\"games_played\": 2", "\"games_played\": 1", 1)
    });
    let resharded = edited_copy(&first, "refuse-resharded", |text| {
        text.replacen("\"shards\": 3", "\"shards\": 2", 1)
    });
    // Counts that every other count agrees with, but not the list of games.
    let same_colour = edited_copy(&first, "refuse-same-colour", |text| {
        bumped(text, "same_colour_pairs")
    });
    let forfeits = edited_copy(&first, "refuse-forfeits", |text| {
        bumped(text, "time_forfeits")
    });
    let relisted = edited_copy(&first, "refuse-relisted", |text| {
        text.replacen("\"1 ", "\"3 ", 1)
    });
    let regames = edited_copy(&first, "refuse-regames", str::to_string);
    let games_text = std::fs::read_to_string(regames.join("games.txt")).expect("games");
    std::fs::write(
        regames.join("games.txt"),
        games_text.replacen("[Round \"1\"]", "[Round \"3\"]", 1),
    )
    .expect("writes");
    let games = first.join("games.txt");
    let cases: [(Vec<&Path>, &str); 12] = [
        (vec![&first, &foreign], "another match"),
        (vec![&first, &twice], "both shard 1 of 3"),
        (vec![&empty], "no result.json"),
        (vec![&games], "not a whole tabula match result"),
        (vec![&cut, &second], "not a whole tabula match result"),
        (vec![&negative], "not a whole tabula match result"),
        (vec![&inflated], "games_played"),
        (vec![&resharded], "fingerprint"),
        (vec![&same_colour], "'same_colour_pairs'"),
        (vec![&forfeits], "'time_forfeits'"),
        (vec![&relisted], "game 3 is not one of shard 1/3's"),
        (vec![&regames], "games.txt"),
    ];
    for (paths, blamed) in cases {
        let (code, stdout, errors, written) = merge(&paths);
        assert_eq!(code, 2, "{paths:?}: {stdout}");
        assert!(errors.contains(blamed), "{paths:?}: {errors}");
        assert_eq!(errors.lines().count(), 1, "{errors}");
        assert!(stdout.is_empty() && !written, "{paths:?}");
    }
    let (_, _, errors, _) = merge(&[&first, &foreign]);
    assert!(errors.contains("differ in: openings"), "{errors}");
    let (_, _, errors, _) = merge(&[&negative]);
    assert!(errors.contains(&negative.display().to_string()), "{errors}");
    for dir in [
        first,
        second,
        foreign,
        empty,
        twice,
        cut,
        negative,
        inflated,
        resharded,
        same_colour,
        forfeits,
        relisted,
        regames,
    ] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn an_engine_with_its_own_time_control_plays_on_its_own_clock() {
    let dir = out_dir("time-odds");
    let log = out_dir("time-odds-log");
    let tap = format!("{}/tests/fake_engines/tap.sh", env!("CARGO_MANIFEST_DIR"));
    let output = tabula(&[
        "match",
        "--engine",
        &format!(
            "cmd=bash {tap} {} {TABULA} name=quick tc=0.5+0.01",
            log.display()
        ),
        "--engine",
        &format!("cmd={TABULA} name=slow"),
        "--game",
        "joust",
        "--tc",
        "2+0.04",
        "--games",
        "2",
        "--seed",
        "3",
        "--out",
        &dir.display().to_string(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("Match: joust 8x8, tc 2+0.04, quick 0.5+0.01,"),
        "{stdout}"
    );
    let games = std::fs::read_to_string(dir.join("games.txt")).expect("games");
    assert_eq!(tags(&games, "WhiteTimeControl"), ["0.5+0.01", "2+0.04"]);
    assert_eq!(tags(&games, "BlackTimeControl"), ["2+0.04", "0.5+0.01"]);
    let result = std::fs::read_to_string(dir.join("result.json")).expect("result");
    assert!(
        result.contains("\"time_control\": \"0.5+0.01\""),
        "{result}"
    );
    // Every go that quick received shows its own clock within 0.5 s (plus increments) and
    // the opponent's within 2 s, with each side's own increment.
    let sent = std::fs::read_to_string(&log).expect("the tap's log");
    let goes: Vec<&str> = sent.lines().filter(|l| l.starts_with("go ")).collect();
    assert!(!goes.is_empty(), "{sent}");
    for go in goes {
        let words: Vec<&str> = go.split_whitespace().collect();
        let value = |key: &str| -> u64 {
            let at = words.iter().position(|w| *w == key).expect(key);
            words[at + 1].parse().expect("a number")
        };
        let (quick, slow, quick_inc, slow_inc) = if go.contains("p1time") && value("p1inc") == 10 {
            (
                value("p1time"),
                value("p2time"),
                value("p1inc"),
                value("p2inc"),
            )
        } else {
            (
                value("p2time"),
                value("p1time"),
                value("p2inc"),
                value("p1inc"),
            )
        };
        assert_eq!((quick_inc, slow_inc), (10, 40), "{go}");
        assert!(quick <= 500 + 10 * 100 && slow > 500, "{go}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&log);
}
