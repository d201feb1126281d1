//! Matches that survive faults: a match or a shard killed at any instant (between games, in the
//! middle of a game, just after a game's record was appended, while its result file was being
//! written) and run again with the same arguments continues where it stopped, and the merge of
//! its shards is the uninterrupted match, game for game: no game lost, none played twice. A
//! directory of another match, an edited games file or a result file cut short is refused with
//! one error naming the file, and nothing there is overwritten.

#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use matches::{
    TABULA, assert_merge_is_whole, match_args, out_dir, records_without_times, run, tabula,
};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// Games of the test match: 7 opening pairs, so that no shard count from 2 to 4 divides them.
const GAMES: usize = 14;
const SEED: u64 = 21;

/// A small deterministic generator (xorshift64), for the instants of the kills.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// The summary without the line on resumed games (the uninterrupted match has none).
fn without_resumed_line(summary: &str) -> String {
    summary
        .lines()
        .filter(|line| !line.starts_with("Resumed: "))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Runs `args` with the environment variable that stops the match dead at `fault`; the run
/// must end as a kill does.
fn run_to_fault(args: &[String], fault: &str) {
    let status = Command::new(TABULA)
        .args(args)
        .env("TABULA_MATCH_FAULT", fault)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("tabula runs");
    assert_eq!(status.code(), Some(137), "{fault}");
}

/// Starts `args` and kills it (SIGKILL, as a preempted node) after a random while.
fn run_and_kill(args: &[String], dice: &mut Dice) {
    let mut child = Command::new(TABULA)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tabula starts");
    std::thread::sleep(Duration::from_millis(20 + dice.below(300)));
    let _ = child.kill();
    let _ = child.wait();
}

/// Plays `args` to its end through faults: stopped after a record was appended, stopped while
/// the result file was written, then killed at random instants, then run to the end. Returns
/// the last run's stdout.
fn play_through_faults(args: &[String], dice: &mut Dice) -> String {
    run_to_fault(args, "after-record:1");
    run_to_fault(args, "mid-result:1");
    for _ in 0..3 {
        run_and_kill(args, dice);
    }
    let (code, stdout, errors) = run(args, &[]);
    assert_eq!(code, 0, "{errors}");
    assert!(stdout.contains("\nResumed: "), "{stdout}");
    stdout
}

#[test]
fn a_match_killed_at_any_instant_and_resumed_is_the_uninterrupted_match() {
    let whole_dir = out_dir("resume-whole");
    let (code, whole_summary, errors) = run(&match_args(GAMES, SEED, &whole_dir), &[]);
    assert_eq!(code, 0, "{errors}");
    let whole_games = std::fs::read_to_string(whole_dir.join("games.txt")).expect("games");
    let whole_records = records_without_times(&whole_games);
    assert_eq!(whole_records.len(), GAMES);
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    for count in [1, 3] {
        let dirs: Vec<PathBuf> = (1..=count)
            .map(|index| out_dir(&format!("resume-{index}-of-{count}")))
            .collect();
        for (index, dir) in dirs.iter().enumerate() {
            let mut args = match_args(GAMES, SEED, dir);
            if count > 1 {
                args.extend(["--shard".to_string(), format!("{}/{count}", index + 1)]);
            }
            let stdout = play_through_faults(&args, &mut dice);
            if count == 1 {
                assert_eq!(without_resumed_line(&stdout), whole_summary);
            }
            // No partial result file is left behind to be mistaken for a result.
            assert!(!dir.join("result.json.partial").exists());
        }
        let merged_dir = out_dir(&format!("resume-merged-{count}"));
        assert_merge_is_whole(&dirs, &merged_dir, &whole_summary, &whole_records);
    }
    let _ = std::fs::remove_dir_all(&whole_dir);
}

/// Runs the match `args` again: it must be refused (exit code 2) naming `file` and `reason`, and
/// leave `dir` as it was.
fn assert_refused_naming(args: &[String], dir: &Path, file: &Path, reason: &str) {
    let before = contents(dir);
    let (code, _, errors) = run(args, &[]);
    assert_eq!(code, 2, "{errors}");
    assert!(
        errors.contains(&format!("'{}'", file.display())),
        "{errors}"
    );
    assert!(errors.contains(reason), "{errors}");
    assert_eq!(contents(dir), before);
}

/// The files of a match directory, to see that a refused run changed nothing.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("a directory")
        .map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path.file_name().expect("a name").to_string_lossy().into();
            (name, std::fs::read(&path).expect("reads"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn another_match_or_edited_files_in_the_directory_are_refused_and_left_alone() {
    let dir = out_dir("resume-refused");
    let args = match_args(6, 4, &dir);
    run_to_fault(&args, "after-record:3");
    let other_seed = match_args(6, 5, &dir);
    let mut other_shard = args.clone();
    other_shard.extend(["--shard".to_string(), "2/2".to_string()]);
    let mut other_limit = args.clone();
    other_limit.extend(["--stall-timeout".to_string(), "5".to_string()]);
    let cases: [(&[String], &str); 3] = [
        (&other_seed, "differs in: openings"),
        (&other_shard, "differs in: shard count, shard"),
        (&other_limit, "differs in: stall timeout"),
    ];
    let before = contents(&dir);
    for (args, blamed) in cases {
        let (code, stdout, errors) = run(args, &[]);
        assert_eq!(code, 2, "{blamed}: {stdout}");
        assert_eq!(
            errors.lines().last().map(|l| l.starts_with("error: ")),
            Some(true)
        );
        let error = errors.lines().last().expect("an error");
        assert!(error.contains(&format!("'{}'", dir.join("result.json").display())));
        assert!(
            error.contains(blamed) && error.contains("--restart"),
            "{error}"
        );
        assert_eq!(contents(&dir), before, "{blamed}: nothing overwritten");
    }

    // A game's record edited by hand.
    let games = dir.join("games.txt");
    let text = std::fs::read_to_string(&games).expect("games");
    std::fs::write(&games, text.replacen("[Round \"1\"]", "[Round \"9\"]", 1)).expect("edits");
    assert_refused_naming(&args, &dir, &games, "edited");

    // A result file cut short.
    std::fs::write(&games, &text).expect("restores");
    let result = dir.join("result.json");
    let json = std::fs::read_to_string(&result).expect("result");
    std::fs::write(&result, &json[..json.len() / 2]).expect("cuts");
    assert_refused_naming(&args, &dir, &result, "not a whole tabula match result");

    // --restart starts over: every game is played by this run.
    let (code, stdout, errors) = run(&args, &["--restart"]);
    assert_eq!(code, 0, "{errors}");
    assert!(!stdout.contains("Resumed"), "{stdout}");
    assert!(stdout.contains("6 games played"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);

    // A games file with no result file beside it is no match to resume.
    let foreign = out_dir("resume-foreign");
    std::fs::create_dir_all(&foreign).expect("creates");
    std::fs::write(foreign.join("games.txt"), "[Event \"elsewhere\"]\n").expect("writes");
    let output = tabula(
        &match_args(6, 4, &foreign)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_eq!(output.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("without a result.json"), "{errors}");
    assert_eq!(
        std::fs::read_to_string(foreign.join("games.txt")).expect("kept"),
        "[Event \"elsewhere\"]\n"
    );
    let _ = std::fs::remove_dir_all(&foreign);
}

#[test]
fn a_finished_match_run_again_plays_nothing_more() {
    let dir = out_dir("resume-finished");
    let args = match_args(4, 2, &dir);
    let (code, first, errors) = run(&args, &[]);
    assert_eq!(code, 0, "{errors}");
    let games = std::fs::read_to_string(dir.join("games.txt")).expect("games");
    let (code, again, errors) = run(&args, &[]);
    assert_eq!(code, 0, "{errors}");
    assert_eq!(
        again,
        format!("{first}Resumed: 4 games kept from an earlier run\n")
    );
    assert!(errors.contains("resumed: 4 of 4 games kept"), "{errors}");
    assert_eq!(
        std::fs::read_to_string(dir.join("games.txt")).expect("games"),
        games
    );
    let _ = std::fs::remove_dir_all(&dir);
}
