//! The layers of `src/lib.rs` hold: every `crate::` path in a module's
//! code names only the modules its layer may use. The boards (`bitboard`,
//! `mailbox`, `rules`) never name the evaluation, the search, the engine or
//! a front end; the search knows only the `Position` contract; the engine
//! knows no front end. `progress`, `save` and `text` stand apart: they use only
//! std, and any layer may use them. The one exception is test code: the
//! search's unit tests (the `#[cfg(test)]` module closing a file) may set up
//! a real board as a fixture, which the compiled search never names.
//!
//! The floors below the front ends (`rules`, `mailbox`, `bitboard`,
//! `search`, `eval`) never print: they return values, and only the front
//! ends and the tools write to stdout or stderr. Test code is exempt (the
//! `#[cfg(test)]` module closing a file, and a `tests.rs` file of its
//! own): the test harness captures what it prints, and the compiled
//! program never runs it.

use std::collections::BTreeSet;
use std::path::Path;

/// The board layer: what every module above it may use.
const BOARDS: &[&str] = &["core", "position", "rules", "bitboard", "mailbox"];

/// Modules that use only std and serve any layer.
const STANDALONE: &[&str] = &["progress", "save", "text"];

/// The modules that return values and never print.
const SILENT: &[&str] = &[
    "rules",
    "mailbox",
    "bitboard",
    "search",
    "eval",
    "tablebase",
];

/// What writes to the terminal: the printing macros and the standard
/// streams themselves.
const PRINTS: &[&str] = &[
    "println!",
    "eprintln!",
    "print!",
    "eprint!",
    "dbg!",
    "stdout()",
    "stderr()",
];

/// Boards the search's unit tests may build positions on.
const SEARCH_TEST_FIXTURES: &[&str] = &["bitboard", "mailbox", "rules"];

/// The 1-based line of the `#[cfg(test)]` that opens the unit tests
/// closing `text` (a line of its own, not indented), if any.
fn unit_tests_line(text: &str) -> Option<usize> {
    text.lines()
        .position(|line| line == "#[cfg(test)]")
        .map(|i| i + 1)
}

/// Whether the unit tests of `module` may name `named` as a fixture.
fn fixture_allowed(module: &str, named: &str) -> bool {
    module == "search" && SEARCH_TEST_FIXTURES.contains(&named)
}

/// Per top-level module of `src/`, the other top-level modules its code
/// may name (besides [`STANDALONE`], which any other module may name).
fn allowed(module: &str) -> Option<Vec<&'static str>> {
    let with = |extra: &[&'static str]| BOARDS.iter().chain(extra).copied().collect();
    Some(match module {
        "core" | "progress" | "save" | "text" => vec![],
        "position" | "rules" => vec!["core"],
        "bitboard" | "mailbox" => vec!["core", "position", "rules"],
        "search" => vec!["core", "position"],
        "boards" | "notation" | "eval" => with(&["boards"]),
        "tablebase" => with(&[]),
        "book" => with(&["boards", "notation"]),
        "engine" => with(&["boards", "notation", "eval", "search", "book", "tablebase"]),
        "xboard" | "uci" => with(&[
            "boards",
            "notation",
            "search",
            "book",
            "engine",
            "tablebase",
        ]),
        "tools" => with(&["boards", "notation", "eval", "search", "book", "tablebase"]),
        "console" => with(&[
            "boards",
            "notation",
            "eval",
            "search",
            "book",
            "engine",
            "xboard",
            "tools",
            "tablebase",
        ]),
        "install" => with(&["engine"]),
        "cli" => with(&[
            "boards",
            "notation",
            "eval",
            "search",
            "book",
            "engine",
            "xboard",
            "uci",
            "console",
            "tools",
            "install",
            "tablebase",
        ]),
        _ => return None,
    })
}

/// Whether `module` may name `named`.
fn may_name(module: &str, allowed: &[&str], named: &str) -> bool {
    named == module
        || allowed.contains(&named)
        || (STANDALONE.contains(&named) && !STANDALONE.contains(&module))
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules named by `crate::NAME` in the code of `text`
/// (comments left out), with their 1-based lines.
fn named_modules(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // `crate::{a, b}` names several modules at once.
            if let Some(group) = after.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or("");
                for part in group.split(',') {
                    let first = part.trim().split("::").next().unwrap_or("").to_string();
                    if !first.is_empty() {
                        out.push((i + 1, first));
                    }
                }
            } else if !name.is_empty() {
                out.push((i + 1, name));
            }
            rest = after;
        }
    }
    out
}

/// The printing in the code of `text` (comments left out), with its
/// 1-based lines, up to the line `until`.
fn prints(text: &str, until: usize) -> Vec<(usize, &'static str)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().take_while(|&(i, _)| i + 1 < until) {
        let code = line.split("//").next().unwrap_or("");
        for &what in PRINTS {
            // `print!` is also the end of `eprint!`: count it once.
            let alone = code.match_indices(what).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            });
            if alone {
                out.push((i + 1, what));
            }
        }
    }
    out
}

#[test]
fn the_floors_below_the_front_ends_never_print() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for module in SILENT {
        rust_files(&src.join(module), &mut files);
        let single = src.join(format!("{module}.rs"));
        if single.is_file() {
            files.push(single);
        }
    }
    files.sort();
    assert!(files.len() > 50, "only {} files in the floors", files.len());
    let mut breaches = Vec::new();
    for file in &files {
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let tests_from = unit_tests_line(&text).unwrap_or(usize::MAX);
        for (line, what) in prints(&text, tests_from) {
            breaches.push(format!(
                "{}:{line}: prints with `{what}`",
                file.strip_prefix(&src).unwrap_or(file).display()
            ));
        }
    }
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

#[test]
fn the_print_scan_finds_macros_and_streams_but_not_comments_or_tests() {
    let text = "let a = 1; // println!(\"x\")\n\
                eprintln!(\"y\");\n\
                let w = std::io::stdout();\n\
                sprint!(z); myprint!(z);\n\
                print!(\"{}\", 1);\n\
                #[cfg(test)]\n\
                println!(\"test\");\n";
    let tests_from = unit_tests_line(text).unwrap();
    assert_eq!(
        prints(text, tests_from),
        [(2, "eprintln!"), (3, "stdout()"), (5, "print!")]
    );
    assert!(SILENT.iter().all(|m| allowed(m).is_some()));
}

#[test]
fn every_module_names_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 100, "only {} files under src", files.len());
    let mut breaches = Vec::new();
    let mut modules = BTreeSet::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let module = first.to_string_lossy().trim_end_matches(".rs").to_string();
        // The crate roots (lib.rs declares the layers, main.rs is the binary) sit above them.
        if module == "lib" || module == "main" {
            continue;
        }
        let Some(allowed) = allowed(&module) else {
            breaches.push(format!(
                "src/{module}: a module the layer table does not place"
            ));
            continue;
        };
        modules.insert(module.clone());
        let text = std::fs::read_to_string(file).unwrap();
        let tests_from = unit_tests_line(&text).unwrap_or(usize::MAX);
        for (line, named) in named_modules(&text) {
            let fixture = line > tests_from && fixture_allowed(&module, &named);
            if !fixture && !may_name(&module, &allowed, &named) {
                breaches.push(format!(
                    "{}:{line}: `{module}` names `crate::{named}`",
                    Path::new("src").join(relative).display()
                ));
            }
        }
    }
    assert!(modules.contains("mailbox") && modules.contains("eval"));
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

#[test]
fn the_scan_finds_paths_and_groups_but_not_comments() {
    let text = "use crate::eval::general;\n\
                // crate::engine in a comment\n\
                let x = crate::search::Limits::Depth(3); // crate::xboard\n\
                use crate::{core::Color, book::Book};\n";
    let names: Vec<(usize, String)> = named_modules(text);
    let expected = [(1, "eval"), (3, "search"), (4, "core"), (4, "book")];
    assert_eq!(
        names,
        expected
            .iter()
            .map(|&(l, n)| (l, n.to_string()))
            .collect::<Vec<_>>()
    );
    assert!(allowed("mailbox")
        .unwrap()
        .iter()
        .all(|m| BOARDS.contains(m)));
    assert!(!allowed("engine").unwrap().contains(&"xboard"));
    assert!(may_name("core", &[], "text"));
    assert!(!may_name("text", &[], "progress"));
    assert!(!may_name("mailbox", &allowed("mailbox").unwrap(), "eval"));
    assert!(fixture_allowed("search", "bitboard"));
    assert!(!fixture_allowed("search", "eval"));
    assert!(!fixture_allowed("mailbox", "search"));
    let code = "use crate::core::Color;\n\n#[cfg(test)]\nmod tests {\n    use crate::bitboard::BitboardPos;\n}\n";
    assert_eq!(unit_tests_line(code), Some(3));
    assert_eq!(unit_tests_line("    #[cfg(test)]\n"), None);
}
