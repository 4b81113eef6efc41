//! Register-limited copies of PTX kernels, so that a CUDA kernel launches with every block
//! size that nvcc's build of it launches with.
//!
//! nvcc leaves a kernel without `__launch_bounds__` free to use up to 255 registers, and so
//! does oxhip for CUDA sources (HIP kernels get `.maxntid 1024`, docs/driver.md). The JIT then
//! decides the register count, and a block of `n` threads launches only when `n` times that
//! count fits the multiprocessor's 65,536 registers. Where oxhip's PTX needs more registers
//! than nvcc's, a launch that runs with nvcc's build fails with "too many resources requested
//! for launch".
//!
//! The runtime therefore looks, once a PTX module is loaded, for unbounded kernels that cannot
//! take a 1,024-thread block, and loads the module again with copies of those kernels limited
//! by `.maxnreg` (128 registers for blocks of up to 512 threads, 64 for up to 1,024), in the same
//! module as the originals: they share its `__device__` and `__constant__` variables, so
//! nothing the program wrote or will write to a variable is split between two copies (which is
//! why this is done before the module is used, and not by reloading after a failed launch). A
//! launch uses the original while its block fits, and the copy with the most registers that
//! fits otherwise. Pure text functions here; `cuda.rs` does the loading.
//!
//! Where `ptxas` makes a cubin at build time, the driver makes the same copies there, from
//! `ptxas -v`'s register counts ([`caps_for_registers`]), so that the cubin already holds them
//! and loading it costs no JIT; the runtime then finds them in the module and loads nothing
//! again.

/// The registers a thread of a block of `threads` threads may use so that the block fits
/// 65,536 registers: registers are given to warps of 32 threads in units of 256 (8 a thread),
/// and never more than 255 a thread.
pub fn register_cap(threads: u32) -> u32 {
    let warps = threads.div_ceil(32).max(1);
    let per_thread = 65_536 / (warps * 32);
    (per_thread / 8 * 8).min(255)
}

/// The register limits of the copies a kernel needs: `registers` is what the JIT gave it and
/// `max_threads` the largest block it takes. Copies are made for blocks of 512 and 1,024
/// threads, the sizes that programs use and that a heavy kernel misses.
pub fn caps_needed(registers: u32, max_threads: u32) -> Vec<u32> {
    [512, 1024]
        .into_iter()
        .filter(|&threads| max_threads < threads && register_cap(threads) < registers)
        .map(register_cap)
        .collect()
}

/// The register limits of the copies a kernel of `registers` registers needs, the
/// build-time form of [`caps_needed`]: a block of `threads` threads does not fit exactly when
/// its threads' registers pass [`register_cap`].
pub fn caps_for_registers(registers: u32) -> Vec<u32> {
    [512, 1024]
        .into_iter()
        .filter(|&threads| register_cap(threads) < registers)
        .map(register_cap)
        .collect()
}

/// The name of a kernel's copy limited to `cap` registers.
pub fn variant_name(kernel: &str, cap: u32) -> String {
    format!("{kernel}__oxhip_maxnreg{cap}")
}

/// One `.entry` of a PTX module: its name, where its text starts (the start of its line), where
/// its body's `{` is, and the end of its closing `}`.
#[derive(Debug, PartialEq, Eq)]
struct Entry<'a> {
    name: &'a str,
    start: usize,
    body: usize,
    end: usize,
    /// Has `.maxntid`, `.reqntid`, `.maxnreg` or `.minnctapersm`: the source bounded it.
    bounded: bool,
}

/// The `.entry` functions of a PTX module, in order. `None` when the text does not have the
/// shape LLVM's NVPTX backend writes (then no copies are made).
fn entries(ptx: &str) -> Option<Vec<Entry<'_>>> {
    let mut found = Vec::new();
    let mut search = 0;
    while let Some(offset) = ptx[search..].find(".entry") {
        let keyword = search + offset;
        let after = keyword + ".entry".len();
        // A directive, not part of a longer word or of a comment's text.
        let line_start = ptx[..keyword].rfind('\n').map_or(0, |n| n + 1);
        let prefix = &ptx[line_start..keyword];
        let is_directive = !ptx[after..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            && prefix
                .split_whitespace()
                .all(|word| matches!(word, ".visible" | ".weak" | ".extern"));
        if !is_directive || prefix.split_whitespace().any(|word| word == ".extern") {
            search = after;
            continue;
        }
        let rest = &ptx[after..];
        let name_start = after + (rest.len() - rest.trim_start().len());
        let name_end = name_start
            + ptx[name_start..].find(|c: char| c == '(' || c.is_whitespace() || c == '{')?;
        let name = &ptx[name_start..name_end];
        let mut at = name_end;
        // The parameter list, if any, holds no parentheses of its own.
        let open = at + ptx[at..].find(|c: char| !c.is_whitespace())?;
        if ptx[open..].starts_with('(') {
            at = open + ptx[open..].find(')')? + 1;
        }
        let body = at + ptx[at..].find('{')?;
        let directives = &ptx[at..body];
        let bounded = [".maxntid", ".reqntid", ".maxnreg", ".minnctapersm"]
            .iter()
            .any(|directive| directives.contains(directive));
        let mut depth = 0usize;
        let mut end = None;
        for (index, byte) in ptx.as_bytes()[body..].iter().enumerate() {
            match byte {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(body + index + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let end = end?;
        found.push(Entry {
            name,
            start: line_start,
            body,
            end,
            bounded,
        });
        search = end;
    }
    Some(found)
}

/// The kernels of `ptx` that the source left without bounds: those the JIT may give as many
/// registers as it likes. Empty for PTX with debug sections, whose labels a copy would repeat.
pub fn unbounded_kernels(ptx: &str) -> Vec<&str> {
    if ptx.contains(".section") {
        return Vec::new();
    }
    entries(ptx)
        .unwrap_or_default()
        .into_iter()
        .filter(|entry| !entry.bounded)
        .map(|entry| entry.name)
        .collect()
}

/// `ptx` with a copy of each requested kernel (name, register cap) appended, named by
/// [`variant_name`] and limited by `.maxnreg`. `None` when a requested kernel is not an
/// unbounded entry of `ptx`.
pub fn with_variants(ptx: &str, requests: &[(&str, u32)]) -> Option<String> {
    let entries = entries(ptx)?;
    let mut text = ptx.trim_end_matches('\0').to_owned();
    for &(kernel, cap) in requests {
        let entry = entries
            .iter()
            .find(|entry| entry.name == kernel && !entry.bounded)?;
        let header = &ptx[entry.start..entry.body];
        let keyword = header.find(".entry")?;
        let name_at = keyword + header[keyword..].find(entry.name)?;
        text.push_str("\n\n");
        text.push_str(&header[..name_at]);
        text.push_str(&variant_name(kernel, cap));
        text.push_str(header[name_at + entry.name.len()..].trim_end());
        text.push_str(&format!("\n.maxnreg {cap}\n"));
        text.push_str(&ptx[entry.body..entry.end]);
    }
    text.push('\n');
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODULE: &str = "//\n// Generated by LLVM NVPTX Back-End\n//\n\n.version 8.1\n.target sm_90\n\
.address_size 64\n\n.global .align 4 .u32 counter;\n\n\
.func helper(.param .b32 x)\n{\n\tret;\n}\n\n\
\t// .globl\theavy\n.visible .entry heavy(\n\t.param .u64 heavy_param_0,\n\t.param .u32 heavy_param_1\n)\n{\n\
\t.reg .b32 %r<4>;\n\t{ // callseq 0\n\t.param .b32 param0;\n\tcall.uni helper, (param0);\n\t} // callseq 0\n\
$L__BB0_1:\n\tret;\n}\n\n\
\t// .globl\tbounded\n.visible .entry bounded(\n\t.param .u64 bounded_param_0\n)\n.maxntid 256, 1, 1\n{\n\tret;\n}\n\n\
.visible .entry noparams()\n{\n\tret;\n}\n";

    #[test]
    fn caps_follow_the_register_file() {
        assert_eq!(register_cap(1024), 64);
        assert_eq!(register_cap(512), 128);
        assert_eq!(register_cap(768), 80);
        assert_eq!(register_cap(256), 255);
        assert_eq!(register_cap(1000), 64);
        assert_eq!(register_cap(1), 255);
        // 96 registers: 640-thread blocks at most; only the 1,024-thread copy is needed.
        assert_eq!(caps_needed(96, 640), vec![64]);
        assert_eq!(caps_needed(200, 320), vec![128, 64]);
        assert_eq!(caps_needed(64, 1024), Vec::<u32>::new());
        assert_eq!(caps_needed(40, 1024), Vec::<u32>::new());
        // At build time the largest block follows from the registers alone, with the same
        // answers.
        assert_eq!(caps_for_registers(96), vec![64]);
        assert_eq!(caps_for_registers(200), vec![128, 64]);
        assert_eq!(caps_for_registers(64), Vec::<u32>::new());
        assert_eq!(caps_for_registers(156), vec![128, 64]);
    }

    #[test]
    fn finds_unbounded_entries_only() {
        assert_eq!(unbounded_kernels(MODULE), vec!["heavy", "noparams"]);
        let with_debug = format!("{MODULE}\n.section .debug_info\n{{\n}}\n");
        assert!(unbounded_kernels(&with_debug).is_empty());
    }

    #[test]
    fn copies_share_the_module() {
        let text = with_variants(MODULE, &[("heavy", 64), ("noparams", 128)]).unwrap();
        // The originals are untouched and still first.
        assert!(text.starts_with(MODULE.trim_end()));
        let copy = &text[MODULE.trim_end().len()..];
        assert!(copy.contains(
            ".visible .entry heavy__oxhip_maxnreg64(\n\t.param .u64 heavy_param_0,\n\t.param .u32 heavy_param_1\n)\n.maxnreg 64\n{"
        ));
        // The whole body, nested call-sequence braces included, up to the kernel's own `}`.
        assert!(copy.contains("} // callseq 0\n$L__BB0_1:\n\tret;\n}"));
        assert!(copy
            .contains(".visible .entry noparams__oxhip_maxnreg128()\n.maxnreg 128\n{\n\tret;\n}"));
        // The module-scope variable is declared once: the copies use the originals'.
        assert_eq!(text.matches(".u32 counter;").count(), 1);
        // A parse of the result finds both copies, unbounded no more.
        assert_eq!(unbounded_kernels(&text), vec!["heavy", "noparams"]);
    }

    #[test]
    fn refuses_what_it_cannot_copy() {
        assert_eq!(with_variants(MODULE, &[("bounded", 64)]), None);
        assert_eq!(with_variants(MODULE, &[("missing", 64)]), None);
        assert_eq!(with_variants("garbage .entry x(", &[("x", 64)]), None);
    }
}
