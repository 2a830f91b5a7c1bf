//! `test FILE [N]`: runs a test suite, in EPD (`bm`, `am`, `id` opcodes, and
//! `variant` for positions of other games) or in Crafty's format (`title`,
//! `setboard`, `solution` lines, a move ending in `?` being one to avoid;
//! `variant NAME` lines switch the game for the positions that follow; an
//! `end` line ends the suite, as in Crafty's own suite files).
//!
//! Each position is searched under the console's limits on the console's
//! side (the game in progress is not touched). With N, a search stops once
//! a solution has been the best move for N iterations in a row. One line is
//! printed per position, then the summary: solved, failed, time, nodes.

use super::analysis::{self, ToolLimits};
use super::Console;
use crate::bitboard::BitboardPos;
use crate::boards::AnyPosition;
use crate::engine::searchers::{SearchBoard, SearcherPool};
use crate::engine::variation::Variation;
use crate::mailbox::MailboxPos;
use crate::notation::{parse_san, to_san};
use crate::progress::ProgressReporter;
use crate::search::Searcher;
use std::time::Instant;

/// One position of a suite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteItem {
    /// Its name (`id`, `title`), else `line N`.
    pub id: String,
    /// The position (EPD's four fields, or a full FEN).
    pub fen: String,
    /// The game, when the suite names one.
    pub variant: Option<String>,
    /// Moves that solve it (`bm`), as written.
    pub best: Vec<String>,
    /// Moves that fail it (`am`, or `?` in Crafty's format).
    pub avoid: Vec<String>,
}

/// Reads a suite in either format (they may even be mixed).
///
/// # Errors
/// `line N: reason` for the first line that is neither.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteItem>, String> {
    let mut items = Vec::new();
    let mut pending = SuiteItem::default();
    let mut variant: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let at = |why: &str| format!("line {number}: {why}");
        match word {
            "end" if rest.is_empty() => break,
            "title" => pending.id = rest.to_string(),
            "variant" if !rest.is_empty() => variant = Some(rest.to_string()),
            "setboard" if !rest.is_empty() => pending.fen = rest.to_string(),
            "solution" => {
                if pending.fen.is_empty() {
                    return Err(at("solution without setboard"));
                }
                let mut item = std::mem::take(&mut pending);
                for m in rest.split_whitespace() {
                    match m.strip_suffix('?') {
                        Some(bad) if !bad.is_empty() => item.avoid.push(bad.to_string()),
                        _ => item.best.push(m.to_string()),
                    }
                }
                if item.best.is_empty() && item.avoid.is_empty() {
                    return Err(at("solution names no move"));
                }
                if item.id.is_empty() {
                    item.id = format!("line {number}");
                }
                item.variant.clone_from(&variant);
                items.push(item);
            }
            _ => items.push(parse_epd(line, &variant).map_err(|e| at(&e))?),
        }
    }
    Ok(items)
}

/// One EPD line: four position fields, then `opcode operands;` pairs.
fn parse_epd(line: &str, variant: &Option<String>) -> Result<SuiteItem, String> {
    let mut fields = line.splitn(5, char::is_whitespace);
    let position: Vec<&str> = fields.by_ref().take(4).collect();
    if position.len() < 4 {
        return Err(format!("not an EPD line: {line}"));
    }
    let mut item = SuiteItem {
        fen: position.join(" "),
        variant: variant.clone(),
        ..SuiteItem::default()
    };
    for operation in split_operations(fields.next().unwrap_or("")) {
        let (opcode, operands) = operation
            .split_once(char::is_whitespace)
            .unwrap_or((operation.as_str(), ""));
        let operands = operands.trim();
        match opcode {
            "bm" => item
                .best
                .extend(operands.split_whitespace().map(String::from)),
            "am" => item
                .avoid
                .extend(operands.split_whitespace().map(String::from)),
            "id" => item.id = operands.trim_matches('"').to_string(),
            "variant" => item.variant = Some(operands.to_string()),
            _ => {}
        }
    }
    if item.best.is_empty() && item.avoid.is_empty() {
        return Err(format!("no bm or am operation: {line}"));
    }
    if item.id.is_empty() {
        item.id = item.fen.clone();
    }
    Ok(item)
}

/// The `;`-separated operations, `;` inside quotes kept.
fn split_operations(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            ';' if !quoted => out.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    out.push(current);
    out.into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// What one position's search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the move found solves the position.
    pub solved: bool,
    /// The move found, in SAN (`none` without one).
    pub found: String,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Searches one position and judges the move found. `hold`: stop once a
/// solution has been best for that many iterations in a row.
///
/// # Errors
/// A solution move that is not legal in the position.
pub fn solve<P: SearchBoard>(
    searcher: &mut Searcher<P>,
    mut root: P,
    item: &SuiteItem,
    limits: &ToolLimits,
    hold: Option<u32>,
    show: &mut dyn FnMut(&SearchInfoLine),
) -> Result<Verdict, String> {
    let mut read = |texts: &[String]| -> Result<Vec<P::Move>, String> {
        texts
            .iter()
            .map(|t| parse_san(&mut root, t).map_err(|e| format!("bad solution ({e})")))
            .collect()
    };
    let best = read(&item.best)?;
    let avoid = read(&item.avoid)?;
    let good = |m: &P::Move| (best.is_empty() || best.contains(m)) && !avoid.contains(m);
    let mut held = 0u32;
    let mut held_long_enough = false;
    let text_root = root.clone();
    let result = analysis::search(searcher, &root, &[], limits, Vec::new(), &mut |info| {
        let ok = info.pv.first().is_some_and(good);
        held = if ok { held + 1 } else { 0 };
        show(&SearchInfoLine {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            hashfull: 0,
            score: info.score,
            centis: info.centis,
            nodes: info.nodes,
            pv: Variation::new(&text_root, &info.pv),
            bound: info.bound,
        });
        // The search may finish an iteration more before it sees the stop.
        held_long_enough |= hold.is_some_and(|n| ok && held >= n);
        held_long_enough
    });
    let found = match result.best {
        Some(m) => to_san(&mut root, m),
        None => "none".into(),
    };
    Ok(Verdict {
        solved: held_long_enough || result.best.as_ref().is_some_and(good),
        found,
        depth: result.depth,
        nodes: result.nodes,
    })
}

/// One iteration as the console shows it with `post`.
pub type SearchInfoLine = crate::engine::api::Thinking;

/// Totals of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Totals {
    solved: usize,
    failed: Vec<String>,
    nodes: u64,
}

/// `test FILE [N]`.
///
/// # Errors
/// A missing or malformed file, or a bad N; one line.
pub fn run(c: &mut Console, args: &str) -> Result<(), String> {
    let mut words = args.split_whitespace();
    let file = words
        .next()
        .ok_or("Error (missing argument): usage: test FILE [N]")?;
    let hold: Option<u32> = match words.next() {
        None => None,
        Some(n) => Some(
            n.parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("Error (bad iteration count): {n}"))?,
        ),
    };
    let text = crate::text::read(file).map_err(|e| format!("Error: {file}: {e}"))?;
    let items = parse_suite(&text).map_err(|e| match e.split_once(": ") {
        Some((line, why)) => format!("Error ({file} {line}): {why}"),
        None => format!("Error ({file}): {e}"),
    })?;
    let limits = ToolLimits::from_console(c);
    c.print(&format!(
        "test: {} position{} from {file}, {}",
        items.len(),
        if items.len() == 1 { "" } else { "s" },
        limits.describe()
    ));
    let mut searchers = c.tool_searchers();
    let mut totals = Totals::default();
    let mut progress = ProgressReporter::new("test", items.len());
    let started = Instant::now();
    for (index, item) in items.iter().enumerate() {
        let label = format!("{}/{} {}", index + 1, items.len(), item.id);
        let position_started = Instant::now();
        let line = match test_one(c, &mut searchers, item, &limits, hold) {
            Ok(v) => {
                totals.nodes += v.nodes;
                if v.solved {
                    totals.solved += 1;
                } else {
                    totals.failed.push(item.id.clone());
                }
                let wanted = wanted_text(item);
                let verdict = if v.solved { "solved" } else { "failed" };
                format!(
                    "{label}: {verdict}, {} ({wanted}) (depth {}, {:.2} s, {} nodes)",
                    v.found,
                    v.depth,
                    position_started.elapsed().as_secs_f64(),
                    v.nodes
                )
            }
            Err(e) => {
                totals.failed.push(item.id.clone());
                format!("{label}: failed, {e}")
            }
        };
        c.print(&line);
        progress.step(&item.id);
    }
    progress.finish();
    let secs = started.elapsed().as_secs_f64();
    c.print(&format!(
        "solved {} of {}, failed {} (time {secs:.2} s, nodes {})",
        totals.solved,
        items.len(),
        totals.failed.len(),
        totals.nodes
    ));
    if !totals.failed.is_empty() {
        c.print(&format!("failed: {}", totals.failed.join(" ")));
    }
    Ok(())
}

/// `bm Qg6 am Rf8`.
fn wanted_text(item: &SuiteItem) -> String {
    let mut parts = Vec::new();
    if !item.best.is_empty() {
        parts.push(format!("bm {}", item.best.join(" ")));
    }
    if !item.avoid.is_empty() {
        parts.push(format!("am {}", item.avoid.join(" ")));
    }
    parts.join(" ")
}

/// Sets up and searches one position on its board.
fn test_one(
    c: &mut Console,
    searchers: &mut SearcherPool,
    item: &SuiteItem,
    limits: &ToolLimits,
    hold: Option<u32>,
) -> Result<Verdict, String> {
    let variant = item.variant.clone().unwrap_or_else(|| c.variant.clone());
    let pos = analysis::position(c, &variant, Some(&item.fen))?;
    let post = c.post();
    let mut lines = Vec::new();
    let mut show = |t: &SearchInfoLine| {
        if post {
            lines.push(super::display::thinking(t));
        }
    };
    let verdict = match pos {
        AnyPosition::Bitboard(p) => solve(
            searchers.emptied::<BitboardPos>(),
            p,
            item,
            limits,
            hold,
            &mut show,
        ),
        AnyPosition::Mailbox(p) => solve(
            searchers.emptied::<MailboxPos>(),
            p,
            item,
            limits,
            hold,
            &mut show,
        ),
    };
    for line in lines {
        c.print(&line);
    }
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_and_crafty_formats_are_read() {
        let text = "# a comment\n\
            r1b1k2r/8/8/8/8/8/8/4K3 w - - bm Qh5+ Qg4; am Kd1; id \"x;1\";\n\
            title two\n\
            setboard 8/8/8/8/8/8/8/K6k w - - 0 1\n\
            solution Ka2 Kb1?\n\
            variant xiangqi\n\
            4k4/9/9/9/9/9/9/9/9/4K4 w - - am Ke1; c0 \"no id\";\n";
        let items = parse_suite(text).unwrap();
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].id, "x;1");
        assert_eq!(items[0].fen, "r1b1k2r/8/8/8/8/8/8/4K3 w - -");
        assert_eq!(items[0].best, ["Qh5+", "Qg4"]);
        assert_eq!(items[0].avoid, ["Kd1"]);
        assert_eq!(items[0].variant, None);
        assert_eq!(items[1].id, "two");
        assert_eq!(items[1].best, ["Ka2"]);
        assert_eq!(items[1].avoid, ["Kb1"]);
        assert_eq!(items[2].variant.as_deref(), Some("xiangqi"));
        assert_eq!(items[2].id, "4k4/9/9/9/9/9/9/9/9/4K4 w - -");
    }

    #[test]
    fn a_crafty_suite_ends_at_its_end_line() {
        let text = "title one\n\
            setboard 8/8/8/8/8/8/8/K6k w - - 0 1\n\
            solution Ka2\n\
            end\n\
            not read: whatever follows the end\n";
        let items = parse_suite(text).unwrap();
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].id, "one");
        assert_eq!(
            parse_suite("end here\n"),
            Err("line 1: not an EPD line: end here".into())
        );
    }

    #[test]
    fn malformed_suites_name_the_line() {
        assert_eq!(
            parse_suite("\nsolution Qg6\n"),
            Err("line 2: solution without setboard".into())
        );
        assert_eq!(
            parse_suite("8/8/8/8/8/8/8/K6k w - - id \"x\";\n"),
            Err("line 1: no bm or am operation: 8/8/8/8/8/8/8/K6k w - - id \"x\";".into())
        );
        assert_eq!(
            parse_suite("hello world\n"),
            Err("line 1: not an EPD line: hello world".into())
        );
    }
}
