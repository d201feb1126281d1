//! The documents (README.md, protocol.md, docs/*.md) stay true to the repository.
//!
//! - Every link `[text](target)` is relative and names a file or folder of the repository (never
//!   a web address, never a path that leaves the repository); a `#anchor` must be a heading of the
//!   target document (GitHub's rule: lower case, punctuation dropped, spaces to `-`).
//! - Every file path named in code (a code span such as `` `suites/joust-perft.epd` ``, or a word
//!   of a code block or command) exists. A word is a path when its first part is a top-level
//!   entry of the repository (`src/...`, `docs/...`, `README.md`, ...); `<word>` inside it stands
//!   for any text (`crates/tabula-core/src/games/<game>/`). No word of code may start with `../` or name an absolute
//!   path.
//! - Recipes run: in a fenced code block whose info string is `sh`, each line starting with `$ `
//!   is a command (a line ending in `\` continues on the next), run by `sh` in a scratch folder
//!   that links to the repository's top-level entries, with the tabula under test first on the
//!   PATH. It must exit with status 0. The lines after it, up to the next command, are output it
//!   must print, in that order and one after the other: a line that is only `...` stands for any
//!   lines (none or more) between two, and output may come before the first and after the last;
//!   `...` inside a line stands for any text. Commands that need a tool from outside
//!   the repository (cutechess, cutegames, Fairy-Stockfish) go in blocks with another info string
//!   (`text`), which are not run.
//! - Each cutegames settings file in docs/cutegames/ names a game that tabula offers in its
//!   `UCI_Variant` option, and that game is the file's name.
//! - protocol.md's "Command line" list names every subcommand that `tabula --help` lists, and
//!   the labels of the GUI's level list that docs/gui.md quotes are the GUI's own.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// The documents checked, relative to the repository root.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![PathBuf::from("README.md"), PathBuf::from("protocol.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.expect("readable docs/").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| {
            path.strip_prefix(ROOT)
                .expect("inside the root")
                .to_path_buf()
        })
        .collect();
    pages.sort();
    docs.extend(pages);
    docs
}

fn read(document: &Path) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(document))
        .unwrap_or_else(|e| panic!("{}: {e}", document.display()))
}

/// Lines of a document, each with its number.
type NumberedLines<'a> = Vec<(usize, &'a str)>;

/// The lines of a document with their numbers, split into prose and code (fenced or indented
/// by four spaces; fence lines themselves are left out).
fn split_lines(text: &str) -> (NumberedLines<'_>, NumberedLines<'_>) {
    let mut fenced = false;
    let (mut prose, mut code) = (Vec::new(), Vec::new());
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if fenced || line.starts_with("    ") {
            code.push((index + 1, line));
        } else {
            prose.push((index + 1, line));
        }
    }
    (prose, code)
}

/// The lines of a document outside code, with their numbers.
fn prose_lines(text: &str) -> NumberedLines<'_> {
    split_lines(text).0
}

/// The words of code that could be paths: split at white space, `=`, quotes, brackets and
/// commas, without trailing punctuation.
fn code_words(code: &str) -> Vec<&str> {
    code.split(|c: char| c.is_whitespace() || "=\"'()[],|".contains(c))
        .map(|word| word.trim_end_matches(['.', ':', ';']))
        .filter(|word| !word.is_empty())
        .collect()
}

/// The targets of the `[text](target)` links of a line.
fn link_targets(line: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("](") {
        let after = &rest[start + 2..];
        let Some(end) = after.find(')') else { break };
        targets.push(&after[..end]);
        rest = &after[end..];
    }
    targets
}

/// The code spans (text between single backticks) of a line.
fn code_spans(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// GitHub's anchor for a heading's text.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown document's headings.
fn anchors(text: &str) -> Vec<String> {
    prose_lines(text)
        .into_iter()
        .filter(|(_, line)| line.starts_with('#'))
        .map(|(_, line)| anchor(line.trim_start_matches('#')))
        .collect()
}

/// The problem with a link from `document`, if any.
fn link_problem(document: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return Some("points outside the repository".into());
    }
    let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
    let root = Path::new(ROOT).canonicalize().expect("the root exists");
    let file = if path.is_empty() {
        root.join(document)
    } else {
        let base = root.join(document.parent().unwrap_or(Path::new("")));
        match base.join(path).canonicalize() {
            Ok(file) => file,
            Err(_) => return Some("names no file of the repository".into()),
        }
    };
    if !file.starts_with(&root) {
        return Some("leaves the repository".into());
    }
    if !fragment.is_empty() {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        if !anchors(&text).iter().any(|a| a == fragment) {
            return Some(format!(
                "#{fragment} is not a heading of {}",
                file.display()
            ));
        }
    }
    None
}

/// Whether `name` matches `pattern`, in which `<word>` stands for any text.
fn matches_pattern(pattern: &str, name: &str) -> bool {
    match pattern.split_once('<') {
        None => pattern == name,
        Some((prefix, rest)) => {
            let Some((_, suffix_pattern)) = rest.split_once('>') else {
                return pattern == name;
            };
            let Some(tail) = name.strip_prefix(prefix) else {
                return false;
            };
            (1..=tail.len())
                .filter(|&cut| tail.is_char_boundary(cut))
                .any(|cut| matches_pattern(suffix_pattern, &tail[cut..]))
        }
    }
}

/// Whether some path of the repository matches `pattern` (components split at `/`).
fn path_exists(dir: &Path, components: &[&str]) -> bool {
    let Some((first, rest)) = components.split_first() else {
        return true;
    };
    if first.is_empty() {
        return dir.is_dir() && path_exists(dir, rest);
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|entry| {
        let name = entry.file_name().to_string_lossy().into_owned();
        matches_pattern(first, &name) && path_exists(&entry.path(), rest)
    })
}

/// The repository's top-level entries that a clean clone has.
fn top_level_entries() -> Vec<String> {
    std::fs::read_dir(ROOT)
        .expect("the root is readable")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name != ".git" && name != "target")
        .collect()
}

/// The problem with a word of code, if it names a path that does not exist or leaves the
/// repository.
fn path_problem(word: &str, top: &[String]) -> Option<String> {
    if word.starts_with("../") || word.contains("/../") {
        return Some("leaves the repository".into());
    }
    if word.starts_with('/') && word[1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Some("is an absolute path".into());
    }
    let components: Vec<&str> = word.split('/').collect();
    let is_repository_path = top.iter().any(|entry| entry == components[0]);
    (is_repository_path && !path_exists(Path::new(ROOT), &components))
        .then(|| "names no file of the repository".into())
}

#[test]
fn links_and_paths_stay_inside_the_repository_and_exist() {
    let top = top_level_entries();
    let mut problems = Vec::new();
    for document in documents() {
        let text = read(&document);
        let (prose, code) = split_lines(&text);
        let mut code_parts: NumberedLines = code;
        for &(number, line) in &prose {
            for target in link_targets(line) {
                if let Some(problem) = link_problem(&document, target) {
                    problems.push(format!(
                        "{}:{number}: link {target} {problem}",
                        document.display()
                    ));
                }
            }
            code_parts.extend(code_spans(line).into_iter().map(|span| (number, span)));
        }
        for (number, part) in code_parts {
            for word in code_words(part) {
                if let Some(problem) = path_problem(word, &top) {
                    problems.push(format!(
                        "{}:{number}: `{word}` {problem}",
                        document.display()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A command of a recipe and the output lines it must print.
struct Recipe {
    document: PathBuf,
    line: usize,
    command: String,
    /// The output expected: runs of lines printed one after the other, any lines between runs.
    expected: Vec<Vec<String>>,
}

/// The commands of a document's `sh` blocks.
fn recipes(document: &Path, text: &str) -> Vec<Recipe> {
    let mut recipes: Vec<Recipe> = Vec::new();
    let mut in_sh = false;
    let mut fenced = false;
    let mut continuing = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            fenced = !fenced;
            in_sh = fenced && info.trim() == "sh";
            continuing = false;
            continue;
        }
        if !in_sh {
            continue;
        }
        if continuing {
            let recipe = recipes.last_mut().expect("a command to continue");
            recipe.command.push('\n');
            recipe.command.push_str(line);
        } else if let Some(command) = line.strip_prefix("$ ") {
            recipes.push(Recipe {
                document: document.to_path_buf(),
                line: index + 1,
                command: command.to_string(),
                expected: vec![Vec::new()],
            });
        } else if let Some(recipe) = recipes.last_mut() {
            if line.trim() == "..." {
                recipe.expected.push(Vec::new());
            } else if let Some(run) = recipe.expected.last_mut() {
                run.push(line.trim_end().to_string());
            }
        } else {
            panic!(
                "{}:{}: an `sh` block line before any `$ ` command",
                document.display(),
                index + 1
            );
        }
        continuing = line.ends_with('\\');
    }
    recipes
}

/// Where `runs` are found in `lines` in order, each run's lines one after the other (any lines
/// before, between and after the runs); the first run not found, else None.
fn missing_run<'a>(runs: &'a [Vec<String>], lines: &[&str]) -> Option<&'a [String]> {
    let mut from = 0;
    for run in runs.iter().filter(|run| !run.is_empty()) {
        let found = (from..=lines.len().saturating_sub(run.len())).find(|&start| {
            lines.len() >= start + run.len()
                && run
                    .iter()
                    .zip(&lines[start..])
                    .all(|(pattern, line)| matches_line(pattern, line.trim_end()))
        });
        match found {
            Some(start) => from = start + run.len(),
            None => return Some(run),
        }
    }
    None
}

/// Whether `line` matches `pattern`, in which `...` stands for any text.
fn matches_line(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("...");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (index, part) in parts.iter().enumerate() {
        if index + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// A scratch folder that links to the repository's top-level entries.
fn scratch_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    for entry in top_level_entries() {
        std::os::unix::fs::symlink(Path::new(ROOT).join(&entry), dir.join(&entry))
            .expect("a link in the scratch folder");
    }
    dir
}

#[test]
fn recipes_run_as_written() {
    let bin_dir = Path::new(TABULA).parent().expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = scratch_folder();
    let mut ran = 0;
    let mut failures = Vec::new();
    for document in documents() {
        let text = read(&document);
        for recipe in recipes(&document, &text) {
            let output = Command::new("sh")
                .arg("-c")
                .arg(&recipe.command)
                .current_dir(&dir)
                .env("PATH", &path)
                .stdin(Stdio::null())
                .output()
                .expect("sh runs");
            let stdout = String::from_utf8_lossy(&output.stdout);
            let place = format!("{}:{}", recipe.document.display(), recipe.line);
            assert!(
                output.status.success(),
                "{place}: `{}` failed ({}):\n{}",
                recipe.command,
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
            let lines: Vec<&str> = stdout.lines().collect();
            if let Some(run) = missing_run(&recipe.expected, &lines) {
                failures.push(format!(
                    "{place}: `{}` did not print (in order, one after the other):\n{}\nit printed:\n{stdout}",
                    recipe.command,
                    run.join("\n")
                ));
            }
            ran += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 5, "only {ran} recipe commands found");
}

#[test]
fn cutegames_settings_name_offered_games() {
    let output = Command::new(TABULA)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("piped stdin")
                .write_all(b"ugi\nquit\n")?;
            child.wait_with_output()
        })
        .expect("tabula answers ugi");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let variants = stdout
        .lines()
        .find(|line| line.starts_with("option name UCI_Variant "))
        .expect("a UCI_Variant option");
    let offered: Vec<&str> = variants
        .split(" var ")
        .skip(1)
        .map(|v| v.split_whitespace().next().unwrap_or(""))
        .collect();
    let dir = Path::new(ROOT).join("docs/cutegames");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir)
        .expect("docs/cutegames exists")
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|ext| ext != "json") {
            continue;
        }
        let game = path.file_stem().unwrap_or_default().to_string_lossy();
        let text = std::fs::read_to_string(&path).expect("readable settings");
        assert!(
            text.contains(&format!("\"UCI_Variant\": \"{game}\"")),
            "{}: does not set UCI_Variant to {game}",
            path.display()
        );
        assert!(
            offered.contains(&game.as_ref()),
            "{}: tabula offers {offered:?}",
            path.display()
        );
        files += 1;
    }
    assert_eq!(files, offered.len(), "one settings file per game");
}

#[test]
fn pattern_helpers_match_as_documented() {
    assert!(matches_pattern("<game>-perft.epd", "joust-perft.epd"));
    assert!(!matches_pattern("<game>-perft.epd", "-perft.epd"));
    assert!(matches_line("Nodes searched: ...", "Nodes searched: 1992"));
    assert!(matches_line(
        "1: ... | score cp ... | pv e5c4",
        "1: x | score cp 5 | pv e5c4"
    ));
    assert!(!matches_line("Nodes searched: 62", "Nodes searched: 621"));
    assert_eq!(anchor("Matches: `tabula match`"), "matches-tabula-match");
    assert_eq!(
        code_words("tabula x \"cmd=a option.P=docs/f.ini\" suites/s.epd."),
        [
            "tabula",
            "x",
            "cmd",
            "a",
            "option.P",
            "docs/f.ini",
            "suites/s.epd"
        ]
    );
    assert_eq!(
        link_targets("see [a](b.md) and [c](d.md#e)"),
        ["b.md", "d.md#e"]
    );
}

/// The subcommands `tabula --help` lists: the first word of each line of its `Commands:`
/// section (clap's), but `help`.
fn subcommands() -> Vec<String> {
    let output = Command::new(TABULA)
        .arg("--help")
        .output()
        .expect("tabula runs");
    let help = String::from_utf8_lossy(&output.stdout).into_owned();
    let listed: Vec<String> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(String::from)
        .collect();
    assert!(listed.len() >= 10, "too few subcommands read from:\n{help}");
    listed
}

#[test]
fn protocol_md_lists_every_subcommand() {
    let text = read(Path::new("protocol.md"));
    let list: Vec<&str> = text
        .lines()
        .skip_while(|line| *line != "## Command line")
        .take_while(|line| !line.starts_with("### "))
        .collect();
    let list = list.join("\n");
    for name in subcommands() {
        let named = |after: char| list.contains(&format!("`tabula {name}{after}"));
        assert!(
            named('`') || named(' '),
            "protocol.md's \"Command line\" list leaves out `tabula {name}`"
        );
    }
}

/// Every label of the GUI's level list that docs/gui.md quotes (`medium · 1561 Elo — searches
/// 3 plies ahead` in Jeson Mor) is the label the GUI shows in the game named after it.
#[test]
fn the_gui_level_labels_quoted_are_the_guis() {
    use tabula::desk::levels::choices;
    use tabula::games::GameKind;
    let text = read(Path::new("docs/gui.md"));
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut checked = 0;
    for (at, _) in text.match_indices(" Elo — ") {
        let start = text[..at].rfind('`').expect("a quoted label") + 1;
        let end = at + text[at..].find('`').expect("the quote's end");
        let label = &text[start..end];
        let after = &text[end + 1..];
        let game = GameKind::ALL
            .into_iter()
            .find(|game| after.starts_with(&format!(" in {}", game.title())))
            .unwrap_or_else(|| panic!("docs/gui.md: `{label}` is not followed by its game"));
        let labels: Vec<String> = choices(game).into_iter().map(|c| c.label).collect();
        assert!(
            labels.iter().any(|shown| shown == label),
            "docs/gui.md quotes `{label}`; the GUI shows in {}: {labels:#?}",
            game.title()
        );
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} quoted labels found");
}
