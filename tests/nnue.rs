//! The learned evaluation from outside: `tabula datagen` makes data that a re-run continues,
//! `tabula train` fits a net whose held-out loss falls, the engine loads it by `EvalFile`, and
//! every bad file or argument gets one error naming it while the engine keeps its net.

#[allow(dead_code)]
mod common;
#[allow(dead_code)]
#[path = "common/matches.rs"]
mod matches;

use common::Engine;
use std::path::{Path, PathBuf};

/// A fresh scratch directory for `test`.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-nnue-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creates");
    dir
}

/// Runs tabula with `args`: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    matches::run(&[], args)
}

/// `tabula train` of the tiny test net on `data` into `out`.
fn tiny_train(data: &Path, out: &Path) -> (i32, String, String) {
    let (data, out) = (data.display().to_string(), out.display().to_string());
    run(&[
        "train",
        "--game",
        "jesonmor",
        "--data",
        &data,
        "--out",
        &out,
        "--epochs",
        "8",
        "--batch-size",
        "64",
        "--learning-rate",
        "0.005",
        "--validation-every",
        "5",
    ])
}

/// `tabula datagen` of a few fast Jeson Mor games into `out`, with `extra` arguments.
fn datagen(out: &Path, games: &str, extra: &[&str]) -> (i32, String, String) {
    let out = out.display().to_string();
    let mut args = vec![
        "datagen", "--game", "jesonmor", "--games", games, "--nodes", "400", "--seed", "3",
        "--out", &out,
    ];
    args.extend(extra);
    run(&args)
}

/// `net`'s file with its header saying `game` on a `width` x `height` board, its digest (the
/// 64-bit FNV-1a of everything before it, docs/nnue.md's "The file") made again to match.
fn reheaded(net: &[u8], game: &str, width: u32, height: u32) -> Vec<u8> {
    const NAME: std::ops::Range<usize> = 12..28;
    let mut bytes = net[..net.len() - 8].to_vec();
    let mut name = game.as_bytes().to_vec();
    name.resize(NAME.len(), 0);
    bytes[NAME].copy_from_slice(&name);
    bytes[28..32].copy_from_slice(&width.to_le_bytes());
    bytes[32..36].copy_from_slice(&height.to_le_bytes());
    let digest = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    bytes.extend(digest.to_le_bytes());
    bytes
}

/// The loss named `which` (`training loss`, `held-out loss`) of each epoch line of `train`'s
/// output.
fn losses(stdout: &str, which: &str) -> Vec<f64> {
    stdout
        .lines()
        .filter(|line| line.starts_with("epoch"))
        .map(|line| {
            let at = line.find(which).expect("a loss") + which.len() + 1;
            line[at..]
                .split([' ', ','])
                .next()
                .expect("a number")
                .parse()
                .expect("a loss")
        })
        .collect()
}

#[test]
fn a_tiny_datagen_and_train_run_makes_a_net_whose_loss_falls_and_that_loads() {
    let dir = scratch("pipeline");
    let data = dir.join("data.txt");
    let (code, _, errors) = datagen(&data, "60", &["--threads", "2"]);
    assert_eq!(code, 0, "{errors}");
    let text = std::fs::read_to_string(&data).expect("data");
    let positions = text.lines().filter(|l| !l.starts_with('#')).count();
    assert!(positions >= 200, "{positions} positions");
    let net = dir.join("net.nnue");
    let (code, stdout, errors) = tiny_train(&data, &net);
    assert_eq!(code, 0, "{errors}");
    // On a few hundred positions the held-out loss says little; the training loss must fall.
    let training = losses(&stdout, "training loss");
    assert_eq!(training.len(), 8, "{stdout}");
    assert!(training[7] < 0.9 * training[0], "{training:?}");
    assert!(
        losses(&stdout, "held-out loss")
            .iter()
            .all(|l| l.is_finite())
    );
    // The verdict, last, warns exactly when the net's log loss is not below the hand-written's.
    let log_loss = |name: &str| -> f64 {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("held-out games, {name}")))
            .expect("a log loss line");
        let at = line.find("log loss ").expect("a log loss") + "log loss ".len();
        line[at..]
            .split(' ')
            .next()
            .expect("a number")
            .parse()
            .expect("a loss")
    };
    let (net_loss, hand_loss) = (
        log_loss("net evaluation"),
        log_loss("hand-written evaluation"),
    );
    let verdict = stdout.lines().last().expect("a last line");
    assert!(verdict.starts_with("verdict: "), "{stdout}");
    assert_eq!(
        verdict.contains("warning"),
        net_loss >= hand_loss,
        "{stdout}"
    );

    // The same data and seed make the same net.
    let again = dir.join("again.nnue");
    let (code, _, _) = tiny_train(&data, &again);
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read(&net).expect("net"),
        std::fs::read(&again).expect("net")
    );

    let mut engine = Engine::start();
    engine.ask("newgame jesonmor");
    let loaded = engine.ask(&format!("setoption name EvalFile value {}", net.display()));
    assert!(
        loaded.iter().any(|l| l.contains("net loaded from")),
        "{loaded:?}"
    );
    let eval = engine.ask("eval");
    assert!(eval.iter().any(|l| l.starts_with("NNUE: ")), "{eval:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn datagen_continues_a_cut_file_and_refuses_other_data() {
    let dir = scratch("resume");
    let whole = dir.join("whole.txt");
    let (code, _, errors) = datagen(&whole, "8", &[]);
    assert_eq!(code, 0, "{errors}");
    let expected = std::fs::read_to_string(&whole).expect("data");

    // A run cut in the middle of a game (as a kill leaves it), then run again.
    let cut = dir.join("cut.txt");
    let end_of_third = expected
        .match_indices("# end 2\n")
        .next()
        .expect("game 2")
        .0;
    std::fs::write(&cut, &expected[..end_of_third + 20]).expect("writes");
    let (code, _, errors) = datagen(&cut, "8", &[]);
    assert_eq!(code, 0, "{errors}");
    assert!(errors.contains("3 of 8 games already in"), "{errors}");
    assert_eq!(std::fs::read_to_string(&cut).expect("data"), expected);

    // A run killed while it wrote the first line starts over.
    std::fs::write(&cut, &expected[..10]).expect("writes");
    assert_eq!(datagen(&cut, "8", &[]).0, 0);
    assert_eq!(std::fs::read_to_string(&cut).expect("data"), expected);

    // Shards concatenated are the whole run's data.
    let mut joined = String::new();
    for k in 1..=2 {
        let shard = dir.join(format!("shard-{k}.txt"));
        let (code, _, errors) = datagen(&shard, "8", &["--shard", &format!("{k}/2")]);
        assert_eq!(code, 0, "{errors}");
        let text = std::fs::read_to_string(&shard).expect("shard");
        joined.extend(
            text.lines()
                .filter(|l| !l.starts_with("# tabula"))
                .map(|l| format!("{l}\n")),
        );
    }
    let records = |text: &str| {
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with("# tabula"))
            .map(String::from)
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(records(&joined), records(&expected));

    // Other settings into the same file: refused, the file kept.
    let (code, _, errors) = datagen(&whole, "9", &[]);
    assert_eq!(code, 2);
    assert!(errors.contains(&format!("'{}'", whole.display())) && errors.contains("--restart"));
    assert_eq!(std::fs::read_to_string(&whole).expect("data"), expected);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A data file's positions, scores, results and game ends, without its header line.
fn records_of(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("data");
    text.lines()
        .filter(|l| !l.starts_with("# tabula"))
        .map(String::from)
        .collect()
}

#[test]
fn datagen_searches_with_a_net_from_a_file_named_by_its_digest() {
    let dir = scratch("eval-file");
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/tabula-core/src/games");
    let shipped = format!("{games}/jesonmor/jesonmor-9x9.nnue");
    let bytes = std::fs::read(&shipped).expect("the shipped net");
    let digest = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().expect("8 bytes"));

    // The shipped net from its file searches as the game's own: the same data, and a header
    // that names the net.
    let (own, from_file) = (dir.join("own.txt"), dir.join("from-file.txt"));
    assert_eq!(datagen(&own, "4", &[]).0, 0);
    let (code, _, errors) = datagen(&from_file, "4", &["--eval-file", &shipped]);
    assert_eq!(code, 0, "{errors}");
    assert_eq!(records_of(&from_file), records_of(&own));
    let header = std::fs::read_to_string(&from_file).expect("data");
    let header = header.lines().next().expect("a header");
    assert!(
        header.ends_with(&format!("evaluation: the net of digest {digest:016x}")),
        "{header}"
    );
    let hand_written = dir.join("hand-written.txt");
    assert_eq!(datagen(&hand_written, "4", &["--hand-written"]).0, 0);
    assert_ne!(records_of(&hand_written), records_of(&own));

    // A file made with one net is not continued with another evaluation.
    let (code, _, errors) = datagen(&from_file, "4", &[]);
    assert_eq!(code, 2, "{errors}");
    assert!(errors.contains("--restart"), "{errors}");

    // A net of another game, a file that is not a net, and --hand-written beside it: refused.
    let claustro = format!("{games}/claustro/claustro-7x7.nnue");
    let (code, _, errors) = datagen(&dir.join("x.txt"), "4", &["--eval-file", &claustro]);
    assert_eq!(code, 2);
    assert!(
        errors.contains("claustro 7x7, not jesonmor 9x9"),
        "{errors}"
    );
    let not_a_net = own.display().to_string();
    let (code, _, errors) = datagen(&dir.join("x.txt"), "4", &["--eval-file", &not_a_net]);
    assert_eq!(code, 2);
    assert!(errors.contains(&not_a_net), "{errors}");
    let both = ["--eval-file", &shipped, "--hand-written"];
    assert_eq!(datagen(&dir.join("x.txt"), "4", &both).0, 2);
    assert!(!dir.join("x.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_and_bad_data_are_named() {
    let dir = scratch("bad");
    let out = dir.join("x.txt");
    for (extra, blamed) in [
        (vec!["--game", "chess"], "'chess'"),
        (vec!["--game", "jesonmor", "--games", "0"], "--games"),
        (vec!["--game", "jesonmor", "--nodes", "0"], "at least 1"),
        (vec!["--game", "jesonmor", "--shard", "3/2"], "'3/2'"),
    ] {
        let mut args = vec!["datagen", "--out"];
        let shown = out.display().to_string();
        args.push(&shown);
        args.extend(extra);
        let (code, _, errors) = run(&args);
        assert_eq!(code, 2, "{blamed}");
        assert!(errors.contains(blamed), "{blamed}: {errors}");
        assert_eq!(errors.lines().count(), 1, "{errors}");
    }
    let data = dir.join("data.txt");
    assert_eq!(datagen(&data, "4", &[]).0, 0);
    let text = std::fs::read_to_string(&data).expect("data");
    let mut lines: Vec<&str> = text.lines().collect();
    let broken = lines
        .iter()
        .position(|l| l.contains(" | "))
        .expect("a position");
    lines[broken] = "9/9/9/9/9/9/9/9/9 w 0 1 | twelve | 1 | 0";
    let corrupt = dir.join("corrupt.txt");
    std::fs::write(&corrupt, lines.join("\n")).expect("writes");
    let cases = [
        (
            corrupt.clone(),
            "jesonmor",
            format!("line {}: score 'twelve'", broken + 1),
        ),
        (
            data.clone(),
            "joust",
            "data of jesonmor 9x9, not joust 8x8".to_string(),
        ),
        (
            dir.join("missing.txt"),
            "jesonmor",
            "missing.txt".to_string(),
        ),
        (dir.clone(), "jesonmor", "a directory".to_string()),
    ];
    for (file, game, blamed) in cases {
        let (code, _, errors) = run(&[
            "train",
            "--game",
            game,
            "--data",
            &file.display().to_string(),
            "--out",
            &dir.join("net.nnue").display().to_string(),
        ]);
        assert_eq!(code, 2, "{blamed}");
        assert!(errors.contains(&blamed), "{blamed}: {errors}");
        assert_eq!(errors.lines().count(), 1, "{errors}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_net_file_is_refused_and_the_engine_keeps_its_net() {
    let dir = scratch("evalfile");
    let mut engine = Engine::start();
    engine.ask("newgame jesonmor");
    let before = engine.ask("eval");
    let shipped = before
        .iter()
        .find(|l| l.starts_with("NNUE: "))
        .expect("a net line")
        .clone();
    let not_a_net = dir.join("text.nnue");
    std::fs::write(&not_a_net, "hello").expect("writes");
    let shipped_bytes = std::fs::read(format!(
        "{}/crates/tabula-core/src/games/jesonmor/jesonmor-9x9.nnue",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the shipped net");
    let truncated = dir.join("cut.nnue");
    std::fs::write(&truncated, &shipped_bytes[..shipped_bytes.len() / 2]).expect("writes");
    let corrupt = dir.join("corrupt.nnue");
    let mut flipped = shipped_bytes.clone();
    flipped[100] ^= 1;
    std::fs::write(&corrupt, &flipped).expect("writes");
    let mut foreign = Vec::new();
    for (game, width, height, blamed) in [
        ("chess", 9, 9, "a net for chess 9x9: no such game 'chess'"),
        (
            "jesonmor",
            8,
            8,
            "a net for jesonmor 8x8: jesonmor board 8x8 is not allowed",
        ),
        ("joust", 9, 9, "has 162 inputs; joust 9x9 has 243"),
    ] {
        let path = dir.join(format!("{game}-{width}.nnue"));
        std::fs::write(&path, reheaded(&shipped_bytes, game, width, height)).expect("writes");
        foreign.push((path.display().to_string(), blamed));
    }
    let cases = [
        (not_a_net.display().to_string(), "not a tabula net"),
        (truncated.display().to_string(), "cut short"),
        (corrupt.display().to_string(), "digest"),
        (dir.display().to_string(), "a directory"),
        ("/dev/zero".to_string(), "not a regular file"),
        (dir.join("none.nnue").display().to_string(), "none.nnue"),
    ];
    for (path, blamed) in cases.into_iter().chain(foreign) {
        let reply = engine.ask(&format!("setoption name EvalFile value {path}"));
        assert_eq!(reply.len(), 1, "{path}: {reply:?}");
        assert!(reply[0].starts_with("info string error: "), "{reply:?}");
        assert!(
            reply[0].contains(&path) && reply[0].contains(blamed),
            "{reply:?}"
        );
    }
    // A net is loaded for the game and board it was made for, whatever the current game: set
    // while an 11 x 11 game is on, the 9 x 9 net serves 9 x 9 games, and 11 x 11 keeps none.
    engine.ask("newgame jesonmor 11");
    let shipped_path = format!(
        "{}/crates/tabula-core/src/games/jesonmor/jesonmor-9x9.nnue",
        env!("CARGO_MANIFEST_DIR")
    );
    let reply = engine.ask(&format!("setoption name EvalFile value {shipped_path}"));
    assert!(
        reply[0].contains("net loaded from") && reply[0].ends_with("for jesonmor 9x9"),
        "{reply:?}"
    );
    let eleven = engine.ask("eval");
    assert!(
        eleven.iter().any(|l| l.starts_with("NNUE: none")),
        "{eleven:?}"
    );
    engine.ask("newgame jesonmor");
    let after = engine.ask("eval");
    assert!(after.contains(&shipped), "{after:?}");
    // Off, and on again.
    engine.ask("setoption name UseNNUE value false");
    assert!(
        engine
            .ask("eval")
            .iter()
            .any(|l| l.starts_with("NNUE: none"))
    );
    engine.ask("setoption name UseNNUE value true");
    assert!(engine.ask("eval").contains(&shipped));
    let reply = engine.ask("setoption name UseNNUE value maybe");
    assert!(reply[0].contains("'maybe'"), "{reply:?}");
    let options = engine.ask("uci");
    assert!(
        options
            .iter()
            .any(|l| l == "option name UseNNUE type check default true")
    );
    assert!(
        options
            .iter()
            .any(|l| l == "option name EvalFile type string default <empty>")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scratch directory for `test` and the data of a 4-game datagen run in it.
fn small_data(test: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(test);
    let data = dir.join("data.txt");
    assert_eq!(datagen(&data, "4", &[]).0, 0);
    (dir, data)
}

/// Runs tabula with `args` in three gigabytes of address space, so that a 4 GB line read whole
/// would fail: (exit code, stdout, stderr).
fn run_in_3_gb(args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -v 3000000 && exec \"$0\" \"$@\"",
            matches::TABULA,
        ])
        .args(args)
        .output()
        .expect("sh runs");
    matches::outcome(&output)
}

/// A file of `datagen`'s largest size allowed, 4 GB, that is one line of NUL bytes (sparse: it
/// takes no room on the disk).
fn one_line_of_nul_bytes(path: &Path) {
    let file = std::fs::File::create(path).expect("creates");
    file.set_len(4 << 30).expect("a sparse file");
}

/// `lines` joined into a file at `path`, each ended, as bytes.
fn write_lines(path: &Path, lines: &[Vec<u8>]) -> Vec<u8> {
    let bytes: Vec<u8> = lines
        .iter()
        .flat_map(|l| l.iter().chain(b"\n"))
        .copied()
        .collect();
    std::fs::write(path, &bytes).expect("writes");
    bytes
}

/// Asserts that `tabula` failed with exit code 2 and one short, printable line on stderr that
/// holds every one of `blamed`.
fn assert_refused((code, _, errors): &(i32, String, String), blamed: &[&str]) {
    assert_eq!(*code, 2, "{blamed:?}: {errors}");
    assert_eq!(errors.lines().count(), 1, "{errors}");
    assert!(errors.len() < 400, "{} bytes: {errors:.400}", errors.len());
    assert!(
        !errors.trim_end().chars().any(char::is_control),
        "{errors:?}"
    );
    for word in blamed {
        assert!(errors.contains(word), "{word}: {errors}");
    }
}

#[test]
fn datagen_refuses_a_damaged_file_naming_the_line_and_leaves_it_unchanged() {
    let dir = scratch("damaged");
    let whole = dir.join("whole.txt");
    assert_eq!(datagen(&whole, "8", &[]).0, 0);
    let text = std::fs::read(&whole).expect("data");
    let lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let lines = &lines[..lines.len() - 1];
    let ends: Vec<usize> = (lines.iter().enumerate())
        .filter(|(_, l)| l.starts_with(b"# end "))
        .map(|(at, _)| at)
        .collect();
    assert_eq!(ends.len(), 8, "{}", String::from_utf8_lossy(&text));
    let changed = |at: usize, by: &[u8]| -> Vec<Vec<u8>> {
        let mut lines = lines.to_vec();
        lines[at] = by.to_vec();
        lines
    };
    let inserted = |at: usize, line: &[u8]| -> Vec<Vec<u8>> {
        let mut lines = lines.to_vec();
        lines.insert(at, line.to_vec());
        lines
    };
    let last = lines.len();
    let record = (ends[0] + 1..last)
        .find(|&at| lines[at].contains(&b'|'))
        .expect("a position after game 0");
    let text = String::from_utf8(lines[record].clone()).expect("text");
    let (fields, game) = text.rsplit_once(" | ").expect("a game number");
    let cases: Vec<(Vec<Vec<u8>>, String)> = vec![
        (
            changed(record, format!("{fields} | 99").as_bytes()),
            format!(
                "line {}: a position of game 99 where game {game} is next",
                record + 1
            ),
        ),
        (
            changed(6, b"9/9/9/9/9/9/9/9/9 w 0 1 | twelve | 1 | 0"),
            "line 7: score 'twelve' is not a whole number".to_string(),
        ),
        (
            inserted(last, b"# end 7"),
            format!("line {}: the end of game 7 after the last", last + 1),
        ),
        (
            inserted(ends[2] + 1, b"# end 2"),
            format!(
                "line {}: the end of game 2 where game 3 is next",
                ends[2] + 2
            ),
        ),
        (changed(4, b"\xff\xfe\0"), "line 5: not UTF-8".to_string()),
        (
            changed(3, b"# end"),
            "line 4: '# end ' has no game".to_string(),
        ),
        (
            changed(ends[0] + 1, b"x".repeat(5000).as_slice()),
            format!("line {}: longer than the 4096 bytes", ends[0] + 2),
        ),
    ];
    for (number, (damaged, blamed)) in cases.into_iter().enumerate() {
        let file = dir.join(format!("damaged-{number}.txt"));
        let before = write_lines(&file, &damaged);
        assert_refused(&datagen(&file, "8", &[]), &[&blamed, "damaged-"]);
        assert_eq!(std::fs::read(&file).expect("the file"), before, "{blamed}");
    }

    // A first line of 4 GB of NUL bytes is refused where it passes the longest valid line.
    let nul = dir.join("nul.txt");
    one_line_of_nul_bytes(&nul);
    let out = nul.display().to_string();
    let args = [
        "datagen", "--game", "jesonmor", "--games", "8", "--out", &out,
    ];
    assert_refused(&run_in_3_gb(&args), &["line 1: longer", "\\u{0}\\u{0}"]);
    assert_eq!(std::fs::metadata(&nul).expect("the file").len(), 4 << 30);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_checks_every_argument_before_reading_data_or_training() {
    let (dir, data) = small_data("train-arguments");
    let data = data.display().to_string();
    let net = dir.join("net.nnue").display().to_string();
    let missing = dir.join("missing").join("net.nnue").display().to_string();
    let directory = dir.display().to_string();
    for (bad, blamed) in [
        (["--epochs", "0"], "--epochs 0"),
        (["--score-weight", "nan"], "--score-weight NaN"),
        (["--score-weight", "1.5"], "--score-weight 1.5"),
        (["--learning-rate", "0"], "--learning-rate 0"),
        (["--batch-size", "0"], "--batch-size 0"),
        (["--validation-every", "1"], "--validation-every 1"),
        (["--out", missing.as_str()], "net.nnue"),
        (["--out", directory.as_str()], "is a directory"),
        (
            ["--out", "/"],
            "'/': cannot write the net: it names no file",
        ),
    ] {
        let mut args = vec!["train", "--game", "jesonmor", "--data", &data];
        if bad[0] != "--out" {
            args.extend(["--out", &net]);
        }
        args.extend(bad);
        let refused = run(&args);
        assert_refused(&refused, &[blamed]);
        assert_eq!(refused.1, "", "{blamed}: nothing on stdout");
        assert!(!Path::new(&net).exists(), "{blamed}");
    }
    // Checked before the data is read: a file that does not exist is not what is blamed.
    let args = [
        "train",
        "--game",
        "jesonmor",
        "--data",
        "/nonexistent",
        "--out",
        &missing,
    ];
    assert_refused(&run(&args), &["--out"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_names_a_bad_line_by_its_number_and_reads_no_line_whole_past_its_limit() {
    let (dir, data) = small_data("train-lines");
    let mut lines: Vec<Vec<u8>> = std::fs::read_to_string(&data)
        .expect("data")
        .lines()
        .map(|l| l.as_bytes().to_vec())
        .collect();
    lines[2] = b"\xc3\x28 | 1 | 1 | 1".to_vec();
    let not_utf8 = dir.join("not-utf8.txt");
    write_lines(&not_utf8, &lines);
    let nul = dir.join("nul.txt");
    one_line_of_nul_bytes(&nul);
    let net = dir.join("net.nnue").display().to_string();
    let other = dir.join("other.txt");
    std::fs::write(&other, "hello\x1b[2J\n").expect("writes");
    for (file, blamed) in [
        (
            &other,
            "other.txt' line 1: not a datagen file (no '# tabula datagen 1:' line but \
             'hello\\u{1b}[2J')",
        ),
        (&not_utf8, "not-utf8.txt' line 3: not UTF-8 text at byte 1"),
        (&nul, "nul.txt' line 1: longer than the 4096 bytes"),
    ] {
        let file = file.display().to_string();
        let args = [
            "train", "--game", "jesonmor", "--data", &file, "--out", &net,
        ];
        assert_refused(&run_in_3_gb(&args), &[blamed]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `net` with one weight changed by `change`, its digest made again to match.
fn reweighted(net: &[u8], change: u8) -> Vec<u8> {
    let mut bytes = net.to_vec();
    bytes[100] ^= change;
    let width = u32::from_le_bytes(bytes[28..32].try_into().expect("4 bytes"));
    let height = u32::from_le_bytes(bytes[32..36].try_into().expect("4 bytes"));
    reheaded(&bytes, "jesonmor", width, height)
}

#[test]
fn every_net_file_in_the_source_is_embedded_for_its_game_and_board() {
    // Each `games/<game>/<game>-<N>x<N>.nnue` is a shipped net: on that game and board the
    // engine evaluates with a net by default, and loading the file itself changes no score.
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/tabula-core/src/games");
    let mut nets = Vec::new();
    for folder in std::fs::read_dir(games).expect("the games' folders") {
        for file in std::fs::read_dir(folder.expect("a folder").path())
            .into_iter()
            .flatten()
        {
            let path = file.expect("a file").path();
            if path.extension().is_some_and(|e| e == "nnue") {
                nets.push(path);
            }
        }
    }
    assert!(nets.len() >= 5, "{nets:?}");
    for path in nets {
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        let (game, size) = stem.split_once('-').expect("<game>-<N>x<N>");
        let (width, height) = size.split_once('x').expect("<N>x<N>");
        assert_eq!(width, height, "{stem}");
        let mut engine = Engine::start();
        engine.ask(&format!("newgame {game} {width}"));
        let own = engine.ask("eval");
        let own = own
            .iter()
            .find(|l| l.starts_with("NNUE: "))
            .expect("an NNUE line");
        assert!(!own.starts_with("NNUE: none"), "{stem}: {own}");
        let reply = engine.ask(&format!("setoption name EvalFile value {}", path.display()));
        assert!(reply[0].contains("net loaded from"), "{stem}: {reply:?}");
        assert!(engine.ask("eval").contains(own), "{stem}");
    }
}

#[test]
fn a_net_past_the_most_that_are_kept_is_refused_naming_its_file() {
    let dir = scratch("seventeen");
    let shipped = std::fs::read(format!(
        "{}/crates/tabula-core/src/games/jesonmor/jesonmor-9x9.nnue",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the shipped net");
    let mut engine = Engine::start();
    engine.ask("newgame jesonmor");
    for change in 1..=17u8 {
        let path = dir.join(format!("net-{change}.nnue"));
        std::fs::write(&path, reweighted(&shipped, change)).expect("writes");
        let path = path.display().to_string();
        let reply = engine.ask(&format!("setoption name EvalFile value {path}"));
        assert_eq!(reply.len(), 1, "{reply:?}");
        if change <= 16 {
            assert!(reply[0].contains("net loaded from"), "{change}: {reply:?}");
        } else {
            assert!(reply[0].starts_with("info string error: "), "{reply:?}");
            assert!(
                reply[0].contains(&format!("'{path}'")) && reply[0].contains("16 different"),
                "{reply:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
