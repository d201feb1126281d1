//! `tabula solve ...` run by a test into a file of its own (named after the test and the
//! process, so that tests running at once keep apart): the file's path and what the command
//! printed.

use std::path::PathBuf;

/// Runs `tabula <args> <out_flag> FILE`, FILE in the temporary folder named by `name`; panics if
/// the command fails. Returns FILE and the command's standard output.
pub fn solve_into(args: &[&str], out_flag: &str, name: &str) -> (PathBuf, String) {
    let path = std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id()));
    let output = super::process::tabula(args)
        .arg(out_flag)
        .arg(&path)
        .output()
        .expect("the tabula binary runs");
    assert!(output.status.success(), "{output:?}");
    (path, String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The bytes of the file that `solve_into` wrote, the file removed.
pub fn taken(path: &PathBuf) -> Vec<u8> {
    let bytes = std::fs::read(path).expect("the solve wrote its file");
    let _ = std::fs::remove_file(path);
    bytes
}

/// The shards `tabula solve joust SIZE --moves ROOT --shards PLIES` lists, each solved with its
/// proof into `dir`: the shards' move lines and their proofs' paths.
pub fn solved_shards(
    size: &str,
    root: &str,
    plies: usize,
    dir: &std::path::Path,
) -> (Vec<String>, Vec<PathBuf>) {
    let plies = plies.to_string();
    let listed = super::process::tabula(&["solve", "joust", size, "--moves", root])
        .args(["--shards", &plies])
        .output()
        .expect("tabula runs");
    assert!(listed.status.success(), "{listed:?}");
    let lines: Vec<String> = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let proofs = lines
        .iter()
        .enumerate()
        .map(|(number, line)| {
            let path = dir.join(format!("shard-{number}.proof"));
            let solved =
                super::process::tabula(&["solve", "joust", size, "--hash", "4", "--moves", line])
                    .arg("--proof")
                    .arg(&path)
                    .output()
                    .expect("tabula runs");
            assert!(solved.status.success(), "{solved:?}");
            path
        })
        .collect();
    (lines, proofs)
}

/// What `tabula solve joust SIZE --moves ROOT --proof OUT --merge SHARDS...` did.
pub fn merge_shards(
    size: &str,
    root: &str,
    shards: &[PathBuf],
    out: &std::path::Path,
) -> std::process::Output {
    super::process::tabula(&["solve", "joust", size, "--moves", root, "--proof"])
        .arg(out)
        .arg("--merge")
        .args(shards)
        .output()
        .expect("tabula runs")
}
