//! The control thread on its own: commands in, the exact events out, with
//! a real search thread whose reports are fed back as `engine::run` does.

use super::*;
use crate::core::{Color, GameResult};
use crate::engine::api::{MoveName, PositionFault, SearchOrder, Square};
use crossbeam_channel::{Receiver, RecvTimeoutError};

/// Generous bound on waiting for an event; only reached when a test fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// White mates with Ra8 (the board's text: `a1a8`), and only so in one.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";

/// A control on the shipped fmax.ini with its search thread's reports.
struct Harness {
    control: Control,
    reports: Receiver<Report>,
}

impl Harness {
    fn new() -> Harness {
        let ini = concat!(env!("CARGO_MANIFEST_DIR"), "/fmax.ini");
        let (tx, reports) = crossbeam_channel::unbounded();
        let thread = SearchThread::spawn(tx).expect("a search thread");
        let (library, report) = Library::load(Some(ini));
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        Harness {
            control: Control::new(library, false, thread),
            reports,
        }
    }

    /// Handles `commands` in order; the events they produced at once.
    fn send(&mut self, commands: impl IntoIterator<Item = Command>) -> Vec<Event> {
        for command in commands {
            assert!(self.control.handle(command));
        }
        self.control.drain().collect()
    }

    /// Feeds the search thread's reports and the timer to the control
    /// until it produces an event `done` accepts; every event up to it.
    fn until(&mut self, done: impl Fn(&Event) -> bool) -> Vec<Event> {
        let give_up = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let wait = self
                .control
                .wake_at()
                .map_or(PATIENCE, |at| at.saturating_duration_since(Instant::now()));
            match self
                .reports
                .recv_timeout(wait.min(Duration::from_millis(100)))
            {
                Ok(report) => self.control.on_report(report),
                Err(RecvTimeoutError::Timeout) => {
                    if self
                        .control
                        .wake_at()
                        .is_some_and(|at| at <= Instant::now())
                    {
                        self.control.on_timer();
                    }
                }
                Err(RecvTimeoutError::Disconnected) => panic!("the search thread is gone"),
            }
            for event in self.control.drain() {
                let end = done(&event);
                seen.push(event);
                if end {
                    return seen;
                }
            }
            assert!(Instant::now() < give_up, "no such event; so far {seen:?}");
        }
    }

    /// The game's record ([`Command::Position`]).
    fn record(&mut self) -> Snapshot {
        match &self.send([Command::Position])[..] {
            [Event::Position(snapshot)] => snapshot.clone(),
            other => panic!("{other:?}"),
        }
    }
}

/// `quit`, as `engine::run` sends it at the end: the running search is
/// abandoned, so the search thread can be joined.
impl Drop for Harness {
    fn drop(&mut self) {
        self.control.handle(Command::Quit);
    }
}

/// Events other than thinking lines.
fn without_thinking(events: Vec<Event>) -> Vec<Event> {
    events
        .into_iter()
        .filter(|e| !matches!(e, Event::Thinking(_)))
        .collect()
}

fn white_mates() -> GameResult {
    GameResult {
        winner: Some(Color::White),
        reason: "White mates".into(),
    }
}

fn square(file: u8, rank: u8) -> Square {
    Square { file, rank }
}

/// `e2e4` and the like: a step between two squares.
fn step(from: (u8, u8), to: (u8, u8)) -> MoveName {
    MoveName::Step {
        from: square(from.0, from.1),
        to: square(to.0, to.1),
        letter: None,
    }
}

#[test]
fn a_ping_during_our_search_is_answered_after_the_move_it_waits_for() {
    let mut h = Harness::new();
    let set_up = [
        Command::Force,
        Command::SetBoard(MATE_IN_ONE.into()),
        Command::Depth(3),
        Command::Ping("1".into()),
    ];
    assert_eq!(h.send(set_up), [Event::Pong("1".into())]);
    assert_eq!(h.send([Command::Go, Command::Ping("2".into())]), []);
    let events = h.until(|e| matches!(e, Event::Pong(_)));
    assert_eq!(
        without_thinking(events),
        [
            Event::Move("a1a8".into()),
            Event::GameOver(white_mates()),
            Event::Pong("2".into()),
        ]
    );
    assert_eq!(h.record().moves, ["a1a8"]);
    // The game is over: `go` announces nothing twice and plays nothing.
    assert_eq!(
        h.send([Command::Go, Command::Ping("3".into())]),
        [Event::Pong("3".into())]
    );
}

#[test]
fn an_illegal_move_is_refused_and_the_game_is_unchanged() {
    let mut h = Harness::new();
    let e2e4 = [
        Command::New,
        Command::Force,
        Command::UserMove("e2e4".into()),
    ];
    assert_eq!(h.send(e2e4), []);
    let before = h.record();
    assert_eq!(before.moves, ["e2e4"]);
    assert_eq!(
        h.send([Command::UserMove("e7e4".into())]),
        [Event::IllegalMove {
            text: "e7e4".into(),
            reason: None
        }]
    );
    assert_eq!(h.record(), before);
    // The first move of a game in force mode may be cutechess's dummy
    // move before `setboard`: it is refused only once another command
    // shows that no `setboard` follows.
    assert_eq!(h.send([Command::New, Command::Force]), []);
    assert_eq!(h.send([Command::UserMove("e2e5".into())]), []);
    let events = h.send([Command::Position]);
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(
        events[0],
        Event::IllegalMove {
            text: "e2e5".into(),
            reason: None
        }
    );
    assert!(matches!(&events[1], Event::Position(s) if s.moves.is_empty()));
    assert_eq!(h.send([Command::UserMove("e2e5".into())]), []);
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(h.send([Command::SetBoard(fen.into())]), []);
    assert_eq!(h.record().fen, fen);
}

#[test]
fn uci_orders_are_answered_by_a_best_move_that_is_not_played() {
    let mut h = Harness::new();
    let hello = h.send([Command::Uci]);
    assert!(
        matches!(&hello[..], [Event::Hello(hello)] if hello.variants.iter().any(|v| v == "normal")),
        "{hello:?}"
    );
    let position = Command::SetPosition {
        fen: Some(MATE_IN_ONE.into()),
        moves: Vec::new(),
    };
    let go = Command::Search(SearchOrder {
        depth: Some(3),
        ..SearchOrder::default()
    });
    assert_eq!(h.send([position, go]), []);
    let events = h.until(|e| matches!(e, Event::BestMove(_)));
    let Some(Event::BestMove(line)) = events.last() else {
        panic!("{events:?}")
    };
    assert_eq!(line.board_texts(), ["a1a8"]);
    assert!(events.iter().any(|e| matches!(e, Event::Thinking(_))));
    assert!(!events.iter().any(|e| matches!(e, Event::Move(_))));
    assert_eq!(h.record().fen, MATE_IN_ONE);
    assert_eq!(h.send([Command::IsReady]), [Event::Ready]);
}

#[test]
fn a_uci_position_is_all_or_nothing() {
    let mut h = Harness::new();
    h.send([Command::Uci]);
    let (e2e4, e7e5) = (step((4, 1), (4, 3)), step((4, 6), (4, 4)));
    let open = Command::SetPosition {
        fen: None,
        moves: vec![e2e4, e7e5],
    };
    assert_eq!(h.send([open]), []);
    let before = h.record();
    assert_eq!(before.moves, ["e2e4", "e7e5"]);
    let twice = Command::SetPosition {
        fen: None,
        moves: vec![e2e4, e2e4],
    };
    assert_eq!(
        h.send([twice]),
        [Event::PositionRefused(PositionFault::Move(e2e4))]
    );
    assert_eq!(h.record(), before);
    let bad_fen = Command::SetPosition {
        fen: Some("8/8/8 w - - 0 1".into()),
        moves: vec![e2e4],
    };
    assert!(matches!(
        &h.send([bad_fen])[..],
        [Event::PositionRefused(PositionFault::Fen(_))]
    ));
    assert_eq!(h.record(), before);
}

#[test]
fn commands_of_the_other_model_are_ignored() {
    let mut h = Harness::new();
    let order = Command::Search(SearchOrder {
        depth: Some(2),
        ..SearchOrder::default()
    });
    assert_eq!(h.send([Command::Force, order.clone(), Command::Stop]), []);
    assert!(h.control.search.running.is_none());
    h.send([Command::Uci]);
    let xboard = [
        Command::SetBoard(MATE_IN_ONE.into()),
        Command::UserMove("e2e4".into()),
        Command::Go,
        Command::Analyze,
    ];
    assert_eq!(h.send(xboard), []);
    assert!(h.control.search.running.is_none());
    assert_eq!(h.record().moves, Vec::<String>::new());
    h.send([order]);
    assert!(h.control.search.running.is_some());
    let events = h.until(|e| matches!(e, Event::BestMove(_)));
    assert!(!events.iter().any(|e| matches!(e, Event::Move(_))));
}

#[test]
fn pondering_moves_at_once_when_the_guess_is_played() {
    let mut h = Harness::new();
    let set_up = [
        Command::New,
        Command::Force,
        Command::UserMove("e2e4".into()),
        Command::Ponder(true),
        Command::MoveTime(200),
        Command::Go,
    ];
    assert_eq!(h.send(set_up), []);
    let events = h.until(|e| matches!(e, Event::Move(_)));
    assert!(matches!(
        h.control.running_kind(),
        Some(Kind::Ponder { .. })
    ));
    let guess = h.control.here.guess.expect("a reply to ponder on");
    let text = h.control.game.move_text(guess).expect("legal");
    assert_eq!(without_thinking(events).len(), 1);
    // The ponder search becomes the search of our next move.
    assert_eq!(h.send([Command::UserMove(text)]), []);
    assert_eq!(h.control.running_kind(), Some(&Kind::Think));
    h.until(|e| matches!(e, Event::Move(_)));
    assert_eq!(h.record().moves.len(), 4);
}

#[test]
fn the_strength_options_limit_our_moves_in_either_model() {
    let mut h = Harness::new();
    assert_eq!(h.control.move_limits(Color::White).nodes, None);
    let option = |name: &str, value: &str| Command::SetOption {
        name: name.into(),
        value: Some(value.into()),
    };
    let weaken = [option("LimitStrength", "1"), option("Elo", "1200")];
    assert_eq!(h.send(weaken), []);
    // Elo 1200 plays at level 846: 317 nodes a move.
    assert_eq!(h.control.move_limits(Color::White).nodes, Some(317));
    assert_eq!(h.send([Command::New, Command::Force, Command::Go]), []);
    assert!(h
        .control
        .search
        .running
        .as_ref()
        .is_some_and(|run| run.weak));
    h.until(|e| matches!(e, Event::Move(_)));
    assert_eq!(h.send([option("LimitStrength", "0")]), []);
    assert_eq!(h.control.move_limits(Color::White).nodes, None);
    assert_eq!(
        h.send([option("Elo", "many")]),
        [Event::Error {
            reason: "bad value".into(),
            command: "option Elo".into()
        }]
    );
    h.send([Command::Uci, option("LimitStrength", "1")]);
    let go = Command::Search(SearchOrder {
        clock: crate::engine::api::OrderClock {
            white_ms: Some(60_000),
            black_ms: Some(60_000),
            ..Default::default()
        },
        ..SearchOrder::default()
    });
    h.send([
        Command::SetPosition {
            fen: None,
            moves: Vec::new(),
        },
        go,
    ]);
    assert!(h
        .control
        .search
        .running
        .as_ref()
        .is_some_and(|run| run.weak));
    h.until(|e| matches!(e, Event::BestMove(_)));
}
