//! The variant definitions on the control thread: loading another fmax.ini
//! (`option IniFile=PATH`) and reporting what a load found wrong.
//!
//! Every error goes to stderr as `nightrider check` prints it
//! (`file:line: message`), and once more as [`Event::ConfigErrors`], which
//! XBoard shows with `telluser`: a game refused by the file must not just
//! vanish from the variant list. An unusable file leaves the variant set in
//! force untouched.

use super::Control;
use crate::engine::api::Event;
use crate::engine::library::{Library, LoadReport};
use crate::engine::options::INI_FILE;

impl Control {
    /// Reports what loading the definitions found: each error on stderr,
    /// then all of them as one event.
    pub fn report_definitions(&mut self, report: &LoadReport) {
        for e in &report.errors {
            eprintln!("nightrider: {e}");
        }
        if !report.errors.is_empty() {
            let errors = report.errors.iter().map(ToString::to_string).collect();
            self.out.push(Event::ConfigErrors(errors));
        }
    }

    /// `option IniFile=PATH`: a usable file replaces the variant set and the
    /// game restarts (unless a search runs); an unusable one is refused and
    /// the previous set stays. Either way its errors are reported.
    pub(super) fn ini_file(&mut self, value: Option<&str>) {
        let refuse = |reason: &str| Event::Error {
            reason: reason.into(),
            command: format!("option {INI_FILE}"),
        };
        let Some(path) = value.map(str::trim).filter(|p| !p.is_empty()) else {
            self.out.push(refuse("bad value"));
            return;
        };
        let (fresh, report) = Library::load(Some(path));
        self.report_definitions(&report);
        if report.unusable {
            self.out.push(refuse("unusable ini file"));
            return;
        }
        self.library = fresh;
        if self.search.running.is_none() {
            self.new_game();
        }
    }
}
