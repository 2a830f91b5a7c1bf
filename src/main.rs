//! Command-line entry point: hands the arguments to the library's front ends.
fn main() {
    std::process::exit(nightrider::cli::run(std::env::args().skip(1).collect()));
}
