//! `joust-proof-check FILE`: verifies a Joust proof file by the rules of Joust alone (the
//! library, [`joust_proof_check::check`]).
//!
//! The rules it knows: each side has one knight that leaps as a chess knight onto a square of
//! the board that is neither burned nor under the other knight; the square it leaves is burned;
//! the player to move with no leap loses.
//!
//! It prints the proof's SHA-256 digest and what the proof shows, and exits 1 if it does not hold.

use sha2::{Digest, Sha256};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: joust-proof-check FILE");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    println!("sha256 {:x}", Sha256::digest(&bytes));
    match joust_proof_check::check(&bytes) {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            println!("the proof does not hold: {error}");
            ExitCode::FAILURE
        }
    }
}
