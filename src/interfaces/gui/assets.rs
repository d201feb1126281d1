//! The page's files, compiled into the binary: nothing is fetched from anywhere at run time.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const FILES: [(&str, &str, &str); 7] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/board.js"),
    ),
    (
        "levels.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/levels.js"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "backend.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/backend.js"),
    ),
    (
        "home.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/home.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
];

/// The file `name`, or a 404.
pub fn page(name: &str) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
