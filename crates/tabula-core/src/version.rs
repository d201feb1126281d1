//! What tabula is: its version, one for the whole workspace (`[workspace.package]` in the root
//! Cargo.toml, which the crates, the Python package and the static site all carry), and the
//! commit it was built from (written by `build.rs`).

/// The version, as in Cargo.toml.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit built from: git's short hash, or `unknown` outside a clone.
pub const COMMIT: &str = env!("TABULA_COMMIT");

/// The version and the commit, as `tabula --version` and the doors show them: `0.2.0 (commit
/// 1f2e3d4c5b6a)`.
pub const DESCRIBED: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("TABULA_COMMIT"),
    ")"
);
