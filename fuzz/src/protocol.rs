//! The protocol campaigns: generated XBoard sessions (the bulk of the
//! lines) and console sessions, each a fresh engine process in a scratch
//! directory holding fmax.ini, variants/, a book, a Polyglot book and a
//! mutated fmax.ini for `option IniFile=`. [`sessions`] runs any kind of
//! generated session (the UCI campaign's too).

use crate::campaign::Ctx;
use crate::case::Case;
use crate::generate::{ConsoleGen, ProtocolGen, XboardGen};
use crate::mutate;
use rand::rngs::StdRng;
use rand::Rng;

/// Files laid in a session's scratch directory: relative path and content.
pub type Files = Vec<(String, Vec<u8>)>;

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
    sessions(ctx, "xboard", "XBoard", lines, |mut rng| {
        let len = rng.gen_range(SESSION_LINES.0..=SESSION_LINES.1);
        let mutated_ini = mutate::text(&mut rng, &ctx.corpus.ini, INI_TOKENS, 4);
        let files = ctx.files_with(vec![("mutated.ini".into(), mutated_ini)]);
        (files, XboardGen::new(ctx.corpus, rng).session(len))
    });
}

/// Console sessions until `lines` lines were fed.
pub fn console(ctx: &Ctx, lines: u64) {
    sessions(ctx, "console", "console", lines, |mut rng| {
        let len = rng.gen_range(SESSION_LINES.0..=SESSION_LINES.1 / 4);
        let input = ConsoleGen::new(ctx.corpus, rng).session(len);
        (ctx.base_files.clone(), input)
    });
}

/// Sessions of the `campaign` kind, each a fresh engine fed its input
/// on stdin, until `lines` lines were fed. `make` turns session `index`'s
/// random stream into its files and input lines; `title` names the
/// session in reports.
pub fn sessions<F>(ctx: &Ctx, campaign: &str, title: &str, lines: u64, make: F)
where
    F: Fn(StdRng) -> (Files, Vec<Vec<u8>>) + Sync,
{
    ctx.drive(0, Some(lines), |index| {
        let (files, input) = make(ctx.rng(campaign, index));
        let case = Case {
            args: Vec::new(),
            files,
            input,
            ..Case::default()
        };
        let how = format!("{title} session {index}: nightrider < stdin (in a folder with files/)");
        ctx.run_case(campaign, &case, &how, |_, _| {}).stats.lines
    });
}
