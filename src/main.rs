//! Command-line entry point: hands the arguments to the library's front ends.
fn main() {
    let mut args = Vec::new();
    for (n, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(arg) => args.push(arg),
            Err(bad) => {
                // std::env::args() would panic here; a user gets one line instead.
                eprintln!(
                    "nightrider: argument {} is not valid UTF-8: {}",
                    n + 1,
                    bad.to_string_lossy()
                );
                std::process::exit(2);
            }
        }
    }
    std::process::exit(nightrider::cli::run(args));
}
