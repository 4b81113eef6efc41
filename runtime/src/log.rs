//! Opt-in diagnostic logging to stderr, controlled by `OXHIP_LOG`.
//!
//! `OXHIP_LOG=1` prints one line per notable event (backend choice, devices, fat binaries,
//! module loads with the chosen image and the JIT log, failed calls); `OXHIP_LOG=2` adds
//! per-call tracing (registrations, launches, copies); `OXHIP_LOG=3` adds every API call's
//! entry and return and the driver calls of a launch and a synchronisation, and starts each
//! line with the milliseconds since the runtime first read `OXHIP_LOG`, so that a trace shows
//! where a call's time goes. Unset or `0`: silent.
//! This module only formats and writes; it never decides anything.

use std::io::Write;
use std::sync::OnceLock;
use std::time::Instant;

/// When the runtime first read `OXHIP_LOG`: the origin of `OXHIP_LOG=3`'s times.
static START: OnceLock<Instant> = OnceLock::new();

/// The level from `OXHIP_LOG`, read once.
pub(crate) fn level() -> u8 {
    static LEVEL: OnceLock<u8> = OnceLock::new();
    *LEVEL.get_or_init(|| {
        START.get_or_init(Instant::now);
        std::env::var("OXHIP_LOG")
            .ok()
            .and_then(|value| value.trim().parse::<u8>().ok())
            .unwrap_or(0)
    })
}

/// Writes one `oxhip: ` line. The write goes straight to the stderr handle (not through
/// `eprintln!`) so that a closed stderr never panics inside a C call.
pub(crate) fn write_line(args: std::fmt::Arguments<'_>) {
    let line = if level() >= 3 {
        let since = START.get_or_init(Instant::now).elapsed();
        format!("oxhip: [{:.3} ms] {args}\n", since.as_secs_f64() * 1e3)
    } else {
        format!("oxhip: {args}\n")
    };
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// `log!(1, "...", args)`: logs when `OXHIP_LOG` is at least the given level.
macro_rules! log {
    ($level:expr, $($arg:tt)*) => {
        if $crate::log::level() >= $level {
            $crate::log::write_line(format_args!($($arg)*));
        }
    };
}
pub(crate) use log;
