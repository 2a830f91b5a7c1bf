//! Saving files whole or not at all: every file Nightrider writes (books,
//! learn files, saved games and positions, tuned weights, the installer's
//! files) goes through [`write_atomic`], so a crash, a full disk or a
//! `kill -9` mid-write leaves the old file or the new one, never half of
//! one. Depends only on `std`; any layer may use it.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary file process `pid` writes `path` through: `PATH.tmpPID`.
#[must_use]
pub fn temporary_path(path: &Path, pid: u32) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{pid}"));
    PathBuf::from(tmp)
}

/// Writes `bytes` to `path` atomically: a temporary file beside it (made
/// with its directory if needed), synced, then renamed over it. On failure
/// `path` is untouched and the temporary file removed.
///
/// # Errors
/// The OS error.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = temporary_path(path, std::process::id());
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}
