//! A new build of the static site served as an unzipped release serves it: its files changed
//! but their timestamps as old as the last build's, so that the browser's HTTP cache holds the
//! last build's files as fresh (`web_board`'s offline test). The page must then be one build,
//! whole: the new build's `<h1>`, app.js, CSS and version together, or the old build's.

use crate::static_site::processes::{Context, Res};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// When an unzipped release's files say they were last changed: thirty days ago, so that
/// Chromium's HTTP cache takes them as fresh for three days (a tenth of their age).
fn long_ago() -> SystemTime {
    SystemTime::now() - Duration::from_secs(30 * 24 * 3600)
}

fn set_old(path: &Path) -> Res<()> {
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|file| file.set_modified(long_ago()))
        .ctx(&format!("date {} back", path.display()))
}

/// Dates every file under `dir` thirty days back.
pub fn age(dir: &Path) -> Res<()> {
    for entry in std::fs::read_dir(dir).ctx(&format!("read {}", dir.display()))? {
        let entry = entry.ctx("read a folder entry")?;
        if entry.file_type().ctx("read an entry's type")?.is_dir() {
            age(&entry.path())?;
        } else {
            set_old(&entry.path())?;
        }
    }
    Ok(())
}

/// Rewrites the file `name` of `site` by `change`, and dates it back.
fn rewrite(site: &Path, name: &str, change: impl FnOnce(String) -> Res<String>) -> Res<()> {
    let path = site.join(name);
    let text = std::fs::read_to_string(&path).ctx(&format!("read {name}"))?;
    std::fs::write(&path, change(text)?).ctx(&format!("write {name}"))?;
    set_old(&path)
}

/// The next build of the site in `site`, put in its place with old timestamps: its service
/// worker says another build id; its `<h1>` says `data-build="next"`, its style.css sets
/// `--build: next`, its version.js says `next build` and its app.js ends with `// the next
/// build`. Returns the new build's id.
pub fn next_build(site: &Path) -> Res<String> {
    let mut next = String::new();
    rewrite(site, "sw.js", |text| {
        let build = text
            .lines()
            .find_map(|line| line.strip_prefix("const BUILD = \""))
            .and_then(|rest| rest.strip_suffix("\";"))
            .ok_or("sw.js names no build")?;
        next = format!("{build}-next");
        Ok(text.replace(build, &next))
    })?;
    rewrite(site, "index.html", |text| {
        Ok(text.replacen("<h1>", "<h1 data-build=\"next\">", 1))
    })?;
    rewrite(site, "style.css", |text| {
        Ok(text + "\n:root { --build: next; }\n")
    })?;
    rewrite(site, "version.js", |text| {
        Ok(text.replacen(
            "export const version = '",
            "export const version = 'next build ",
            1,
        ))
    })?;
    rewrite(site, "app.js", |text| Ok(text + "\n// the next build\n"))?;
    Ok(next)
}

/// Which build each part of the page shown is: `{h1, css, version, app}`, each true where it
/// is the next build's; and `cached`: for each file rewritten, whether the cache `arguments[0]`
/// holds the next build's.
pub const BUILD_SHOWN: &str = r#"
const [cacheName, done] = [arguments[0], arguments[arguments.length - 1]];
const markers = {'index.html': 'data-build="next"', 'style.css': '--build: next', 'version.js': 'next build',
    'app.js': 'the next build'};
(async () => {
    const cache = await caches.open(cacheName);
    const cached = {};
    for (const [file, marker] of Object.entries(markers)) {
        const hit = await cache.match(file);
        cached[file] = hit ? (await hit.text()).includes(marker) : null;
    }
    const app = await (await fetch('app.js')).text();
    return {
        h1: document.querySelector('h1').dataset.build === 'next',
        css: getComputedStyle(document.documentElement).getPropertyValue('--build').trim() === 'next',
        version: document.getElementById('version').textContent.includes('next build'),
        app: app.includes('the next build'),
        cached,
    };
})().then(done, (e) => done({ failed: String(e) }));
"#;
