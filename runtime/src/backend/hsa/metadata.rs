//! A code object's metadata: the `NT_AMDGPU_METADATA` note (hip-abi.md §3.3), a
//! MessagePack map that says, for every kernel, where each argument goes in the kernarg
//! segment and what the launch must provide (LDS, scratch, the hidden arguments).
//!
//! The input is untrusted (a fat binary from disk or from `hipModuleLoadData`): every offset
//! and length is checked, nesting is bounded, and anything malformed is a [`MetadataError`],
//! never a panic.

use std::fmt;

/// Why a code object's metadata could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MetadataError(String);

impl fmt::Display for MetadataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn error<T>(text: impl Into<String>) -> Result<T, MetadataError> {
    Err(MetadataError(text.into()))
}

/// What the runtime needs of one code object.
#[derive(Debug, Clone)]
pub(crate) struct CodeObject {
    /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx942`.
    pub(crate) target: String,
    pub(crate) kernels: Vec<KernelInfo>,
}

impl CodeObject {
    /// The kernel with this (mangled) source name.
    pub(crate) fn kernel(&self, name: &str) -> Option<&KernelInfo> {
        self.kernels.iter().find(|kernel| kernel.name == name)
    }
}

/// One kernel's launch facts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct KernelInfo {
    pub(crate) name: String,
    /// The descriptor's symbol, `<name>.kd`.
    pub(crate) symbol: String,
    pub(crate) kernarg_segment_size: u32,
    pub(crate) kernarg_segment_align: u32,
    pub(crate) group_segment_fixed_size: u32,
    pub(crate) private_segment_fixed_size: u32,
    pub(crate) uses_dynamic_stack: bool,
    /// 0 when the metadata does not say (then the device's limit applies).
    pub(crate) max_flat_workgroup_size: u32,
    pub(crate) wavefront_size: u32,
    pub(crate) sgpr_count: u32,
    pub(crate) vgpr_count: u32,
    pub(crate) agpr_count: u32,
    pub(crate) args: Vec<ArgInfo>,
}

impl KernelInfo {
    /// The arguments the program passes, in parameter order (not the hidden ones).
    pub(crate) fn explicit_args(&self) -> impl Iterator<Item = &ArgInfo> {
        self.args
            .iter()
            .filter(|arg| !matches!(arg.kind, ArgKind::Hidden(_)))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ArgInfo {
    pub(crate) offset: u32,
    pub(crate) size: u32,
    pub(crate) kind: ArgKind,
}

/// `.value_kind` of an argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ArgKind {
    ByValue,
    GlobalBuffer,
    DynamicSharedPointer,
    /// Kinds HIP code does not produce (images, samplers, pipes, queues): copied as bytes.
    Other(String),
    Hidden(Hidden),
}

/// The hidden (implicit) arguments of code object v5/v6 (hip-abi.md §3.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Hidden {
    BlockCount(usize),
    GroupSize(usize),
    Remainder(usize),
    GlobalOffset(usize),
    GridDims,
    PrintfBuffer,
    HostcallBuffer,
    MultigridSyncArg,
    HeapV1,
    DefaultQueue,
    CompletionAction,
    DynamicLdsSize,
    PrivateBase,
    SharedBase,
    QueuePtr,
    /// `hidden_none` and kinds this runtime does not know: left zero.
    Unknown(String),
}

fn value_kind(text: &str) -> ArgKind {
    let axis = |suffix: &str| match suffix {
        "x" => Some(0),
        "y" => Some(1),
        "z" => Some(2),
        _ => None,
    };
    let hidden = |kind: Hidden| ArgKind::Hidden(kind);
    match text {
        "by_value" => ArgKind::ByValue,
        "global_buffer" => ArgKind::GlobalBuffer,
        "dynamic_shared_pointer" => ArgKind::DynamicSharedPointer,
        "hidden_grid_dims" => hidden(Hidden::GridDims),
        "hidden_printf_buffer" => hidden(Hidden::PrintfBuffer),
        "hidden_hostcall_buffer" => hidden(Hidden::HostcallBuffer),
        "hidden_multigrid_sync_arg" => hidden(Hidden::MultigridSyncArg),
        "hidden_heap_v1" => hidden(Hidden::HeapV1),
        "hidden_default_queue" => hidden(Hidden::DefaultQueue),
        "hidden_completion_action" => hidden(Hidden::CompletionAction),
        "hidden_dynamic_lds_size" => hidden(Hidden::DynamicLdsSize),
        "hidden_private_base" => hidden(Hidden::PrivateBase),
        "hidden_shared_base" => hidden(Hidden::SharedBase),
        "hidden_queue_ptr" => hidden(Hidden::QueuePtr),
        other => {
            let axis_kind = [
                (
                    "hidden_block_count_",
                    Hidden::BlockCount as fn(usize) -> Hidden,
                ),
                ("hidden_group_size_", Hidden::GroupSize),
                ("hidden_remainder_", Hidden::Remainder),
                ("hidden_global_offset_", Hidden::GlobalOffset),
            ]
            .into_iter()
            .find_map(|(prefix, make)| other.strip_prefix(prefix).and_then(axis).map(make));
            match axis_kind {
                Some(kind) => hidden(kind),
                None if other.starts_with("hidden_") => hidden(Hidden::Unknown(other.to_owned())),
                None => ArgKind::Other(other.to_owned()),
            }
        }
    }
}

// ---- ELF ----

const EM_AMDGPU: u16 = 224;
const PT_NOTE: u32 = 4;
const SHT_NOTE: u32 = 7;
const NT_AMDGPU_METADATA: u32 = 32;

fn read<const N: usize>(bytes: &[u8], offset: usize) -> Option<[u8; N]> {
    bytes.get(offset..offset.checked_add(N)?)?.try_into().ok()
}
fn u16_at(bytes: &[u8], offset: usize) -> Option<u16> {
    read::<2>(bytes, offset).map(u16::from_le_bytes)
}
fn u32_at(bytes: &[u8], offset: usize) -> Option<u32> {
    read::<4>(bytes, offset).map(u32::from_le_bytes)
}
fn u64_at(bytes: &[u8], offset: usize) -> Option<u64> {
    read::<8>(bytes, offset).map(u64::from_le_bytes)
}
fn to_usize(value: u64) -> Option<usize> {
    usize::try_from(value).ok()
}

/// The byte ranges of every note area (segments, else sections).
fn note_areas(elf: &[u8]) -> Result<Vec<(usize, usize)>, MetadataError> {
    if elf.len() < 64 || &elf[..4] != b"\x7fELF" {
        return error("not an ELF file");
    }
    if elf[4] != 2 || elf[5] != 1 {
        return error("not a 64-bit little-endian ELF file");
    }
    let machine = u16_at(elf, 18).unwrap_or(0);
    if machine != EM_AMDGPU {
        return error(format!("not an AMDGPU code object (e_machine {machine})"));
    }
    let truncated = || MetadataError("the ELF header tables run past the end of the file".into());
    let mut areas = Vec::new();
    let phoff = u64_at(elf, 32).and_then(to_usize).ok_or_else(truncated)?;
    let phentsize = usize::from(u16_at(elf, 54).ok_or_else(truncated)?);
    let phnum = usize::from(u16_at(elf, 56).ok_or_else(truncated)?);
    if phnum > 0 && phentsize >= 56 {
        for index in 0..phnum {
            let entry = phoff
                .checked_add(index.checked_mul(phentsize).ok_or_else(truncated)?)
                .ok_or_else(truncated)?;
            if u32_at(elf, entry).ok_or_else(truncated)? == PT_NOTE {
                let offset = u64_at(elf, entry + 8)
                    .and_then(to_usize)
                    .ok_or_else(truncated)?;
                let size = u64_at(elf, entry + 32)
                    .and_then(to_usize)
                    .ok_or_else(truncated)?;
                areas.push((offset, size));
            }
        }
    }
    if areas.is_empty() {
        let shoff = u64_at(elf, 40).and_then(to_usize).ok_or_else(truncated)?;
        let shentsize = usize::from(u16_at(elf, 58).ok_or_else(truncated)?);
        let shnum = usize::from(u16_at(elf, 60).ok_or_else(truncated)?);
        if shentsize >= 64 {
            for index in 0..shnum {
                let entry = shoff
                    .checked_add(index.checked_mul(shentsize).ok_or_else(truncated)?)
                    .ok_or_else(truncated)?;
                if u32_at(elf, entry + 4).ok_or_else(truncated)? == SHT_NOTE {
                    let offset = u64_at(elf, entry + 24)
                        .and_then(to_usize)
                        .ok_or_else(truncated)?;
                    let size = u64_at(elf, entry + 32)
                        .and_then(to_usize)
                        .ok_or_else(truncated)?;
                    areas.push((offset, size));
                }
            }
        }
    }
    Ok(areas)
}

/// The descriptor of the `AMDGPU` note of type `NT_AMDGPU_METADATA`.
fn metadata_note(elf: &[u8]) -> Result<&[u8], MetadataError> {
    for (offset, size) in note_areas(elf)? {
        let Some(area) = offset
            .checked_add(size)
            .and_then(|end| elf.get(offset..end))
        else {
            return error(format!(
                "a note area at {offset:#x} runs past the end of the file"
            ));
        };
        let mut at = 0usize;
        while at + 12 <= area.len() {
            let bad = || MetadataError(format!("a note at {:#x} is truncated", offset + at));
            let name_size = u32_at(area, at)
                .and_then(|v| usize::try_from(v).ok())
                .ok_or_else(bad)?;
            let desc_size = u32_at(area, at + 4)
                .and_then(|v| usize::try_from(v).ok())
                .ok_or_else(bad)?;
            let note_type = u32_at(area, at + 8).ok_or_else(bad)?;
            let name_start = at + 12;
            let desc_start = name_start
                .checked_add(name_size.checked_next_multiple_of(4).ok_or_else(bad)?)
                .ok_or_else(bad)?;
            let desc_end = desc_start.checked_add(desc_size).ok_or_else(bad)?;
            let name = area
                .get(name_start..name_start + name_size)
                .ok_or_else(bad)?;
            let desc = area.get(desc_start..desc_end).ok_or_else(bad)?;
            if name == b"AMDGPU\0" && note_type == NT_AMDGPU_METADATA {
                return Ok(desc);
            }
            at = desc_start
                .checked_add(desc_size.checked_next_multiple_of(4).ok_or_else(bad)?)
                .ok_or_else(bad)?;
        }
    }
    error("the code object has no AMDGPU metadata note (NT_AMDGPU_METADATA)")
}

// ---- MessagePack ----

/// A decoded MessagePack value (the subset the metadata uses, and the rest as opaque).
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Nil,
    Bool(bool),
    Int(i128),
    Float(f64),
    Text(String),
    Bytes(Vec<u8>),
    Array(Vec<Value>),
    Map(Vec<(Value, Value)>),
}

impl Value {
    fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(entries) => entries
                .iter()
                .find(|(k, _)| matches!(k, Value::Text(text) if text == key))
                .map(|(_, value)| value),
            _ => None,
        }
    }
    fn text(&self) -> Option<&str> {
        match self {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }
    fn number(&self) -> Option<i128> {
        match self {
            Value::Int(value) => Some(*value),
            _ => None,
        }
    }
}

const MAX_DEPTH: usize = 32;

struct Decoder<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Decoder<'_> {
    fn take(&mut self, count: usize) -> Result<&[u8], MetadataError> {
        let end = self
            .at
            .checked_add(count)
            .filter(|end| *end <= self.bytes.len());
        let Some(end) = end else {
            return error(format!(
                "the metadata ends inside a value at byte {}",
                self.at
            ));
        };
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }
    fn uint(&mut self, width: usize) -> Result<u64, MetadataError> {
        Ok(self
            .take(width)?
            .iter()
            .fold(0u64, |value, byte| (value << 8) | u64::from(*byte)))
    }
    fn length(&mut self, width: usize) -> Result<usize, MetadataError> {
        let length = self.uint(width)?;
        // A length can never exceed what is left: this bounds allocations on damaged input.
        let left = (self.bytes.len() - self.at) as u64;
        if length > left {
            return error(format!(
                "a length of {length} at byte {} exceeds the metadata",
                self.at
            ));
        }
        Ok(length as usize)
    }
    fn text(&mut self, length: usize) -> Result<Value, MetadataError> {
        let bytes = self.take(length)?;
        Ok(Value::Text(String::from_utf8_lossy(bytes).into_owned()))
    }
    fn array(&mut self, count: usize, depth: usize) -> Result<Value, MetadataError> {
        let mut items = Vec::with_capacity(count.min(1024));
        for _ in 0..count {
            items.push(self.value(depth + 1)?);
        }
        Ok(Value::Array(items))
    }
    fn map(&mut self, count: usize, depth: usize) -> Result<Value, MetadataError> {
        let mut entries = Vec::with_capacity(count.min(1024));
        for _ in 0..count {
            let key = self.value(depth + 1)?;
            let value = self.value(depth + 1)?;
            entries.push((key, value));
        }
        Ok(Value::Map(entries))
    }
    fn value(&mut self, depth: usize) -> Result<Value, MetadataError> {
        if depth > MAX_DEPTH {
            return error("the metadata nests too deeply");
        }
        let marker = self.take(1)?[0];
        Ok(match marker {
            0x00..=0x7f => Value::Int(i128::from(marker)),
            0x80..=0x8f => return self.map(usize::from(marker & 0x0f), depth),
            0x90..=0x9f => return self.array(usize::from(marker & 0x0f), depth),
            0xa0..=0xbf => return self.text(usize::from(marker & 0x1f)),
            0xc0 => Value::Nil,
            0xc2 => Value::Bool(false),
            0xc3 => Value::Bool(true),
            0xc4..=0xc6 => {
                let length = self.length(1 << (marker - 0xc4))?;
                Value::Bytes(self.take(length)?.to_vec())
            }
            0xc7..=0xc9 => {
                let length = self.length(1 << (marker - 0xc7))?;
                self.take(1)?;
                Value::Bytes(self.take(length)?.to_vec())
            }
            0xca => Value::Float(f64::from(f32::from_bits(self.uint(4)? as u32))),
            0xcb => Value::Float(f64::from_bits(self.uint(8)?)),
            0xcc..=0xcf => Value::Int(i128::from(self.uint(1 << (marker - 0xcc))?)),
            0xd0..=0xd3 => {
                let width = 1usize << (marker - 0xd0);
                let raw = self.uint(width)?;
                let shift = 64 - 8 * width as u32;
                Value::Int(i128::from(((raw << shift) as i64) >> shift))
            }
            0xd4..=0xd8 => {
                self.take(1)?;
                Value::Bytes(self.take(1 << (marker - 0xd4))?.to_vec())
            }
            0xd9..=0xdb => {
                let length = self.length(1 << (marker - 0xd9))?;
                return self.text(length);
            }
            0xdc | 0xdd => {
                let count = self.length(if marker == 0xdc { 2 } else { 4 })?;
                return self.array(count, depth);
            }
            0xde | 0xdf => {
                let count = self.length(if marker == 0xde { 2 } else { 4 })?;
                return self.map(count, depth);
            }
            0xe0..=0xff => Value::Int(i128::from(marker as i8)),
            0xc1 => {
                return error(format!(
                    "byte {:#x} at {} is not MessagePack",
                    marker,
                    self.at - 1
                ))
            }
        })
    }
}

// ---- the metadata map ----

fn field_u32(map: &Value, key: &str, kernel: &str) -> Result<u32, MetadataError> {
    match map.get(key) {
        None => Ok(0),
        Some(value) => value
            .number()
            .and_then(|number| u32::try_from(number).ok())
            .ok_or_else(|| {
                MetadataError(format!(
                    "`{key}` of kernel `{kernel}` is not a 32-bit count"
                ))
            }),
    }
}

fn kernel_info(map: &Value) -> Result<KernelInfo, MetadataError> {
    let name = map
        .get(".name")
        .and_then(Value::text)
        .ok_or_else(|| MetadataError("a kernel has no `.name`".into()))?
        .to_owned();
    let symbol = map
        .get(".symbol")
        .and_then(Value::text)
        .ok_or_else(|| MetadataError(format!("kernel `{name}` has no `.symbol`")))?
        .to_owned();
    let mut args = Vec::new();
    if let Some(list) = map.get(".args") {
        let Value::Array(items) = list else {
            return error(format!("`.args` of kernel `{name}` is not a list"));
        };
        for item in items {
            let kind = item
                .get(".value_kind")
                .and_then(Value::text)
                .ok_or_else(|| {
                    MetadataError(format!("an argument of `{name}` has no `.value_kind`"))
                })?;
            args.push(ArgInfo {
                offset: field_u32(item, ".offset", &name)?,
                size: field_u32(item, ".size", &name)?,
                kind: value_kind(kind),
            });
        }
    }
    let kernarg_segment_size = field_u32(map, ".kernarg_segment_size", &name)?;
    for arg in &args {
        let end = u64::from(arg.offset) + u64::from(arg.size);
        if end > u64::from(kernarg_segment_size) {
            return error(format!(
                "an argument of `{name}` ends at byte {end}, past the kernarg segment ({kernarg_segment_size} bytes)"
            ));
        }
    }
    Ok(KernelInfo {
        symbol,
        kernarg_segment_size,
        kernarg_segment_align: field_u32(map, ".kernarg_segment_align", &name)?,
        group_segment_fixed_size: field_u32(map, ".group_segment_fixed_size", &name)?,
        private_segment_fixed_size: field_u32(map, ".private_segment_fixed_size", &name)?,
        uses_dynamic_stack: matches!(map.get(".uses_dynamic_stack"), Some(Value::Bool(true))),
        max_flat_workgroup_size: field_u32(map, ".max_flat_workgroup_size", &name)?,
        wavefront_size: field_u32(map, ".wavefront_size", &name)?,
        sgpr_count: field_u32(map, ".sgpr_count", &name)?,
        vgpr_count: field_u32(map, ".vgpr_count", &name)?,
        agpr_count: field_u32(map, ".agpr_count", &name)?,
        args,
        name,
    })
}

/// Reads the kernels of an AMDGPU code object (an ELF as `ld.lld` links it).
pub(crate) fn parse(elf: &[u8]) -> Result<CodeObject, MetadataError> {
    let note = metadata_note(elf)?;
    let mut decoder = Decoder { bytes: note, at: 0 };
    let root = decoder.value(0)?;
    if !matches!(root, Value::Map(_)) {
        return error("the AMDGPU metadata is not a map");
    }
    let target = root
        .get("amdhsa.target")
        .and_then(Value::text)
        .unwrap_or_default()
        .to_owned();
    let kernels = match root.get("amdhsa.kernels") {
        Some(Value::Array(items)) => items.iter().map(kernel_info).collect::<Result<_, _>>()?,
        Some(_) => return error("`amdhsa.kernels` is not a list"),
        None => Vec::new(),
    };
    Ok(CodeObject { target, kernels })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A MessagePack writer for the tests' own maps.
    fn text(out: &mut Vec<u8>, text: &str) {
        assert!(text.len() < 32);
        out.push(0xa0 | text.len() as u8);
        out.extend_from_slice(text.as_bytes());
    }
    fn uint(out: &mut Vec<u8>, value: u32) {
        out.push(0xce);
        out.extend_from_slice(&value.to_be_bytes());
    }

    /// An ELF with one PT_NOTE segment holding an AMDGPU metadata note of `desc`.
    fn elf_with_note(desc: &[u8]) -> Vec<u8> {
        let mut note = Vec::new();
        note.extend_from_slice(&7u32.to_le_bytes());
        note.extend_from_slice(&(desc.len() as u32).to_le_bytes());
        note.extend_from_slice(&32u32.to_le_bytes());
        note.extend_from_slice(b"AMDGPU\0\0");
        note.extend_from_slice(desc);
        while note.len() % 4 != 0 {
            note.push(0);
        }
        let mut elf = vec![0u8; 64 + 56];
        elf[..4].copy_from_slice(b"\x7fELF");
        elf[4] = 2;
        elf[5] = 1;
        elf[18..20].copy_from_slice(&224u16.to_le_bytes());
        elf[32..40].copy_from_slice(&64u64.to_le_bytes());
        elf[54..56].copy_from_slice(&56u16.to_le_bytes());
        elf[56..58].copy_from_slice(&1u16.to_le_bytes());
        elf[64..68].copy_from_slice(&4u32.to_le_bytes());
        elf[64 + 8..64 + 16].copy_from_slice(&120u64.to_le_bytes());
        elf[64 + 32..64 + 40].copy_from_slice(&(note.len() as u64).to_le_bytes());
        elf.extend_from_slice(&note);
        elf
    }

    fn one_kernel() -> Vec<u8> {
        let mut m = vec![0x82];
        text(&mut m, "amdhsa.target");
        text(&mut m, "amdgcn-amd-amdhsa--gfx942");
        text(&mut m, "amdhsa.kernels");
        m.push(0x91);
        m.push(0x85);
        text(&mut m, ".name");
        text(&mut m, "_Z1kPi");
        text(&mut m, ".symbol");
        text(&mut m, "_Z1kPi.kd");
        text(&mut m, ".kernarg_segment_size");
        uint(&mut m, 24);
        text(&mut m, ".max_flat_workgroup_size");
        uint(&mut m, 256);
        text(&mut m, ".args");
        m.push(0x92);
        for (offset, size, kind) in [(0, 8, "global_buffer"), (8, 4, "hidden_block_count_y")] {
            m.push(0x83);
            text(&mut m, ".offset");
            uint(&mut m, offset);
            text(&mut m, ".size");
            uint(&mut m, size);
            text(&mut m, ".value_kind");
            text(&mut m, kind);
        }
        elf_with_note(&m)
    }

    #[test]
    fn a_kernel_and_its_arguments() {
        let code_object = parse(&one_kernel()).expect("parses");
        assert_eq!(code_object.target, "amdgcn-amd-amdhsa--gfx942");
        let kernel = code_object.kernel("_Z1kPi").expect("the kernel");
        assert_eq!(kernel.symbol, "_Z1kPi.kd");
        assert_eq!(kernel.kernarg_segment_size, 24);
        assert_eq!(kernel.max_flat_workgroup_size, 256);
        assert_eq!(
            kernel.args,
            [
                ArgInfo {
                    offset: 0,
                    size: 8,
                    kind: ArgKind::GlobalBuffer
                },
                ArgInfo {
                    offset: 8,
                    size: 4,
                    kind: ArgKind::Hidden(Hidden::BlockCount(1))
                },
            ]
        );
        assert_eq!(kernel.explicit_args().count(), 1);
    }

    #[test]
    fn value_kinds() {
        assert_eq!(
            value_kind("hidden_group_size_z"),
            ArgKind::Hidden(Hidden::GroupSize(2))
        );
        assert_eq!(
            value_kind("hidden_global_offset_x"),
            ArgKind::Hidden(Hidden::GlobalOffset(0))
        );
        assert_eq!(
            value_kind("hidden_dynamic_lds_size"),
            ArgKind::Hidden(Hidden::DynamicLdsSize)
        );
        assert_eq!(
            value_kind("hidden_none"),
            ArgKind::Hidden(Hidden::Unknown("hidden_none".into()))
        );
        assert_eq!(value_kind("image"), ArgKind::Other("image".into()));
    }

    #[test]
    fn damaged_input_is_an_error_never_a_panic() {
        let good = one_kernel();
        for length in 0..good.len() {
            let _ = parse(&good[..length]);
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut bad = good.clone();
            let position = (state % bad.len() as u64) as usize;
            bad[position] = (state >> 32) as u8;
            let _ = parse(&bad);
        }
        assert!(parse(b"\x7fELF").is_err());
        assert!(parse(&[]).is_err());
    }

    #[test]
    fn an_argument_past_the_segment_is_refused() {
        let mut good = one_kernel();
        // Shrink the kernarg segment size (the 4 bytes after 0xce following its key) to 8.
        let key = b".kernarg_segment_size";
        let at = good
            .windows(key.len())
            .position(|w| w == key)
            .expect("the key")
            + key.len();
        good[at + 1..at + 5].copy_from_slice(&8u32.to_be_bytes());
        let error = parse(&good).expect_err("refused");
        assert!(
            error.to_string().contains("past the kernarg segment"),
            "{error}"
        );
    }
}
