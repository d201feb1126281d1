//! The page's files, compiled into the binary: nothing is fetched from anywhere at run time.
//! The page's scripts are ES modules (`app.js` imports the others), each answered as JavaScript.
//! The icon is an SVG of our own, also answered as `/favicon.ico` (where a browser looks for
//! one without asking the page); the web app manifest names the page and its icon; `version.js`
//! is written for the binary's version.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const FILES: [(&str, &str, &str); 31] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "analysis-view.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/analysis-view.js"),
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
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/board.js"),
    ),
    (
        "clocks.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/clocks.js"),
    ),
    (
        "connection.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/connection.js"),
    ),
    (
        "controller.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/controller.js"),
    ),
    (
        "controls.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/controls.js"),
    ),
    (
        "dom.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/dom.js"),
    ),
    (
        "feel.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/feel.js"),
    ),
    (
        "home.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/home.js"),
    ),
    (
        "keep.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/keep.js"),
    ),
    (
        "keeping.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/keeping.js"),
    ),
    (
        "keys.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/keys.js"),
    ),
    (
        "levels.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/levels.js"),
    ),
    (
        "move-entry.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/move-entry.js"),
    ),
    (
        "panel.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/panel.js"),
    ),
    (
        "perfect-play.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/perfect-play.js"),
    ),
    (
        "review-graph.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/review-graph.js"),
    ),
    (
        "share.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/share.js"),
    ),
    (
        "side-lines.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/side-lines.js"),
    ),
    (
        "state.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/state.js"),
    ),
    (
        "table.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/table.js"),
    ),
    (
        "tree.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/tree.js"),
    ),
    (
        "tree-view.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/tree-view.js"),
    ),
    (
        "views.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/views.js"),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's own files, as they are in the source tree.
    fn source_files() -> Vec<String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/interfaces/gui/assets");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("the assets folder")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .into_string()
                    .expect("a name")
            })
            .collect();
        names.sort();
        names
    }

    /// Every file of the assets folder is served, each module as JavaScript (a browser runs a
    /// module only with a JavaScript type), and every module a module imports is one of them.
    #[test]
    fn every_module_is_served_as_javascript() {
        for name in source_files() {
            let served = FILES.iter().find(|(file, _, _)| *file == name);
            let (_, kind, body) = served.unwrap_or_else(|| panic!("{name} is not served"));
            if !name.ends_with(".js") {
                continue;
            }
            assert_eq!(*kind, "text/javascript; charset=utf-8", "{name}");
            for line in body.lines().filter(|line| line.starts_with("import ")) {
                let imported = line
                    .split("from './")
                    .nth(1)
                    .and_then(|rest| rest.strip_suffix("';"))
                    .unwrap_or_else(|| panic!("{name}: an import not from ./: {line}"));
                assert!(
                    FILES.iter().any(|(file, _, _)| *file == imported),
                    "{name} imports {imported}, which is not served"
                );
            }
        }
        assert_eq!(page("local-table.js").status(), StatusCode::NOT_FOUND);
    }

    /// The text of the served file `name`.
    fn served(name: &str) -> &'static str {
        FILES
            .iter()
            .find(|(file, _, _)| *file == name)
            .map(|(_, _, body)| *body)
            .unwrap_or_else(|| panic!("{name} is not served"))
    }

    /// index.html preloads (`<link rel="modulepreload">`) every module app.js imports, near or
    /// far, and no other: the browser then fetches them at once, not a level of imports at a time.
    #[test]
    fn the_page_preloads_every_module_app_js_imports() {
        let mut reached = std::collections::BTreeSet::new();
        let mut todo = vec!["app.js"];
        while let Some(name) = todo.pop() {
            for line in served(name).lines().filter(|l| l.starts_with("import ")) {
                let imported = line
                    .split("from './")
                    .nth(1)
                    .and_then(|rest| rest.strip_suffix("';"))
                    .unwrap_or_else(|| panic!("{name}: an import not from ./: {line}"));
                if reached.insert(imported) {
                    todo.push(imported);
                }
            }
        }
        let preloaded: std::collections::BTreeSet<&str> = served("index.html")
            .lines()
            .filter_map(|line| line.strip_prefix("<link rel=\"modulepreload\" href=\""))
            .filter_map(|rest| rest.strip_suffix("\">"))
            .collect();
        assert_eq!(preloaded, reached);
    }
}
