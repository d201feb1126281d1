//! Writes the commit tabula is built from into `TABULA_COMMIT` (`crate::version`): the
//! environment's `TABULA_COMMIT` where set (a release built outside a clone), else git's short
//! hash of `HEAD`, else `unknown` (a source tree without git).

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=TABULA_COMMIT");
    let commit = std::env::var("TABULA_COMMIT")
        .ok()
        .filter(|commit| !commit.is_empty())
        .or_else(|| git(&["rev-parse", "--short=12", "HEAD"]));
    // Built again when HEAD moves: the files git keeps HEAD and the branches in.
    for name in ["HEAD", "packed-refs"] {
        if let Some(path) = git(&["rev-parse", "--git-path", name]) {
            println!("cargo:rerun-if-changed={}", PathBuf::from(path).display());
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"])
        && let Some(path) = git(&["rev-parse", "--git-path", &branch])
    {
        println!("cargo:rerun-if-changed={}", PathBuf::from(path).display());
    }
    println!(
        "cargo:rustc-env=TABULA_COMMIT={}",
        commit.unwrap_or_else(|| "unknown".to_string())
    );
}
