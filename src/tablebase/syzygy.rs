//! Syzygy probing on the orthodox board: the prober (`pyrrhic-rs`) fed
//! with our bitboards and attack tables, the tables opened from a checked
//! [`Catalog`], and [`SyzygyProbe`], the [`EndgameTables`] the search asks.
//!
//! The prober keeps one set of open tables per process, so one [`Syzygy`]
//! exists at a time; opening another first needs the old one dropped.

use super::files::{Catalog, Staging, TableKind};
use crate::bitboard::{tables, BitboardPos, Move, PieceType};
use crate::position::{EndgameTables, Position, TableMove, TableWdl};
use pyrrhic_rs::{DtzProbeValue, EngineAdapter, TBError, TableBases, WdlProbeResult};
use std::sync::Arc;

/// Our attack tables, as the prober asks for them.
#[derive(Clone, Copy, Debug)]
pub struct Attacks;

impl EngineAdapter for Attacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, square: u64) -> u64 {
        let color = usize::from(color == pyrrhic_rs::Color::Black);
        tables().pawn(color, square as usize)
    }
    fn knight_attacks(square: u64) -> u64 {
        tables().knight(square as usize)
    }
    fn bishop_attacks(square: u64, occupied: u64) -> u64 {
        tables().bishop(square as usize, occupied)
    }
    fn rook_attacks(square: u64, occupied: u64) -> u64 {
        tables().rook(square as usize, occupied)
    }
    fn queen_attacks(square: u64, occupied: u64) -> u64 {
        tables().queen(square as usize, occupied)
    }
    fn king_attacks(square: u64) -> u64 {
        tables().king(square as usize)
    }
}

/// How the search uses the tables (UCI's `SyzygyProbeDepth`,
/// `SyzygyProbeLimit` and `Syzygy50MoveRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeSettings {
    /// Probe endings of the most men only at this depth or deeper.
    pub depth: i32,
    /// Probe endings of at most this many men.
    pub limit: u32,
    /// Whether a win the 50-move rule spoils counts as a draw.
    pub fifty_move_rule: bool,
}

impl Default for ProbeSettings {
    fn default() -> Self {
        ProbeSettings {
            depth: 1,
            limit: 7,
            fifty_move_rule: true,
        }
    }
}

/// Open Syzygy tables.
pub struct Syzygy {
    prober: TableBases<Attacks>,
    largest: u32,
    has_dtz: bool,
    /// The folder of links the prober reads when some file was left out.
    _staging: Option<Staging>,
}

impl std::fmt::Debug for Syzygy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Syzygy")
            .field("largest", &self.largest)
            .field("has_dtz", &self.has_dtz)
            .finish_non_exhaustive()
    }
}

/// What opening a Syzygy path gave: the tables (if any) and one line per
/// thing to tell the user.
#[derive(Debug, Default)]
pub struct Opened {
    /// The tables, when the path holds at least one good WDL file.
    pub tables: Option<Syzygy>,
    /// A summary line, then one line per folder or file left out.
    pub messages: Vec<String>,
}

impl Syzygy {
    /// Opens the tables of `path` (folders separated by `:`). An empty
    /// path closes them and says nothing.
    #[must_use]
    pub fn open(path: &str) -> Opened {
        let catalog = Catalog::scan(path);
        let mut messages = catalog.problems.clone();
        if catalog.folders.is_empty() && catalog.problems.is_empty() {
            return Opened::default();
        }
        let wdl = catalog.count(TableKind::Wdl);
        if wdl == 0 {
            let mut line = format!("no Syzygy tables found in {path}");
            if !messages.is_empty() {
                line = format!("{line} ({})", messages.join("; "));
            }
            return Opened {
                tables: None,
                messages: vec![line],
            };
        }
        match Syzygy::start(&catalog) {
            Ok(tables) => {
                let summary = format!(
                    "Syzygy: {wdl} WDL and {} DTZ tables, up to {} men",
                    catalog.count(TableKind::Dtz),
                    tables.largest
                );
                messages.insert(0, summary);
                Opened {
                    tables: Some(tables),
                    messages,
                }
            }
            Err(why) => {
                messages.insert(0, format!("Syzygy tables in {path} not opened: {why}"));
                Opened {
                    tables: None,
                    messages,
                }
            }
        }
    }

    fn start(catalog: &Catalog) -> Result<Syzygy, String> {
        let staging = if catalog.has_bad_files() {
            Some(Staging::new(catalog)?)
        } else {
            None
        };
        let folders: Vec<String> = match &staging {
            Some(s) => vec![s.folder().display().to_string()],
            None => catalog
                .folders
                .iter()
                .map(|f| f.display().to_string())
                .collect(),
        };
        let separator = if cfg!(windows) { ";" } else { ":" };
        let prober = TableBases::<Attacks>::new(folders.join(separator)).map_err(|e| match e {
            TBError::AlreadyInitialized | TBError::NotSingleton => {
                "other tables are open".to_string()
            }
            _ => "the prober refused them".to_string(),
        })?;
        let largest = prober.max_pieces().min(catalog.largest());
        Ok(Syzygy {
            prober,
            largest,
            has_dtz: catalog.count(TableKind::Dtz) > 0,
            _staging: staging,
        })
    }

    /// The most men of any ending the tables hold.
    #[must_use]
    pub fn largest(&self) -> u32 {
        self.largest
    }

    /// The WDL value of `pos` as the tables store it (the 50-move rule's
    /// cursed wins and blessed losses told apart), or `None` when they do
    /// not hold it: too many men, castling rights, or no file.
    #[must_use]
    pub fn wdl(&self, pos: &BitboardPos) -> Option<TableWdl> {
        if !self.holds(pos) {
            return None;
        }
        let [white, black, kings, queens, rooks, bishops, knights, pawns] = men(pos);
        let result = self.prober.probe_wdl(
            white,
            black,
            kings,
            queens,
            rooks,
            bishops,
            knights,
            pawns,
            ep(pos),
            pos.side_index() == 0,
        );
        result.ok().map(wdl_of)
    }

    /// The DTZ tables' move for `pos` (the 50-move clock counted), or
    /// `None` when they do not hold it.
    #[must_use]
    pub fn best_move(&self, pos: &BitboardPos) -> Option<TableMove<Move>> {
        if !self.has_dtz || !self.holds(pos) {
            return None;
        }
        let [white, black, kings, queens, rooks, bishops, knights, pawns] = men(pos);
        let probe = self
            .prober
            .probe_root(
                white,
                black,
                kings,
                queens,
                rooks,
                bishops,
                knights,
                pawns,
                pos.halfmove_clock(),
                ep(pos),
                pos.side_index() == 0,
            )
            .ok()?;
        let DtzProbeValue::DtzResult(found) = probe.root else {
            return None;
        };
        let promotion = match found.promotion {
            pyrrhic_rs::Piece::Queen => Some(PieceType::Queen),
            pyrrhic_rs::Piece::Rook => Some(PieceType::Rook),
            pyrrhic_rs::Piece::Bishop => Some(PieceType::Bishop),
            pyrrhic_rs::Piece::Knight => Some(PieceType::Knight),
            _ => None,
        };
        let best = pos.clone().legal_moves().into_iter().find(|m| {
            m.from_index() == usize::from(found.from_square)
                && m.to_index() == usize::from(found.to_square)
                && m.promotion() == promotion
        })?;
        Some(TableMove {
            best,
            wdl: wdl_of(found.wdl),
            dtz: u32::from(found.dtz),
        })
    }

    /// Whether the tables may hold `pos`: few enough men, no castling.
    fn holds(&self, pos: &BitboardPos) -> bool {
        pos.occupied().count_ones() <= self.largest && !pos.any_castling()
    }
}

/// The prober's value as ours.
fn wdl_of(result: WdlProbeResult) -> TableWdl {
    match result {
        WdlProbeResult::Loss => TableWdl::Loss,
        WdlProbeResult::BlessedLoss => TableWdl::BlessedLoss,
        WdlProbeResult::Draw => TableWdl::Draw,
        WdlProbeResult::CursedWin => TableWdl::CursedWin,
        WdlProbeResult::Win => TableWdl::Win,
    }
}

/// The prober's en-passant square: 0 for none.
fn ep(pos: &BitboardPos) -> u32 {
    pos.ep_square().map_or(0, |sq| sq as u32)
}

/// White's men, black's, then each kind's (kings to pawns).
fn men(pos: &BitboardPos) -> [u64; 8] {
    [
        pos.color_bb(0),
        pos.color_bb(1),
        pos.kind_bb(PieceType::King),
        pos.kind_bb(PieceType::Queen),
        pos.kind_bb(PieceType::Rook),
        pos.kind_bb(PieceType::Bishop),
        pos.kind_bb(PieceType::Knight),
        pos.kind_bb(PieceType::Pawn),
    ]
}

/// The tables as the search asks them, with the user's settings.
#[derive(Clone, Debug)]
pub struct SyzygyProbe {
    /// The open tables.
    pub tables: Arc<Syzygy>,
    /// How to use them.
    pub settings: ProbeSettings,
}

impl SyzygyProbe {
    /// A value with the 50-move rule applied or not, as set.
    fn ruled(&self, wdl: TableWdl) -> TableWdl {
        match wdl {
            TableWdl::CursedWin if !self.settings.fifty_move_rule => TableWdl::Win,
            TableWdl::BlessedLoss if !self.settings.fifty_move_rule => TableWdl::Loss,
            other => other,
        }
    }

    /// The most men the search probes.
    fn cardinality(&self) -> u32 {
        self.tables.largest.min(self.settings.limit)
    }
}

impl EndgameTables<BitboardPos> for SyzygyProbe {
    fn probe(&self, pos: &BitboardPos, depth: i32) -> Option<TableWdl> {
        let men = pos.occupied().count_ones();
        let cardinality = self.cardinality();
        // The WDL tables are exact only just after a capture or pawn move.
        if men > cardinality || pos.halfmove_clock() != 0 {
            return None;
        }
        if men == cardinality && depth < self.settings.depth {
            return None;
        }
        self.tables.wdl(pos).map(|w| self.ruled(w))
    }

    fn root_move(&self, pos: &BitboardPos) -> Option<TableMove<Move>> {
        if pos.occupied().count_ones() > self.cardinality() {
            return None;
        }
        let mut found = self.tables.best_move(pos)?;
        found.wdl = self.ruled(found.wdl);
        Some(found)
    }
}
