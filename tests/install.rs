//! `nightrider install` / `uninstall` into a temporary prefix (with a
//! temporary HOME): the files land where the engine and XBoard find them,
//! the installed engine plays from any directory, and uninstall removes
//! exactly what install wrote.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_nightrider");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("nightrider-install-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("home")).unwrap();
    dir
}

/// Runs a binary with HOME inside `dir`, from `cwd`.
fn run(bin: &Path, args: &[&str], dir: &Path, cwd: &Path) -> Output {
    Command::new(bin)
        .args(args)
        .env("HOME", dir.join("home"))
        .current_dir(cwd)
        .output()
        .unwrap()
}

/// Every path under `dir`, sorted, relative to it.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            out.push(path.strip_prefix(dir).unwrap().display().to_string());
            if path.is_dir() && !path.is_symlink() {
                stack.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn install_then_uninstall_leaves_the_prefix_as_it_was() {
    let dir = scratch("roundtrip");
    let prefix = dir.join("prefix");
    let other = prefix.join("share/games/plugins/xboard/other.eng");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::fs::write(&other, "plugin spec 0.0\nother\nnormal\n").unwrap();
    let before = tree(&dir);

    let prefix_arg = prefix.to_str().unwrap();
    let out = run(
        Path::new(BIN),
        &["install", "--prefix", prefix_arg],
        &dir,
        Path::new(REPO),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let home = prefix.join("lib/nightrider");
    for file in [
        "nightrider",
        "fmax.ini",
        "variants/shatranj.ini",
        "logo.png",
        "install-manifest.txt",
    ] {
        assert!(home.join(file).is_file(), "{file} missing");
    }
    // The engine is the one program installed; the fuzzer (fuzz/) is a tool of the repository.
    assert_eq!(tree(&prefix.join("bin")), ["nightrider"]);
    assert!(!home.join("nightrider-fuzz").exists());
    assert_eq!(
        std::fs::read_link(prefix.join("bin/nightrider")).unwrap(),
        home.join("nightrider")
    );
    let plugin =
        std::fs::read_to_string(prefix.join("share/games/plugins/xboard/nightrider.eng")).unwrap();
    let lines: Vec<&str> = plugin.lines().collect();
    assert_eq!(lines[0], "plugin spec 0.0");
    assert_eq!(
        lines[1],
        format!(
            "cd {};{}",
            home.display(),
            home.join("nightrider").display()
        )
    );
    assert!(lines[2].starts_with("normal,fischerandom,"), "{}", lines[2]);
    assert!(lines[2].split(',').any(|v| v == "capablanca"));
    let logo = std::fs::read(Path::new(REPO).join("logo.png")).unwrap();
    assert_eq!(
        std::fs::read(prefix.join("share/games/plugins/logos/nightrider.png")).unwrap(),
        logo
    );
    assert_eq!(std::fs::read(home.join("logo.png")).unwrap(), logo);
    // The plugin is outside XBoard's scanned folders: install says how to start it instead.
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains(&format!(
        "xboard -fcp {} -fd {}",
        home.join("nightrider").display(),
        home.display()
    )));

    // The installed engine finds its fmax.ini from any working directory.
    let link = prefix.join("bin/nightrider");
    let checked = run(&link, &["check"], &dir, Path::new("/"));
    let text = String::from_utf8_lossy(&checked.stdout);
    assert!(
        text.starts_with(&format!(
            "checking {} (overlays: {})",
            home.join("fmax.ini").display(),
            home.join("variants").display()
        )),
        "{text}"
    );
    assert!(checked.status.success(), "{text}");

    // Installing again replaces the earlier install.
    let again = run(
        Path::new(BIN),
        &["install", "--prefix", prefix_arg],
        &dir,
        Path::new(REPO),
    );
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    // The installed copy uninstalls itself (its manifest is next to it).
    let gone = run(&link, &["uninstall"], &dir, Path::new("/"));
    assert!(
        gone.status.success(),
        "{}",
        String::from_utf8_lossy(&gone.stderr)
    );
    assert_eq!(tree(&dir), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn install_never_overwrites_a_file_it_did_not_write() {
    let dir = scratch("foreign");
    let prefix = dir.join("prefix");
    std::fs::create_dir_all(prefix.join("bin")).unwrap();
    std::fs::write(prefix.join("bin/nightrider"), "someone else's").unwrap();
    let before = tree(&dir);
    let out = run(
        Path::new(BIN),
        &["install", "--prefix", prefix.to_str().unwrap()],
        &dir,
        Path::new(REPO),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "install: {} already exists and was not written by nightrider install; remove it first\n",
            prefix.join("bin/nightrider").display()
        )
    );
    // Everything written before the clash was taken back.
    assert_eq!(tree(&dir), before);
    assert_eq!(
        std::fs::read_to_string(prefix.join("bin/nightrider")).unwrap(),
        "someone else's"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uninstall_without_a_manifest_changes_nothing() {
    let dir = scratch("nothing");
    let prefix = dir.join("prefix");
    let out = run(
        Path::new(BIN),
        &["uninstall", "--prefix", prefix.to_str().unwrap()],
        &dir,
        Path::new(REPO),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "uninstall: no install manifest at {}:",
            prefix.join("lib/nightrider/install-manifest.txt").display()
        )),
        "{err}"
    );
    assert!(!prefix.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn version_flag_and_myname_carry_the_package_version() {
    let want = format!("Nightrider {}", env!("CARGO_PKG_VERSION"));
    let out = Command::new(BIN).arg("--version").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{want}\n"));
    let mut child = Command::new(BIN)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, b"xboard\nprotover 2\nquit\n").unwrap();
    drop(stdin);
    let text = String::from_utf8_lossy(&child.wait_with_output().unwrap().stdout).to_string();
    assert!(
        text.contains(&format!("feature myname=\"{want}\" ")),
        "{text}"
    );
}
