//! Evaluation: general terms derived from fmax.ini data for the mailbox board, tuned orthodox terms for the bitboard board.
