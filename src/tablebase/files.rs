//! The folders of a Syzygy path and the table files in them, checked
//! before the prober opens any: a folder that does not exist, a file of
//! the wrong size (a truncated download) or one that does not start with
//! Syzygy's magic number is reported in one line and left out.
//!
//! When every file passes, the prober reads the folders themselves. When
//! some fail, it reads a private folder of links to the good ones
//! ([`Staging`]), so that it never opens a bad file.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The first four bytes of a WDL table (`.rtbw`).
const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
/// The first four bytes of a DTZ table (`.rtbz`).
const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];
/// Every Syzygy file is a whole number of 64-byte blocks plus 16 bytes.
const BLOCK: u64 = 64;
/// See [`BLOCK`].
const TAIL: u64 = 16;

/// The two kinds of Syzygy file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Win, draw or loss (`.rtbw`).
    Wdl,
    /// Distance to the next capture or pawn move (`.rtbz`).
    Dtz,
}

impl TableKind {
    /// The kind a file name's extension names, if any.
    fn of(path: &Path) -> Option<TableKind> {
        match path.extension()?.to_str()? {
            "rtbw" => Some(TableKind::Wdl),
            "rtbz" => Some(TableKind::Dtz),
            _ => None,
        }
    }

    fn magic(self) -> [u8; 4] {
        match self {
            TableKind::Wdl => WDL_MAGIC,
            TableKind::Dtz => DTZ_MAGIC,
        }
    }
}

/// One good table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFile {
    /// Where it is.
    pub path: PathBuf,
    /// Its name (`KRvK.rtbw`).
    pub name: String,
    /// WDL or DTZ.
    pub kind: TableKind,
    /// Men in its ending, kings included.
    pub men: u32,
}

/// What a Syzygy path holds.
#[derive(Debug, Default)]
pub struct Catalog {
    /// The folders that exist, in the path's order.
    pub folders: Vec<PathBuf>,
    /// The good files, the first of each name only.
    pub files: Vec<TableFile>,
    /// One line per folder or file left out, saying why.
    pub problems: Vec<String>,
}

impl Catalog {
    /// Reads the folders of `path` (separated by `:`, or `;` on Windows).
    #[must_use]
    pub fn scan(path: &str) -> Catalog {
        let mut catalog = Catalog::default();
        for folder in split_path(path) {
            catalog.add_folder(&folder);
        }
        catalog
    }

    /// Whether some file was left out (the prober must then read a
    /// [`Staging`] folder).
    #[must_use]
    pub fn has_bad_files(&self) -> bool {
        !self.problems.is_empty()
    }

    /// The number of good files of `kind`.
    #[must_use]
    pub fn count(&self, kind: TableKind) -> usize {
        self.files.iter().filter(|f| f.kind == kind).count()
    }

    /// The most men of any good WDL file (0: none).
    #[must_use]
    pub fn largest(&self) -> u32 {
        self.files
            .iter()
            .filter(|f| f.kind == TableKind::Wdl)
            .map(|f| f.men)
            .max()
            .unwrap_or(0)
    }

    fn add_folder(&mut self, folder: &Path) {
        let entries = match fs::read_dir(folder) {
            Ok(entries) => entries,
            Err(e) => {
                self.problems
                    .push(format!("{}: not a readable folder ({e})", folder.display()));
                return;
            }
        };
        self.folders.push(folder.to_path_buf());
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        paths.sort();
        for path in paths {
            let Some(kind) = TableKind::of(&path) else {
                continue;
            };
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            if self.files.iter().any(|f| f.name == name) {
                continue;
            }
            match check_file(&path, &name, kind) {
                Ok(men) => self.files.push(TableFile {
                    path,
                    name,
                    kind,
                    men,
                }),
                Err(why) => self.problems.push(format!("{}: {why}", path.display())),
            }
        }
    }
}

/// The folders of a path list, empty entries left out.
fn split_path(path: &str) -> Vec<PathBuf> {
    let separator = if cfg!(windows) { ';' } else { ':' };
    path.split(separator)
        .map(str::trim)
        .filter(|p| !p.is_empty() && !p.eq_ignore_ascii_case("<empty>"))
        .map(PathBuf::from)
        .collect()
}

/// The men of the ending a table's file name names (`KRPvKR` → 5), if
/// the name is one: `K`, then pieces, `v`, `K`, then pieces.
fn ending_men(name: &str) -> Option<u32> {
    let stem = name.split('.').next()?;
    let (white, black) = stem.split_once('v')?;
    let side = |s: &str| {
        let mut letters = s.chars();
        (letters.next() == Some('K') && letters.all(|c| "QRBNP".contains(c)))
            .then(|| s.chars().count() as u32)
    };
    Some(side(white)? + side(black)?)
}

/// Checks one file: its name, its size and its magic number; the men of
/// its ending when it passes.
fn check_file(path: &Path, name: &str, kind: TableKind) -> Result<u32, String> {
    let men = ending_men(name).ok_or("not a Syzygy table name")?;
    let size = fs::metadata(path)
        .map_err(|e| format!("unreadable ({e})"))?
        .len();
    if size % BLOCK != TAIL {
        return Err(format!("truncated or damaged ({size} bytes)"));
    }
    let mut magic = [0u8; 4];
    fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .map_err(|e| format!("unreadable ({e})"))?;
    if magic != kind.magic() {
        return Err("not a Syzygy table (wrong magic number)".into());
    }
    Ok(men)
}

/// A private folder of links to the good files of a [`Catalog`], removed
/// when dropped.
#[derive(Debug)]
pub struct Staging {
    folder: PathBuf,
}

impl Staging {
    /// Makes the folder for `catalog`'s good files.
    ///
    /// # Errors
    /// The reason when the folder or a link cannot be made.
    pub fn new(catalog: &Catalog) -> Result<Staging, String> {
        let folder = std::env::temp_dir().join(format!("nightrider-syzygy-{}", std::process::id()));
        // A folder left by an earlier load of this process goes first.
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let staging = Staging { folder };
        for file in &catalog.files {
            let link = staging.folder.join(&file.name);
            let target = fs::canonicalize(&file.path).unwrap_or_else(|_| file.path.clone());
            place(&target, &link).map_err(|e| format!("{}: {e}", link.display()))?;
        }
        Ok(staging)
    }

    /// The folder.
    #[must_use]
    pub fn folder(&self) -> &Path {
        &self.folder
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.folder);
    }
}

/// Puts `target` at `link`: a symbolic link where the system has them.
fn place(target: &Path, link: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(target, link)
    }
    #[cfg(not(unix))]
    {
        fs::copy(target, link).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ending_names_count_their_men() {
        assert_eq!(ending_men("KRvK.rtbw"), Some(3));
        assert_eq!(ending_men("KBNvK.rtbz"), Some(4));
        assert_eq!(ending_men("KRPvKR.rtbw"), Some(5));
        assert_eq!(ending_men("KXvK.rtbw"), None);
        assert_eq!(ending_men("notes.rtbw"), None);
        assert_eq!(ending_men("vK.rtbw"), None);
    }

    #[test]
    fn paths_split_on_the_system_separator() {
        let sep = if cfg!(windows) { ";" } else { ":" };
        let path = format!("a{sep}{sep} b {sep}<empty>");
        assert_eq!(
            split_path(&path),
            vec![PathBuf::from("a"), PathBuf::from("b")]
        );
        assert!(split_path("").is_empty());
    }
}
