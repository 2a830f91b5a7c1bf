//! The orthodox board: 64-bit bitboards with magic sliding attacks and legal move generation, for chess, no-castle chess and Chess960.
