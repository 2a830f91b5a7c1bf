//! The file campaigns: mutations of each kind of file a user gives the
//! engine, loaded the ways a user loads them.
//!
//! | kind | mutated | loaded by |
//! | --- | --- | --- |
//! | ini | fmax.ini | `check fmax.ini`; XBoard with `--ini` and `option IniFile=` |
//! | overlay | one variants/*.ini | `check`; XBoard `variant NAME`, `setboard`, `go` |
//! | fen | a FEN or X-FEN of any variant | `perft --variant V --fen F --depth 1`; XBoard `setboard` |
//! | pgn | a PGN file | `book create`, `books create`; console `read`, `reada` |
//! | epd | a test suite | console `test` |
//! | book | books/normal.nbk, a Polyglot .bin | `book show`; XBoard `bk`, `go`, `option BookFile=` |
//! | learn | books/normal.lrn, an export | console `import`, `go` |
//!
//! Besides the invariants of every run: `check` counts lines from 1; an
//! error `check` finds is also reported when the file is loaded with
//! `--ini`; a Latin-1 byte in a PGN comment or tag changes nothing that
//! `book create` reads; a learn file is either unchanged or valid after an
//! import, and no temporary or misnamed file is left in books/.

use crate::campaign::Ctx;
use crate::case::{Case, Failure, Outcome};
use crate::engine::Scratch;
use crate::generate::mutate_fen;
use crate::mutate;
use crate::protocol::INI_TOKENS;
use nightrider::book::positions::PositionTable;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::path::Path;

/// PGN syntax worth inserting.
const PGN_TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ";",
    "%",
    "$1",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "...",
    "O-O",
    "e8=Q",
    "\"",
    "\\",
    "[Variant \"capablanca\"]",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]",
    "[SetUp \"1\"]",
    "[Variant \"xiangqi\"]",
    "\n\n",
    "1.",
    "99999.",
    "Nf3",
    "P@e4",
    "{play 50%}",
    "!",
    "?",
    "!!",
    "\r\n",
];

/// EPD and Crafty-suite syntax worth inserting.
const EPD_TOKENS: &[&str] = &[
    "bm",
    "am",
    "id",
    ";",
    "\"",
    "variant",
    "variant capablanca;",
    "c0",
    "title",
    "setboard",
    "solution",
    "?",
    "Ra8#",
    "e4",
    "-",
    "w",
    "b",
    "KQkq",
];

/// Errors that `check` prints: `FILE:LINE: message`, warnings left out.
fn check_errors(stdout: &[u8], file: &str) -> Vec<String> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter(|l| l.starts_with(&format!("{file}:")) && !l.contains(": warning:"))
        .map(|l| l.split(": ").next().unwrap_or(l).to_string())
        .collect()
}

fn fail(outcome: &mut Outcome, kind: &'static str, signature: &str, detail: String) {
    if outcome.failure.is_none() {
        outcome.failure = Some(Failure {
            kind,
            signature: signature.to_string(),
            detail,
        });
    }
}

/// A report `FILE:LINE: message` never says line 0 (lines count from 1).
pub fn lines_count_from_one() -> impl Fn(&Scratch, &mut Outcome) {
    move |_: &Scratch, outcome: &mut Outcome| {
        let said = [outcome.stdout.as_slice(), outcome.stderr.as_slice()].concat();
        let said = String::from_utf8_lossy(&said).into_owned();
        let at_zero = |l: &&str| {
            l.split_once(":0: ")
                .is_some_and(|(file, _)| !file.is_empty() && !file.contains(' '))
        };
        if let Some(line) = said.lines().find(at_zero) {
            let detail = format!("check printed {line:?}");
            fail(
                outcome,
                "report",
                "check reports an error at line 0",
                detail,
            );
        }
    }
}

/// An XBoard session loading the ini given with `--ini`, then by option.
fn ini_session(rng: &mut StdRng, ctx: &Ctx, overlay: Option<&str>) -> Vec<Vec<u8>> {
    let mut lines = vec![
        "xboard",
        "protover 2",
        "memory 1",
        "ping 1",
        "st 0.02",
        "sd 1",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    let mut names: Vec<String> = (0..3)
        .map(|_| ctx.corpus.any_variant(rng).name.clone())
        .collect();
    if let Some(name) = overlay {
        names.insert(0, name.to_string());
    }
    for (i, name) in names.iter().enumerate() {
        lines.push(format!("variant {name}"));
        if let Some(v) = ctx.corpus.variants.iter().find(|v| &v.name == name) {
            if let Some(fen) = v.fens.choose(rng) {
                lines.push(format!("setboard {fen}"));
            }
        }
        lines.push("go".into());
        lines.push(format!("ping {}", i + 2));
        lines.push("force".into());
    }
    lines.extend(
        [
            "option IniFile=fmax.ini",
            "ping 20",
            "new",
            "go",
            "ping 21",
            "quit",
        ]
        .into_iter()
        .map(String::from),
    );
    lines.into_iter().map(String::into_bytes).collect()
}

/// Mutated fmax.ini files.
pub fn ini(ctx: &Ctx, count: u64) {
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("ini", index);
        let mutated = mutate::text(&mut rng, &ctx.corpus.ini, INI_TOKENS, 6);
        let files = ctx.files_with(vec![("fmax.ini".into(), mutated)]);
        let check = Case {
            args: vec!["check".into(), "fmax.ini".into()],
            files: files.clone(),
            input: Vec::new(),
            ..Case::default()
        };
        let how = format!("ini mutation {index}: nightrider check fmax.ini");
        let checked = ctx.run_case("ini", &check, &how, lines_count_from_one());
        let errors = check_errors(&checked.stdout, "fmax.ini");
        let session = Case {
            args: vec!["--ini".into(), "fmax.ini".into()],
            files,
            input: ini_session(&mut rng, ctx, None),
            ..Case::default()
        };
        let how = format!("ini mutation {index}: nightrider --ini fmax.ini < stdin");
        ctx.run_case("ini", &session, &how, errors_reported(errors));
        0
    });
}

/// When `check` found errors, the engine given the file by `--ini` must
/// say where at least one of them is (stderr or `telluser`).
fn errors_reported(errors: Vec<String>) -> impl Fn(&Scratch, &mut Outcome) {
    move |_: &Scratch, outcome: &mut Outcome| {
        if errors.is_empty() {
            return;
        }
        let said = [outcome.stderr.as_slice(), outcome.stdout.as_slice()].concat();
        let said = String::from_utf8_lossy(&said);
        if !errors.iter().any(|place| said.contains(place.as_str())) {
            let detail = format!(
                "check found errors at {}; the engine loading it with --ini named none",
                errors.join(", ")
            );
            fail(
                outcome,
                "report",
                "an error in the --ini file goes unreported",
                detail,
            );
        }
    }
}

/// Mutated variants/*.ini overlays.
pub fn overlay(ctx: &Ctx, count: u64) {
    if ctx.corpus.overlays.is_empty() {
        return;
    }
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("overlay", index);
        let (name, bytes) = ctx
            .corpus
            .overlays
            .choose(&mut rng)
            .cloned()
            .unwrap_or_default();
        let mutated = mutate::text(&mut rng, &bytes, &["=", "[", "]", "true", "false", "-1"], 6);
        let files = ctx.files_with(vec![(format!("variants/{name}"), mutated)]);
        let check = Case {
            args: vec!["check".into(), "fmax.ini".into()],
            files: files.clone(),
            input: Vec::new(),
            ..Case::default()
        };
        let how = format!("overlay mutation {index} of variants/{name}: nightrider check fmax.ini");
        ctx.run_case("overlay", &check, &how, lines_count_from_one());
        let variant = name.trim_end_matches(".ini");
        let session = Case {
            args: Vec::new(),
            files,
            input: ini_session(&mut rng, ctx, Some(variant)),
            ..Case::default()
        };
        let how = format!("overlay mutation {index} of variants/{name}: nightrider < stdin");
        ctx.run_case("overlay", &session, &how, |_, _| {});
        0
    });
}

/// Mutated FENs of every variant: `perft` on the command line and `setboard`.
pub fn fen(ctx: &Ctx, count: u64) {
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("fen", index);
        let v = ctx.corpus.any_variant(&mut rng);
        let fen = v.fens.choose(&mut rng).cloned().unwrap_or_default();
        let bad = mutate_fen(&mut rng, &fen);
        // An argument cannot hold NUL; the command line gets the text as UTF-8.
        let arg: String = String::from_utf8_lossy(&bad)
            .chars()
            .filter(|&c| c != '\0')
            .collect();
        let perft = Case {
            args: ["perft", "--variant", &v.name, "--fen", &arg, "--depth", "1"]
                .map(String::from)
                .to_vec(),
            files: ctx.base_files.clone(),
            input: Vec::new(),
            ..Case::default()
        };
        let how = format!("FEN mutation {index}: perft");
        ctx.run_case("fen", &perft, &how, |_, _| {});
        let mut input: Vec<Vec<u8>> = vec![
            b"xboard".to_vec(),
            b"protover 2".to_vec(),
            b"memory 1".to_vec(),
            b"st 0.02".to_vec(),
        ];
        input.push(format!("variant {}", v.name).into_bytes());
        input.push(b"ping 1".to_vec());
        input.push([b"setboard ".as_slice(), &bad].concat());
        input.push(b"ping 2".to_vec());
        input.push(b"sd 1".to_vec());
        input.push(if rng.gen_bool(0.5) {
            b"go".to_vec()
        } else {
            b"analyze".to_vec()
        });
        input.push(b"ping 3".to_vec());
        input.push(b"quit".to_vec());
        let session = Case {
            args: Vec::new(),
            files: ctx.base_files.clone(),
            input,
            ..Case::default()
        };
        let how = format!("FEN mutation {index}: XBoard setboard");
        ctx.run_case("fen", &session, &how, |_, _| {});
        0
    });
}

/// Replaces one character inside the first tag value or comment of `pgn`
/// by the Latin-1 byte of `é`; None if it has neither.
fn latin1_variant(pgn: &[u8]) -> Option<Vec<u8>> {
    let open = pgn.iter().position(|&b| b == b'"' || b == b'{')?;
    let close = if pgn[open] == b'"' { b'"' } else { b'}' };
    let inside = pgn[open + 1..].iter().position(|&b| b == close)?;
    if inside == 0 {
        return None;
    }
    let mut out = pgn.to_vec();
    out[open + 1] = 0xe9;
    Some(out)
}

/// The summary `book create` prints (`FILE: N games, M positions ...`).
fn book_summary(stdout: &[u8]) -> String {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter(|l| l.contains(" games, "))
        .map(|l| l.split(": ").nth(1).unwrap_or(l).to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Mutated PGN files.
pub fn pgn(ctx: &Ctx, count: u64) {
    if ctx.corpus.pgns.is_empty() {
        return;
    }
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("pgn", index);
        let (name, original) = ctx
            .corpus
            .pgns
            .choose(&mut rng)
            .cloned()
            .unwrap_or_default();
        if index % 4 == 3 {
            latin1_check(ctx, index, &name, &original);
            return 0;
        }
        let mutated = mutate::text(&mut rng, &original, PGN_TOKENS, 6);
        let files = ctx.files_with(vec![("games.pgn".into(), mutated)]);
        let args = if rng.gen_bool(0.7) {
            "book create games.pgn 20 --dir books"
        } else {
            "books create games.pgn 20 --dir books"
        };
        let create = Case {
            args: args.split(' ').map(String::from).collect(),
            files: files.clone(),
            input: Vec::new(),
            ..Case::default()
        };
        let how = format!("PGN mutation {index} of {name}: nightrider {args}");
        ctx.run_case("pgn", &create, &how, |_, _| {});
        let input = [
            "hash 1",
            "read games.pgn",
            "echo SYNC-1",
            "reada games.pgn 2",
            "echo SYNC-2",
            "read games.pgn 99999999999",
            "echo SYNC-3",
            "quit",
        ];
        let console = Case {
            args: Vec::new(),
            files,
            input: input.iter().map(|l| l.as_bytes().to_vec()).collect(),
            ..Case::default()
        };
        let how = format!("PGN mutation {index} of {name}: console read/reada");
        ctx.run_case("pgn", &console, &how, |_, _| {});
        0
    });
}

/// A Latin-1 byte in a tag value or comment must not change what `book
/// create` reads.
fn latin1_check(ctx: &Ctx, index: u64, name: &str, original: &[u8]) {
    let Some(latin1) = latin1_variant(original) else {
        return;
    };
    let create = |bytes: Vec<u8>| Case {
        args: "book create games.pgn 20 --dir books"
            .split(' ')
            .map(String::from)
            .collect(),
        files: ctx.files_with(vec![("games.pgn".into(), bytes)]),
        input: Vec::new(),
        ..Case::default()
    };
    let how = format!("PGN {name} as UTF-8 and with one Latin-1 byte: book create");
    let plain = ctx.run_case("pgn", &create(original.to_vec()), &how, |_, _| {});
    let want = book_summary(&plain.stdout);
    let case = create(latin1);
    ctx.run_case(
        "pgn",
        &case,
        &format!("{how} (mutation {index})"),
        move |_, outcome| {
            let got = book_summary(&outcome.stdout);
            if got != want {
                let detail = format!("as UTF-8: {want:?}; with one Latin-1 byte: {got:?}");
                fail(
                    outcome,
                    "file",
                    "a Latin-1 byte in a PGN changes what is read",
                    detail,
                );
            }
        },
    );
}

/// Mutated test suites run by the console's `test`.
pub fn epd(ctx: &Ctx, count: u64) {
    if ctx.corpus.suites.is_empty() {
        return;
    }
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("epd", index);
        let (name, original) = ctx
            .corpus
            .suites
            .choose(&mut rng)
            .cloned()
            .unwrap_or_default();
        let mutated = mutate::text(&mut rng, &original, EPD_TOKENS, 6);
        let input = [
            "hash 1",
            "sd 1",
            "sn 300",
            "test suite.epd",
            "echo SYNC-1",
            "test suite.epd 1",
            "echo SYNC-2",
            "quit",
        ];
        let case = Case {
            args: Vec::new(),
            files: ctx.files_with(vec![("suite.epd".into(), mutated)]),
            input: input.iter().map(|l| l.as_bytes().to_vec()).collect(),
            ..Case::default()
        };
        let how = format!("suite mutation {index} of {name}: console test");
        ctx.run_case("epd", &case, &how, |_, _| {});
        0
    });
}

/// Mutated book files: the engine's own and a Polyglot one.
pub fn book(ctx: &Ctx, count: u64, nbk: &[u8]) {
    if nbk.is_empty() {
        return;
    }
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("book", index);
        let mut mutated = mutate::binary(&mut rng, nbk, 4);
        if rng.gen_bool(0.5) {
            mutate::fix_checksum(&mut mutated);
        }
        let mut poly = ctx.corpus.polyglot.clone();
        if rng.gen_bool(0.3) {
            poly = mutate::binary(&mut rng, &poly, 4);
        }
        let files = ctx.files_with(vec![
            ("books/normal.nbk".into(), mutated),
            ("book.bin".into(), poly),
        ]);
        let show = Case {
            args: ["book", "show", "books/normal.nbk"]
                .map(String::from)
                .to_vec(),
            files: files.clone(),
            input: Vec::new(),
            ..Case::default()
        };
        let how = format!("book mutation {index}: nightrider book show books/normal.nbk");
        ctx.run_case("book", &show, &how, |_, _| {});
        let input = [
            "xboard",
            "protover 2",
            "memory 1",
            "ping 1",
            "new",
            "bk",
            "ping 2",
            "st 0.02",
            "sd 1",
            "go",
            "ping 3",
            "force",
            "option BookFile=book.bin",
            "new",
            "bk",
            "go",
            "ping 4",
            "quit",
        ];
        let session = Case {
            args: Vec::new(),
            files,
            input: input.iter().map(|l| l.as_bytes().to_vec()).collect(),
            ..Case::default()
        };
        let how = format!("book mutation {index}: XBoard bk, go");
        ctx.run_case("book", &session, &how, |_, _| {});
        0
    });
}

/// Every file in books/ is `VARIANT.*` and no temporary file is left.
pub fn books_dir_clean(dir: &Path) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            return Err(format!("books/{name}: a file without a variant name"));
        }
        if name.contains(".tmp") {
            return Err(format!("books/{name}: a temporary file left behind"));
        }
    }
    Ok(())
}

/// The learn file after an import is the one given or a valid one.
fn learn_file_sound(given: Vec<u8>) -> impl Fn(&Scratch, &mut Outcome) {
    move |scratch: &Scratch, outcome: &mut Outcome| {
        let books = scratch.path.join("books");
        if let Err(e) = books_dir_clean(&books) {
            fail(
                outcome,
                "file",
                "books/ holds a stray file after a clean exit",
                e,
            );
            return;
        }
        let Ok(now) = std::fs::read(books.join("normal.lrn")) else {
            return;
        };
        if now != given {
            if let Err(e) = PositionTable::from_bytes(&now) {
                let detail = format!("books/normal.lrn was rewritten and does not load: {e}");
                fail(
                    outcome,
                    "file",
                    "a rewritten learn file does not load",
                    detail,
                );
            }
        }
    }
}

/// Mutated learn files and exports, imported by the console.
pub fn learn(ctx: &Ctx, count: u64, lrn: &[u8], export: &[u8]) {
    ctx.drive(count, None, |index| {
        let mut rng = ctx.rng("learn", index);
        let mut mutated = lrn.to_vec();
        let mut text = export.to_vec();
        if rng.gen_bool(0.7) {
            mutated = mutate::binary(&mut rng, lrn, 4);
            if rng.gen_bool(0.5) {
                mutate::fix_checksum(&mut mutated);
            }
        }
        if rng.gen_bool(0.4) {
            text = mutate::text(
                &mut rng,
                export,
                &["position", "book", "#", "-1", "ffff"],
                4,
            );
        }
        let files = ctx.files_with(vec![
            ("books/normal.lrn".into(), mutated.clone()),
            ("learn.txt".into(), text),
        ]);
        let input = [
            "hash 1",
            "variant normal",
            "echo SYNC-1",
            "import learn.txt",
            "echo SYNC-2",
            "sd 2",
            "go",
            "echo SYNC-3",
            "export out.txt",
            "echo SYNC-4",
            "quit",
        ];
        let case = Case {
            args: Vec::new(),
            files,
            input: input.iter().map(|l| l.as_bytes().to_vec()).collect(),
            ..Case::default()
        };
        let how = format!("learn mutation {index}: console import learn.txt");
        ctx.run_case("learn", &case, &how, learn_file_sound(mutated));
        0
    });
}
