//! The built-in orthodox chess definition, used when no fmax.ini is found,
//! written in the fmax.ini format so it goes through the same loader.

/// An fmax.ini text holding FIDE chess twice: as the anonymous default game
/// right after the version line (as Fairy-Max requires) and as `normal`.
pub const ORTHODOX_INI: &str = "version 4.8(w)
8x8
6 4 5 7 3 5 4 6
6 4 5 7 3 5 4 6
p:100 -16,24 -16,6 -15,5 -17,5
p:100 16,24 16,6 15,5 17,5
k:-1 1,34 -1,34 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:325 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
b:350 15,3 17,3 -15,3 -17,3
R:500 1,3 16,3 -1,3 -16,3
Q:950 1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3

// FIDE chess (built into Nightrider; used when no fmax.ini is found)
Game: normal
8x8
6 4 5 7 3 5 4 6
6 4 5 7 3 5 4 6
p:100 -16,24 -16,6 -15,5 -17,5
p:100 16,24 16,6 15,5 17,5
k:-1 1,34 -1,34 1,7 16,7 15,7 17,7 -1,7 -16,7 -15,7 -17,7
n:325 14,7 31,7 33,7 18,7 -14,7 -31,7 -33,7 -18,7
b:350 15,3 17,3 -15,3 -17,3
R:500 1,3 16,3 -1,3 -16,3
Q:950 1,3 16,3 15,3 17,3 -1,3 -16,3 -15,3 -17,3
// end of the built-in definition
";
