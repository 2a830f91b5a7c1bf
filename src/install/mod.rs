//! `nightrider install` and `nightrider uninstall`: puts the engine where
//! it finds its data and where XBoard finds the engine, and takes exactly
//! that away again.
//!
//! Layout under PREFIX (default `/usr/local` when writable, else
//! `$HOME/.local`):
//! - `lib/nightrider/`: the binary, `fmax.ini`, `variants/`, `logo.png`
//!   and the manifest. The engine finds fmax.ini next to its binary, so the
//!   installed engine plays every variant from any working directory.
//! - `bin/nightrider`: a symbolic link to that binary.
//! - `share/games/plugins/xboard/nightrider.eng`: the XBoard plugin file
//!   (`plugin spec 0.0`, the command, the variant list).
//! - `share/games/plugins/logos/nightrider.png`: the logo.
//!
//! XBoard 4.9 reads plugin files only from `/usr/local/share/games/plugins`
//! and `/usr/share/games/plugins` (menus.c `AutoInstallProtocol`), adding
//! new ones to its engine list at start-up; it looks for the logo in the
//! engine's directory (`logo.png`) and those two `logos/` folders. With any
//! other prefix, install says how to start the engine from XBoard instead.

pub mod manifest;

use crate::rules::catalog;
use manifest::{Entry, Manifest};
use std::path::{Path, PathBuf};

/// The arguments of `install`.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct InstallArgs {
    /// Where to install (default: /usr/local if writable, else ~/.local)
    #[arg(long, value_name = "DIR")]
    pub prefix: Option<PathBuf>,
    /// The fmax.ini to install (default: the one the engine loads)
    #[arg(long, value_name = "FILE")]
    pub ini: Option<PathBuf>,
}

/// The arguments of `uninstall`.
#[derive(Clone, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct UninstallArgs {
    /// Where install wrote (default: this program's prefix if it is the installed copy, else as install)
    #[arg(long, value_name = "DIR")]
    pub prefix: Option<PathBuf>,
}

/// The logo, built into the binary so install works from anywhere.
const LOGO: &[u8] = include_bytes!("../../logo.png");

/// The plugin directories XBoard 4.9 scans.
const XBOARD_PLUGIN_ROOTS: [&str; 2] =
    ["/usr/local/share/games/plugins", "/usr/share/games/plugins"];

/// Where everything goes under one prefix.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The prefix itself.
    pub prefix: PathBuf,
    /// `PREFIX/lib/nightrider`: binary and data.
    pub home: PathBuf,
    /// `PREFIX/bin/nightrider`: the link users run.
    pub link: PathBuf,
    /// `PREFIX/share/games/plugins`: the XBoard plugin tree.
    pub plugins: PathBuf,
}

impl Layout {
    /// The layout under `prefix` (made absolute).
    ///
    /// # Errors
    /// The prefix contains whitespace, quotes or `;` (XBoard's engine list
    /// and plugin format cannot quote those), or the working directory is unknown.
    pub fn new(prefix: &Path) -> Result<Layout, String> {
        let prefix = if prefix.is_absolute() {
            prefix.to_path_buf()
        } else {
            std::env::current_dir()
                .map_err(|e| format!("cannot read the working directory: {e}"))?
                .join(prefix)
        };
        let text = prefix.display().to_string();
        if text
            .chars()
            .any(|c| c.is_whitespace() || "\"';".contains(c))
        {
            return Err(format!(
                "prefix '{text}' contains a space, quote or ';', which XBoard's engine list cannot hold"
            ));
        }
        Ok(Layout {
            home: prefix.join("lib").join("nightrider"),
            link: prefix.join("bin").join("nightrider"),
            plugins: prefix.join("share").join("games").join("plugins"),
            prefix,
        })
    }

    /// The installed binary.
    #[must_use]
    pub fn binary(&self) -> PathBuf {
        self.home.join("nightrider")
    }

    /// The manifest file.
    #[must_use]
    pub fn manifest(&self) -> PathBuf {
        self.home.join("install-manifest.txt")
    }

    /// The XBoard plugin file.
    #[must_use]
    pub fn plugin_file(&self) -> PathBuf {
        self.plugins.join("xboard").join("nightrider.eng")
    }

    /// The logo in XBoard's logo folder (named after the binary).
    #[must_use]
    pub fn plugin_logo(&self) -> PathBuf {
        self.plugins.join("logos").join("nightrider.png")
    }

    /// Whether XBoard 4.9 scans this layout's plugin tree.
    #[must_use]
    pub fn xboard_scans_plugins(&self) -> bool {
        XBOARD_PLUGIN_ROOTS
            .iter()
            .any(|root| self.plugins == Path::new(root))
    }
}

/// The plugin file's text: `plugin spec 0.0`, the command (with XBoard's
/// `cd DIR;` prefix, which becomes the engine's `-fd`), the variant list.
#[must_use]
pub fn plugin_text(layout: &Layout, variants: &[String]) -> String {
    format!(
        "plugin spec 0.0\ncd {};{}\n{}\n",
        layout.home.display(),
        layout.binary().display(),
        variants.join(",")
    )
}

/// Runs `install`; returns the exit code.
#[must_use]
pub fn run_install(args: &InstallArgs) -> i32 {
    let prefix = args.prefix.clone().map_or_else(default_prefix, Ok);
    let outcome = prefix.and_then(|prefix| {
        let layout = Layout::new(&prefix)?;
        install(&layout, args.ini.as_deref())
    });
    finish("install", outcome)
}

/// Runs `uninstall`; returns the exit code.
#[must_use]
pub fn run_uninstall(args: &UninstallArgs) -> i32 {
    let prefix = match &args.prefix {
        Some(p) => Ok(p.clone()),
        None => installed_prefix().map_or_else(default_prefix, Ok),
    };
    let outcome = prefix.and_then(|prefix| {
        let layout = Layout::new(&prefix)?;
        uninstall(&layout)
    });
    finish("uninstall", outcome)
}

/// Prints the report or the error; the exit code.
fn finish(what: &str, outcome: Result<Vec<String>, String>) -> i32 {
    match outcome {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            0
        }
        Err(message) => {
            eprintln!("{what}: {message}");
            1
        }
    }
}

/// `/usr/local` if its `share` folder is writable, else `$HOME/.local`.
fn default_prefix() -> Result<PathBuf, String> {
    let system = Path::new("/usr/local");
    let probe = system
        .join("share")
        .join(format!(".nightrider-probe-{}", std::process::id()));
    if std::fs::write(&probe, b"").is_ok() {
        let _ = std::fs::remove_file(&probe);
        return Ok(system.to_path_buf());
    }
    std::env::var_os("HOME")
        .map(|home| Path::new(&home).join(".local"))
        .ok_or_else(|| "no --prefix given, /usr/local is not writable and HOME is not set".into())
}

/// The prefix of the running binary if it is an installed copy.
fn installed_prefix() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let home = exe.parent()?;
    if !home.join("install-manifest.txt").is_file() {
        return None;
    }
    Some(home.parent()?.parent()?.to_path_buf())
}

/// Installs into `layout`; one report line per thing written.
///
/// # Errors
/// No fmax.ini found or it has errors, running from the installed copy,
/// a file in the way that an earlier install did not write, or an I/O error
/// (then everything written so far is removed again).
pub fn install(layout: &Layout, ini: Option<&Path>) -> Result<Vec<String>, String> {
    let ini = catalog::locate_ini(ini).ok_or(
        "no fmax.ini found next to the binary or in the working directory; run from the checkout or give --ini FILE",
    )?;
    let ini_text = ini.display().to_string();
    let (library, report) = crate::engine::library::Library::load(Some(&ini_text));
    if report.unusable {
        let first = report.errors.first().map(ToString::to_string);
        return Err(first.unwrap_or_else(|| format!("{ini_text}: unusable")));
    }
    let overlays = catalog::locate_overlay_dir(Some(&ini));
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    if same_file(&exe, &layout.binary()) {
        return Err(format!(
            "this is the installed copy ({}); run install from the build, e.g. target/release/nightrider",
            exe.display()
        ));
    }
    let mut report = if layout.manifest().is_file() {
        uninstall(layout)?
    } else {
        Vec::new()
    };
    let mut writer = Writer::default();
    let written = write_all(
        layout,
        &mut writer,
        &exe,
        &ini,
        overlays.as_deref(),
        &library,
    );
    if let Err(message) = written {
        let _ = writer.manifest.remove_all();
        return Err(message);
    }
    report.extend(writer.report);
    report.push(format!("wrote {}", layout.manifest().display()));
    report.extend(xboard_advice(layout));
    Ok(report)
}

/// Writes every file, then the manifest.
fn write_all(
    layout: &Layout,
    w: &mut Writer,
    exe: &Path,
    ini: &Path,
    overlays: Option<&Path>,
    library: &crate::engine::library::Library,
) -> Result<(), String> {
    w.dir(&layout.home)?;
    w.copy(exe, &layout.binary())?;
    w.copy(ini, &layout.home.join(catalog::INI_NAME))?;
    if let Some(dir) = overlays {
        copy_overlays(w, dir, &layout.home.join(catalog::VARIANTS_DIR))?;
    }
    w.write(&layout.home.join("logo.png"), LOGO)?;
    w.dir(&layout.prefix.join("bin"))?;
    w.link(&layout.binary(), &layout.link)?;
    w.dir(&layout.plugins.join("xboard"))?;
    let plugin = plugin_text(layout, &library.xboard_variants());
    w.write(&layout.plugin_file(), plugin.as_bytes())?;
    w.dir(&layout.plugins.join("logos"))?;
    w.write(&layout.plugin_logo(), LOGO)?;
    let text = w.manifest.to_text();
    crate::save::write_atomic(&layout.manifest(), text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", layout.manifest().display()))
}

/// Copies the regular files of `variants/`.
fn copy_overlays(w: &mut Writer, from: &Path, to: &Path) -> Result<(), String> {
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    w.dir(to)?;
    for file in files {
        if let Some(name) = file.file_name() {
            w.copy(&file, &to.join(name))?;
        }
    }
    Ok(())
}

/// What XBoard needs beyond the files, as report lines.
fn xboard_advice(layout: &Layout) -> Vec<String> {
    if layout.xboard_scans_plugins() {
        return vec![format!(
            "XBoard adds \"{}\" to its engine list when it next starts: Engine > Load New 1st Engine > nightrider, or xboard -fe nightrider",
            layout.binary().display()
        )];
    }
    vec![
        format!(
            "note: XBoard 4.9 reads plugin files only from {}; for its engine list install with --prefix /usr/local as root, or start XBoard with:",
            XBOARD_PLUGIN_ROOTS.join(" and ")
        ),
        format!(
            "  xboard -fcp {} -fd {}",
            layout.binary().display(),
            layout.home.display()
        ),
    ]
}

/// Uninstalls what the manifest under `layout` lists.
///
/// # Errors
/// No readable manifest there.
pub fn uninstall(layout: &Layout) -> Result<Vec<String>, String> {
    let manifest = read_manifest(layout)?;
    let _ = std::fs::remove_file(layout.manifest());
    let mut report = vec![format!("removed {}", layout.manifest().display())];
    report.extend(manifest.remove_all());
    Ok(report)
}

/// Reads the manifest under `layout`.
fn read_manifest(layout: &Layout) -> Result<Manifest, String> {
    let path = layout.manifest();
    let text = crate::text::read(&path)
        .map_err(|e| format!("no install manifest at {}: {e}", path.display()))?;
    Manifest::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Whether two paths name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Writes files and records each in the manifest.
#[derive(Default)]
struct Writer {
    manifest: Manifest,
    report: Vec<String>,
}

impl Writer {
    /// Creates `dir` and its missing parents, recording the ones created.
    fn dir(&mut self, dir: &Path) -> Result<(), String> {
        let mut missing: Vec<&Path> = dir.ancestors().take_while(|d| !d.exists()).collect();
        missing.reverse();
        for d in missing {
            std::fs::create_dir(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
            self.manifest.entries.push(Entry::Dir(d.to_path_buf()));
        }
        Ok(())
    }

    /// Refuses to replace something an install did not write.
    fn check_free(&self, path: &Path) -> Result<(), String> {
        if path.symlink_metadata().is_ok() && !self.manifest.owns(path) {
            return Err(format!(
                "{} already exists and was not written by nightrider install; remove it first",
                path.display()
            ));
        }
        Ok(())
    }

    fn write(&mut self, path: &Path, bytes: &[u8]) -> Result<(), String> {
        self.check_free(path)?;
        crate::save::write_atomic(path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.record(Entry::File(path.to_path_buf()))
    }

    fn copy(&mut self, from: &Path, to: &Path) -> Result<(), String> {
        self.check_free(to)?;
        std::fs::copy(from, to)
            .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))?;
        self.record(Entry::File(to.to_path_buf()))
    }

    fn link(&mut self, target: &Path, link: &Path) -> Result<(), String> {
        self.check_free(link)?;
        #[cfg(unix)]
        let made = std::os::unix::fs::symlink(target, link);
        // Elsewhere (Windows) a copy stands in for the link.
        #[cfg(not(unix))]
        let made = std::fs::copy(target, link).map(|_| ());
        made.map_err(|e| format!("cannot link {}: {e}", link.display()))?;
        self.record(Entry::Link(link.to_path_buf()))
    }

    fn record(&mut self, entry: Entry) -> Result<(), String> {
        let (Entry::File(p) | Entry::Link(p) | Entry::Dir(p)) = &entry;
        self.report.push(format!("wrote {}", p.display()));
        self.manifest.entries.push(entry);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_file_names_directory_command_and_variants() {
        let layout = Layout::new(Path::new("/opt/nr")).unwrap();
        let text = plugin_text(&layout, &["normal".into(), "capablanca".into()]);
        assert_eq!(
            text,
            "plugin spec 0.0\ncd /opt/nr/lib/nightrider;/opt/nr/lib/nightrider/nightrider\nnormal,capablanca\n"
        );
        assert!(!layout.xboard_scans_plugins());
        assert!(Layout::new(Path::new("/usr/local"))
            .unwrap()
            .xboard_scans_plugins());
    }

    #[test]
    fn prefixes_xboard_cannot_quote_are_refused() {
        assert_eq!(
            Layout::new(Path::new("/opt/my games")).unwrap_err(),
            "prefix '/opt/my games' contains a space, quote or ';', which XBoard's engine list cannot hold"
        );
    }
}
