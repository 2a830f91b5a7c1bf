//! The protocol-free engine: game record, clocks, search thread, and the dispatch between the two boards.
