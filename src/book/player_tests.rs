//! Tests of the book player: advice, learning kinds, import/export.

use super::*;
