//! Where the engine's output goes in a browser: whole lines to the JavaScript callback the
//! Worker gave, and a panic's message the same way.

use std::cell::RefCell;
use std::io::Write;
use wasm_bindgen::JsValue;

thread_local! {
    /// The Worker's callback (a browser module has one thread).
    static SINK: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Makes `write` the callback every line goes to.
pub fn set_sink(write: js_sys::Function) {
    SINK.with(|sink| *sink.borrow_mut() = Some(write));
}

/// Passes one line to the callback; an exception the callback throws is the Worker's to see.
fn pass_line(line: &str) {
    SINK.with(|sink| {
        if let Some(write) = sink.borrow().as_ref() {
            let _ = write.call1(&JsValue::NULL, &JsValue::from_str(line));
        }
    });
}

/// Reports a panic as `info string error: the engine panicked: ...` before the module traps;
/// the Worker sees the trap as an exception and the page restarts it.
pub fn set_panic_report() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string().replace(['\n', '\r'], " ");
        pass_line(&format!(
            "info string error: the engine panicked: {message}"
        ));
    }));
}

/// A writer that cuts what it is given into lines and passes each whole line on.
#[derive(Default)]
pub struct JsLines {
    pending: Vec<u8>,
}

impl Write for JsLines {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        while let Some(end) = self.pending.iter().position(|&byte| byte == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            pass_line(String::from_utf8_lossy(&line[..end]).as_ref());
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
