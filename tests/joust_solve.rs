//! The Joust solver through the real binary: `tabula solve joust N --proof FILE`, and its proof
//! verified by the independent checker (crates/joust-proof-check), which must also refuse a proof
//! that is cut short, padded, or claims the wrong winner.

use joust_proof_check::check;
use std::path::PathBuf;
use std::process::Command;

/// Solves the start of Joust `size` x `size` with a proof; returns the report and the proof.
/// `test` names the file, so that tests running at once keep to their own.
fn solve(size: usize, test: &str) -> (String, Vec<u8>) {
    let path: PathBuf = std::env::temp_dir().join(format!(
        "tabula-joust-{test}-{size}-{}.proof",
        std::process::id()
    ));
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["solve", "joust", &size.to_string(), "--proof"])
        .arg(&path)
        .output()
        .expect("the tabula binary runs");
    assert!(output.status.success(), "{output:?}");
    let proof = std::fs::read(&path).expect("the proof was written");
    let _ = std::fs::remove_file(&path);
    (String::from_utf8_lossy(&output.stdout).into_owned(), proof)
}

#[test]
fn proofs_of_the_small_odd_and_even_boards_hold() {
    // Independent figures: 5 x 5 and 7 x 7 are first-player wins (a separate alpha-beta program
    // proved 7 x 7 in 280 million nodes), and 6 x 6 a second-player win by mirroring.
    for (size, winner) in [(5, "white"), (6, "black"), (7, "white")] {
        let (report, proof) = solve(size, "hold");
        let first_or_second = if winner == "white" { "first" } else { "second" };
        assert!(
            report.starts_with(&format!(
                "joust {size}x{size}: the {first_or_second} player"
            )),
            "{report}"
        );
        let verdict = check(&proof).unwrap_or_else(|error| panic!("{size}x{size}: {error}"));
        assert!(
            verdict.starts_with(&format!(
                "the proof holds: {winner} wins joust {size}x{size}"
            )),
            "{verdict}"
        );
    }
}

#[test]
fn a_proof_cut_short_padded_or_claiming_the_other_winner_fails() {
    let (_, proof) = solve(5, "fail");
    let cut = &proof[..proof.len() - 1];
    assert_eq!(check(cut), Err("the choices end too soon".to_string()));
    let padded = [proof.as_slice(), &[0]].concat();
    assert_eq!(check(&padded), Err("1 bytes left over".to_string()));
    let text = String::from_utf8_lossy(&proof).replace("winner white", "winner black");
    assert!(check(text.as_bytes()).is_err());
    let mut wrong = proof.clone();
    let last = wrong.len() - 1;
    wrong[last] = 8;
    assert!(
        check(&wrong).unwrap_err().starts_with("choice 8 of "),
        "{:?}",
        check(&wrong)
    );
}
