//! Starting a child process for a test: `tabula` (the binary under test) or another command, its
//! stdout piped for the test to read, its stdin and stderr as the test needs them.

use std::io;
use std::process::{Child, Command, Stdio};

/// The binary under test with `args`, not yet started.
pub fn tabula(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.args(args);
    command
}

/// Starts `command` with its stdout piped and its stdin and stderr as given.
pub fn start(command: &mut Command, stdin: Stdio, stderr: Stdio) -> io::Result<Child> {
    command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
}
