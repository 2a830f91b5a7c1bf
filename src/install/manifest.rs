//! The install manifest: every file, symbolic link and directory that
//! `nightrider install` created, one per line (`file PATH`, `link PATH`,
//! `dir PATH`), so `nightrider uninstall` removes exactly those.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One thing install created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A regular file.
    File(PathBuf),
    /// A symbolic link.
    Link(PathBuf),
    /// A directory that did not exist before.
    Dir(PathBuf),
}

/// What one install created, in creation order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    /// The entries, oldest first.
    pub entries: Vec<Entry>,
}

impl Manifest {
    /// The manifest's text: one `KIND PATH` line per entry.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out =
            String::from("# nightrider install manifest: what `nightrider uninstall` removes\n");
        for entry in &self.entries {
            let (kind, path) = match entry {
                Entry::File(p) => ("file", p),
                Entry::Link(p) => ("link", p),
                Entry::Dir(p) => ("dir", p),
            };
            let _ = writeln!(out, "{kind} {}", path.display());
        }
        out
    }

    /// Parses a manifest's text.
    ///
    /// # Errors
    /// `line N: ...` for a line that is not `file|link|dir ABSOLUTE-PATH`.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let mut entries = Vec::new();
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || {
                format!(
                    "line {}: expected `file|link|dir PATH`, found `{line}`",
                    number + 1
                )
            };
            let (kind, path) = line.split_once(' ').ok_or_else(bad)?;
            let path = PathBuf::from(path);
            if !path.is_absolute() {
                return Err(bad());
            }
            entries.push(match kind {
                "file" => Entry::File(path),
                "link" => Entry::Link(path),
                "dir" => Entry::Dir(path),
                _ => return Err(bad()),
            });
        }
        Ok(Manifest { entries })
    }

    /// Whether the manifest names `path` as a file or link.
    #[must_use]
    pub fn owns(&self, path: &Path) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e, Entry::File(p) | Entry::Link(p) if p == path))
    }

    /// Removes the files and links, newest first, then the directories that
    /// are empty. Returns one line per thing removed or left in place.
    #[must_use]
    pub fn remove_all(&self) -> Vec<String> {
        let mut report = Vec::new();
        for entry in self.entries.iter().rev() {
            if let Entry::File(p) | Entry::Link(p) = entry {
                match std::fs::remove_file(p) {
                    Ok(()) => report.push(format!("removed {}", p.display())),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        report.push(format!("already gone: {}", p.display()));
                    }
                    Err(e) => report.push(format!("could not remove {}: {e}", p.display())),
                }
            }
        }
        for entry in self.entries.iter().rev() {
            if let Entry::Dir(p) = entry {
                match std::fs::remove_dir(p) {
                    Ok(()) => report.push(format!("removed {}/", p.display())),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(_) => report.push(format!("kept {}/ (not empty)", p.display())),
                }
            }
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip() {
        let m = Manifest {
            entries: vec![
                Entry::Dir("/p/lib".into()),
                Entry::File("/p/lib/fmax.ini".into()),
                Entry::Link("/p/bin/nightrider".into()),
            ],
        };
        assert_eq!(
            m.to_text().lines().skip(1).collect::<Vec<_>>(),
            [
                "dir /p/lib",
                "file /p/lib/fmax.ini",
                "link /p/bin/nightrider"
            ]
        );
        assert_eq!(Manifest::parse(&m.to_text()), Ok(m));
    }

    #[test]
    fn bad_lines_are_refused() {
        assert_eq!(
            Manifest::parse("file relative/path"),
            Err("line 1: expected `file|link|dir PATH`, found `file relative/path`".into())
        );
        assert_eq!(
            Manifest::parse("# c\nwhat /x"),
            Err("line 2: expected `file|link|dir PATH`, found `what /x`".into())
        );
    }
}
