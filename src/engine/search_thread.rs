//! The search thread: runs one job at a time and reports back over a channel.
//!
//! A [`Job`] is an owned closure (it carries its own clone of the position),
//! tagged with an id and its own [`StopFlag`]. The control thread never waits
//! for the search thread: to stop it sets the job's flag to [`Stop::Now`] (play the
//! best move so far) or [`Stop::Abandon`] (discard the result), and it ignores
//! every [`Report`] whose id is not the current job's, so a late result of an
//! abandoned search can never be played. Persistent search state (the
//! transposition table and its size, the thread count) lives in [`SearcherPool`],
//! owned by this thread; a `memory` request the machine cannot meet gets a
//! smaller table, and [`Report::Resized`] says so.

use super::any_move::AnyMove;
use super::api::Thinking;
use super::searchers::SearcherPool;
use crate::core::Score;
use crate::search::{usable_threads, DEFAULT_HASH_MB};
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// What the control thread wants from a running search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Stop {
    /// Keep searching.
    Run = 0,
    /// Stop and report the best move found so far (`?`, time up).
    Now = 1,
    /// Stop; the result will be ignored (`new`, `force`, `undo`, ...).
    Abandon = 2,
}

/// A shared, per-job stop request.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicU8>);

impl StopFlag {
    /// A flag saying [`Stop::Run`].
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag(Arc::new(AtomicU8::new(Stop::Run as u8)))
    }

    /// Asks the job to stop; an `Abandon` is never weakened to `Now`.
    pub fn request(&self, stop: Stop) {
        self.0.fetch_max(stop as u8, Ordering::Relaxed);
    }

    /// The current request.
    #[must_use]
    pub fn get(&self) -> Stop {
        match self.0.load(Ordering::Relaxed) {
            0 => Stop::Run,
            1 => Stop::Now,
            _ => Stop::Abandon,
        }
    }

    /// Whether the job should stop for any reason.
    #[must_use]
    pub fn stopping(&self) -> bool {
        self.get() != Stop::Run
    }

    /// The shared atomic itself, for searches that poll it directly
    /// (0 run, 1 stop now, 2 abandon).
    #[must_use]
    pub fn atomic(&self) -> Arc<AtomicU8> {
        Arc::clone(&self.0)
    }
}

/// What a finished search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The move to play, `None` when there is no legal move.
    pub best: Option<AnyMove>,
    /// The expected reply (for pondering and `hint`).
    pub ponder: Option<AnyMove>,
    /// The score of `best` for the side to move.
    pub score: Option<Score>,
    /// The last progress line, printed before the move.
    pub last: Option<Thinking>,
}

/// A message from the search thread to the control thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// One line of progress of job `job`.
    Progress {
        /// The job id.
        job: u64,
        /// The line.
        info: Thinking,
    },
    /// Job `job` has ended.
    Done {
        /// The job id.
        job: u64,
        /// What it found.
        outcome: Outcome,
    },
    /// A [`Job::Resize`] is done; `reduced` holds (MB asked for, MB
    /// used) when a new table had to be smaller than asked.
    Resized {
        /// The request and the size used, if smaller.
        reduced: Option<(usize, usize)>,
    },
    /// A [`Job::Syzygy`] is done: what to tell the user (a summary, then
    /// one line per folder or file left out; nothing for a closed set).
    SyzygyOpened {
        /// The lines.
        messages: Vec<String>,
    },
}

/// How a running job talks back: its id, stop flag and the report channel.
#[derive(Clone, Debug)]
pub struct Reporter {
    job: u64,
    stop: StopFlag,
    tx: Sender<Report>,
}

impl Reporter {
    /// The job's stop flag.
    #[must_use]
    pub fn stop(&self) -> &StopFlag {
        &self.stop
    }

    /// Sends a progress line (ignored if the control thread is gone).
    pub fn progress(&self, info: Thinking) {
        // A closed channel means the engine is shutting down; nothing to do.
        let _ = self.tx.send(Report::Progress {
            job: self.job,
            info,
        });
    }
}

/// The body of a job: runs on the search thread with its persistent tables.
pub type Task = Box<dyn FnOnce(&mut SearcherPool, &Reporter) -> Outcome + Send>;

/// Work for the search thread.
pub enum Job {
    /// Run a search.
    Search {
        /// Its id (reports carry it).
        id: u64,
        /// Its stop flag (the control thread keeps a clone).
        stop: StopFlag,
        /// The search itself.
        task: Task,
    },
    /// Resize the hash tables (`memory`, megabytes).
    Resize(u64),
    /// Use this many search threads (`cores`).
    Threads(u32),
    /// Forget what earlier games taught (`new`).
    Clear,
    /// Open the Syzygy tables of these folders (`:` between; empty
    /// closes them).
    Syzygy(String),
}

/// The handle the control thread keeps.
pub struct SearchThread {
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl SearchThread {
    /// Starts the thread; its reports go to `reports`.
    ///
    /// # Errors
    /// The OS error when no thread can be started.
    pub fn spawn(reports: Sender<Report>) -> std::io::Result<SearchThread> {
        let (tx, rx) = crossbeam_channel::unbounded();
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || job_loop(&rx, &reports))?;
        Ok(SearchThread {
            jobs: Some(tx),
            thread: Some(thread),
        })
    }

    /// Queues a job (it starts when the previous one has ended).
    pub fn send(&self, job: Job) {
        if let Some(jobs) = &self.jobs {
            // The thread only exits when this sender is dropped.
            let _ = jobs.send(job);
        }
    }
}

impl Drop for SearchThread {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn job_loop(jobs: &Receiver<Job>, reports: &Sender<Report>) {
    let mut pool = SearcherPool::new(DEFAULT_HASH_MB, 1);
    while let Ok(job) = jobs.recv() {
        match job {
            Job::Resize(mb) => {
                let reduced = pool.resize(mb);
                if reports.send(Report::Resized { reduced }).is_err() {
                    return;
                }
            }
            Job::Threads(n) => {
                pool.set_threads(usable_threads(usize::try_from(n).unwrap_or(usize::MAX)));
            }
            Job::Clear => pool.clear(),
            Job::Syzygy(path) => {
                let messages = pool.open_syzygy(&path);
                if reports.send(Report::SyzygyOpened { messages }).is_err() {
                    return;
                }
            }
            Job::Search { id, stop, task } => {
                let reporter = Reporter {
                    job: id,
                    stop,
                    tx: reports.clone(),
                };
                let outcome = if reporter.stop.get() == Stop::Abandon {
                    Outcome::default()
                } else {
                    task(&mut pool, &reporter)
                };
                if reports.send(Report::Done { job: id, outcome }).is_err() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_job_closes_the_report_channel() {
        let (tx, rx) = crossbeam_channel::unbounded();
        let thread = SearchThread::spawn(tx).unwrap();
        let task: Task = Box::new(|_: &mut SearcherPool, _: &Reporter| panic!("search bug"));
        thread.send(Job::Search {
            id: 7,
            stop: StopFlag::new(),
            task,
        });
        assert!(
            rx.recv().is_err(),
            "the control loop must see the search thread die"
        );
    }

    #[test]
    fn jobs_run_in_order_and_abandoned_ones_are_skipped() {
        let (tx, rx) = crossbeam_channel::unbounded();
        let thread = SearchThread::spawn(tx).unwrap();
        let abandoned = StopFlag::new();
        abandoned.request(Stop::Abandon);
        abandoned.request(Stop::Now);
        assert_eq!(abandoned.get(), Stop::Abandon);
        let e2e4 = crate::bitboard::Move::from_raw(0x8000 | 12 | (28 << 6)).map(AnyMove::from);
        let d2d4 = crate::bitboard::Move::from_raw(0x8000 | 11 | (27 << 6)).map(AnyMove::from);
        let task = |best: Option<AnyMove>| -> Task {
            Box::new(move |_: &mut SearcherPool, _: &Reporter| Outcome {
                best,
                ..Outcome::default()
            })
        };
        thread.send(Job::Search {
            id: 1,
            stop: abandoned,
            task: task(e2e4),
        });
        thread.send(Job::Search {
            id: 2,
            stop: StopFlag::new(),
            task: task(d2d4),
        });
        let first = rx.recv().unwrap();
        assert_eq!(
            first,
            Report::Done {
                job: 1,
                outcome: Outcome::default()
            }
        );
        match rx.recv().unwrap() {
            Report::Done { job: 2, outcome } => assert_eq!(outcome.best, d2d4),
            other => panic!("unexpected {other:?}"),
        }
    }
}
