//! Opt-in diagnostic logging to stderr, controlled by `OXHIP_LOG`.
//!
//! `OXHIP_LOG=1` prints one line per notable event (backend choice, devices, fat binaries,
//! module loads with the chosen image and the JIT log, failed calls); `OXHIP_LOG=2` adds
//! per-call tracing (registrations, launches, copies). Unset or `0`: silent.
//! This module only formats and writes; it never decides anything.

use std::io::Write;
use std::sync::OnceLock;

/// The level from `OXHIP_LOG`, read once.
pub(crate) fn level() -> u8 {
    static LEVEL: OnceLock<u8> = OnceLock::new();
    *LEVEL.get_or_init(|| {
        std::env::var("OXHIP_LOG")
            .ok()
            .and_then(|value| value.trim().parse::<u8>().ok())
            .unwrap_or(0)
    })
}

/// Writes one `oxhip: ` line. The write goes straight to the stderr handle (not through
/// `eprintln!`) so that a closed stderr never panics inside a C call.
pub(crate) fn write_line(args: std::fmt::Arguments<'_>) {
    let line = format!("oxhip: {args}\n");
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
