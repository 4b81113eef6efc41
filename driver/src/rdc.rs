//! Relocatable device code (`-fgpu-rdc`): the formats that carry device bitcode from the
//! compile to the link, and the assembly that ties the translation units' registration to
//! the one linked fat binary (hip-abi.md §1.8 and §1.9).
//!
//! At the compile, each device's bitcode becomes an LLVM OffloadBinary (format version 1,
//! as clang 22 writes it: kind HIP, image kind bitcode, `triple` and `arch` strings) and the
//! host cc1 embeds it with `-fembed-offload-object` into the `.llvm.offloading` section,
//! which the final link drops (`SHF_EXCLUDE`). At the link, [`device_bitcode`] reads those
//! back from objects and archive members, and also reads the sections
//! `__CLANG_OFFLOAD_BUNDLE__hip-<triple>-<arch>` of objects made by hipcc or
//! `clang -fgpu-rdc`, so that their device code links with ours; [`wrapper_assembly`]
//! defines each translation unit's `__hip_fatbin_<cuid>` and `__hip_gpubin_handle_<cuid>`.
//!
//! Pure functions over bytes; `execute` does the reading and writing.

use std::fmt::Write as _;

use object::read::archive::ArchiveFile;
use object::{Object, ObjectSection, ObjectSymbol};

/// The OffloadBinary magic, `10 FF 10 AD`.
const MAGIC: [u8; 4] = [0x10, 0xff, 0x10, 0xad];
const IMAGE_KIND_BITCODE: u16 = 2;
const OFFLOAD_KIND_HIP: u16 = 4;

/// One device image with its target, as an OffloadBinary holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DeviceImage {
    pub(crate) triple: String,
    pub(crate) arch: String,
    pub(crate) image: Vec<u8>,
}

/// `bitcode` for `triple`/`arch` as an OffloadBinary, version 1 (hip-abi.md §1.9): a 32-byte
/// header, one 40-byte entry, the string table (two key/value pairs) and the image.
pub(crate) fn package(bitcode: &[u8], triple: &str, arch: &str) -> Vec<u8> {
    let strings: [(&str, &str); 2] = [("triple", triple), ("arch", arch)];
    let header_size = 32u64;
    let entry_size = 40u64;
    let table_offset = header_size + entry_size;
    let table_size = 16 * strings.len() as u64;
    let mut text = Vec::new();
    let mut pairs = Vec::new();
    let text_offset = table_offset + table_size;
    for (key, value) in strings {
        let key_offset = text_offset + text.len() as u64;
        text.extend(key.as_bytes());
        text.push(0);
        let value_offset = text_offset + text.len() as u64;
        text.extend(value.as_bytes());
        text.push(0);
        pairs.push((key_offset, value_offset));
    }
    let image_offset = (text_offset + text.len() as u64).next_multiple_of(8);
    let total = (image_offset + bitcode.len() as u64).next_multiple_of(8);
    let mut out = Vec::with_capacity(total as usize);
    out.extend(MAGIC);
    out.extend(1u32.to_le_bytes());
    out.extend(total.to_le_bytes());
    out.extend(header_size.to_le_bytes());
    out.extend(entry_size.to_le_bytes());
    out.extend(IMAGE_KIND_BITCODE.to_le_bytes());
    out.extend(OFFLOAD_KIND_HIP.to_le_bytes());
    out.extend(0u32.to_le_bytes());
    out.extend(table_offset.to_le_bytes());
    out.extend((strings.len() as u64).to_le_bytes());
    out.extend(image_offset.to_le_bytes());
    out.extend((bitcode.len() as u64).to_le_bytes());
    for (key, value) in pairs {
        out.extend(key.to_le_bytes());
        out.extend(value.to_le_bytes());
    }
    out.extend(&text);
    out.resize(image_offset as usize, 0);
    out.extend(bitcode);
    out.resize(total as usize, 0);
    out
}

fn u16_at(bytes: &[u8], offset: usize) -> Option<u16> {
    Some(u16::from_le_bytes(
        bytes.get(offset..offset + 2)?.try_into().ok()?,
    ))
}
fn u32_at(bytes: &[u8], offset: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        bytes.get(offset..offset + 4)?.try_into().ok()?,
    ))
}
fn u64_at(bytes: &[u8], offset: usize) -> Option<usize> {
    usize::try_from(u64::from_le_bytes(
        bytes.get(offset..offset + 8)?.try_into().ok()?,
    ))
    .ok()
}
fn c_string(bytes: &[u8], offset: usize) -> Option<String> {
    let rest = bytes.get(offset..)?;
    let end = rest.iter().position(|&byte| byte == 0)?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

/// The HIP bitcode images in a `.llvm.offloading` section: OffloadBinaries one after
/// another, each padded to 8 bytes. Anything malformed ends the walk; images of other
/// offload or image kinds are skipped.
pub(crate) fn read_offloading_section(section: &[u8]) -> Vec<DeviceImage> {
    let mut images = Vec::new();
    let mut start = 0;
    while start + 32 <= section.len() {
        let binary = &section[start..];
        if binary[..4] != MAGIC || u32_at(binary, 4) != Some(1) {
            break;
        }
        let Some(total) = u64_at(binary, 8).filter(|&size| size >= 72 && size <= binary.len())
        else {
            break;
        };
        let binary = &binary[..total];
        if let Some(image) = read_entry(binary) {
            images.push(image);
        }
        start += total.next_multiple_of(8);
    }
    images
}

/// The one entry of a version 1 OffloadBinary, when it is HIP bitcode.
fn read_entry(binary: &[u8]) -> Option<DeviceImage> {
    let entry = u64_at(binary, 16)?;
    if u16_at(binary, entry)? != IMAGE_KIND_BITCODE
        || u16_at(binary, entry + 2)? != OFFLOAD_KIND_HIP
    {
        return None;
    }
    let table = u64_at(binary, entry + 8)?;
    let count = u64_at(binary, entry + 16)?.min(64);
    let image_offset = u64_at(binary, entry + 24)?;
    let image_size = u64_at(binary, entry + 32)?;
    let image = binary.get(image_offset..image_offset.checked_add(image_size)?)?;
    let (mut triple, mut arch) = (None, None);
    for index in 0..count {
        let key = c_string(binary, u64_at(binary, table + 16 * index)?)?;
        let value = c_string(binary, u64_at(binary, table + 16 * index + 8)?)?;
        match key.as_str() {
            "triple" => triple = Some(value),
            "arch" => arch = Some(value),
            _ => {}
        }
    }
    Some(DeviceImage {
        triple: triple?,
        arch: arch?,
        image: image.to_vec(),
    })
}

/// A clang-offload-bundler section name `__CLANG_OFFLOAD_BUNDLE__hip-amdgcn-amd-amdhsa--gfx942`
/// (or `hipv4-`) as a triple and an arch; `None` for the host entry and other kinds.
fn bundle_section_target(name: &str) -> Option<(String, String)> {
    let id = name.strip_prefix("__CLANG_OFFLOAD_BUNDLE__")?;
    let rest = id
        .strip_prefix("hip-")
        .or_else(|| id.strip_prefix("hipv4-"))?;
    // <arch>-<vendor>-<os>-<environment>-<processor>: the processor follows the fourth dash.
    let mut parts = rest.splitn(5, '-');
    let (arch, vendor, os) = (parts.next()?, parts.next()?, parts.next()?);
    let _environment = parts.next()?;
    let processor = parts.next()?;
    Some((format!("{arch}-{vendor}-{os}"), processor.to_owned()))
}

/// What one link input contributes to a relocatable-device-code link.
#[derive(Debug, Default)]
pub(crate) struct LinkInputRdc {
    pub(crate) images: Vec<DeviceImage>,
    /// Names after `__hip_fatbin_` of the fat binary symbols the input leaves undefined.
    pub(crate) cuids: Vec<String>,
}

/// Scans an object file or an archive (all members) for device images and undefined fat
/// binary symbols. Anything that is not an ELF object or an archive contributes nothing.
pub(crate) fn scan(bytes: &[u8]) -> LinkInputRdc {
    let mut found = LinkInputRdc::default();
    if let Ok(archive) = ArchiveFile::parse(bytes) {
        for member in archive.members().flatten() {
            if let Ok(data) = member.data(bytes) {
                // A member starts at any even offset (GNU `ar`, as CMake runs it), and the
                // ELF reader wants its headers 8-aligned: read a copy that is.
                let mut copy = vec![0u8; data.len() + 8];
                let start = (8 - copy.as_ptr() as usize % 8) % 8;
                copy[start..start + data.len()].copy_from_slice(data);
                scan_object(&copy[start..start + data.len()], &mut found);
            }
        }
    } else {
        scan_object(bytes, &mut found);
    }
    found
}

fn scan_object(bytes: &[u8], found: &mut LinkInputRdc) {
    let Ok(file) = object::File::parse(bytes) else {
        return;
    };
    for section in file.sections() {
        let Ok(name) = section.name() else { continue };
        let Ok(data) = section.data() else { continue };
        if name == ".llvm.offloading" {
            found.images.extend(read_offloading_section(data));
        } else if let Some((triple, arch)) = bundle_section_target(name) {
            found.images.push(DeviceImage {
                triple,
                arch,
                image: data.to_vec(),
            });
        }
    }
    for symbol in file.symbols() {
        if !symbol.is_undefined() {
            continue;
        }
        if let Some(cuid) = symbol
            .name()
            .ok()
            .and_then(|name| name.strip_prefix("__hip_fatbin_"))
        {
            if !found.cuids.iter().any(|seen| seen == cuid) {
                found.cuids.push(cuid.to_owned());
            }
        }
    }
}

/// The images of `inputs` for one target: the triple must match, and the arch must be the
/// target ID or, for an image built without target-ID features, its processor.
pub(crate) fn device_bitcode<'a>(
    inputs: &'a [LinkInputRdc],
    triple: &str,
    target_id: &str,
) -> Vec<&'a [u8]> {
    let processor = target_id.split(':').next().unwrap_or(target_id);
    inputs
        .iter()
        .flat_map(|input| &input.images)
        .filter(|image| {
            image
                .triple
                .starts_with(triple.split('-').next().unwrap_or(triple))
        })
        .filter(|image| image.arch == target_id || image.arch == processor)
        .map(|image| image.image.as_slice())
        .collect()
}

/// Assembly that defines every `__hip_fatbin_<cuid>` as the bundle at `bundle_path` (one copy,
/// 4096-aligned in `.hip_fatbin`) and every `__hip_gpubin_handle_<cuid>` as one shared,
/// hidden, zeroed pointer, so that the first constructor registers the fat binary and the
/// others find the handle set (hip-abi.md §1.8).
pub(crate) fn wrapper_assembly(cuids: &[String], bundle_path: &str) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "# oxhip: fat binary of a -fgpu-rdc link");
    let _ = writeln!(text, "  .section .hip_fatbin,\"a\",@progbits");
    let _ = writeln!(text, "  .p2align 12");
    let _ = writeln!(text, "__oxhip_rdc_fatbin:");
    let escaped = bundle_path.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(text, "  .incbin \"{escaped}\"");
    let _ = writeln!(text, "  .section .hip_gpubin_handle,\"aw\",@progbits");
    let _ = writeln!(text, "  .p2align 3");
    let _ = writeln!(text, "__oxhip_rdc_handle:");
    let _ = writeln!(text, "  .zero 8");
    for cuid in cuids {
        let _ = writeln!(text, "  .globl __hip_fatbin_{cuid}");
        let _ = writeln!(text, "  .protected __hip_fatbin_{cuid}");
        let _ = writeln!(text, "  .set __hip_fatbin_{cuid}, __oxhip_rdc_fatbin");
        let _ = writeln!(text, "  .globl __hip_gpubin_handle_{cuid}");
        let _ = writeln!(text, "  .hidden __hip_gpubin_handle_{cuid}");
        let _ = writeln!(
            text,
            "  .set __hip_gpubin_handle_{cuid}, __oxhip_rdc_handle"
        );
    }
    let _ = writeln!(text, "  .section .note.GNU-stack,\"\",@progbits");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_round_trips_and_concatenates() {
        let first = package(b"BC\xc0\xde first", "amdgcn-amd-amdhsa", "gfx942");
        let second = package(b"BC\xc0\xde second!", "nvptx64-nvidia-cuda", "sm_90");
        assert_eq!(first.len() % 8, 0);
        let mut section = first.clone();
        section.extend(&second);
        let images = read_offloading_section(&section);
        let summary: Vec<String> = images
            .iter()
            .map(|image| {
                format!(
                    "{} {} {}",
                    image.triple,
                    image.arch,
                    String::from_utf8_lossy(&image.image[4..])
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                "amdgcn-amd-amdhsa gfx942  first",
                "nvptx64-nvidia-cuda sm_90  second!"
            ]
        );
        // Truncated or foreign bytes end the walk without a panic.
        assert_eq!(read_offloading_section(&section[..30]).len(), 0);
        assert_eq!(read_offloading_section(&first[..first.len() - 9]).len(), 0);
        assert_eq!(
            read_offloading_section(b"not an offload binary at all, 40 bytes..").len(),
            0
        );
    }

    #[test]
    fn bundle_sections_name_their_target() {
        assert_eq!(
            bundle_section_target("__CLANG_OFFLOAD_BUNDLE__hip-amdgcn-amd-amdhsa--gfx942"),
            Some(("amdgcn-amd-amdhsa".to_owned(), "gfx942".to_owned()))
        );
        assert_eq!(
            bundle_section_target("__CLANG_OFFLOAD_BUNDLE__hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+"),
            Some(("amdgcn-amd-amdhsa".to_owned(), "gfx90a:xnack+".to_owned()))
        );
        assert_eq!(
            bundle_section_target("__CLANG_OFFLOAD_BUNDLE__host-x86_64-unknown-linux-gnu-"),
            None
        );
    }

    #[test]
    fn target_matching_takes_processor_images_for_feature_targets() {
        let inputs = [LinkInputRdc {
            images: vec![
                DeviceImage {
                    triple: "amdgcn-amd-amdhsa".into(),
                    arch: "gfx90a".into(),
                    image: b"a".to_vec(),
                },
                DeviceImage {
                    triple: "amdgcn-amd-amdhsa".into(),
                    arch: "gfx942".into(),
                    image: b"b".to_vec(),
                },
            ],
            cuids: Vec::new(),
        }];
        let found = device_bitcode(&inputs, "amdgcn-amd-amdhsa", "gfx90a:xnack+");
        assert_eq!(found, [b"a".as_slice()]);
        assert!(device_bitcode(&inputs, "nvptx64-nvidia-cuda", "sm_90").is_empty());
    }
}
