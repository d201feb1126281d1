//! Lines on stdout for the subcommands: written at once, and when the reader has gone (as in
//! `tabula perft joust 6 --divide | head -1`) the process ends quietly with exit code 0, as
//! command-line tools do, instead of panicking on the broken pipe.

use std::io::{ErrorKind, Write};

/// Writes `line` and a newline to stdout.
pub fn print_line(line: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        if error.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {error}");
        std::process::exit(2);
    }
}
