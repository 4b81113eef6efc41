//! The flat `__CLANG_OFFLOAD_BUNDLE__` format (hip-abi.md §2.1): writing,
//! reading, and a text dump for tests and tools.
//!
//! Compression is delegated to `compress.rs`; this file only decides when it
//! applies. The header parser reports a short input as "needs N bytes" rather
//! than failing outright, so that `length.rs` can use it on a growing prefix.

use std::fmt::Write as _;

use md5::{Digest, Md5};

use crate::compress::{self, Compression};
use crate::{Bundle, BundleError, Entry, EntryId, OffloadKind, COMPRESSED_MAGIC, FLAT_MAGIC};

/// Most entries a bundle may declare; far above any real bundle, it bounds the
/// work done on garbage input and on memory reached through a bare pointer.
pub(crate) const MAX_ENTRIES: u64 = 1 << 16;
/// Longest entry ID accepted, for the same reason.
pub(crate) const MAX_ID_LEN: u64 = 1 << 12;

/// How [`write()`] lays out a bundle.
///
/// There is no `Default`: the driver passes `align: 4096`, as clang's driver
/// does for `.hipfb` files; `clang-offload-bundler` itself defaults to 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WriteOptions {
    /// Every entry's data offset is a multiple of this (at least 1).
    pub align: u64,
    /// Wrap the flat bundle in a `CCOB` header (hip-abi.md §2.4).
    pub compression: Option<Compression>,
}

/// How [`read_with`] checks a bundle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReadOptions {
    /// Compare the MD5-based hash of a compressed bundle with its data.
    /// clang checks it only in verbose mode; [`read`] does not.
    pub verify_hash: bool,
}

/// Writes a bundle: flat, or compressed when `options.compression` is set.
///
/// Layout, as clang's driver produces it (hip-abi.md §2.1): the host entries
/// first (a `host-x86_64-unknown-linux-gnu-` entry with no data is added when
/// the bundle has no host entry, because `clang-offload-bundler` crashes on a
/// bundle without one), then the other entries sorted by ID. Each data offset
/// is the end of the previous data rounded up to `align`, so an empty host
/// entry shares its offset with the next entry; gaps are zero bytes and the
/// file ends with the last entry's data.
///
/// Errors: a zero alignment, two entries with the same ID, sizes that
/// overflow, or a compression failure.
pub fn write(bundle: &Bundle, options: &WriteOptions) -> Result<Vec<u8>, BundleError> {
    let flat = write_flat(bundle, options.align)?;
    match &options.compression {
        None => Ok(flat),
        Some(compression) => compress::compress(&flat, compression),
    }
}

/// Writes a flat bundle, as [`write()`] does without compression.
///
/// The runtime (`hipModuleLoadData` of a bare image) writes bundles this way: it never
/// compresses, and a program that links it should not carry the zstd and zlib compressors
/// that [`write()`] reaches.
pub fn write_flat(bundle: &Bundle, align: u64) -> Result<Vec<u8>, BundleError> {
    if align == 0 {
        return Err(BundleError::InvalidAlignment { align });
    }
    let placeholder = Entry {
        id: EntryId::host(),
        data: Vec::new(),
    };
    let mut hosts: Vec<&Entry> = bundle
        .entries
        .iter()
        .filter(|entry| entry.id.kind == OffloadKind::Host)
        .collect();
    if hosts.is_empty() {
        hosts.push(&placeholder);
    }
    let mut devices: Vec<(String, &Entry)> = bundle
        .entries
        .iter()
        .filter(|entry| entry.id.kind != OffloadKind::Host)
        .map(|entry| (entry.id.to_string(), entry))
        .collect();
    devices.sort_by(|left, right| left.0.cmp(&right.0));
    let ordered: Vec<(String, &Entry)> = hosts
        .into_iter()
        .map(|entry| (entry.id.to_string(), entry))
        .chain(devices)
        .collect();

    let mut seen: Vec<&str> = ordered.iter().map(|(id, _)| id.as_str()).collect();
    seen.sort_unstable();
    if let Some(pair) = seen.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(BundleError::DuplicateEntry {
            entry_id: pair[0].to_owned(),
        });
    }

    let too_large = || BundleError::TooLarge { size: u64::MAX };
    // Header: magic, entry count, then per entry offset, size, ID length, ID.
    let header_len = ordered
        .iter()
        .try_fold(FLAT_MAGIC.len() as u64 + 8, |len, (id, _)| {
            len.checked_add(24 + id.len() as u64)
        });
    let mut cursor = header_len.ok_or_else(too_large)?;
    let mut offsets = Vec::with_capacity(ordered.len());
    for (_, entry) in &ordered {
        cursor = cursor
            .checked_next_multiple_of(align)
            .ok_or(BundleError::InvalidAlignment { align })?;
        offsets.push(cursor);
        cursor = cursor
            .checked_add(entry.data.len() as u64)
            .ok_or_else(too_large)?;
    }
    let total = usize::try_from(cursor).map_err(|_| BundleError::TooLarge { size: cursor })?;

    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(FLAT_MAGIC);
    out.extend_from_slice(&(ordered.len() as u64).to_le_bytes());
    for ((id, entry), offset) in ordered.iter().zip(&offsets) {
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&(entry.data.len() as u64).to_le_bytes());
        out.extend_from_slice(&(id.len() as u64).to_le_bytes());
        out.extend_from_slice(id.as_bytes());
    }
    for ((_, entry), offset) in ordered.iter().zip(&offsets) {
        // The offsets were computed from these very lengths, so each fits.
        out.resize(*offset as usize, 0);
        out.extend_from_slice(&entry.data);
    }
    debug_assert_eq!(out.len(), total);
    Ok(out)
}

/// Reads a flat or compressed bundle (zstd or zlib, `CCOB` v1, v2, v3),
/// without checking the compressed bundle's hash (as clang does).
///
/// Every inconsistency is an error, where clang's reader would silently stop:
/// bad magic, a header or entry running past the end, an entry ID that is not
/// UTF-8 or not of the form `<kind>-<triple>-<target-id>`, a decompression
/// failure, or a decompressed size that differs from the header's.
/// Bytes after the last entry (padding) are ignored.
pub fn read(bytes: &[u8]) -> Result<Bundle, BundleError> {
    read_with(bytes, &ReadOptions { verify_hash: false })
}

/// [`read`] with options.
pub fn read_with(bytes: &[u8], options: &ReadOptions) -> Result<Bundle, BundleError> {
    if bytes.starts_with(COMPRESSED_MAGIC) {
        let (_, flat) = compress::decompress(bytes, options.verify_hash)?;
        read_flat(&flat).map(|(_, bundle)| bundle)
    } else {
        read_flat(bytes).map(|(_, bundle)| bundle)
    }
}

/// A read that ran past the end of the input: the caller needs at least
/// `offset + needed` bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Short {
    pub(crate) what: &'static str,
    pub(crate) offset: u64,
    pub(crate) needed: u64,
}

impl Short {
    pub(crate) fn into_error(self, available: usize) -> BundleError {
        BundleError::Truncated {
            what: self.what,
            offset: self.offset,
            needed: self.needed,
            available: available as u64,
        }
    }

    /// How many bytes the input must have for this read to succeed.
    pub(crate) fn required(&self) -> u64 {
        self.offset.saturating_add(self.needed)
    }
}

/// Why a header could not be parsed from the bytes at hand.
#[derive(Debug)]
pub(crate) enum HeaderProblem {
    /// More input would help.
    Short(Short),
    /// The header is wrong, whatever follows.
    Invalid(BundleError),
}

impl From<Short> for HeaderProblem {
    fn from(short: Short) -> HeaderProblem {
        HeaderProblem::Short(short)
    }
}

impl From<BundleError> for HeaderProblem {
    fn from(error: BundleError) -> HeaderProblem {
        HeaderProblem::Invalid(error)
    }
}

/// Little-endian reads over a byte slice that report [`Short`] past the end.
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes, pos: 0 }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn take(&mut self, len: u64, what: &'static str) -> Result<&'a [u8], Short> {
        let short = Short {
            what,
            offset: self.pos as u64,
            needed: len,
        };
        let len = usize::try_from(len).map_err(|_| short)?;
        let end = self.pos.checked_add(len).ok_or(short)?;
        let taken = self.bytes.get(self.pos..end).ok_or(short)?;
        self.pos = end;
        Ok(taken)
    }

    pub(crate) fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], Short> {
        let taken = self.take(N as u64, what)?;
        let mut array = [0; N];
        array.copy_from_slice(taken);
        Ok(array)
    }

    pub(crate) fn u16(&mut self, what: &'static str) -> Result<u16, Short> {
        self.array(what).map(u16::from_le_bytes)
    }

    pub(crate) fn u32(&mut self, what: &'static str) -> Result<u32, Short> {
        self.array(what).map(u32::from_le_bytes)
    }

    pub(crate) fn u64(&mut self, what: &'static str) -> Result<u64, Short> {
        self.array(what).map(u64::from_le_bytes)
    }
}

/// One entry as the header describes it.
#[derive(Debug)]
pub(crate) struct RawEntry {
    pub(crate) id: EntryId,
    pub(crate) offset: u64,
    pub(crate) size: u64,
}

/// The parsed header of a flat bundle.
#[derive(Debug)]
pub(crate) struct FlatHeader {
    pub(crate) entries: Vec<RawEntry>,
    /// Bytes taken by the header itself.
    pub(crate) header_len: u64,
    /// Where the bundle ends: the header, or the furthest entry end.
    pub(crate) end: u64,
}

/// Parses the header of a flat bundle (hip-abi.md §2.1) from `bytes`, which
/// may be only a prefix of the bundle.
pub(crate) fn parse_header(bytes: &[u8]) -> Result<FlatHeader, HeaderProblem> {
    let mut cursor = Cursor::new(bytes);
    let magic = cursor.take(FLAT_MAGIC.len() as u64, "magic");
    // A prefix of the magic may still become a bundle; anything else never will.
    let matched = bytes.len().min(FLAT_MAGIC.len());
    if bytes[..matched] != FLAT_MAGIC[..matched] {
        return Err(BundleError::NotABundle {
            start: bytes[..bytes.len().min(8)].to_vec(),
        }
        .into());
    }
    magic?;
    let count = cursor.u64("entry count")?;
    if count > MAX_ENTRIES {
        return Err(BundleError::LimitExceeded {
            what: "entry count",
            value: count,
            limit: MAX_ENTRIES,
        }
        .into());
    }
    let mut entries = Vec::new();
    let mut end = 0u64;
    for index in 0..count {
        let offset = cursor.u64("entry offset")?;
        let size = cursor.u64("entry size")?;
        let id_len = cursor.u64("entry id length")?;
        if id_len > MAX_ID_LEN {
            return Err(BundleError::LimitExceeded {
                what: "entry id length",
                value: id_len,
                limit: MAX_ID_LEN,
            }
            .into());
        }
        let id_bytes = cursor.take(id_len, "entry id")?;
        let id_text =
            std::str::from_utf8(id_bytes).map_err(|_| BundleError::EntryIdNotUtf8 { index })?;
        let id = EntryId::parse(id_text)?;
        let entry_end = offset
            .checked_add(size)
            .ok_or_else(|| BundleError::EntryOutOfBounds {
                entry_id: id_text.to_owned(),
                offset,
                size,
                len: bytes.len() as u64,
            })?;
        end = end.max(entry_end);
        entries.push(RawEntry { id, offset, size });
    }
    let header_len = cursor.pos() as u64;
    // Every writer puts the data after the header; an entry inside it is a corrupt offset.
    if let Some(entry) = entries
        .iter()
        .find(|entry| entry.size > 0 && entry.offset < header_len)
    {
        return Err(BundleError::EntryInHeader {
            entry_id: entry.id.to_string(),
            offset: entry.offset,
            header_len,
        }
        .into());
    }
    Ok(FlatHeader {
        entries,
        header_len,
        end: end.max(header_len),
    })
}

/// Reads a whole flat bundle.
pub(crate) fn read_flat(bytes: &[u8]) -> Result<(FlatHeader, Bundle), BundleError> {
    let header = match parse_header(bytes) {
        Ok(header) => header,
        Err(HeaderProblem::Short(short)) => return Err(short.into_error(bytes.len())),
        Err(HeaderProblem::Invalid(error)) => return Err(error),
    };
    let mut entries = Vec::with_capacity(header.entries.len());
    for raw in &header.entries {
        let data = usize::try_from(raw.offset)
            .ok()
            .zip(usize::try_from(raw.size).ok())
            .and_then(|(offset, size)| bytes.get(offset..offset.checked_add(size)?))
            .ok_or_else(|| BundleError::EntryOutOfBounds {
                entry_id: raw.id.to_string(),
                offset: raw.offset,
                size: raw.size,
                len: bytes.len() as u64,
            })?;
        entries.push(Entry {
            id: raw.id.clone(),
            data: data.to_vec(),
        });
    }
    Ok((header, Bundle { entries }))
}

/// A text dump of a bundle's layout, for snapshots and debugging tools:
/// the compressed header (if any), then each entry's offset, size, ID and the
/// start of its data.
pub fn describe(bytes: &[u8]) -> Result<String, BundleError> {
    let mut out = String::new();
    let decompressed;
    let flat = if bytes.starts_with(COMPRESSED_MAGIC) {
        let (header, flat) = compress::decompress(bytes, false)?;
        let actual = compress::truncated_md5(&flat);
        let total = match header.total_size {
            Some(total) => total.to_string(),
            None => "unrecorded".to_owned(),
        };
        let _ = writeln!(
            out,
            "compressed: format {}, {}, total size {total}, uncompressed size {}, hash {:016x} ({})",
            header.version,
            header.method,
            header.uncompressed_size,
            header.hash,
            if header.hash == actual {
                "matches"
            } else {
                "MISMATCH"
            },
        );
        decompressed = flat;
        &decompressed[..]
    } else {
        bytes
    };
    let (header, bundle) = read_flat(flat)?;
    let _ = writeln!(
        out,
        "flat: {} entries, header {} bytes, end {}, file {} bytes",
        header.entries.len(),
        header.header_len,
        header.end,
        flat.len()
    );
    for (raw, entry) in header.entries.iter().zip(&bundle.entries) {
        let _ = writeln!(
            out,
            "  {} offset {:#x} size {}{}",
            raw.id,
            raw.offset,
            raw.size,
            data_summary(&entry.data)
        );
    }
    Ok(out)
}

/// `: "AMD942"` for printable data up to 64 bytes, else the first bytes in hex and
/// an MD5 prefix.
fn data_summary(data: &[u8]) -> String {
    if data.is_empty() {
        return String::new();
    }
    let printable = data
        .iter()
        .all(|byte| byte.is_ascii_graphic() || *byte == b' ' || *byte == b'\n' || *byte == 0);
    if printable && data.len() <= 64 {
        return format!(": {:?}", String::from_utf8_lossy(data));
    }
    let head: String = data
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let digest = Md5::digest(data);
    let md5: String = digest
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!(": {head}… md5 {md5}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OffloadArch;

    fn entry(arch: &str, data: &[u8]) -> Entry {
        Entry {
            id: OffloadArch::parse(arch)
                .expect("test arch is valid")
                .bundle_entry_id(),
            data: data.to_vec(),
        }
    }

    fn hexdump(bytes: &[u8]) -> String {
        bytes
            .chunks(16)
            .enumerate()
            .map(|(line, chunk)| {
                let hex: Vec<String> = chunk.iter().map(|byte| format!("{byte:02x}")).collect();
                let text: String = chunk
                    .iter()
                    .map(|byte| {
                        if byte.is_ascii_graphic() {
                            *byte as char
                        } else {
                            '.'
                        }
                    })
                    .collect();
                format!("{:04x}: {:<47} {text}\n", line * 16, hex.join(" "))
            })
            .collect()
    }

    #[test]
    fn layout_of_a_small_bundle() {
        let bundle = Bundle {
            entries: vec![entry("sm_90", b"PTX\0"), entry("gfx942", b"AMD942")],
        };
        let options = WriteOptions {
            align: 16,
            compression: None,
        };
        let bytes = write(&bundle, &options).expect("writes");
        insta::assert_snapshot!(hexdump(&bytes), @r"
            0000: 5f 5f 43 4c 41 4e 47 5f 4f 46 46 4c 4f 41 44 5f __CLANG_OFFLOAD_
            0010: 42 55 4e 44 4c 45 5f 5f 03 00 00 00 00 00 00 00 BUNDLE__........
            0020: d0 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ................
            0030: 1e 00 00 00 00 00 00 00 68 6f 73 74 2d 78 38 36 ........host-x86
            0040: 5f 36 34 2d 75 6e 6b 6e 6f 77 6e 2d 6c 69 6e 75 _64-unknown-linu
            0050: 78 2d 67 6e 75 2d d0 00 00 00 00 00 00 00 06 00 x-gnu-..........
            0060: 00 00 00 00 00 00 1f 00 00 00 00 00 00 00 68 69 ..............hi
            0070: 70 76 34 2d 61 6d 64 67 63 6e 2d 61 6d 64 2d 61 pv4-amdgcn-amd-a
            0080: 6d 64 68 73 61 2d 2d 67 66 78 39 34 32 e0 00 00 mdhsa--gfx942...
            0090: 00 00 00 00 00 04 00 00 00 00 00 00 00 27 00 00 .............'..
            00a0: 00 00 00 00 00 68 69 70 76 34 2d 6e 76 70 74 78 .....hipv4-nvptx
            00b0: 36 34 2d 6e 76 69 64 69 61 2d 63 75 64 61 2d 75 64-nvidia-cuda-u
            00c0: 6e 6b 6e 6f 77 6e 2d 73 6d 5f 39 30 00 00 00 00 nknown-sm_90....
            00d0: 41 4d 44 39 34 32 00 00 00 00 00 00 00 00 00 00 AMD942..........
            00e0: 50 54 58 00                                     PTX.
            ");
        insta::assert_snapshot!(describe(&bytes).expect("describes"), @r#"
            flat: 3 entries, header 204 bytes, end 228, file 228 bytes
              host-x86_64-unknown-linux-gnu- offset 0xd0 size 0
              hipv4-amdgcn-amd-amdhsa--gfx942 offset 0xd0 size 6: "AMD942"
              hipv4-nvptx64-nvidia-cuda-unknown-sm_90 offset 0xe0 size 4: "PTX\0"
            "#);
    }

    #[test]
    fn write_rejects_duplicates_and_zero_alignment() {
        let bundle = Bundle {
            entries: vec![entry("gfx942", b"a"), entry("gfx942", b"b")],
        };
        let options = WriteOptions {
            align: 1,
            compression: None,
        };
        insta::assert_snapshot!(write(&bundle, &options).unwrap_err(), @"duplicate bundle entry `hipv4-amdgcn-amd-amdhsa--gfx942`");
        let options = WriteOptions {
            align: 0,
            compression: None,
        };
        insta::assert_snapshot!(write(&Bundle::default(), &options).unwrap_err(), @"bundle alignment 0 is invalid");
    }

    #[test]
    fn read_errors_are_values() {
        let good = write(
            &Bundle {
                entries: vec![entry("gfx942", b"AMD942")],
            },
            &WriteOptions {
                align: 8,
                compression: None,
            },
        )
        .expect("writes");
        let mut out_of_bounds = good.clone();
        // The second entry's size field (entry headers start at 32; the host ID is 30 bytes).
        let size_at = 32 + 24 + 30 + 8;
        out_of_bounds[size_at..size_at + 8].copy_from_slice(&1000u64.to_le_bytes());
        let mut bad_count = good.clone();
        bad_count[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
        let mut bad_utf8 = good.clone();
        bad_utf8[32 + 24] = 0xff;
        let cases: [(&str, &[u8]); 6] = [
            ("empty", b""),
            ("garbage", b"\x7fELF\x02\x01\x01\x00"),
            ("magic only", &good[..24]),
            ("cut in the ids", &good[..70]),
            ("entry past the end", &out_of_bounds),
            ("huge count", &bad_count),
        ];
        let mut out = String::new();
        for (name, bytes) in cases.iter().chain([("bad utf8", &bad_utf8[..])].iter()) {
            let _ = writeln!(out, "{name}: {}", read(bytes).unwrap_err());
        }
        insta::assert_snapshot!(out, @r"
            empty: bundle truncated: magic needs 24 bytes at offset 0, but the input has 0
            garbage: not an offload bundle (starts with 7f454c4602010100)
            magic only: bundle truncated: entry count needs 8 bytes at offset 24, but the input has 24
            cut in the ids: bundle truncated: entry id needs 30 bytes at offset 56, but the input has 70
            entry past the end: entry `hipv4-amdgcn-amd-amdhsa--gfx942` (offset 144, size 1000) lies outside the 150-byte bundle
            huge count: bundle entry count is 18446744073709551615, more than the limit 65536
            bad utf8: entry id 0 is not UTF-8
            ");
    }
}
