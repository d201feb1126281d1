//! Long work without the GIL that Ctrl-C stops: searches, perft and listings run in Rust while
//! other Python threads go on. Only Python's main thread hears Ctrl-C, and only there is the
//! interpreter asked about it: anywhere else the work never touches the interpreter until it
//! returns, so that a daemon thread still working when the interpreter shuts down cannot crash
//! it. Two ways to wait on the main thread:
//!
//! - [`without_gil`]: the work (a search, a deep perft) runs on a thread of its own while the
//!   caller waits for it to end, waking every [`SIGNAL_CHECK`] to look for a signal, and sets a
//!   stop flag the work heeds;
//! - [`looking_without_gil`]: the work (a listing, millions of small steps) runs on the caller's
//!   thread and asks now and then whether Ctrl-C came, so that a quick call costs no thread.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How often the main thread looks for Ctrl-C while the work runs: well within the 50 ms in
/// which a search must stop.
const SIGNAL_CHECK: Duration = Duration::from_millis(10);

/// Runs `work` without the GIL and returns what it gives. On the main thread, a signal (Ctrl-C)
/// sets `stop`, which the work must heed, and its exception (`KeyboardInterrupt`) is raised
/// once the work has ended.
pub fn without_gil<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    if !on_main_thread(py)? {
        return Ok(py.detach(work));
    }
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, ended) = channel();
            let worker = scope.spawn(move || {
                let found = work();
                // The caller may have stopped waiting only by our ending, so a closed channel
                // is no fault.
                let _ = done.send(());
                found
            });
            let mut interrupted = None;
            while let Err(RecvTimeoutError::Timeout) = ended.recv_timeout(SIGNAL_CHECK) {
                if interrupted.is_none()
                    && let Err(error) = Python::attach(|py| py.check_signals())
                {
                    stop.store(true, Ordering::Relaxed);
                    interrupted = Some(error);
                }
            }
            let found = worker
                .join()
                .map_err(|_| PyRuntimeError::new_err("tabula's work failed"));
            match interrupted {
                Some(error) => Err(error),
                None => found,
            }
        })
    })
}

/// Runs `work` without the GIL on the calling thread; `work` calls the function it is given now
/// and then (every few thousand steps), which says whether to stop: on the main thread, once a
/// signal (Ctrl-C) came, whose exception is then raised.
pub fn looking_without_gil<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> bool) -> T + Send,
) -> PyResult<T> {
    let main = on_main_thread(py)?;
    let mut interrupted: Option<PyErr> = None;
    let found = py.detach(|| {
        let mut look = || {
            if main
                && interrupted.is_none()
                && let Err(error) = Python::attach(|py| py.check_signals())
            {
                interrupted = Some(error);
            }
            interrupted.is_some()
        };
        work(&mut look)
    });
    match interrupted {
        Some(error) => Err(error),
        None => Ok(found),
    }
}

/// Whether the calling thread is Python's main thread, where signals are handled.
fn on_main_thread(py: Python<'_>) -> PyResult<bool> {
    static MAIN_IDENT: PyOnceLock<u64> = PyOnceLock::new();
    static GET_IDENT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let main = MAIN_IDENT.get_or_try_init(py, || -> PyResult<u64> {
        py.import("threading")?
            .call_method0("main_thread")?
            .getattr("ident")?
            .extract()
    })?;
    let get_ident = GET_IDENT.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("_thread")?.getattr("get_ident")?.unbind())
    })?;
    let current: u64 = get_ident.call0(py)?.extract(py)?;
    Ok(current == *main)
}
