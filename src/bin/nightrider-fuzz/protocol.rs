//! The protocol campaigns: generated XBoard sessions (the bulk of the
//! lines) and console sessions, each a fresh engine process in a scratch
//! directory holding fmax.ini, variants/, a book, a Polyglot book and a
//! mutated fmax.ini for `option IniFile=`.

use crate::campaign::Ctx;
use crate::case::Case;
use crate::generate::{ConsoleGen, XboardGen};
use crate::mutate;
use rand::Rng;

/// Shortest and longest session, in lines.
const SESSION_LINES: (usize, usize) = (20, 400);

/// fmax.ini syntax worth inserting.
pub const INI_TOKENS: &[&str] = &[
    "Game:",
    "#",
    "//",
    "version 4.8(w)",
    "8x8",
    "12x10",
    "0x0",
    "99x99",
    ":",
    ",",
    "-1",
    "=",
    "p:100",
    "k:-1",
    "1,7",
    "16,7",
    "0x1000",
    "\t",
    "[",
    "]",
    "fairy",
    "castle",
    "promo",
    "pieces",
    "symmetry",
];

/// XBoard sessions until `lines` lines were fed.
pub fn xboard(ctx: &Ctx, lines: u64) {
    ctx.drive(0, Some(lines), |index| {
        let mut rng = ctx.rng("xboard", index);
        let len = rng.gen_range(SESSION_LINES.0..=SESSION_LINES.1);
        let mutated_ini = mutate::text(&mut rng, &ctx.corpus.ini, INI_TOKENS, 4);
        let mut generator = XboardGen::new(ctx.corpus, rng);
        let case = Case {
            args: Vec::new(),
            files: ctx.files_with(vec![("mutated.ini".into(), mutated_ini)]),
            input: generator.session(len),
            ..Case::default()
        };
        let how = format!("XBoard session {index}: nightrider < stdin (in a folder with files/)");
        ctx.run_case("xboard", &case, &how, |_, _| {}).stats.lines
    });
}

/// Console sessions until `lines` lines were fed.
pub fn console(ctx: &Ctx, lines: u64) {
    ctx.drive(0, Some(lines), |index| {
        let mut rng = ctx.rng("console", index);
        let len = rng.gen_range(SESSION_LINES.0..=SESSION_LINES.1 / 4);
        let mut generator = ConsoleGen::new(ctx.corpus, rng);
        let case = Case {
            args: Vec::new(),
            files: ctx.base_files.clone(),
            input: generator.session(len),
            ..Case::default()
        };
        let how = format!("console session {index}: nightrider < stdin (in a folder with files/)");
        ctx.run_case("console", &case, &how, |_, _| {}).stats.lines
    });
}
