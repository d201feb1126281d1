//! The `tabula` binary: logging to stderr, then the command line.

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    std::process::exit(tabula::cli::main());
}
