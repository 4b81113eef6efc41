//! Pulling `.hip_fatbin` sections (hip-abi.md §1.6) out of an ELF64
//! little-endian file: an object, executable or shared library.
//!
//! A deliberately small hand parser of the ELF header and section headers
//! (the `object` crate would be a heavy dependency for the runtime). It reads
//! nothing but section names and contents, and does not interpret the bundles.

use crate::flat::{Cursor, Short};
use crate::BundleError;

/// Section types without file contents.
const SHT_NOBITS: u32 = 8;
/// `e_shstrndx` value meaning "the index is in section 0's `sh_link`".
const SHN_XINDEX: u16 = 0xffff;
/// Size of one ELF64 section header.
const SECTION_HEADER_LEN: u64 = 64;

/// The section HIP fat binaries live in.
const FATBIN_SECTION: &str = ".hip_fatbin";

struct SectionHeader {
    name: u32,
    kind: u32,
    offset: u64,
    size: u64,
    link: u32,
}

fn malformed(what: &'static str) -> impl Fn(Short) -> BundleError {
    move |_| BundleError::MalformedElf { what }
}

fn section_header(bytes: &[u8], at: u64) -> Result<SectionHeader, BundleError> {
    let truncated = malformed("section header past the end of the file");
    let start = usize::try_from(at).map_err(|_| BundleError::MalformedElf {
        what: "section header offset",
    })?;
    let mut cursor = Cursor::new(bytes.get(start..).ok_or(BundleError::MalformedElf {
        what: "section header past the end of the file",
    })?);
    let name = cursor.u32("sh_name").map_err(&truncated)?;
    let kind = cursor.u32("sh_type").map_err(&truncated)?;
    let _flags = cursor.u64("sh_flags").map_err(&truncated)?;
    let _addr = cursor.u64("sh_addr").map_err(&truncated)?;
    let offset = cursor.u64("sh_offset").map_err(&truncated)?;
    let size = cursor.u64("sh_size").map_err(&truncated)?;
    let link = cursor.u32("sh_link").map_err(&truncated)?;
    Ok(SectionHeader {
        name,
        kind,
        offset,
        size,
        link,
    })
}

fn section_data<'a>(bytes: &'a [u8], header: &SectionHeader) -> Result<&'a [u8], BundleError> {
    if header.kind == SHT_NOBITS {
        return Ok(&[]);
    }
    usize::try_from(header.offset)
        .ok()
        .zip(usize::try_from(header.size).ok())
        .and_then(|(offset, size)| bytes.get(offset..offset.checked_add(size)?))
        .ok_or(BundleError::MalformedElf {
            what: "section contents past the end of the file",
        })
}

/// The `.hip_fatbin` sections of an ELF64 little-endian file, as
/// `(section name, contents)` in section-header order.
///
/// A linked executable has one such section holding the bundles of all its
/// HIP objects back to back; [`crate::split_bundles`] cuts it apart. A file
/// without the section gives an empty list. Errors: not ELF64 little-endian,
/// or section headers, names or contents outside the file.
pub fn extract_from_elf(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>, BundleError> {
    // ELF identification: magic, ELFCLASS64 (2), ELFDATA2LSB (1).
    if bytes.len() < 64 || !bytes.starts_with(b"\x7fELF") || bytes[4] != 2 || bytes[5] != 1 {
        return Err(BundleError::NotElf);
    }
    let mut cursor = Cursor::new(&bytes[0x28..0x40]);
    let truncated = malformed("ELF header");
    let section_table = cursor.u64("e_shoff").map_err(&truncated)?;
    let _flags = cursor.u32("e_flags").map_err(&truncated)?;
    let _header_size = cursor.u16("e_ehsize").map_err(&truncated)?;
    let _program_header_size = cursor.u16("e_phentsize").map_err(&truncated)?;
    let _program_header_count = cursor.u16("e_phnum").map_err(&truncated)?;
    let section_header_size = cursor.u16("e_shentsize").map_err(&truncated)?;
    let mut section_count = u64::from(cursor.u16("e_shnum").map_err(&truncated)?);
    let names_index = cursor.u16("e_shstrndx").map_err(&truncated)?;
    if section_table == 0 {
        return Ok(Vec::new());
    }
    if u64::from(section_header_size) != SECTION_HEADER_LEN {
        return Err(BundleError::MalformedElf {
            what: "section header size is not 64",
        });
    }
    // With 0xff00 or more sections, the count and the names index live in
    // section 0 (ELF gABI, "Extended section numbering").
    let first = section_header(bytes, section_table)?;
    if section_count == 0 {
        section_count = first.size;
    }
    let names_index = if names_index == SHN_XINDEX {
        u64::from(first.link)
    } else {
        u64::from(names_index)
    };
    let table_fits = section_count
        .checked_mul(SECTION_HEADER_LEN)
        .and_then(|len| len.checked_add(section_table))
        .is_some_and(|end| end <= bytes.len() as u64);
    if !table_fits {
        return Err(BundleError::MalformedElf {
            what: "section header table past the end of the file",
        });
    }
    if names_index >= section_count {
        return Err(BundleError::MalformedElf {
            what: "section name table index out of range",
        });
    }
    let at = |index: u64| section_header(bytes, section_table + index * SECTION_HEADER_LEN);
    let names = section_data(bytes, &at(names_index)?)?;

    let mut found = Vec::new();
    for index in 0..section_count {
        let header = at(index)?;
        let name = usize::try_from(header.name)
            .ok()
            .and_then(|start| names.get(start..))
            .and_then(|rest| rest.split(|byte| *byte == 0).next())
            .ok_or(BundleError::MalformedElf {
                what: "section name outside the name table",
            })?;
        let name = String::from_utf8_lossy(name);
        if name == FATBIN_SECTION {
            found.push((name.into_owned(), section_data(bytes, &header)?.to_vec()));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_non_elf() {
        insta::assert_snapshot!(extract_from_elf(b"not an elf").unwrap_err(), @"not an ELF64 little-endian file");
        let mut header = vec![0u8; 64];
        header[..6].copy_from_slice(b"\x7fELF\x02\x01");
        // e_shoff far past the end.
        header[0x28..0x30].copy_from_slice(&1_000_000u64.to_le_bytes());
        header[0x3a..0x3c].copy_from_slice(&64u16.to_le_bytes());
        header[0x3c..0x3e].copy_from_slice(&3u16.to_le_bytes());
        insta::assert_snapshot!(extract_from_elf(&header).unwrap_err(), @"malformed ELF file: section header past the end of the file");
    }
}
