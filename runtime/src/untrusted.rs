//! Reading a code object the program hands over as a bare pointer (`__hipRegisterFatBinary`,
//! `hipModuleLoadData`), whose length only its own headers tell.
//!
//! Nothing is read on trust: the headers are read piece by piece, each piece only after
//! checking that its memory is readable ([`readable`], through `process_vm_readv` on our own
//! process, which reports `EFAULT` where a plain read would fault), every size and offset is
//! checked for overflow and against [`MAX_IMAGE`], and the whole image is checked readable
//! before it is borrowed. A corrupted header therefore gives an error (the caller's
//! `hipErrorInvalidImage`), never a fault or an allocation of what the header claims.
//! Where the system refuses `process_vm_readv` (some seccomp profiles), memory is assumed
//! readable, as before this check existed; the size checks still apply.

use std::ffi::c_void;
use std::sync::atomic::{AtomicU8, Ordering};

use bundler::BundleLen;

use crate::image::NVIDIA_FATBIN_MAGIC;

/// The largest code object accepted (4 GiB, the limit of `CCOB` version 2 too).
pub(crate) const MAX_IMAGE: usize = 1 << 32;
/// The longest PTX text searched for its terminating NUL.
const MAX_PTX: usize = 1 << 28;
const PAGE: usize = 4096;

const ELF_MAGIC: &[u8] = b"\x7fELF";

/// Whether `process_vm_readv` works here: 0 untried, 1 yes, 2 no.
static PROBE: AtomicU8 = AtomicU8::new(0);

/// Whether every byte of `[address, address + length)` can be read. Reads one byte of each
/// page (and the last byte) with `process_vm_readv`, 1024 pages a call.
pub(crate) fn readable(address: usize, length: usize) -> bool {
    if length == 0 {
        return true;
    }
    let Some(last) = address.checked_add(length - 1) else {
        return false;
    };
    if address == 0 || PROBE.load(Ordering::Relaxed) == 2 {
        return address != 0;
    }
    let mut pages: Vec<usize> = Vec::new();
    let mut page = address;
    loop {
        pages.push(page);
        match (page & !(PAGE - 1)).checked_add(PAGE) {
            Some(next) if next <= last => page = next,
            _ => break,
        }
    }
    if *pages.last().unwrap_or(&0) != last {
        pages.push(last);
    }
    let mut scratch = [0u8; 1024];
    for chunk in pages.chunks(scratch.len()) {
        let remote: Vec<libc::iovec> = chunk
            .iter()
            .map(|&byte| libc::iovec {
                iov_base: byte as *mut c_void,
                iov_len: 1,
            })
            .collect();
        let local = libc::iovec {
            iov_base: scratch.as_mut_ptr().cast(),
            iov_len: chunk.len(),
        };
        // SAFETY: `local` describes `chunk.len()` writable bytes of `scratch`; `remote` is a
        // live array of `remote.len()` iovecs; the kernel reads our own process's memory and
        // reports an unmapped page as a short count or EFAULT instead of faulting.
        let done = unsafe {
            libc::process_vm_readv(
                libc::getpid(),
                &local,
                1,
                remote.as_ptr(),
                remote.len() as libc::c_ulong,
                0,
            )
        };
        if done < 0 {
            let error = std::io::Error::last_os_error().raw_os_error();
            if matches!(error, Some(libc::ENOSYS | libc::EPERM)) {
                // Not allowed here: fall back to trusting the memory, as the runtime did.
                PROBE.store(2, Ordering::Relaxed);
                return true;
            }
            return false;
        }
        PROBE.store(1, Ordering::Relaxed);
        if done as usize != chunk.len() {
            return false;
        }
    }
    true
}

/// `length` bytes at `address`, borrowed after checking that they are readable.
///
/// # Safety
/// As for [`image_at`]: readable memory stays mapped and unchanged for `'a`.
unsafe fn borrow<'a>(address: usize, length: usize, what: &str) -> Result<&'a [u8], String> {
    if length > MAX_IMAGE {
        return Err(format!(
            "{what} claims {length} bytes, more than the {MAX_IMAGE} a code object may have"
        ));
    }
    if !readable(address, length) {
        return Err(format!(
            "{what}: {length} bytes at {address:#x} are not all readable memory (a corrupt size or offset?)"
        ));
    }
    // SAFETY: every page of the range was just read successfully; code objects handed to
    // the runtime are read-only data the program keeps alive while it uses them.
    Ok(unsafe { std::slice::from_raw_parts(address as *const u8, length) })
}

fn u16_at(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 2)
        .map_or(0, |b| u64::from(u16::from_le_bytes([b[0], b[1]])))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
}

fn size(value: u64, what: &str) -> Result<usize, String> {
    usize::try_from(value)
        .ok()
        .filter(|value| *value <= MAX_IMAGE)
        .ok_or_else(|| format!("{what} {value} is beyond the {MAX_IMAGE}-byte limit"))
}

/// The end of a table of `count` entries of `entry` bytes at `offset`, all checked.
fn table_end(offset: u64, entry: u64, count: u64, what: &str) -> Result<usize, String> {
    let bytes = entry * count; // both are u16 values: no overflow
    size(
        offset
            .checked_add(bytes)
            .ok_or_else(|| format!("{what} overflows"))?,
        what,
    )
}

/// The length of an ELF64 file from its headers: the furthest end of the header tables, any
/// section that occupies file bytes and any segment. `read(offset, length)` gives the
/// file's bytes (checked); every value read is checked before it is used.
pub(crate) fn elf_length(
    read: &dyn Fn(usize, usize) -> Result<Vec<u8>, String>,
) -> Result<usize, String> {
    let header = read(0, 64)?;
    if header.get(4) != Some(&2) || header.get(5) != Some(&1) {
        return Err("not a 64-bit little-endian ELF file".to_owned());
    }
    let program_headers = u64_at(&header, 0x20);
    let section_headers = u64_at(&header, 0x28);
    let program_entry = u16_at(&header, 0x36);
    let segments = u16_at(&header, 0x38);
    let section_entry = u16_at(&header, 0x3a);
    let sections = u16_at(&header, 0x3c);
    if (segments > 0 && program_entry < 56) || (sections > 0 && section_entry < 64) {
        return Err("ELF header table entries are too small".to_owned());
    }
    let mut end = 64usize;
    if segments > 0 {
        let table_end = table_end(program_headers, program_entry, segments, "program headers")?;
        let table = read(
            program_headers as usize,
            table_end - program_headers as usize,
        )?;
        end = end.max(table_end);
        for entry in table.chunks_exact(program_entry as usize) {
            let segment_end = u64_at(entry, 8)
                .checked_add(u64_at(entry, 0x20))
                .ok_or("a segment's end overflows")?;
            end = end.max(size(segment_end, "a segment's end")?);
        }
    }
    if sections > 0 {
        let table_end = table_end(section_headers, section_entry, sections, "section headers")?;
        let table = read(
            section_headers as usize,
            table_end - section_headers as usize,
        )?;
        end = end.max(table_end);
        for entry in table.chunks_exact(section_entry as usize) {
            // SHT_NOBITS (8) occupies no file bytes.
            if entry.get(4..8) == Some(&8u32.to_le_bytes()[..]) {
                continue;
            }
            let section_end = u64_at(entry, 0x18)
                .checked_add(u64_at(entry, 0x20))
                .ok_or("a section's end overflows")?;
            end = end.max(size(section_end, "a section's end")?);
        }
    }
    Ok(end)
}

/// The fat binary or code object at `address`: its bytes, the length found from its headers.
/// With `any_format` false only what clang registers is accepted (an offload bundle or an
/// NVIDIA fatbinary); with it true also what `hipModuleLoadData` takes (an ELF file, with
/// the digest trailer of a CPU image when one follows it, or NUL-terminated PTX text,
/// returned with its NUL).
///
/// # Safety
/// Memory at `address` that is readable must stay mapped and unchanged for `'a` (a code
/// object the program keeps while it uses it). Where `process_vm_readv` is refused, every
/// byte the headers describe is assumed readable, so `address` must then be a complete,
/// well-formed image.
pub(crate) unsafe fn image_at<'a>(address: usize, any_format: bool) -> Result<&'a [u8], String> {
    // SAFETY: every `borrow` below is of memory this function's contract covers; each
    // checks readability itself.
    unsafe {
        if address == 0 {
            return Err("null pointer".to_owned());
        }
        let first = borrow(address, 1, "the image")?;
        if first[0] == 0 {
            return Err("empty image".to_owned());
        }
        // Every format but PTX has at least 4 bytes of magic; PTX of fewer bytes is its NUL.
        let head_len = if readable(address, 4) { 4 } else { 1 };
        let head = borrow(address, head_len, "the image")?;
        if head == &bundler::FLAT_MAGIC[..4] || head == bundler::COMPRESSED_MAGIC {
            let mut available = 0usize;
            // `bundle_len` asks for more each round and its header limits bound the rounds.
            loop {
                let prefix = borrow(address, available, "the bundle header")?;
                match bundler::bundle_len(prefix).map_err(|error| error.to_string())? {
                    BundleLen::Complete(length) => return borrow(address, length, "the bundle"),
                    BundleLen::NeedMore(needed) => available = needed.max(available + 1),
                }
            }
        }
        if head == NVIDIA_FATBIN_MAGIC {
            let header = borrow(address, 16, "the NVIDIA fatbinary header")?;
            let header_size = u16_at(header, 6);
            if header_size < 16 {
                return Err(format!("NVIDIA fatbinary header size {header_size}"));
            }
            let total = header_size
                .checked_add(u64_at(header, 8))
                .ok_or("the NVIDIA fatbinary's size overflows")?;
            return borrow(
                address,
                size(total, "NVIDIA fatbinary size")?,
                "the NVIDIA fatbinary",
            );
        }
        if !any_format {
            return Err(format!(
                "neither an offload bundle nor an NVIDIA fatbinary (starts {head:02x?})"
            ));
        }
        if head == ELF_MAGIC {
            let read = |offset: usize, length: usize| {
                let start = address
                    .checked_add(offset)
                    .ok_or("an ELF offset overflows")?;
                borrow(start, length, "an ELF header table").map(<[u8]>::to_vec)
            };
            let length = elf_length(&read)?;
            // A CPU image as oxhip bundles it ends in a digest trailer past what its headers
            // describe (`bundler::seal_cpu_image`): take the trailer along where it is.
            let trailer_len = bundler::CPU_IMAGE_TRAILER_LEN;
            let sealed = length
                .checked_add(address)
                .filter(|start| readable(*start, trailer_len))
                .and_then(|start| borrow(start, trailer_len, "a digest trailer").ok())
                .is_some_and(|trailer| bundler::is_cpu_image_trailer(trailer, length));
            let length = if sealed { length + trailer_len } else { length };
            return borrow(address, length, "the ELF file");
        }
        // NUL-terminated PTX: look for the NUL a page at a time.
        let mut length = 0usize;
        while length < MAX_PTX {
            let start = address + length;
            let chunk = PAGE - (start % PAGE);
            let Ok(bytes) = borrow(start, chunk, "PTX text") else {
                return Err("text without a terminating NUL in readable memory".to_owned());
            };
            if let Some(nul) = bytes.iter().position(|byte| *byte == 0) {
                return borrow(address, length + nul + 1, "PTX text");
            }
            length += chunk;
        }
        Err(format!("no NUL in the first {MAX_PTX} bytes of PTX text"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmapped_memory_is_not_readable() {
        let data = vec![7u8; 3 * PAGE];
        assert!(readable(data.as_ptr() as usize, data.len()));
        assert!(!readable(0x1234, 16));
        assert!(!readable(usize::MAX - 4, 16));
        assert!(!readable(0, 1));
    }

    #[test]
    fn corrupt_headers_are_errors() {
        let mut bundle = bundler::FLAT_MAGIC.to_vec();
        bundle.extend_from_slice(&1u64.to_le_bytes());
        bundle.extend_from_slice(&(1u64 << 40).to_le_bytes()); // offset
        bundle.extend_from_slice(&4096u64.to_le_bytes()); // size
        let id = b"host-x86_64-unknown-linux-gnu-";
        bundle.extend_from_slice(&(id.len() as u64).to_le_bytes());
        bundle.extend_from_slice(id);
        // SAFETY: a live vector; readability is checked before any read.
        let error = unsafe { image_at(bundle.as_ptr() as usize, true) }.unwrap_err();
        assert!(error.contains("bundle"), "{error}");

        let mut elf = [0u8; 128];
        elf[..4].copy_from_slice(ELF_MAGIC);
        elf[4] = 2;
        elf[5] = 1;
        elf[0x28..0x30].copy_from_slice(&(1u64 << 44).to_le_bytes());
        elf[0x3a] = 64;
        elf[0x3c] = 3;
        // SAFETY: as above.
        assert!(unsafe { image_at(elf.as_ptr() as usize, true) }.is_err());
        // SAFETY: as above.
        assert!(unsafe { image_at(elf.as_ptr() as usize, false) }.is_err());

        let ptx = b"//\n.version 8.0\n.target sm_90\n\0";
        assert_eq!(
            // SAFETY: as above.
            unsafe { image_at(ptx.as_ptr() as usize, true) }
                .unwrap()
                .len(),
            ptx.len()
        );
    }

    /// A bare CPU image handed to `hipModuleLoadData` keeps the digest trailer that follows
    /// what its headers describe; other bytes there are not taken along.
    #[test]
    fn a_cpu_images_digest_trailer_is_measured_with_it() {
        let mut elf = vec![0u8; 64];
        elf[..4].copy_from_slice(ELF_MAGIC);
        elf[4] = 2;
        elf[5] = 1;
        let mut sealed = bundler::seal_cpu_image(&elf);
        sealed.extend_from_slice(&[0xa5; 64]);
        // SAFETY: a live vector; readability is checked before any read.
        let measured = unsafe { image_at(sealed.as_ptr() as usize, true) }.unwrap();
        assert_eq!(measured.len(), 64 + bundler::CPU_IMAGE_TRAILER_LEN);
        let mut unsealed = elf.clone();
        unsealed.extend_from_slice(&[0xa5; 64]);
        // SAFETY: as above.
        let measured = unsafe { image_at(unsealed.as_ptr() as usize, true) }.unwrap();
        assert_eq!(measured.len(), 64);
    }
}
