//! The page's files, compiled into the binary: nothing is fetched from anywhere at run time.
//! The icon is an SVG of our own, also answered as `/favicon.ico` (where a browser looks for
//! one without asking the page); the web app manifest names the page and its icon; `version.js`
//! is written for the binary's version.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const FILES: [(&str, &str, &str); 11] = [
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
        "keep.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/keep.js"),
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
    ("icon.svg", "image/svg+xml", include_str!("assets/icon.svg")),
    (
        "manifest.webmanifest",
        "application/manifest+json",
        include_str!("assets/manifest.webmanifest"),
    ),
    (
        "favicon.ico",
        "image/svg+xml",
        include_str!("assets/icon.svg"),
    ),
];

/// The file `name`, or a 404. `version.js` says the version and commit of this binary, for the
/// page's footer (scripts/web.sh writes the static site's own).
pub fn page(name: &str) -> Response {
    if name == "version.js" {
        let body = format!(
            "// The version of tabula serving this page.\nexport const version = '{}';\n",
            tabula_core::version::DESCRIBED
        );
        return (
            [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
            body,
        )
            .into_response();
    }
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
