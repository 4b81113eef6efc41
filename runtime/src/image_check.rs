//! Checks every device image before it reaches a loader that trusts it: `dlopen` for the CPU
//! device, the CUDA driver's `cuModuleLoadDataEx`, ROCm's HSA code object reader (issue 23,
//! "every image is checked before use").
//!
//! One function per format, each pure (bytes in, the reason out), so that the backends, the
//! module API and the fuzz targets share them:
//!
//! * [`check_cpu_image`]: a CPU image carries the digest the driver wrote when it bundled
//!   the image (`bundler::seal_cpu_image`); every byte must match it, and the shared object
//!   inside must pass [`check_elf`] for x86-64. The digest is what makes the CPU device safe:
//!   a structural check cannot see a damaged relocation or hash table, which `dlopen`
//!   follows into a fault or an assertion of the dynamic loader.
//! * [`check_amdgpu`], [`check_cubin`]: ELF structure (below) for `EM_AMDGPU` (224) and
//!   `EM_CUDA` (190). AMD and NVIDIA images may come from other tools, so they carry no
//!   digest; the vendor loaders check their contents further.
//! * [`check_ptx`]: UTF-8 text with `.version` and `.target` directives, ending in its only
//!   NUL.
//! * [`check_nvidia_fatbin`]: the container header and each entry's header and payload
//!   inside it.
//!
//! The ELF structure (System V ABI, "ELF Header", "Sections", "Program Header", "Note
//! Section"): 64-bit little endian, the expected machine; header tables inside the file;
//! every section that occupies file bytes, and every segment, inside the file; loadable
//! segments no larger on file than in memory; string tables starting and ending with a
//! NUL, section names inside the section name table; symbol, relocation and dynamic tables
//! of whole entries, symbols' names inside their string table; notes that tile their section
//! or segment. What the code itself does is not checked.
//!
//! Nothing here reads through a pointer (`untrusted` finds how long an image is) or talks
//! to a driver.

const ELF_MAGIC: &[u8] = b"\x7fELF";
/// NVIDIA fatbinary magic 0xBA55ED50, little endian (hip-abi.md §1.10).
const NVIDIA_FATBIN_MAGIC: &[u8] = &[0x50, 0xed, 0x55, 0xba];

/// `e_machine` values (System V ABI; hip-abi.md §3.1 for AMD).
const EM_X86_64: u16 = 62;
pub(crate) const EM_CUDA: u16 = 190;
const EM_AMDGPU: u16 = 224;
/// `EI_OSABI` of an HSA code object (hip-abi.md §3.1).
const ELFOSABI_AMDGPU_HSA: u8 = 64;
const ET_DYN: u16 = 3;

pub(crate) const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_RELA: u32 = 4;
const SHT_DYNAMIC: u32 = 6;
const SHT_NOTE: u32 = 7;
const SHT_NOBITS: u32 = 8;
const SHT_REL: u32 = 9;
const SHT_DYNSYM: u32 = 11;
const PT_LOAD: u32 = 1;
const PT_NOTE: u32 = 4;
/// Section indices from here up are special (`SHN_LORESERVE`), not table positions.
const SHN_LORESERVE: u16 = 0xff00;

/// The largest address a CPU image's segment may reach (the x86-64 user address space).
const USER_ADDRESS_LIMIT: u64 = 1 << 47;

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    bytes
        .get(at..at + 2)
        .map_or(0, |b| u16::from_le_bytes([b[0], b[1]]))
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
}

/// `bytes[offset..offset + size]`, or why it is not there.
fn slice<'a>(bytes: &'a [u8], offset: u64, size: u64, what: &str) -> Result<&'a [u8], String> {
    usize::try_from(offset)
        .ok()
        .zip(usize::try_from(size).ok())
        .and_then(|(start, size)| bytes.get(start..start.checked_add(size)?))
        .ok_or_else(|| {
            format!(
                "{what} ({size} bytes at offset {offset}) lies outside the {}-byte file",
                bytes.len()
            )
        })
}

/// One section header (ELF64 `Elf64_Shdr`).
struct Section {
    name: u32,
    kind: u32,
    offset: u64,
    size: u64,
    link: u32,
    align: u64,
    entry_size: u64,
}

/// One program header (ELF64 `Elf64_Phdr`).
struct Segment {
    kind: u32,
    offset: u64,
    address: u64,
    file_size: u64,
    memory_size: u64,
    align: u64,
}

/// What differs between the ELF flavours checked here.
struct ElfRules {
    machine: u16,
    /// `EI_OSABI`, `e_type` and `EI_VERSION`, where the format fixes them.
    os_abi: Option<u8>,
    file_type: Option<u16>,
    /// Whether loadable segments must be congruent modulo their alignment and lie inside
    /// the user address space (what `dlopen` and the HSA loader map), and whether
    /// relocation and dynamic tables must be of whole standard entries. NVIDIA's tools
    /// write their own section kinds and layouts, which only the driver judges.
    strict: bool,
}

/// The structure of an ELF file (see the module docs) for `rules`.
fn check_elf(bytes: &[u8], rules: &ElfRules) -> Result<(), String> {
    if bytes.len() < 64 {
        return Err(format!(
            "{} bytes is shorter than an ELF header",
            bytes.len()
        ));
    }
    if !bytes.starts_with(ELF_MAGIC) {
        return Err("not an ELF file".to_owned());
    }
    if bytes[4] != 2 {
        return Err(format!("ELF class {} is not 64-bit", bytes[4]));
    }
    if bytes[5] != 1 {
        return Err(format!(
            "ELF data encoding {} is not little endian",
            bytes[5]
        ));
    }
    let machine = u16_at(bytes, 18);
    if machine != rules.machine {
        return Err(format!(
            "ELF machine {machine}, not {} as this image's target needs",
            rules.machine
        ));
    }
    if let Some(os_abi) = rules.os_abi {
        if bytes[7] != os_abi {
            return Err(format!("ELF OS/ABI {}, not {os_abi}", bytes[7]));
        }
    }
    if let Some(file_type) = rules.file_type {
        if bytes[6] != 1 || u32_at(bytes, 20) != 1 {
            return Err("ELF version is not 1".to_owned());
        }
        let found = u16_at(bytes, 16);
        if found != file_type {
            return Err(format!("ELF file type {found}, not {file_type}"));
        }
    }
    let segments = read_segments(bytes)?;
    let sections = read_sections(bytes)?;
    for (index, segment) in segments.iter().enumerate() {
        slice(
            bytes,
            segment.offset,
            segment.file_size,
            &format!("segment {index}"),
        )?;
        if segment.kind == PT_LOAD {
            check_loadable(index, segment, rules.strict)?;
        }
        if segment.kind == PT_NOTE {
            let notes = slice(bytes, segment.offset, segment.file_size, "notes")?;
            check_notes(notes, segment.align)
                .map_err(|reason| format!("segment {index}: {reason}"))?;
        }
    }
    check_sections(bytes, &sections, rules.strict)
}

fn read_segments(bytes: &[u8]) -> Result<Vec<Segment>, String> {
    let (offset, entry_size, count) = (
        u64_at(bytes, 0x20),
        u64::from(u16_at(bytes, 0x36)),
        u64::from(u16_at(bytes, 0x38)),
    );
    if count == 0 {
        return Ok(Vec::new());
    }
    if entry_size < 56 {
        return Err(format!("program header entries of {entry_size} bytes"));
    }
    // Both factors are u16 values: no overflow.
    let table = slice(
        bytes,
        offset,
        entry_size * count,
        "the program header table",
    )?;
    Ok(table
        .chunks_exact(entry_size as usize)
        .map(|entry| Segment {
            kind: u32_at(entry, 0),
            offset: u64_at(entry, 8),
            address: u64_at(entry, 0x10),
            file_size: u64_at(entry, 0x20),
            memory_size: u64_at(entry, 0x28),
            align: u64_at(entry, 0x30),
        })
        .collect())
}

fn read_sections(bytes: &[u8]) -> Result<Vec<Section>, String> {
    let (offset, entry_size, count) = (
        u64_at(bytes, 0x28),
        u64::from(u16_at(bytes, 0x3a)),
        u64::from(u16_at(bytes, 0x3c)),
    );
    if count == 0 {
        // Extended numbering (the count in section 0) is for files of 65280 sections and
        // more, which no device image has.
        if offset != 0 {
            return Err("a section header table with no count".to_owned());
        }
        return Ok(Vec::new());
    }
    if entry_size < 64 {
        return Err(format!("section header entries of {entry_size} bytes"));
    }
    let table = slice(
        bytes,
        offset,
        entry_size * count,
        "the section header table",
    )?;
    Ok(table
        .chunks_exact(entry_size as usize)
        .map(|entry| Section {
            name: u32_at(entry, 0),
            kind: u32_at(entry, 4),
            offset: u64_at(entry, 0x18),
            size: u64_at(entry, 0x20),
            link: u32_at(entry, 0x28),
            align: u64_at(entry, 0x30),
            entry_size: u64_at(entry, 0x38),
        })
        .collect())
}

/// One section of an ELF file, for readers of its contents: where its name starts in the
/// section name table, its kind and link, and its bytes (empty for `SHT_NOBITS` and for a
/// section outside the file).
pub(crate) struct SectionView<'a> {
    pub(crate) name: u32,
    pub(crate) kind: u32,
    pub(crate) link: u32,
    pub(crate) contents: &'a [u8],
}

/// The section name table and the sections of a 64-bit little-endian ELF file for `machine`,
/// read with the header table reader the checks above use (`ptx_variants::cubin_copies`
/// reads a cubin's records through it). `None` when the file is not such an ELF file or its
/// section header table cannot be read; the contents are not checked here.
pub(crate) fn sections_of(bytes: &[u8], machine: u16) -> Option<(&[u8], Vec<SectionView<'_>>)> {
    if !bytes.starts_with(ELF_MAGIC) || bytes.get(4..6) != Some(&[2, 1]) {
        return None;
    }
    if u16_at(bytes, 18) != machine {
        return None;
    }
    let views: Vec<SectionView<'_>> = read_sections(bytes)
        .ok()?
        .iter()
        .map(|section| SectionView {
            name: section.name,
            kind: section.kind,
            link: section.link,
            contents: if section.kind == SHT_NOBITS {
                &[]
            } else {
                slice(bytes, section.offset, section.size, "").unwrap_or(&[])
            },
        })
        .collect();
    let names = views.get(usize::from(u16_at(bytes, 0x3e)))?.contents;
    Some((names, views))
}

fn check_loadable(index: usize, segment: &Segment, strict: bool) -> Result<(), String> {
    if segment.file_size > segment.memory_size {
        return Err(format!("segment {index} is larger on file than in memory"));
    }
    if !strict {
        return Ok(());
    }
    let align = segment.align;
    if align > 1 && (!align.is_power_of_two() || segment.offset % align != segment.address % align)
    {
        return Err(format!("segment {index} is misaligned"));
    }
    if segment
        .address
        .checked_add(segment.memory_size)
        .is_none_or(|end| end > USER_ADDRESS_LIMIT)
    {
        return Err(format!("segment {index} lies outside the address space"));
    }
    Ok(())
}

/// The section table's contents: see the module docs.
fn check_sections(bytes: &[u8], sections: &[Section], strict: bool) -> Result<(), String> {
    if sections.is_empty() {
        return Ok(());
    }
    let contents = |index: usize| -> Result<&[u8], String> {
        let section = &sections[index];
        if section.kind == SHT_NOBITS {
            return Ok(&[]);
        }
        slice(
            bytes,
            section.offset,
            section.size,
            &format!("section {index}"),
        )
    };
    let string_table = |index: usize, user: usize| -> Result<&[u8], String> {
        match sections.get(index) {
            Some(section) if section.kind == SHT_STRTAB => contents(index),
            _ => Err(format!(
                "section {user} names section {index} as its string table, which is not one"
            )),
        }
    };
    let names_index = usize::from(u16_at(bytes, 0x3e));
    let names = match sections.get(names_index) {
        _ if names_index == 0 => &[][..],
        Some(section) if section.kind == SHT_STRTAB => contents(names_index)?,
        _ => {
            return Err(format!(
                "the section name table, section {names_index}, is not a string table"
            ))
        }
    };
    for (index, section) in sections.iter().enumerate() {
        let data = contents(index)?;
        if index > 0 && names_index != 0 && section.name as usize >= names.len() {
            return Err(format!(
                "section {index}'s name lies outside the section name table"
            ));
        }
        let entry_size = match section.kind {
            SHT_SYMTAB | SHT_DYNSYM => Some(24),
            SHT_RELA if strict => Some(24),
            SHT_REL | SHT_DYNAMIC if strict => Some(16),
            _ => None,
        };
        if let Some(entry_size) = entry_size {
            if section.entry_size != entry_size || section.size % entry_size != 0 {
                return Err(format!(
                    "section {index} is not a table of whole {entry_size}-byte entries (entry size {}, {} bytes)",
                    section.entry_size, section.size
                ));
            }
        }
        match section.kind {
            SHT_STRTAB
                if data.first().is_some_and(|byte| *byte != 0)
                    || data.last().is_some_and(|byte| *byte != 0) =>
            {
                return Err(format!(
                    "string table {index} does not start and end with a NUL"
                ));
            }
            SHT_SYMTAB | SHT_DYNSYM => {
                let strings = string_table(section.link as usize, index)?;
                for (number, symbol) in data.chunks_exact(24).enumerate() {
                    if u32_at(symbol, 0) as usize >= strings.len().max(1) {
                        return Err(format!(
                            "symbol {number} of section {index} has its name outside its string table"
                        ));
                    }
                    let home = u16_at(symbol, 6);
                    if home < SHN_LORESERVE && usize::from(home) >= sections.len() {
                        return Err(format!(
                            "symbol {number} of section {index} is in section {home}, which does not exist"
                        ));
                    }
                }
            }
            SHT_NOTE => check_notes(data, section.align)
                .map_err(|reason| format!("section {index}: {reason}"))?,
            _ => {}
        }
    }
    Ok(())
}

/// Notes (ELF64: `namesz`, `descsz`, `type`, then the name and the descriptor, each padded
/// to the note alignment: 8 where the section or segment asks for it, else 4) must fill
/// `notes` exactly, with every name ending in a NUL.
fn check_notes(notes: &[u8], align: u64) -> Result<(), String> {
    let align: u64 = if align == 8 { 8 } else { 4 };
    let padded = |size: u64| size.checked_add(align - 1).map(|size| size & !(align - 1));
    let mut at = 0usize;
    while at < notes.len() {
        let rest = &notes[at..];
        if rest.len() < 12 {
            return Err(format!("a note header at byte {at} is cut short"));
        }
        let (name_size, descriptor_size) = (u64::from(u32_at(rest, 0)), u64::from(u32_at(rest, 4)));
        let length = padded(name_size)
            .zip(padded(descriptor_size))
            .and_then(|(name, descriptor)| name.checked_add(descriptor)?.checked_add(12))
            .filter(|length| *length <= rest.len() as u64)
            .ok_or_else(|| format!("the note at byte {at} runs past the end of its notes"))?;
        if name_size > 0 && rest[12 + name_size as usize - 1] != 0 {
            return Err(format!("the note at byte {at} has a name without a NUL"));
        }
        at += length as usize;
    }
    Ok(())
}

/// A CPU image: the digest first, then the shared object it covers (x86-64 `ET_DYN`,
/// version 1, the ELF structure above). Returns the shared object, without the digest.
///
/// The trailer is taken apart before the ELF structure is checked and the digest compared
/// last, so that a fuzzer's changes to the shared object reach the structural checks.
pub(crate) fn check_cpu_image(sealed: &[u8]) -> Result<&[u8], String> {
    let parts = bundler::unseal_cpu_image(sealed).map_err(|error| error.to_string())?;
    check_elf(
        parts.image,
        &ElfRules {
            machine: EM_X86_64,
            os_abi: None,
            file_type: Some(ET_DYN),
            strict: true,
        },
    )?;
    parts.verify().map_err(|error| error.to_string())?;
    Ok(parts.image)
}

/// An AMD GPU code object (hip-abi.md §3.1): `EM_AMDGPU`, OS/ABI `ELFOSABI_AMDGPU_HSA`, a
/// loadable `ET_DYN` file (what `ld.lld -shared` makes), the ELF structure above.
pub(crate) fn check_amdgpu(image: &[u8]) -> Result<(), String> {
    check_elf(
        image,
        &ElfRules {
            machine: EM_AMDGPU,
            os_abi: Some(ELFOSABI_AMDGPU_HSA),
            file_type: Some(ET_DYN),
            strict: true,
        },
    )
}

/// An NVIDIA cubin: `EM_CUDA`, the ELF structure above. Its OS/ABI, file type and its own
/// section kinds are the driver's to judge.
pub(crate) fn check_cubin(image: &[u8]) -> Result<(), String> {
    check_elf(
        image,
        &ElfRules {
            machine: EM_CUDA,
            os_abi: None,
            file_type: None,
            strict: false,
        },
    )
}

/// PTX as `cuModuleLoadData` takes it: UTF-8 text that ends in its only NUL, with a
/// `.version` and a `.target` directive, each at the start of a line.
pub(crate) fn check_ptx(image: &[u8]) -> Result<(), String> {
    let Some((0, text)) = image.split_last() else {
        return Err("PTX text does not end in a NUL".to_owned());
    };
    if let Some(at) = text.iter().position(|byte| *byte == 0) {
        return Err(format!("PTX text has a NUL at byte {at}, before its end"));
    }
    let text = std::str::from_utf8(text)
        .map_err(|error| format!("PTX text is not UTF-8 (byte {})", error.valid_up_to()))?;
    for directive in [".version", ".target"] {
        let present = text.lines().any(|line| {
            line.trim_start()
                .strip_prefix(directive)
                .is_some_and(|rest| rest.starts_with([' ', '\t']))
        });
        if !present {
            return Err(format!("PTX text has no `{directive}` line"));
        }
    }
    Ok(())
}

/// An NVIDIA fatbinary: the 16-byte header (magic, version 1, header size at least 16,
/// payload size), the payload inside `image`, and the entries in the payload, each a
/// header of at least 16 bytes (`u16` kind, `u16` version, `u32` header size, `u64`
/// payload size) and its payload, one after another, inside it.
pub(crate) fn check_nvidia_fatbin(image: &[u8]) -> Result<(), String> {
    if image.len() < 16 || !image.starts_with(NVIDIA_FATBIN_MAGIC) {
        return Err("not an NVIDIA fatbinary".to_owned());
    }
    let version = u16_at(image, 4);
    if version != 1 {
        return Err(format!("NVIDIA fatbinary version {version}"));
    }
    let header_size = u64::from(u16_at(image, 6));
    if header_size < 16 {
        return Err(format!("NVIDIA fatbinary header of {header_size} bytes"));
    }
    let payload = slice(
        image,
        header_size,
        u64_at(image, 8),
        "the NVIDIA fatbinary's payload",
    )?;
    let mut at = 0usize;
    // Fewer than 16 bytes left over is padding, not an entry.
    while payload.len() - at >= 16 {
        let entry = &payload[at..];
        let entry_header = u64::from(u32_at(entry, 4));
        if entry_header < 16 {
            return Err(format!(
                "NVIDIA fatbinary entry at byte {at} has a header of {entry_header} bytes"
            ));
        }
        let length = entry_header
            .checked_add(u64_at(entry, 8))
            .filter(|length| *length <= entry.len() as u64)
            .ok_or_else(|| {
                format!("NVIDIA fatbinary entry at byte {at} runs past the end of the payload")
            })?;
        at += length as usize;
    }
    Ok(())
}

/// Checks `image` as the device that would load it does: a CPU image with
/// [`check_cpu_image`], an AMD image with [`check_amdgpu`], an NVIDIA image by its format.
/// Other entries (the empty host placeholder, targets no backend loads) pass.
pub(crate) fn check(image: &crate::registry::Image) -> Result<(), String> {
    if image.is_cpu_image() {
        return check_cpu_image(&image.data).map(drop);
    }
    if image.triple.starts_with("amdgcn") {
        return check_amdgpu(&image.data);
    }
    if !image.triple.starts_with("nvptx") {
        return Ok(());
    }
    match crate::image::classify(&image.data) {
        crate::image::ImageFormat::Cubin => check_cubin(&image.data),
        crate::image::ImageFormat::NvidiaFatbin => check_nvidia_fatbin(&image.data),
        crate::image::ImageFormat::Ptx => check_ptx(&bundler::with_trailing_nul(&image.data)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal well-formed ELF file for `machine`: a header, one `PT_LOAD` and one
    /// `PT_NOTE` segment, and the sections null, `.shstrtab`, `.strtab`, `.symtab` (one
    /// symbol), `.note`. Offsets are fixed so that tests can damage fields by position.
    fn elf(machine: u16, os_abi: u8) -> Vec<u8> {
        let mut bytes = vec![0u8; 0x400];
        bytes[..4].copy_from_slice(ELF_MAGIC);
        bytes[4] = 2;
        bytes[5] = 1;
        bytes[6] = 1;
        bytes[7] = os_abi;
        put16(&mut bytes, 16, ET_DYN);
        put16(&mut bytes, 18, machine);
        put32(&mut bytes, 20, 1);
        put64(&mut bytes, 0x20, PROGRAM_HEADERS as u64);
        put64(&mut bytes, 0x28, SECTION_HEADERS as u64);
        put16(&mut bytes, 0x34, 64);
        put16(&mut bytes, 0x36, 56);
        put16(&mut bytes, 0x38, 2);
        put16(&mut bytes, 0x3a, 64);
        put16(&mut bytes, 0x3c, 5);
        put16(&mut bytes, 0x3e, 1);
        // PT_LOAD: the whole file at address 0.
        let load = PROGRAM_HEADERS;
        put32(&mut bytes, load, PT_LOAD);
        put64(&mut bytes, load + 0x20, 0x400);
        put64(&mut bytes, load + 0x28, 0x400);
        put64(&mut bytes, load + 0x30, 0x1000);
        // PT_NOTE: the note below.
        let note = PROGRAM_HEADERS + 56;
        put32(&mut bytes, note, PT_NOTE);
        put64(&mut bytes, note + 8, NOTE as u64);
        put64(&mut bytes, note + 0x20, 20);
        put64(&mut bytes, note + 0x30, 4);
        // Strings: ".shstrtab" at 1, ".strtab" at 11, ".symtab" at 19, ".note" at 27.
        bytes[SHSTRTAB..SHSTRTAB + 33].copy_from_slice(b"\0.shstrtab\0.strtab\0.symtab\0.note\0");
        bytes[STRTAB..STRTAB + 8].copy_from_slice(b"\0kernel\0");
        // One symbol: `kernel`, defined in section 4.
        put32(&mut bytes, SYMTAB + 24, 1);
        put16(&mut bytes, SYMTAB + 24 + 6, 4);
        // A note: name "AMD\0", descriptor 4 bytes.
        put32(&mut bytes, NOTE, 4);
        put32(&mut bytes, NOTE + 4, 4);
        put32(&mut bytes, NOTE + 8, 1);
        bytes[NOTE + 12..NOTE + 16].copy_from_slice(b"AMD\0");
        let sections: [(u32, u32, usize, u64, u32, u64); 4] = [
            (1, SHT_STRTAB, SHSTRTAB, 33, 0, 0),
            (11, SHT_STRTAB, STRTAB, 8, 0, 0),
            (19, SHT_SYMTAB, SYMTAB, 48, 2, 24),
            (27, SHT_NOTE, NOTE, 20, 0, 0),
        ];
        for (index, (name, kind, offset, size, link, entry_size)) in sections.iter().enumerate() {
            let header = SECTION_HEADERS + 64 * (index + 1);
            put32(&mut bytes, header, *name);
            put32(&mut bytes, header + 4, *kind);
            put64(&mut bytes, header + 0x18, *offset as u64);
            put64(&mut bytes, header + 0x20, *size);
            put32(&mut bytes, header + 0x28, *link);
            put64(&mut bytes, header + 0x30, 4);
            put64(&mut bytes, header + 0x38, *entry_size);
        }
        bytes
    }

    const PROGRAM_HEADERS: usize = 0x40;
    const SHSTRTAB: usize = 0x100;
    const STRTAB: usize = 0x130;
    const SYMTAB: usize = 0x140;
    const NOTE: usize = 0x180;
    const SECTION_HEADERS: usize = 0x200;

    /// The header field of section `index` at `field`.
    fn section_field(index: usize, field: usize) -> usize {
        SECTION_HEADERS + 64 * index + field
    }

    fn put16(bytes: &mut [u8], at: usize, value: u16) {
        bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
    }
    fn put32(bytes: &mut [u8], at: usize, value: u32) {
        bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
    }
    fn put64(bytes: &mut [u8], at: usize, value: u64) {
        bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
    }

    /// What `check` says of the AMD image after `damage`: "ok" or the reason.
    fn amd(damage: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut bytes = elf(EM_AMDGPU, ELFOSABI_AMDGPU_HSA);
        damage(&mut bytes);
        check_amdgpu(&bytes)
            .err()
            .unwrap_or_else(|| "ok".to_owned())
    }

    fn cubin(damage: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut bytes = elf(EM_CUDA, 0x41);
        damage(&mut bytes);
        check_cubin(&bytes).err().unwrap_or_else(|| "ok".to_owned())
    }

    fn cpu(damage: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut bytes = elf(EM_X86_64, 0);
        damage(&mut bytes);
        let sealed = bundler::seal_cpu_image(&bytes);
        check_cpu_image(&sealed)
            .map(|image| format!("ok, {} bytes", image.len()))
            .unwrap_or_else(|reason| reason)
    }

    #[test]
    fn well_formed_images_pass() {
        assert_eq!(amd(|_| {}), "ok");
        assert_eq!(cubin(|_| {}), "ok");
        assert_eq!(cpu(|_| {}), "ok, 1024 bytes");
    }

    #[test]
    fn elf_headers_are_checked() {
        insta::assert_snapshot!(amd(|b| b.truncate(40)), @"40 bytes is shorter than an ELF header");
        insta::assert_snapshot!(amd(|b| b[0] = b'X'), @"not an ELF file");
        insta::assert_snapshot!(amd(|b| b[4] = 1), @"ELF class 1 is not 64-bit");
        insta::assert_snapshot!(amd(|b| b[5] = 2), @"ELF data encoding 2 is not little endian");
        insta::assert_snapshot!(amd(|b| put16(b, 18, EM_CUDA)), @"ELF machine 190, not 224 as this image's target needs");
        insta::assert_snapshot!(cubin(|b| put16(b, 18, EM_AMDGPU)), @"ELF machine 224, not 190 as this image's target needs");
        insta::assert_snapshot!(amd(|b| b[7] = 0), @"ELF OS/ABI 0, not 64");
        insta::assert_snapshot!(amd(|b| put16(b, 16, 1)), @"ELF file type 1, not 3");
        insta::assert_snapshot!(cpu(|b| put16(b, 16, 2)), @"ELF file type 2, not 3");
        insta::assert_snapshot!(cpu(|b| b[6] = 0), @"ELF version is not 1");
        // A cubin's file type and OS/ABI are NVIDIA's.
        assert_eq!(
            cubin(|b| {
                put16(b, 16, 2);
                b[7] = 0x33;
            }),
            "ok"
        );
    }

    #[test]
    fn header_tables_must_lie_inside_the_file() {
        insta::assert_snapshot!(amd(|b| put64(b, 0x20, 0x3f0)), @"the program header table (112 bytes at offset 1008) lies outside the 1024-byte file");
        insta::assert_snapshot!(amd(|b| put64(b, 0x20, u64::MAX - 8)), @"the program header table (112 bytes at offset 18446744073709551607) lies outside the 1024-byte file");
        insta::assert_snapshot!(amd(|b| put16(b, 0x36, 40)), @"program header entries of 40 bytes");
        insta::assert_snapshot!(cubin(|b| put64(b, 0x28, 1 << 40)), @"the section header table (320 bytes at offset 1099511627776) lies outside the 1024-byte file");
        insta::assert_snapshot!(amd(|b| put16(b, 0x3c, 20)), @"the section header table (1280 bytes at offset 512) lies outside the 1024-byte file");
        insta::assert_snapshot!(amd(|b| put16(b, 0x3a, 32)), @"section header entries of 32 bytes");
        insta::assert_snapshot!(amd(|b| put16(b, 0x3c, 0)), @"a section header table with no count");
    }

    #[test]
    fn sections_and_segments_must_lie_inside_the_file() {
        insta::assert_snapshot!(amd(|b| put64(b, section_field(4, 0x18), 0x3f0)), @"section 4 (20 bytes at offset 1008) lies outside the 1024-byte file");
        insta::assert_snapshot!(cubin(|b| put64(b, section_field(2, 0x20), u64::MAX)), @"section 2 (18446744073709551615 bytes at offset 304) lies outside the 1024-byte file");
        // A section that occupies no file bytes may say anything.
        assert_eq!(
            amd(|b| {
                put32(b, section_field(4, 4), SHT_NOBITS);
                put64(b, section_field(4, 0x18), 1 << 50);
            }),
            "ok"
        );
        insta::assert_snapshot!(amd(|b| put64(b, PROGRAM_HEADERS + 8, 0x200)), @"segment 0 (1024 bytes at offset 512) lies outside the 1024-byte file");
        insta::assert_snapshot!(amd(|b| put64(b, PROGRAM_HEADERS + 0x28, 0x10)), @"segment 0 is larger on file than in memory");
        insta::assert_snapshot!(amd(|b| put64(b, PROGRAM_HEADERS + 0x30, 0x30)), @"segment 0 is misaligned");
        insta::assert_snapshot!(cpu(|b| put64(b, PROGRAM_HEADERS + 0x10, 1 << 47)), @"segment 0 lies outside the address space");
        insta::assert_snapshot!(cpu(|b| put64(b, PROGRAM_HEADERS + 0x10, 8)), @"segment 0 is misaligned");
        // A cubin's segments need only lie inside the file.
        assert_eq!(cubin(|b| put64(b, PROGRAM_HEADERS + 0x10, 8)), "ok");
    }

    #[test]
    fn string_and_symbol_tables_are_checked() {
        insta::assert_snapshot!(amd(|b| b[SHSTRTAB + 32] = b'x'), @"string table 1 does not start and end with a NUL");
        insta::assert_snapshot!(cubin(|b| b[STRTAB] = b'x'), @"string table 2 does not start and end with a NUL");
        insta::assert_snapshot!(amd(|b| put16(b, 0x3e, 9)), @"the section name table, section 9, is not a string table");
        insta::assert_snapshot!(amd(|b| put16(b, 0x3e, 3)), @"the section name table, section 3, is not a string table");
        insta::assert_snapshot!(amd(|b| put32(b, section_field(2, 0), 33)), @"section 2's name lies outside the section name table");
        insta::assert_snapshot!(cubin(|b| put32(b, SYMTAB + 24, 8)), @"symbol 1 of section 3 has its name outside its string table");
        insta::assert_snapshot!(amd(|b| put16(b, SYMTAB + 24 + 6, 5)), @"symbol 1 of section 3 is in section 5, which does not exist");
        // Special section indices (SHN_ABS) are not positions.
        assert_eq!(amd(|b| put16(b, SYMTAB + 24 + 6, 0xfff1)), "ok");
        insta::assert_snapshot!(amd(|b| put32(b, section_field(3, 0x28), 4)), @"section 3 names section 4 as its string table, which is not one");
        insta::assert_snapshot!(cubin(|b| put64(b, section_field(3, 0x38), 16)), @"section 3 is not a table of whole 24-byte entries (entry size 16, 48 bytes)");
        insta::assert_snapshot!(amd(|b| put64(b, section_field(3, 0x20), 40)), @"section 3 is not a table of whole 24-byte entries (entry size 24, 40 bytes)");
    }

    #[test]
    fn notes_must_tile_their_section() {
        // Through the PT_NOTE segment, which is checked first.
        insta::assert_snapshot!(amd(|b| put32(b, NOTE, 400)), @"segment 1: the note at byte 0 runs past the end of its notes");
        insta::assert_snapshot!(amd(|b| put32(b, NOTE + 4, 0xffff_fff0)), @"segment 1: the note at byte 0 runs past the end of its notes");
        insta::assert_snapshot!(amd(|b| b[NOTE + 15] = b'!'), @"segment 1: the note at byte 0 has a name without a NUL");
        // Through the note section, where the segment still holds the whole note.
        insta::assert_snapshot!(cubin(|b| put64(b, section_field(4, 0x20), 14)), @"section 4: the note at byte 0 runs past the end of its notes");
        insta::assert_snapshot!(amd(|b| put64(b, section_field(4, 0x20), 24)), @"section 4: a note header at byte 20 is cut short");
    }

    #[test]
    fn cpu_images_need_their_digest() {
        let image = elf(EM_X86_64, 0);
        insta::assert_snapshot!(check_cpu_image(&image).unwrap_err(), @"CPU image carries no digest (1024 bytes): oxhip seals every CPU image it bundles; rebuild this one with this oxhip");
        let mut sealed = bundler::seal_cpu_image(&image);
        // A byte that no structural check looks at: only the digest sees it.
        sealed[0x3f0] ^= 1;
        insta::assert_snapshot!(check_cpu_image(&sealed).unwrap_err(), @"CPU image is damaged: its MD5 is 02a997466fe5176618081d5bbd666d43, its digest says a039386c6385f39858c6f7afad0eaa3a");
    }

    /// What `check_ptx` says of `text` with a NUL added.
    fn ptx(text: &str) -> String {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        check_ptx(&bytes).err().unwrap_or_else(|| "ok".to_owned())
    }

    #[test]
    fn ptx_is_checked() {
        assert_eq!(
            ptx("//\n.version 8.0\n.target sm_90\n.address_size 64\n"),
            "ok"
        );
        assert_eq!(ptx("\t.version\t7.8\r\n  .target sm_80, debug\r\n"), "ok");
        insta::assert_snapshot!(check_ptx(b".version 8.0\n.target sm_90\n").unwrap_err(), @"PTX text does not end in a NUL");
        insta::assert_snapshot!(check_ptx(b"").unwrap_err(), @"PTX text does not end in a NUL");
        insta::assert_snapshot!(ptx(".version 8.0\n\0.target sm_90\n"), @"PTX text has a NUL at byte 13, before its end");
        insta::assert_snapshot!(check_ptx(b".version 8.0\n.target sm_90\n\xff\0").unwrap_err(), @"PTX text is not UTF-8 (byte 27)");
        insta::assert_snapshot!(ptx(".target sm_90\n"), @"PTX text has no `.version` line");
        insta::assert_snapshot!(ptx(".version 8.0\n// .target sm_90\n.targets\n"), @"PTX text has no `.target` line");
    }

    /// An NVIDIA fatbinary of two entries, each a 64-byte header and `payload` bytes.
    fn fatbin(payload: u64) -> Vec<u8> {
        let entry = 64 + payload as usize;
        let mut bytes = vec![0u8; 16 + 2 * entry];
        bytes[..4].copy_from_slice(NVIDIA_FATBIN_MAGIC);
        put16(&mut bytes, 4, 1);
        put16(&mut bytes, 6, 16);
        put64(&mut bytes, 8, 2 * entry as u64);
        for start in [16, 16 + entry] {
            put16(&mut bytes, start, 2);
            put32(&mut bytes, start + 4, 64);
            put64(&mut bytes, start + 8, payload);
        }
        bytes
    }

    fn nvidia(damage: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut bytes = fatbin(24);
        damage(&mut bytes);
        check_nvidia_fatbin(&bytes)
            .err()
            .unwrap_or_else(|| "ok".to_owned())
    }

    #[test]
    fn nvidia_fatbinaries_are_checked() {
        assert_eq!(nvidia(|_| {}), "ok");
        // Padding after the last entry.
        assert_eq!(
            nvidia(|b| {
                b.extend_from_slice(&[0; 8]);
                put64(b, 8, 2 * 88 + 8);
            }),
            "ok"
        );
        insta::assert_snapshot!(nvidia(|b| b.truncate(12)), @"not an NVIDIA fatbinary");
        insta::assert_snapshot!(nvidia(|b| put16(b, 4, 2)), @"NVIDIA fatbinary version 2");
        insta::assert_snapshot!(nvidia(|b| put16(b, 6, 8)), @"NVIDIA fatbinary header of 8 bytes");
        insta::assert_snapshot!(nvidia(|b| put64(b, 8, 1 << 40)), @"the NVIDIA fatbinary's payload (1099511627776 bytes at offset 16) lies outside the 192-byte file");
        insta::assert_snapshot!(nvidia(|b| put64(b, 8, u64::MAX)), @"the NVIDIA fatbinary's payload (18446744073709551615 bytes at offset 16) lies outside the 192-byte file");
        insta::assert_snapshot!(nvidia(|b| put32(b, 16 + 4, 8)), @"NVIDIA fatbinary entry at byte 0 has a header of 8 bytes");
        insta::assert_snapshot!(nvidia(|b| put64(b, 16 + 8, 25)), @"NVIDIA fatbinary entry at byte 89 runs past the end of the payload");
        insta::assert_snapshot!(nvidia(|b| put64(b, 16 + 88 + 8, u64::MAX - 10)), @"NVIDIA fatbinary entry at byte 88 runs past the end of the payload");
    }
}
