//! `devicelibs`: the device-side library (math functions the GPU backends cannot lower
//! themselves), compiled by `build.rs` with clang 22 from `lib/*.c` to LLVM bitcode, one
//! module per target family, and embedded in this crate.
//!
//! The GPU modules have no `target-cpu`: `codegen` links them into each kernel module
//! (only what is referenced, internalised) and gives them the kernel's target
//! attributes. Every exported function is named `__oxhip_<libm name>` (`__oxhip_expf`,
//! `__oxhip_pow`) and has hidden visibility; the device headers call them.
//! Accuracy against glibc is in `devicelibs/README.md`.

/// Which bitcode module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// `amdgcn-amd-amdhsa`, any gfx processor.
    Amdgcn,
    /// `nvptx64-nvidia-cuda`, any sm.
    Nvptx,
    /// `x86_64-unknown-linux-gnu`: the CPU offload target, and host code (the driver links
    /// it into HIP and CUDA host compiles for CUDA's host-and-device math functions).
    Host,
}

static AMDGCN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/amdgcn.bc"));
static NVPTX: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/nvptx.bc"));
static HOST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/host.bc"));

/// The LLVM bitcode of the library for `family`.
pub fn bitcode(family: Family) -> &'static [u8] {
    match family {
        Family::Amdgcn => AMDGCN,
        Family::Nvptx => NVPTX,
        Family::Host => HOST,
    }
}

/// The math functions the library defines (`__oxhip_<name>` and `__oxhip_<name>f`), in
/// the order of `lib/math.c`; the device headers declare exactly these.
pub const MATH_FUNCTIONS: &[&str] = &[
    "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos", "tan",
    "sincos", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "cbrt", "hypot", "erf", "erfc", "rsqrt",
];

/// The amdgcn printf entry points clang's printf lowering calls (`lib/printf.c`, which
/// writes records for oxhip's runtime to print; nvptx and the CPU target print otherwise).
pub const PRINTF_FUNCTIONS: &[&str] = &[
    "__ockl_printf_begin",
    "__ockl_printf_append_args",
    "__ockl_printf_append_string_n",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_bitcode_defining_the_math_functions() {
        for family in [Family::Amdgcn, Family::Nvptx, Family::Host] {
            let bytes = bitcode(family);
            assert_eq!(&bytes[..4], b"BC\xC0\xDE", "{family:?} is not raw bitcode");
            for name in MATH_FUNCTIONS {
                for symbol in [format!("__oxhip_{name}"), format!("__oxhip_{name}f")] {
                    let found = bytes
                        .windows(symbol.len())
                        .any(|window| window == symbol.as_bytes());
                    assert!(found, "{family:?} lacks {symbol}");
                }
            }
            // printf's records are the amdgcn side's own; the others need none.
            for symbol in PRINTF_FUNCTIONS {
                let found = bytes
                    .windows(symbol.len())
                    .any(|window| window == symbol.as_bytes());
                assert_eq!(found, family == Family::Amdgcn, "{family:?} and {symbol}");
            }
        }
    }
}
