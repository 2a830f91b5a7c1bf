//! Crafty-style console front end for humans.
