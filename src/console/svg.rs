//! Board diagrams as inline SVG, for `annotateh`: any board size (8x8,
//! 10x8, 9x10 xiangqi, up to 16x16), light and dark squares, file letters
//! and rank numbers as XBoard names them (ranks from 0 on 10-rank boards),
//! and each piece as a disc with its letter: white discs for White, black
//! for Black, so every variant's pieces draw without a font of chess glyphs.

use crate::engine::diagram::Diagram;

/// Side of one square, in SVG units.
const SQUARE: usize = 40;
/// Room for the coordinates around the board.
const MARGIN: usize = 24;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// The diagram of `fen` as an `<svg>` element, White at the bottom, with a
/// caption line under it (`White to move`). `None` if the FEN has no board.
#[must_use]
pub fn board_svg(fen: &str, caption: &str) -> Option<String> {
    let diagram = Diagram::from_fen(fen)?;
    let height = fen
        .split([' ', '['])
        .next()
        .map_or(0, |p| p.split('/').count());
    let width = diagram.width();
    let (w, h) = (
        width * SQUARE + 2 * MARGIN,
        height * SQUARE + 2 * MARGIN + 20,
    );
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{}\">\n",
        escape(fen)
    );
    out.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\"/>\n",
        MARGIN - 1,
        MARGIN - 1,
        width * SQUARE + 2,
        height * SQUARE + 2
    ));
    for row in 0..height {
        for file in 0..width {
            out.push_str(&square(&diagram, row, file, height));
        }
    }
    out.push_str(&coordinates(&diagram, width, height));
    out.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\">{}</text>\n",
        w / 2,
        h - 6,
        escape(caption)
    ));
    out.push_str("</svg>");
    Some(out)
}

/// One square and the piece on it. The bottom-left square (a1) is dark.
fn square(diagram: &Diagram, row: usize, file: usize, height: usize) -> String {
    let (x, y) = (MARGIN + file * SQUARE, MARGIN + row * SQUARE);
    let dark = (height - 1 - row + file).is_multiple_of(2);
    let mut out = format!(
        "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{}\"/>\n",
        if dark { DARK } else { LIGHT }
    );
    if let Some(letter) = diagram.at(row, file) {
        let white = letter.is_ascii_uppercase();
        let (fill, ink) = if white {
            ("#ffffff", "#000000")
        } else {
            ("#202020", "#ffffff")
        };
        let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
        out.push_str(&format!(
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\"/>\n",
            SQUARE * 2 / 5
        ));
        out.push_str(&format!(
            "<text x=\"{cx}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"20\" font-weight=\"bold\" \
             text-anchor=\"middle\" fill=\"{ink}\">{}</text>\n",
            cy + 7,
            letter.to_ascii_uppercase()
        ));
    }
    out
}

/// File letters under the board, rank numbers on its left.
fn coordinates(diagram: &Diagram, width: usize, height: usize) -> String {
    let mut out = String::new();
    let style = "font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\" fill=\"#333\"";
    for file in 0..width {
        let name = diagram.square_name(height - 1, file);
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" {style}>{}</text>\n",
            MARGIN + file * SQUARE + SQUARE / 2,
            MARGIN + height * SQUARE + 16,
            &name[..1]
        ));
    }
    for row in 0..height {
        let name = diagram.square_name(row, 0);
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" {style}>{}</text>\n",
            MARGIN / 2,
            MARGIN + row * SQUARE + SQUARE / 2 + 5,
            &name[1..]
        ));
    }
    out
}

/// Text made safe for HTML and SVG.
#[must_use]
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str, what: &str) -> usize {
        text.matches(what).count()
    }

    #[test]
    fn every_board_size_gets_its_squares_pieces_and_coordinates() {
        let cases = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                64,
                32,
                "h",
                "8",
            ),
            (
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                80,
                40,
                "j",
                "8",
            ),
            (
                "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
                90,
                32,
                "i",
                "9",
            ),
        ];
        for (fen, squares, pieces, last_file, top_rank) in cases {
            let svg = board_svg(fen, "White to move").unwrap();
            assert_eq!(count(&svg, "<rect "), squares + 1, "{fen}");
            assert_eq!(count(&svg, "<circle "), pieces, "{fen}");
            assert!(svg.contains(&format!(">{last_file}</text>")), "{fen}");
            assert!(svg.contains(&format!(">{top_rank}</text>")), "{fen}");
            assert!(svg.ends_with("</svg>"));
        }
        let xiangqi = board_svg(cases[2].0, "").unwrap();
        assert!(xiangqi.contains(">0</text>") && !xiangqi.contains(">10</text>"));
    }

    #[test]
    fn a1_is_dark_and_black_pieces_are_black_discs() {
        let svg = board_svg("8/8/8/8/8/8/8/k7 w - - 0 1", "Black & White").unwrap();
        let a1 = format!("<rect x=\"{MARGIN}\" y=\"{}\"", MARGIN + 7 * SQUARE);
        let line = svg.lines().find(|l| l.starts_with(&a1)).unwrap();
        assert!(line.contains(DARK), "{line}");
        assert!(svg.contains("fill=\"#202020\""));
        assert!(svg.contains(">Black &amp; White</text>"));
        assert_eq!(board_svg("", ""), None);
    }
}
