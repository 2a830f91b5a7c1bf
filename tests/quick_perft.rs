use nightrider::mailbox::MailboxPos;
use nightrider::rules::{fmax, overlay::Overlay, Variant};
use nightrider::tools::perft::perft;
use std::sync::Arc;

#[test]
fn scratch() {
    let text = std::fs::read_to_string("/usr/share/games/fairymax/fmax.ini").unwrap();
    let ini = fmax::parse(&text, "fmax.ini");
    let tsv = std::fs::read_to_string("/work/shared/perft/start-and-classic.tsv").unwrap();
    let mid = std::fs::read_to_string("/work/shared/perft/variants-midgame.tsv").unwrap();
    let mut fails = 0;
    for line in tsv.lines().skip(1).chain(mid.lines().skip(1)) {
        let f: Vec<&str> = line.split('\t').collect();
        let name = match f[0] {
            "chess" | "chess-queen-promotion-only" => "normal",
            n => n,
        };
        let depth: u32 = f[2].parse().unwrap();
        let want: u64 = f[3].parse().unwrap();
        if want > 3_000_000 {
            continue;
        }
        let Some(def) = ini.game(name) else { continue };
        let mut ov = Overlay::default();
        match name {
            "shatranj" => ov.promotion = Some(vec!['Q']),
            "courier" => ov.promotion = Some(vec!['F']),
            "makruk" | "cambodian" => ov.promotion = Some(vec!['M']),
            _ => {}
        }
        if f[0] == "chess-queen-promotion-only" {
            ov.promotion = Some(vec!['Q']);
        }
        let v = Arc::new(Variant::build(def, &ov).unwrap());
        let mut pos = match MailboxPos::from_fen(v, f[1]) {
            Ok(p) => p,
            Err(e) => {
                println!("{name} {} FEN ERR {e}", f[1]);
                fails += 1;
                continue;
            }
        };
        let got = perft(&mut pos, depth);
        if got != want {
            fails += 1;
            println!("{} {} d{} want {} got {}", f[0], f[1], depth, want, got);
        }
    }
    println!("fails {fails}");
}
