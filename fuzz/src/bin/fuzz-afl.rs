//! The AFL++ harness: `libAFLDriver.a` (Debian's `afl++`) provides `main`, the fork server
//! and persistent mode, and calls `LLVMFuzzerTestOneInput` once per input. The target is
//! chosen by `OXHIP_FUZZ_TARGET` (a name of `fuzz::TARGETS`). Built by `scripts/fuzz.sh`
//! with coverage instrumentation; a panic aborts, which AFL++ records as a crash.
#![no_main]

use std::sync::OnceLock;

fn chosen() -> fn(&[u8]) {
    static TARGET: OnceLock<fn(&[u8])> = OnceLock::new();
    *TARGET.get_or_init(|| {
        let name = std::env::var("OXHIP_FUZZ_TARGET").unwrap_or_default();
        fuzz::target(&name).unwrap_or_else(|| {
            let names: Vec<&str> = fuzz::TARGETS.iter().map(|(name, _)| *name).collect();
            #[expect(clippy::print_stderr, reason = "the harness's only way to say it")]
            {
                eprintln!(
                    "fuzz-afl: set OXHIP_FUZZ_TARGET to one of {}",
                    names.join(", ")
                );
            }
            std::process::abort()
        })
    })
}

/// Called by libAFLDriver for each input.
///
/// # Safety
/// `data` points at `size` readable bytes (libAFLDriver's contract).
#[no_mangle]
pub unsafe extern "C" fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> i32 {
    let target = chosen();
    let bytes = if size == 0 {
        &[][..]
    } else {
        // SAFETY: the caller's contract.
        unsafe { std::slice::from_raw_parts(data, size) }
    };
    if std::panic::catch_unwind(|| target(bytes)).is_err() {
        std::process::abort();
    }
    0
}
