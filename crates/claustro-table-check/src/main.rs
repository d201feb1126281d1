//! `claustro-table-check FILE`: solves every position of a Claustro table's board and pawn
//! counts again, from the rules alone ([`claustro_table_check::check`]), and compares.
//!
//! It prints the count of positions and of agreements, and the first disagreements; it exits 0
//! if the table agrees everywhere, 1 on any disagreement, 2 if the file cannot be read as a table.

use std::io::Read;
use std::process::ExitCode;

/// The largest file read: a header and a byte for each of at most `u32::MAX` positions.
const MAX_BYTES: u64 = claustro_table_check::table::HEADER as u64 + u32::MAX as u64;

fn read(path: &str) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(format!("{path}: larger than any table ({MAX_BYTES} bytes)"));
    }
    Ok(bytes)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: claustro-table-check FILE");
        return ExitCode::from(2);
    };
    let bytes = match read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    let report = match claustro_table_check::check(&bytes, &mut |line| eprintln!("{line}")) {
        Ok(report) => report,
        Err(claustro_table_check::Unreadable(error)) => {
            eprintln!("{path}: {error}");
            return ExitCode::from(2);
        }
    };
    println!(
        "{} positions, {} agree, {} disagree",
        report.positions, report.agreements, report.disagreements
    );
    for d in &report.first {
        println!(
            "position {} ({}): the table says {:?}, the checker {:?}",
            d.index, d.position, d.table, d.checker
        );
    }
    if report.disagreements == 0 {
        println!("the table holds");
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
