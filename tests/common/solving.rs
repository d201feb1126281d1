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
