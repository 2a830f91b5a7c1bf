//! The general board: a stride-16 mailbox that plays any fmax.ini variant with step-vector move generation.
