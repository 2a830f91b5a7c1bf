//! XBoard's `holding [WHITE] [BLACK]`: the men in hand as the GUI sees them
//! (ICS crazyhouse and bughouse). Hands equal to the engine's change
//! nothing; other hands replace the position as `setboard` does, so the
//! moves before it can no longer be taken back. A game without hands, or
//! hands the game cannot hold, get an `Error` reply and leave the game as
//! it was.

use super::Control;
use crate::engine::api::Event;

impl Control {
    /// Sets both sides' hands from `holding`'s letters.
    pub(super) fn set_holdings(&mut self, white: &str, black: &str) {
        let command = format!("holding [{white}] [{black}]");
        let fen = self.game.fen();
        let Some((placement, held, rest)) = split_holdings(&fen) else {
            self.refuse("no men in hand in this game", command);
            return;
        };
        let wanted = format!("{}{}", white, black.to_ascii_lowercase());
        if sorted(held) == sorted(&wanted) {
            return;
        }
        self.abandon();
        match self.game.set_fen(&format!("{placement}[{wanted}]{rest}")) {
            Ok(()) => self.position_changed(),
            Err(e) => self.refuse(&format!("impossible holdings: {e}"), command),
        }
        self.kick();
    }

    fn refuse(&mut self, reason: &str, command: String) {
        self.out.push(Event::Error {
            reason: reason.to_string(),
            command,
        });
    }
}

/// A FEN cut around its holdings: the placement before `[`, the men held,
/// and everything after `]`; `None` where the FEN has no holdings.
fn split_holdings(fen: &str) -> Option<(&str, &str, &str)> {
    let (placement, after) = fen.split_once('[')?;
    let (held, rest) = after.split_once(']')?;
    (!placement.contains(' ')).then_some((placement, held, rest))
}

fn sorted(men: &str) -> Vec<char> {
    let mut men: Vec<char> = men.chars().collect();
    men.sort_unstable();
    men
}
