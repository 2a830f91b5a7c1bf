//! Parser for Fairy-Max's fmax.ini format (nom), working on `&str`.
//!
//! (Being written: see the parser task.)
