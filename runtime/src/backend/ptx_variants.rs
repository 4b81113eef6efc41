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
//! and loading it costs no JIT. The runtime reads the cubin's own records ([`cubin_copies`])
//! to see that it holds every copy its kernels need, and then neither reads the PTX beside it
//! nor asks the driver about each kernel at load time (which would load every kernel of a
//! lazily loaded module); it looks a kernel's copies up at its first launch.

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
    format!("{kernel}{COPY_SUFFIX}{cap}")
}

/// What a copy's name adds to its kernel's, before the cap.
const COPY_SUFFIX: &str = "__oxhip_maxnreg";

/// What a cubin's ELF records say of one kernel: its register count (`EIATTR_REGCOUNT` in
/// `.nv.info`; read for unbounded kernels only) and whether its source bounded it (`EIATTR_MAX_THREADS`, `EIATTR_REQNTID`, or
/// `EIATTR_MAXREG_COUNT` below 255 in its `.nv.info.<kernel>`).
#[derive(Debug, PartialEq, Eq)]
struct CubinKernel<'a> {
    name: &'a str,
    registers: Option<u32>,
    bounded: bool,
}

/// `.nv.info` attribute numbers (what `ptxas` writes; checked against ptxas 12.9's cubins for
/// kernels with and without `.maxntid`, `.reqntid` and `.maxnreg`).
const EIATTR_MAX_THREADS: u8 = 0x05;
const EIATTR_REQNTID: u8 = 0x10;
const EIATTR_MAXREG_COUNT: u8 = 0x1b;
const EIATTR_REGCOUNT: u8 = 0x2f;
/// Attribute record formats: no value, a byte, a half word (all in a 4-byte record), and a
/// sized value (a 4-byte header whose half word is the value's length, then the value).
const EIFMT_NVAL: u8 = 1;
const EIFMT_BVAL: u8 = 2;
const EIFMT_HVAL: u8 = 3;
const EIFMT_SVAL: u8 = 4;

/// The attribute records of an `.nv.info` section: (attribute, half word, sized value).
/// `None` when a record has an unknown format or runs past the section.
fn info_records(section: &[u8]) -> Option<Vec<(u8, u16, &[u8])>> {
    let mut records = Vec::new();
    let mut at = 0;
    while at < section.len() {
        let header = section.get(at..at + 4)?;
        let (format, attribute) = (header[0], header[1]);
        let half = u16::from_le_bytes([header[2], header[3]]);
        at += 4;
        let value: &[u8] = match format {
            EIFMT_NVAL | EIFMT_BVAL | EIFMT_HVAL => &[],
            EIFMT_SVAL => {
                let value = section.get(at..at + usize::from(half))?;
                at += usize::from(half);
                value
            }
            _ => return None,
        };
        records.push((attribute, half, value));
    }
    Some(records)
}

/// The kernels of an NVIDIA cubin (64-bit little-endian ELF), from its `.nv.info.<kernel>`
/// sections, with what [`CubinKernel`] says. `None` when the file does not have that shape.
fn cubin_kernels<'a>(cubin: &'a [u8]) -> Option<Vec<CubinKernel<'a>>> {
    use crate::image_check::{sections_of, SectionView, EM_CUDA, SHT_SYMTAB};
    let (section_names, sections) = sections_of(cubin, EM_CUDA)?;
    // Names as bytes: a kernel's mangled name can be kilobytes long, and most are only
    // compared with a prefix.
    fn name_at(table: &[u8], offset: u32) -> Option<&[u8]> {
        let rest = table.get(usize::try_from(offset).ok()?..)?;
        Some(&rest[..rest.iter().position(|&byte| byte == 0)?])
    }
    let mut kernels = Vec::new();
    // Whether a section's name starts with `prefix`, looked at before the name is scanned
    // for its end.
    let named = |section: &SectionView<'_>, prefix: &[u8]| {
        usize::try_from(section.name)
            .ok()
            .and_then(|offset| section_names.get(offset..))
            .is_some_and(|name| name.starts_with(prefix))
    };
    for section in &sections {
        if !named(section, b".nv.info.") {
            continue;
        }
        let Some(name) =
            name_at(section_names, section.name).and_then(|name| name.strip_prefix(b".nv.info."))
        else {
            continue;
        };
        let bounded = info_records(section.contents)?
            .iter()
            .any(|&(attribute, half, _)| {
                matches!(attribute, EIATTR_MAX_THREADS | EIATTR_REQNTID)
                    || (attribute == EIATTR_MAXREG_COUNT && half < 255)
            });
        kernels.push(CubinKernel {
            name: std::str::from_utf8(name).ok()?,
            registers: None,
            bounded,
        });
    }
    // Register counts, for the unbounded kernels only (a HIP program's kernels are all
    // bounded): by symbol index in `.nv.info`, by name through the symbol table.
    if kernels.iter().all(|kernel| kernel.bounded) {
        return Some(kernels);
    }
    let unbounded: std::collections::HashMap<&[u8], usize> = kernels
        .iter()
        .enumerate()
        .filter(|(_, kernel)| !kernel.bounded)
        .map(|(index, kernel)| (kernel.name.as_bytes(), index))
        .collect();
    let symbols = sections.iter().find(|section| section.kind == SHT_SYMTAB)?;
    let symbol_names = sections.get(usize::try_from(symbols.link).ok()?)?.contents;
    for section in &sections {
        if !named(section, b".nv.info\0") {
            continue;
        }
        for (attribute, _, value) in info_records(section.contents)? {
            if attribute != EIATTR_REGCOUNT || value.len() != 8 {
                continue;
            }
            let symbol = u32::from_le_bytes(value[..4].try_into().ok()?);
            let registers = u32::from_le_bytes(value[4..].try_into().ok()?);
            let at = usize::try_from(symbol).ok()?.checked_mul(24)?;
            let name = u32::from_le_bytes(symbols.contents.get(at..at + 4)?.try_into().ok()?);
            if let Some(&index) = unbounded.get(name_at(symbol_names, name)?) {
                kernels[index].registers = Some(registers);
            }
        }
    }
    Some(kernels)
}

/// The register-limited copies a cubin holds, as (kernel, cap) pairs, when it holds every copy
/// its kernels need: each kernel without bounds whose register count refuses a 512- or
/// 1,024-thread block ([`caps_for_registers`]) has each of its copies beside it, as the
/// driver's `ptxas` step makes them. `None` when a kernel lacks one (a cubin from another
/// tool, or one whose copies `ptxas` could not assemble), or when the cubin's records cannot
/// be read: then only the PTX, loaded with the copies, gives every block size. A kernel
/// bounded by `.minnctapersm` alone looks unbounded in the cubin, so one that needs copies by
/// its registers sends its module the PTX way, which makes none for it.
pub fn cubin_copies(cubin: &[u8]) -> Option<Vec<(String, u32)>> {
    let kernels = cubin_kernels(cubin)?;
    let names: std::collections::HashSet<&str> = kernels.iter().map(|kernel| kernel.name).collect();
    let is_copy = |name: &str| {
        name.rsplit_once(COPY_SUFFIX).is_some_and(|(kernel, cap)| {
            names.contains(kernel) && !cap.is_empty() && cap.bytes().all(|b| b.is_ascii_digit())
        })
    };
    let mut copies = Vec::new();
    for kernel in kernels
        .iter()
        .filter(|kernel| !kernel.bounded && !is_copy(kernel.name))
    {
        for cap in caps_for_registers(kernel.registers?) {
            if !names.contains(variant_name(kernel.name, cap).as_str()) {
                return None;
            }
            copies.push((kernel.name.to_owned(), cap));
        }
    }
    Some(copies)
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

    /// A cubin-shaped ELF with the records `ptxas` writes for `kernels` (name, registers,
    /// attribute records of its `.nv.info.<name>`): a symbol table, `.nv.info` with one
    /// `EIATTR_REGCOUNT` each, and a `.nv.info.<name>` each.
    fn cubin(kernels: &[(&str, u32, &[u8])]) -> Vec<u8> {
        fn record(attribute: u8, value: &[u8]) -> Vec<u8> {
            let mut bytes = vec![EIFMT_SVAL, attribute];
            bytes.extend(u16::try_from(value.len()).unwrap().to_le_bytes());
            bytes.extend(value);
            bytes
        }
        let mut names = vec![0u8];
        let mut symbols = vec![0u8; 24];
        let mut info = Vec::new();
        for (index, &(name, registers, _)) in kernels.iter().enumerate() {
            let mut symbol = vec![0u8; 24];
            symbol[..4].copy_from_slice(&u32::try_from(names.len()).unwrap().to_le_bytes());
            symbols.extend(symbol);
            names.extend(name.as_bytes());
            names.push(0);
            let mut value = u32::try_from(index + 1).unwrap().to_le_bytes().to_vec();
            value.extend(registers.to_le_bytes());
            // Other records around it, as ptxas writes them.
            info.extend(record(0x12, &[0; 8]));
            info.extend([EIFMT_HVAL, 0x50, 0, 0]);
            info.extend(record(EIATTR_REGCOUNT, &value));
        }
        // (name, kind, contents, link) of sections 1.. (0 is the null section).
        let mut sections: Vec<(String, u32, Vec<u8>, u32)> = vec![
            (".shstrtab".into(), 3, Vec::new(), 0),
            (".strtab".into(), 3, names, 0),
            (".symtab".into(), 2, symbols, 2),
            (".nv.info".into(), 0x7000_0000, info, 3),
        ];
        for &(name, _, records) in kernels {
            let mut contents = record(0x37, &[0x81, 0, 0, 0]);
            contents.extend([EIFMT_HVAL, EIATTR_MAXREG_COUNT, 255, 0]);
            contents.extend(records);
            sections.push((format!(".nv.info.{name}"), 0x7000_0000, contents, 3));
        }
        let mut section_names = vec![0u8];
        let mut name_offsets = Vec::new();
        for section in &sections {
            name_offsets.push(u32::try_from(section_names.len()).unwrap());
            section_names.extend(section.0.as_bytes());
            section_names.push(0);
        }
        sections[0].2 = section_names;
        let mut file = vec![0u8; 64];
        file[..6].copy_from_slice(b"\x7fELF\x02\x01");
        file[0x12..0x14].copy_from_slice(&190u16.to_le_bytes());
        let mut placed = Vec::new();
        for section in &sections {
            placed.push(file.len());
            file.extend(&section.2);
        }
        let table = file.len();
        file.extend([0u8; 64]);
        for (index, section) in sections.iter().enumerate() {
            let mut header = [0u8; 64];
            header[..4].copy_from_slice(&name_offsets[index].to_le_bytes());
            header[4..8].copy_from_slice(&section.1.to_le_bytes());
            header[0x18..0x20].copy_from_slice(&(placed[index] as u64).to_le_bytes());
            header[0x20..0x28].copy_from_slice(&(section.2.len() as u64).to_le_bytes());
            header[0x28..0x2c].copy_from_slice(&section.3.to_le_bytes());
            file.extend(header);
        }
        file[0x28..0x30].copy_from_slice(&(table as u64).to_le_bytes());
        file[0x3a..0x3c].copy_from_slice(&64u16.to_le_bytes());
        file[0x3c..0x3e].copy_from_slice(&u16::try_from(sections.len() + 1).unwrap().to_le_bytes());
        file[0x3e..0x40].copy_from_slice(&1u16.to_le_bytes());
        file
    }

    #[test]
    fn reads_a_cubins_kernels() {
        const MAX_THREADS: &[u8] = &[
            EIFMT_SVAL,
            EIATTR_MAX_THREADS,
            12,
            0,
            0,
            1,
            0,
            0,
            1,
            0,
            0,
            0,
            1,
            0,
            0,
            0,
        ];
        const REQNTID: &[u8] = &[
            EIFMT_SVAL,
            EIATTR_REQNTID,
            12,
            0,
            128,
            0,
            0,
            0,
            1,
            0,
            0,
            0,
            1,
            0,
            0,
            0,
        ];
        const MAXNREG: &[u8] = &[EIFMT_HVAL, EIATTR_MAXREG_COUNT, 96, 0];
        let image = cubin(&[
            ("light", 40, &[]),
            ("bounded", 254, MAX_THREADS),
            ("required", 200, REQNTID),
            ("limited", 96, MAXNREG),
        ]);
        let kernels = cubin_kernels(&image).unwrap();
        assert_eq!(
            kernels,
            vec![
                CubinKernel {
                    name: "light",
                    registers: Some(40),
                    bounded: false
                },
                CubinKernel {
                    name: "bounded",
                    registers: None,
                    bounded: true
                },
                CubinKernel {
                    name: "required",
                    registers: None,
                    bounded: true
                },
                CubinKernel {
                    name: "limited",
                    registers: None,
                    bounded: true
                },
            ]
        );
        // Nothing needs a copy.
        assert_eq!(cubin_copies(&image), Some(Vec::new()));
        // All bounded: the symbol table is not even read.
        let bounded_only = cubin(&[("bounded", 254, MAX_THREADS)]);
        assert_eq!(
            cubin_kernels(&bounded_only).unwrap(),
            vec![CubinKernel {
                name: "bounded",
                registers: None,
                bounded: true
            }]
        );
    }

    #[test]
    fn a_cubin_holds_its_copies_or_sends_the_load_to_the_ptx() {
        const CAP_64: &[u8] = &[EIFMT_HVAL, EIATTR_MAXREG_COUNT, 64, 0];
        const CAP_128: &[u8] = &[EIFMT_HVAL, EIATTR_MAXREG_COUNT, 128, 0];
        // 162 registers: copies for 512- and 1,024-thread blocks; 96: the 1,024 one only.
        let whole = cubin(&[
            ("heavy", 162, &[]),
            ("middle", 96, &[]),
            ("heavy__oxhip_maxnreg128", 128, CAP_128),
            ("heavy__oxhip_maxnreg64", 64, CAP_64),
            ("middle__oxhip_maxnreg64", 64, CAP_64),
        ]);
        assert_eq!(
            cubin_copies(&whole),
            Some(vec![
                ("heavy".to_owned(), 128),
                ("heavy".to_owned(), 64),
                ("middle".to_owned(), 64),
            ])
        );
        // One copy missing: the PTX way.
        let partial = cubin(&[("heavy", 162, &[]), ("heavy__oxhip_maxnreg64", 64, CAP_64)]);
        assert_eq!(cubin_copies(&partial), None);
        // A cubin of another tool: no copies at all.
        assert_eq!(cubin_copies(&cubin(&[("heavy", 162, &[])])), None);
        // A kernel without a register count cannot be judged.
        let mut unknown = cubin(&[("heavy", 162, &[])]);
        let at = unknown
            .windows(4)
            .position(|w| w == [EIFMT_SVAL, EIATTR_REGCOUNT, 8, 0])
            .unwrap();
        unknown[at + 1] = 0x2e;
        assert_eq!(cubin_copies(&unknown), None);
    }

    #[test]
    fn damaged_cubins_are_not_read() {
        let image = cubin(&[("light", 40, &[])]);
        // Cut inside the last section header's file offset.
        assert_eq!(cubin_copies(&image[..image.len() - 36]), None);
        assert_eq!(cubin_copies(b"\x7fELF"), None);
        assert_eq!(cubin_copies(&[]), None);
        // An AMD code object's machine.
        let mut amd = image.clone();
        amd[0x12..0x14].copy_from_slice(&224u16.to_le_bytes());
        assert_eq!(cubin_copies(&amd), None);
        // An unknown record format, and a sized record running past its section.
        let at = image
            .windows(2)
            .position(|w| w == [EIFMT_SVAL, 0x37])
            .unwrap();
        let mut format = image.clone();
        format[at] = 9;
        assert_eq!(cubin_copies(&format), None);
        let mut long = image.clone();
        long[at + 2] = 200;
        assert_eq!(cubin_copies(&long), None);
        // Every truncation and every single-byte change: an answer, never a panic.
        for cut in 0..image.len() {
            let _ = cubin_copies(&image[..cut]);
        }
        for at in 0..image.len() {
            let mut changed = image.clone();
            changed[at] ^= 0xff;
            let _ = cubin_copies(&changed);
        }
    }

    #[test]
    fn refuses_what_it_cannot_copy() {
        assert_eq!(with_variants(MODULE, &[("bounded", 64)]), None);
        assert_eq!(with_variants(MODULE, &[("missing", 64)]), None);
        assert_eq!(with_variants("garbage .entry x(", &[("x", 64)]), None);
    }
}
