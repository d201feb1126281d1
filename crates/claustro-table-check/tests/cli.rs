//! The `claustro-table-check` program's exit statuses: 1 for a table that disagrees, 2 for a
//! file that is not a table (tests/claustro_table_check.rs, at the repository root, checks real
//! tables of `tabula solve claustro`).

use std::process::{Command, Output};

/// Runs the checker on a file holding `bytes`.
fn run(name: &str, bytes: &[u8]) -> Output {
    let path = std::env::temp_dir().join(format!(
        "claustro-table-check-{}-{name}.tbl",
        std::process::id()
    ));
    std::fs::write(&path, bytes).expect("a scratch file");
    let output = Command::new(env!("CARGO_BIN_EXE_claustro-table-check"))
        .arg(&path)
        .output()
        .expect("the checker runs");
    let _ = std::fs::remove_file(&path);
    output
}

/// A header for 5 x 5 with one pawn a side (21 * 20 * 2 = 840 positions).
fn header(positions: u64) -> Vec<u8> {
    let mut bytes = b"CLAUSTRO".to_vec();
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&[5, 5, 1, 1]);
    bytes.extend_from_slice(&positions.to_le_bytes());
    bytes
}

#[test]
fn a_table_of_draws_disagrees() {
    let output = run("draws", &[header(840), vec![0; 840]].concat());
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(shown.contains("840 positions, "), "{shown}");
    assert!(shown.contains("the table says Draw"), "{shown}");
}

#[test]
fn files_that_are_not_tables_are_refused() {
    for (name, bytes) in [
        ("short", header(840)[..20].to_vec()),
        ("count", [header(839), vec![0; 839]].concat()),
        ("length", [header(840), vec![0; 841]].concat()),
        ("board", {
            let mut bytes = [header(840), vec![0; 840]].concat();
            bytes[12] = 9;
            bytes[13] = 9;
            bytes
        }),
    ] {
        let output = run(name, &bytes);
        assert_eq!(output.status.code(), Some(2), "{name}: {output:?}");
        assert!(!output.stderr.is_empty(), "{name}");
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_claustro-table-check"))
        .arg("/nonexistent/table.tbl")
        .output()
        .expect("the checker runs");
    assert_eq!(missing.status.code(), Some(2));
}
