//! Counted checks (`checks_to_win`, three-check): how many checks each side
//! has still to give, kept move by move, in the key, and in FENs as
//! Fairy-Stockfish and cutechess-cli write them: `W+B`, the checks white
//! and black have still to give, after the e.p. field. Lichess's `+W+B`,
//! the checks given, after the move number is read too.

use super::MailboxPos;
use crate::core::{Color, Verdict};
use crate::position::TextError;

impl MailboxPos {
    /// Sets the checks each side has still to give, keeping the key.
    pub(crate) fn set_checks_left(&mut self, left: [u8; 2]) {
        if self.tables.checks_to_win == 0 {
            return;
        }
        let keys = &self.tables.keys.checks;
        for (c, (&old, &new)) in self.checks_left.iter().zip(&left).enumerate() {
            self.hash ^= keys[c * 128 + usize::from(old)] ^ keys[c * 128 + usize::from(new)];
        }
        self.checks_left = left;
    }

    /// After a move, with the turn passed: the side that moved gave one of
    /// its checks if the side now to move is in check. (The full test: the
    /// move is not in the history yet, so no shortcut from it applies.)
    pub(super) fn count_check(&mut self) {
        let mover = self.side.flip().index();
        if self.checks_left[mover] > 0 && !self.royalty_safe(self.side) {
            let mut left = self.checks_left;
            left[mover] -= 1;
            self.set_checks_left(left);
        }
    }

    /// The verdict for the side to move when a side has given all its
    /// checks.
    pub(crate) fn checks_verdict(&self) -> Option<Verdict> {
        if self.tables.checks_to_win == 0 {
            return None;
        }
        if self.checks_left[self.side.flip().index()] == 0 {
            Some(Verdict::Loss)
        } else if self.checks_left[self.side.index()] == 0 {
            Some(Verdict::Win)
        } else {
            None
        }
    }

    /// The checks `color` has still to give (`None`: checks are not
    /// counted).
    #[must_use]
    pub fn checks_left(&self, color: Color) -> Option<u8> {
        (self.tables.checks_to_win != 0).then(|| self.checks_left[color.index()])
    }

    /// Takes the check counters out of a FEN's fields after the castling
    /// rights, leaving the others in order: `W+B` (checks still to give)
    /// or `+W+B` (checks given). Without one, each side has all its checks
    /// to give.
    pub(super) fn take_check_field<'a>(
        &mut self,
        fields: Vec<&'a str>,
    ) -> Result<Vec<&'a str>, TextError> {
        let limit = self.tables.checks_to_win;
        if limit == 0 {
            return Ok(fields);
        }
        let Some(at) = fields.iter().position(|f| f.contains('+')) else {
            return Ok(fields);
        };
        let left = parse_checks(fields[at], limit).ok_or_else(|| {
            TextError::Fen(format!(
                "bad FEN: check counters '{}', expected W+B from 0 to {limit}",
                fields[at]
            ))
        })?;
        self.set_checks_left(left);
        let mut rest = fields;
        rest.remove(at);
        Ok(rest)
    }

    /// The check counters for a FEN (` 3+3`), or nothing when checks are
    /// not counted.
    pub(super) fn checks_text(&self) -> String {
        if self.tables.checks_to_win == 0 {
            return String::new();
        }
        format!(" {}+{}", self.checks_left[0], self.checks_left[1])
    }
}

/// `W+B` (left to give) or `+W+B` (given) as the checks left to give.
fn parse_checks(field: &str, limit: u8) -> Option<[u8; 2]> {
    let (given, body) = match field.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, field),
    };
    let (white, black) = body.split_once('+')?;
    let read = |text: &str| text.parse::<u8>().ok().filter(|&n| n <= limit);
    let counts = [read(white)?, read(black)?];
    Some(if given {
        counts.map(|n| limit - n)
    } else {
        counts
    })
}

#[cfg(test)]
mod tests {
    use super::parse_checks;

    #[test]
    fn counters_read_in_both_notations() {
        assert_eq!(parse_checks("3+3", 3), Some([3, 3]));
        assert_eq!(parse_checks("2+0", 3), Some([2, 0]));
        assert_eq!(parse_checks("+1+2", 3), Some([2, 1]));
        assert_eq!(parse_checks("4+3", 3), None);
        assert_eq!(parse_checks("3+", 3), None);
        assert_eq!(parse_checks("+3", 3), None);
        assert_eq!(parse_checks("a+b", 5), None);
    }
}
