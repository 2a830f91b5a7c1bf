//! The HTML page `annotateh` writes: per game a heading, the tags, the
//! header comment, then the moves (the game's variations in parentheses)
//! in paragraphs broken at every commented move, where a box shows the SVG
//! diagram of the position before it, the scores and the engine's line. Self-contained (inline style and SVG), so
//! it shows in any browser without files beside it.

use super::annotate::{note_comment, Annotated, Ply};
use super::display::score_text;
use super::svg::{board_svg, escape};
use crate::core::Color;

const STYLE: &str = "body{font-family:sans-serif;max-width:52em;margin:1em auto;padding:0 1em}\
h1{font-size:1.4em}table.tags td{padding:0 1.5em 0 0}\
p.moves{line-height:1.7}div.note{margin:1em 0;padding:.6em;border-left:4px solid #b58863;\
background:#faf6ef}div.note svg{display:block;margin-bottom:.4em}span.comment{color:#555}";

/// The whole page for `games`, `header` saying how they were annotated.
#[must_use]
pub fn document(games: &[Annotated], header: &str) -> String {
    let title = games
        .first()
        .map_or("Nightrider annotation".to_string(), title);
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&title)
    );
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push_str("<hr>\n");
        }
        out.push_str(&section(game, header));
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// `White - Black` from the tags.
fn title(a: &Annotated) -> String {
    let white = a.game.tag("White").unwrap_or("?");
    let black = a.game.tag("Black").unwrap_or("?");
    format!("{white} - {black}")
}

/// One game.
fn section(a: &Annotated, header: &str) -> String {
    let mut out = format!("<h1>{}</h1>\n<table class=\"tags\">\n", escape(&title(a)));
    for (name, value) in &a.game.tags {
        out.push_str(&format!(
            "<tr><td>{}</td><td>{}</td></tr>\n",
            escape(name),
            escape(value)
        ));
    }
    out.push_str(&format!(
        "</table>\n<p><em>{}</em></p>\n<p class=\"moves\">",
        escape(header)
    ));
    moves_html(&a.plies, &mut out);
    out.push_str(&format!(
        "<strong>{}</strong></p>\n",
        escape(&a.game.result)
    ));
    out
}

/// One line of moves: the game's comments, a box at every commented move,
/// and the game's variations in parentheses, in the same form.
fn moves_html(plies: &[Ply], out: &mut String) {
    let mut need_number = true;
    for ply in plies {
        if let Some(c) = &ply.comment_before {
            out.push_str(&comment_html(c));
        }
        if ply.side == Color::White || need_number {
            out.push_str(&number(ply));
        }
        out.push_str(&escape(&format!("{}{}", ply.san, ply.mark)));
        out.push(' ');
        need_number = false;
        if let Some(c) = &ply.comment {
            out.push_str(&comment_html(c));
            need_number = true;
        }
        if ply.note.is_some() {
            out.push_str("</p>\n");
            out.push_str(&note_box(ply));
            out.push_str("<p class=\"moves\">");
            need_number = true;
        }
        for line in &ply.variations {
            out.push('(');
            moves_html(line, out);
            if out.ends_with(' ') {
                out.pop();
            }
            out.push_str(") ");
            need_number = true;
        }
    }
}

fn comment_html(text: &str) -> String {
    format!("<span class=\"comment\">{{{}}}</span> ", escape(text))
}

fn number(ply: &Ply) -> String {
    match ply.side {
        Color::White => format!("{}. ", ply.number),
        Color::Black => format!("{}... ", ply.number),
    }
}

/// The diagram before a commented move, and the comment.
fn note_box(ply: &Ply) -> String {
    let Some(note) = &ply.note else {
        return String::new();
    };
    let mover = if ply.side == Color::White {
        "White"
    } else {
        "Black"
    };
    let caption = format!("{mover} to move; played {}{}", number(ply), ply.san);
    let diagram = board_svg(&ply.fen_before, &caption).unwrap_or_default();
    let lines: String = note
        .lines
        .iter()
        .map(|(score, line)| {
            format!(
                "<br>Nightrider's line ({}): {}",
                score_text(*score),
                escape(&line.join(" "))
            )
        })
        .collect();
    format!(
        "<div class=\"note\">\n{diagram}\n<p>{}{}: {}{lines}</p>\n</div>\n",
        number(ply),
        escape(&ply.san),
        escape(&note_comment(note)),
    )
}
