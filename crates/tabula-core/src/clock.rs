//! The clock seam: the one `Instant` every deadline and timing in the core reads. It is
//! `std::time::Instant` on native targets; in a browser (`wasm32-unknown-unknown`), where std's
//! clock panics, it is `performance.now()`, through the `web-time` crate.

pub use web_time::Instant;
