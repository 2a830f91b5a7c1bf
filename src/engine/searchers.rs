//! The searchers kept between searches: one [`Searcher`] (transposition
//! table, ordering tables) for the board in use, its table size and thread
//! count. The engine's search thread and the console's tools (test suites,
//! annotation) each own a [`SearcherPool`]; only one board's searcher is
//! kept at a time, so memory holds one table.

use super::any_move::AnyMove;
use crate::bitboard::BitboardPos;
use crate::boards::AnyPosition;
use crate::mailbox::MailboxPos;
use crate::position::EndgameTables;
use crate::position::{Evaluate, Position};
use crate::search::{Progress, ProgressSnapshot, Searcher, TranspositionTable, DEFAULT_HASH_MB};
use crate::tablebase::{ProbeSettings, Syzygy, SyzygyProbe};
use std::sync::Arc;

/// The searcher of the board in use, with the size and threads of the next.
pub struct SearcherPool {
    /// MB asked for by the last `memory`.
    requested_mb: usize,
    /// MB of the table made for that request (less when memory is short).
    hash_mb: usize,
    /// A table made by `memory` that no searcher has taken yet.
    fresh: Option<Arc<TranspositionTable>>,
    threads: usize,
    bitboard: Option<Searcher<BitboardPos>>,
    mailbox: Option<Searcher<MailboxPos>>,
    /// Open Syzygy tables (orthodox board), if any.
    syzygy: Option<Arc<Syzygy>>,
}

impl SearcherPool {
    /// A pool whose searchers get a table of `hash_mb` MB (0: the default)
    /// and `threads` threads (at least one).
    #[must_use]
    pub fn new(hash_mb: usize, threads: usize) -> SearcherPool {
        let hash_mb = if hash_mb == 0 {
            DEFAULT_HASH_MB
        } else {
            hash_mb
        };
        SearcherPool {
            requested_mb: hash_mb,
            hash_mb,
            fresh: None,
            threads: threads.max(1),
            bitboard: None,
            mailbox: None,
            syzygy: None,
        }
    }

    /// Opens the Syzygy tables of `path` (folders separated by `:`; empty
    /// closes them) in place of those open; what to tell the user.
    pub fn open_syzygy(&mut self, path: &str) -> Vec<String> {
        // The prober holds one set per process: the old one closes first.
        self.syzygy = None;
        let opened = Syzygy::open(path);
        self.syzygy = opened.tables.map(Arc::new);
        opened.messages
    }

    /// A searcher with the table `memory` made, or a new one of its size.
    fn make<P: Position + Evaluate>(&mut self) -> Searcher<P> {
        let table = self
            .fresh
            .take()
            .unwrap_or_else(|| Arc::new(TranspositionTable::new(self.hash_mb)));
        let mut searcher = Searcher::with_table(table);
        searcher.set_threads(self.threads);
        searcher
    }

    /// `memory MB`: a new table of that size, or of what the machine can
    /// give; (asked, used) when that is less. The same size again keeps
    /// the table (XBoard repeats `memory` before every game).
    pub fn resize(&mut self, megabytes: u64) -> Option<(usize, usize)> {
        let wanted = usize::try_from(megabytes).unwrap_or(usize::MAX).max(1);
        if wanted == self.requested_mb {
            return None;
        }
        self.requested_mb = wanted;
        // The old tables go first, so their memory counts as free.
        self.bitboard = None;
        self.mailbox = None;
        self.fresh = None;
        let table = TranspositionTable::new(wanted);
        self.hash_mb = table.megabytes();
        self.fresh = Some(Arc::new(table));
        (self.hash_mb < wanted).then_some((wanted, self.hash_mb))
    }

    /// Searches from now on use `threads` threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        if let Some(s) = &mut self.bitboard {
            s.set_threads(self.threads);
        }
        if let Some(s) = &mut self.mailbox {
            s.set_threads(self.threads);
        }
    }

    /// Forgets what earlier searches learnt (tables emptied, sizes kept).
    pub fn clear(&mut self) {
        if let Some(s) = &mut self.bitboard {
            s.clear();
        }
        if let Some(s) = &mut self.mailbox {
            s.clear();
        }
    }

    /// The searcher of board `P`, emptied of earlier work.
    pub fn emptied<P: SearchBoard>(&mut self) -> &mut Searcher<P> {
        let searcher = P::searcher(self);
        searcher.clear();
        searcher
    }
}

/// A board the pool can search: it knows which of the [`SearcherPool`]'s
/// searchers is its own.
pub trait SearchBoard: Position + Evaluate {
    /// This board's searcher, created on first use (the other board's is
    /// dropped).
    fn searcher(pool: &mut SearcherPool) -> &mut Searcher<Self>;
    /// `m` as the engine carries it.
    fn any_move(m: Self::Move) -> AnyMove;
    /// `m` as this board's move; `None` for the other board's.
    fn board_move(m: AnyMove) -> Option<Self::Move>;
    /// `pos` as the engine carries it.
    fn any_position(pos: Self) -> AnyPosition;
    /// This board's live progress in `progress`; `None` for the other board's.
    fn board_progress(progress: &AnyProgress) -> Option<Arc<Progress<Self::Move>>>;
    /// The pool's endgame tables for this board, used as `settings` say.
    fn endgame_tables(
        pool: &SearcherPool,
        settings: ProbeSettings,
    ) -> Option<Arc<dyn EndgameTables<Self>>>;
}

/// The orthodox board's tables: the open Syzygy set.
fn syzygy_tables(
    pool: &SearcherPool,
    settings: ProbeSettings,
) -> Option<Arc<dyn EndgameTables<BitboardPos>>> {
    let tables = Arc::clone(pool.syzygy.as_ref()?);
    Some(Arc::new(SyzygyProbe { tables, settings }))
}

/// A board without tables.
fn no_tables<P>(_: &SearcherPool, _: ProbeSettings) -> Option<Arc<dyn EndgameTables<P>>> {
    None
}

/// Implements [`SearchBoard`] for `$board` (moves `$mv`), whose variant of
/// the engine's enums is `$own`, whose searcher lives in the pool's `$field`
/// and whose other board is `$other` (searcher in `$other_field`); `$tables`
/// gives its endgame tables.
macro_rules! search_board {
    ($board:ty, $mv:ty, $own:ident, $field:ident, $other:ident, $other_field:ident, $tables:expr) => {
        impl SearchBoard for $board {
            fn endgame_tables(
                pool: &SearcherPool,
                settings: ProbeSettings,
            ) -> Option<Arc<dyn EndgameTables<$board>>> {
                $tables(pool, settings)
            }

            fn any_position(pos: $board) -> AnyPosition {
                AnyPosition::$own(pos)
            }

            fn board_progress(progress: &AnyProgress) -> Option<Arc<Progress<$mv>>> {
                match progress {
                    AnyProgress::$own(p) => Some(Arc::clone(p)),
                    AnyProgress::$other(_) => None,
                }
            }

            fn any_move(m: $mv) -> AnyMove {
                AnyMove::from(m)
            }

            fn board_move(m: AnyMove) -> Option<$mv> {
                match m {
                    AnyMove::$own(m) => Some(m),
                    AnyMove::$other(_) => None,
                }
            }

            fn searcher(pool: &mut SearcherPool) -> &mut Searcher<$board> {
                pool.$other_field = None;
                let searcher = match pool.$field.take() {
                    Some(searcher) => searcher,
                    None => pool.make(),
                };
                pool.$field.insert(searcher)
            }
        }
    };
}

search_board!(
    BitboardPos,
    crate::bitboard::Move,
    Bitboard,
    bitboard,
    Mailbox,
    mailbox,
    syzygy_tables
);
search_board!(
    MailboxPos,
    crate::mailbox::Move,
    Mailbox,
    mailbox,
    Bitboard,
    bitboard,
    no_tables
);

/// The live progress of a search on either board, shared between the
/// search thread (which writes it) and the control thread (which reads it
/// for `stat01` and UCI's `currmove`).
#[derive(Clone, Debug)]
pub enum AnyProgress {
    /// A search on the bitboard board.
    Bitboard(Arc<Progress<crate::bitboard::Move>>),
    /// A search on the mailbox board.
    Mailbox(Arc<Progress<crate::mailbox::Move>>),
}

impl AnyProgress {
    /// Reads the current values.
    #[must_use]
    pub fn snapshot(&self) -> ProgressSnapshot {
        match self {
            AnyProgress::Bitboard(p) => p.snapshot(),
            AnyProgress::Mailbox(p) => p.snapshot(),
        }
    }

    /// The root move being searched (`None` before the first) and how
    /// many root moves of this depth came before it.
    #[must_use]
    pub fn current_move(&self) -> (Option<AnyMove>, u32) {
        match self {
            AnyProgress::Bitboard(p) => {
                let (m, done) = p.current_move();
                (m.map(AnyMove::from), done)
            }
            AnyProgress::Mailbox(p) => {
                let (m, done) = p.current_move();
                (m.map(AnyMove::from), done)
            }
        }
    }
}
