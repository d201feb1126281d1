//! An engine that ends with the program that started it. `tabula gui` and `tabula match` start
//! their engines with [`PARENT_WATCH`] set; such an engine looks at its parent process every
//! [`LOOK_EVERY`], and once the parent is gone (ended by a signal, even SIGKILL, or a closed
//! terminal, so that the engine was handed to another parent) it ends at once, its search with
//! it, instead of finishing a deep search for nobody. A parent that ends normally also closes the
//! engine's input, which ends it as `quit` would.

use std::time::Duration;

/// The environment variable that asks an engine to end with its parent.
pub const PARENT_WATCH: &str = "TABULA_PARENT_WATCH";

/// How often the engine looks whether its parent is still there.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// Starts the watch where the environment asks for it (on Unix; elsewhere there is none).
pub fn start_if_asked() {
    if std::env::var_os(PARENT_WATCH).is_none() {
        return;
    }
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        let started = std::thread::Builder::new()
            .name("parent watch".into())
            .spawn(move || {
                while std::os::unix::process::parent_id() == parent {
                    std::thread::sleep(LOOK_EVERY);
                }
                log::warn!("the process that started this engine ({parent}) is gone: ending");
                std::process::exit(0);
            });
        if let Err(error) = started {
            log::error!("could not start the parent watch: {error}");
        }
    }
}
