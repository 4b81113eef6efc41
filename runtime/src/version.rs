//! The HIP version oxhip implements, read at compile time from `hip/hip_version.h`, the one
//! place it is written: the headers, the runtime (`hipRuntimeGetVersion`), the driver
//! (`--version`, `oxhipconfig`) and the CMake packages (`hip-config-version.cmake` reads
//! the header too) all take it from there.

const HEADER: &str = include_str!("../include/hip/hip_version.h");

/// `HIP_VERSION_MAJOR`, `_MINOR` and `_PATCH`.
pub const MAJOR: u32 = define(HEADER, b"HIP_VERSION_MAJOR");
pub const MINOR: u32 = define(HEADER, b"HIP_VERSION_MINOR");
pub const PATCH: u32 = define(HEADER, b"HIP_VERSION_PATCH");

/// `HIP_VERSION` as the header computes it: major × 10 000 000 + minor × 100 000 + patch.
pub const ENCODED: i32 = (MAJOR * 10_000_000 + MINOR * 100_000 + PATCH) as i32;

/// The number after `#define <name> ` in `text`; compilation fails when there is none.
const fn define(text: &str, name: &[u8]) -> u32 {
    let text = text.as_bytes();
    let directive = b"#define ";
    let mut at = 0;
    while at + directive.len() + name.len() < text.len() {
        if starts_with(text, at, directive)
            && starts_with(text, at + directive.len(), name)
            && text[at + directive.len() + name.len()] == b' '
        {
            let mut digit = at + directive.len() + name.len() + 1;
            let mut value = 0;
            let mut digits = 0;
            while digit < text.len() && text[digit].is_ascii_digit() {
                value = value * 10 + (text[digit] - b'0') as u32;
                digit += 1;
                digits += 1;
            }
            assert!(
                digits > 0,
                "hip_version.h: a version macro without a number"
            );
            return value;
        }
        at += 1;
    }
    panic!("hip_version.h: a version macro is missing")
}

const fn starts_with(text: &[u8], at: usize, prefix: &[u8]) -> bool {
    let mut index = 0;
    while index < prefix.len() {
        if at + index >= text.len() || text[at + index] != prefix[index] {
            return false;
        }
        index += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_gives_the_version() {
        assert_eq!(define("#define X_MAJOR 12\n#define X 7\n", b"X"), 7);
        const { assert!(MAJOR >= 6) };
        assert_eq!(ENCODED as u32, MAJOR * 10_000_000 + MINOR * 100_000 + PATCH);
    }

    /// The CMake packages read the header rather than repeating the number.
    #[test]
    fn the_cmake_packages_read_the_header() {
        for package in [
            "hip/hip-config-version.cmake",
            "hip-lang/hip-lang-config-version.cmake",
        ] {
            let path = format!("{}/lib/cmake/{package}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                text.contains("hip_version.h"),
                "{path} does not read the header"
            );
            assert!(
                !text.contains(&format!("\"{MAJOR}.{MINOR}")),
                "{path} writes the version itself"
            );
        }
    }
}
