//! What the runtime must know of an AMDGPU code object before it can launch a kernel: the
//! `NT_AMDGPU_METADATA` note (hip-abi.md §3.3), a MessagePack map that says for every
//! kernel where each argument goes in the kernarg segment and what a launch must provide;
//! the 64-byte kernel descriptors (§3.5); and the device variables among the symbols.
//!
//! The input is untrusted (a fat binary from disk or from `hipModuleLoadData`): every offset
//! and length is checked before it is used, nesting is bounded, what is allocated grows
//! with the input's size and never with a count read from it, integers are converted with
//! checks, and anything malformed is a [`MetadataError`], never a panic. This module only
//! reads: it does not load or relocate code (HSA's loader does), and it does not choose the
//! code object for a device (`image::select_amdgcn` does).

use std::fmt;

/// Why a code object could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum MetadataError {
    #[error("not an ELF file")]
    NotElf,
    #[error("not a 64-bit little-endian ELF file (EI_CLASS {class}, EI_DATA {data})")]
    NotElf64 { class: u8, data: u8 },
    #[error("not an AMDGPU ELF (e_machine {machine})")]
    NotAmdgpu { machine: u16 },
    #[error("not an AMD HSA code object (EI_OSABI {os_abi}, not 64)")]
    NotHsa { os_abi: u8 },
    #[error("ELF type {e_type} is not a code object (ET_REL or ET_DYN)")]
    NotCodeObject { e_type: u16 },
    #[error("{what} at offset {offset:#x} runs past the end of the file ({file_size} bytes)")]
    Truncated {
        what: &'static str,
        offset: u64,
        file_size: usize,
    },
    #[error("{what} has entries of {size} bytes, fewer than {minimum}")]
    EntrySize {
        what: &'static str,
        size: u64,
        minimum: u64,
    },
    #[error("section {index} does not exist ({count} sections)")]
    NoSection { index: u64, count: usize },
    #[error("a note at offset {offset:#x} runs past the end of its note area")]
    NoteTruncated { offset: u64 },
    #[error("the code object has no AMDGPU metadata note (NT_AMDGPU_METADATA)")]
    NoMetadata,
    #[error("the metadata is not valid MessagePack: {problem} at byte {at}")]
    MessagePack { problem: &'static str, at: usize },
    #[error(
        "metadata version {major}.{minor} is not supported (code object v3 and later write 1.x)"
    )]
    Version { major: u64, minor: u64 },
    #[error("{place} is not {expected}")]
    NotA {
        place: Place,
        expected: &'static str,
    },
    #[error("{place} has no `{key}`")]
    Missing { place: Place, key: &'static str },
    #[error("`{key}` of {place} is not {expected}")]
    WrongType {
        place: Place,
        key: &'static str,
        expected: &'static str,
    },
    #[error("kernel `{kernel}`: `.kernarg_segment_align` {align} is not a power of two")]
    Alignment { kernel: String, align: u32 },
    #[error("kernel `{kernel}`: argument {index} ends at byte {end}, past the kernarg segment ({size} bytes)")]
    PastSegment {
        kernel: String,
        index: usize,
        end: u64,
        size: u32,
    },
    #[error("no symbol `{symbol}` in the code object")]
    NoSymbol { symbol: String },
    #[error("symbol `{symbol}` is {size} bytes, not a 64-byte kernel descriptor")]
    DescriptorSize { symbol: String, size: u64 },
    #[error("symbol `{symbol}` does not name bytes of the file (undefined, absolute, or outside its section)")]
    DescriptorPlace { symbol: String },
}

/// Where in the metadata a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Place {
    Root,
    /// A kernel whose `.name` is not known (yet), by its position in `amdhsa.kernels`.
    KernelAt(usize),
    Kernel(String),
    Argument {
        kernel: String,
        index: usize,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Root => f.write_str("the metadata"),
            Place::KernelAt(index) => write!(f, "kernel {index} of `amdhsa.kernels`"),
            Place::Kernel(name) => write!(f, "kernel `{name}`"),
            Place::Argument { kernel, index } => write!(f, "argument {index} of kernel `{kernel}`"),
        }
    }
}

/// What the runtime needs of one code object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CodeObject {
    /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx942` (with `:sramecc±`/`:xnack±` when
    /// the compile named them).
    pub(crate) target: String,
    /// `amdhsa.version`: `(1, 2)` for code object v5 and v6, `(1, 1)` for v4.
    pub(crate) version: (u64, u64),
    /// `EI_ABIVERSION`: 2, 3, 4 for code object v4, v5, v6 (hip-abi.md §3.1).
    pub(crate) abi_version: u8,
    pub(crate) e_flags: u32,
    pub(crate) kernels: Vec<KernelInfo>,
    /// `amdhsa.printf`: the format strings of buffered `printf`, empty without it.
    pub(crate) printf_formats: Vec<String>,
}

impl CodeObject {
    /// The kernel with this source-level (mangled) name, the name `__hipRegisterFunction`
    /// passes.
    pub(crate) fn kernel(&self, name: &str) -> Option<&KernelInfo> {
        self.kernels.iter().find(|kernel| kernel.name == name)
    }
}

/// One kernel's launch facts, from its map in `amdhsa.kernels`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct KernelInfo {
    pub(crate) name: String,
    /// The descriptor's symbol, `<name>.kd`.
    pub(crate) symbol: String,
    /// Bytes of the kernarg segment, explicit and hidden arguments together.
    pub(crate) kernarg_segment_size: u32,
    /// A power of two: 4, 8 or 16 in clang 22's output.
    pub(crate) kernarg_segment_align: u32,
    /// Static LDS bytes per work-group; a launch adds its dynamic shared bytes.
    pub(crate) group_segment_fixed_size: u32,
    /// Scratch bytes per work-item.
    pub(crate) private_segment_fixed_size: u32,
    /// Whether the kernel needs more scratch than `private_segment_fixed_size` (recursion,
    /// calls through pointers, dynamic `alloca`); false when the metadata does not say.
    pub(crate) uses_dynamic_stack: bool,
    /// Launches with more threads per block must fail.
    pub(crate) max_flat_workgroup_size: u32,
    pub(crate) wavefront_size: u32,
    pub(crate) sgpr_count: u32,
    pub(crate) vgpr_count: u32,
    /// 0 where the target has no AGPRs (the metadata leaves the key out).
    pub(crate) agpr_count: u32,
    pub(crate) sgpr_spill_count: u32,
    pub(crate) vgpr_spill_count: u32,
    /// Every argument in metadata order: the parameters, then the hidden arguments.
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

/// One entry of a kernel's `.args`: bytes `offset..offset + size` of the kernarg segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ArgInfo {
    pub(crate) offset: u32,
    pub(crate) size: u32,
    pub(crate) kind: ArgKind,
}

/// An argument's `.value_kind` (AMDGPUUsage, "Code Object V3 Metadata" and later).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ArgKind {
    ByValue,
    GlobalBuffer,
    /// An `address_space(3)` pointer parameter: the runtime passes it like any other bytes.
    DynamicSharedPointer,
    Image,
    Sampler,
    Pipe,
    Queue,
    Hidden(Hidden),
    /// A kind this runtime does not know that is not `hidden_…`: copied as bytes like a
    /// parameter.
    Unknown(String),
}

/// The hidden (implicit) arguments (hip-abi.md §3.4). Axes are 0, 1, 2 for x, y, z.
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
    /// `hidden_none`: a slot the kernel does not read (code object v4).
    None,
    /// A `hidden_…` kind this runtime does not know: left zero.
    Unknown(String),
}

fn value_kind(text: &str) -> ArgKind {
    let hidden = ArgKind::Hidden;
    if let Some((stem, axis)) = text.rsplit_once('_') {
        let axis = ["x", "y", "z"].iter().position(|name| *name == axis);
        let kind = axis.and_then(|axis| match stem {
            "hidden_block_count" => Some(Hidden::BlockCount(axis)),
            "hidden_group_size" => Some(Hidden::GroupSize(axis)),
            "hidden_remainder" => Some(Hidden::Remainder(axis)),
            "hidden_global_offset" => Some(Hidden::GlobalOffset(axis)),
            _ => None,
        });
        if let Some(kind) = kind {
            return hidden(kind);
        }
    }
    match text {
        "by_value" => ArgKind::ByValue,
        "global_buffer" => ArgKind::GlobalBuffer,
        "dynamic_shared_pointer" => ArgKind::DynamicSharedPointer,
        "image" => ArgKind::Image,
        "sampler" => ArgKind::Sampler,
        "pipe" => ArgKind::Pipe,
        "queue" => ArgKind::Queue,
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
        "hidden_none" => hidden(Hidden::None),
        other if other.starts_with("hidden_") => hidden(Hidden::Unknown(other.to_owned())),
        other => ArgKind::Unknown(other.to_owned()),
    }
}

/// A kernel descriptor (`<kernel>.kd`, 64 bytes; hip-abi.md §3.5) as the file holds it. In
/// a relocatable object (`ET_REL`) `entry_offset` is still 0: a relocation fills it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(
    dead_code,
    reason = "read by tests; the launch path does not need descriptors yet"
)]
pub(crate) struct KernelDescriptor {
    pub(crate) group_segment_fixed_size: u32,
    pub(crate) private_segment_fixed_size: u32,
    pub(crate) kernarg_size: u32,
    /// The code's address minus the descriptor's.
    pub(crate) entry_offset: i64,
    pub(crate) rsrc1: u32,
    pub(crate) rsrc2: u32,
    pub(crate) rsrc3: u32,
    /// `kernel_code_properties`: bit 3 kernarg segment pointer, 10 wave32, 11 dynamic stack…
    pub(crate) properties: u16,
}

/// Reads the metadata of an AMDGPU code object (an `ET_DYN` as `ld.lld -shared` links it,
/// or an `ET_REL` from the compiler).
pub(crate) fn parse(elf: &[u8]) -> Result<CodeObject, MetadataError> {
    let file = Elf::read(elf)?;
    let note = file.metadata_note()?;
    let root = msgpack::decode(note)?;
    let Value::Map(root) = &root else {
        return Err(MetadataError::NotA {
            place: Place::Root,
            expected: "a map",
        });
    };
    let fields = Fields {
        map: root,
        place: Place::Root,
    };
    let version = fields.required("amdhsa.version")?;
    let version = match version {
        Value::Array(items) => match items.as_slice() {
            [Value::Int(major), Value::Int(minor), ..] => {
                u64::try_from(*major).ok().zip(u64::try_from(*minor).ok())
            }
            _ => None,
        },
        _ => None,
    }
    .ok_or_else(|| fields.wrong_type("amdhsa.version", "a list of two unsigned integers"))?;
    if version.0 != 1 {
        return Err(MetadataError::Version {
            major: version.0,
            minor: version.1,
        });
    }
    let target = fields.text("amdhsa.target")?.to_owned();
    let Value::Array(kernel_maps) = fields.required("amdhsa.kernels")? else {
        return Err(fields.wrong_type("amdhsa.kernels", "a list"));
    };
    let kernels = kernel_maps
        .iter()
        .enumerate()
        .map(|(index, value)| kernel_info(value, index))
        .collect::<Result<Vec<_>, _>>()?;
    let printf_formats = match fields.optional("amdhsa.printf") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::Str(bytes) => std::str::from_utf8(bytes).ok().map(str::to_owned),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| fields.wrong_type("amdhsa.printf", "a list of strings"))?,
        Some(_) => return Err(fields.wrong_type("amdhsa.printf", "a list of strings")),
    };
    Ok(CodeObject {
        target,
        version,
        abi_version: file.abi_version,
        e_flags: file.e_flags,
        kernels,
        printf_formats,
    })
}

fn kernel_info(value: &Value<'_>, index: usize) -> Result<KernelInfo, MetadataError> {
    let Value::Map(map) = value else {
        return Err(MetadataError::NotA {
            place: Place::KernelAt(index),
            expected: "a map",
        });
    };
    let name = Fields {
        map,
        place: Place::KernelAt(index),
    }
    .text(".name")?
    .to_owned();
    let fields = Fields {
        map,
        place: Place::Kernel(name.clone()),
    };
    let mut args = Vec::new();
    match fields.optional(".args") {
        None => {}
        Some(Value::Array(items)) => {
            for (arg_index, item) in items.iter().enumerate() {
                let place = Place::Argument {
                    kernel: name.clone(),
                    index: arg_index,
                };
                let Value::Map(arg_map) = item else {
                    return Err(MetadataError::NotA {
                        place,
                        expected: "a map",
                    });
                };
                let arg_fields = Fields {
                    map: arg_map,
                    place,
                };
                args.push(ArgInfo {
                    offset: arg_fields.count(".offset")?,
                    size: arg_fields.count(".size")?,
                    kind: value_kind(arg_fields.text(".value_kind")?),
                });
            }
        }
        Some(_) => return Err(fields.wrong_type(".args", "a list")),
    }
    let info = KernelInfo {
        symbol: fields.text(".symbol")?.to_owned(),
        kernarg_segment_size: fields.count(".kernarg_segment_size")?,
        kernarg_segment_align: fields.count(".kernarg_segment_align")?,
        group_segment_fixed_size: fields.count(".group_segment_fixed_size")?,
        private_segment_fixed_size: fields.count(".private_segment_fixed_size")?,
        uses_dynamic_stack: fields.flag(".uses_dynamic_stack")?,
        max_flat_workgroup_size: fields.count(".max_flat_workgroup_size")?,
        wavefront_size: fields.count(".wavefront_size")?,
        sgpr_count: fields.count(".sgpr_count")?,
        vgpr_count: fields.count(".vgpr_count")?,
        agpr_count: fields.optional_count(".agpr_count")?,
        sgpr_spill_count: fields.optional_count(".sgpr_spill_count")?,
        vgpr_spill_count: fields.optional_count(".vgpr_spill_count")?,
        args,
        name,
    };
    if !info.kernarg_segment_align.is_power_of_two() {
        return Err(MetadataError::Alignment {
            kernel: info.name,
            align: info.kernarg_segment_align,
        });
    }
    for (index, arg) in info.args.iter().enumerate() {
        let end = u64::from(arg.offset) + u64::from(arg.size);
        if end > u64::from(info.kernarg_segment_size) {
            return Err(MetadataError::PastSegment {
                kernel: info.name.clone(),
                index,
                end,
                size: info.kernarg_segment_size,
            });
        }
    }
    Ok(info)
}

/// The keys of one metadata map, and where the map is (for errors).
struct Fields<'v, 'a> {
    map: &'v [(Value<'a>, Value<'a>)],
    place: Place,
}

impl<'v, 'a> Fields<'v, 'a> {
    /// The first value under `key` (LLVM writes each key once).
    fn optional(&self, key: &str) -> Option<&'v Value<'a>> {
        self.map
            .iter()
            .find(|(candidate, _)| matches!(candidate, Value::Str(text) if *text == key.as_bytes()))
            .map(|(_, value)| value)
    }

    fn required(&self, key: &'static str) -> Result<&'v Value<'a>, MetadataError> {
        self.optional(key).ok_or_else(|| MetadataError::Missing {
            place: self.place.clone(),
            key,
        })
    }

    fn wrong_type(&self, key: &'static str, expected: &'static str) -> MetadataError {
        MetadataError::WrongType {
            place: self.place.clone(),
            key,
            expected,
        }
    }

    fn text(&self, key: &'static str) -> Result<&'v str, MetadataError> {
        match self.required(key)? {
            Value::Str(bytes) => {
                std::str::from_utf8(bytes).map_err(|_| self.wrong_type(key, "a UTF-8 string"))
            }
            _ => Err(self.wrong_type(key, "a string")),
        }
    }

    fn to_count(&self, key: &'static str, value: &Value<'_>) -> Result<u32, MetadataError> {
        match value {
            Value::Int(number) => u32::try_from(*number).ok(),
            _ => None,
        }
        .ok_or_else(|| self.wrong_type(key, "an unsigned 32-bit integer"))
    }

    fn count(&self, key: &'static str) -> Result<u32, MetadataError> {
        self.to_count(key, self.required(key)?)
    }

    fn optional_count(&self, key: &'static str) -> Result<u32, MetadataError> {
        self.optional(key)
            .map_or(Ok(0), |value| self.to_count(key, value))
    }

    fn flag(&self, key: &'static str) -> Result<bool, MetadataError> {
        match self.optional(key) {
            None => Ok(false),
            Some(Value::Bool(flag)) => Ok(*flag),
            Some(_) => Err(self.wrong_type(key, "a boolean")),
        }
    }
}

/// The descriptor of the kernel whose descriptor symbol (`.symbol`, `<name>.kd`) is
/// `symbol`, looked up in `.dynsym`, then in `.symtab`.
#[allow(
    dead_code,
    reason = "read by tests; the launch path does not need descriptors yet"
)]
pub(crate) fn kernel_descriptor(
    elf: &[u8],
    symbol: &str,
) -> Result<KernelDescriptor, MetadataError> {
    let file = Elf::read(elf)?;
    let sections = file.sections()?;
    let mut found = None;
    for table in [SHT_DYNSYM, SHT_SYMTAB] {
        found = file
            .symbols(&sections, table)?
            .into_iter()
            .find(|candidate| candidate.name == symbol.as_bytes() && candidate.is_defined());
        if found.is_some() {
            break;
        }
    }
    let Some(found) = found else {
        return Err(MetadataError::NoSymbol {
            symbol: symbol.to_owned(),
        });
    };
    if found.size != KERNEL_DESCRIPTOR_SIZE {
        return Err(MetadataError::DescriptorSize {
            symbol: symbol.to_owned(),
            size: found.size,
        });
    }
    let misplaced = || MetadataError::DescriptorPlace {
        symbol: symbol.to_owned(),
    };
    let section = sections
        .get(usize::from(found.section))
        .filter(|section| section.kind != SHT_NOBITS)
        .ok_or_else(misplaced)?;
    // In an `ET_DYN` a symbol's value is an address; in an `ET_REL` it is an offset into its
    // section, whose address is 0. Either way this is the offset into the section.
    let within = found
        .value
        .checked_sub(section.address)
        .filter(|within| {
            within
                .checked_add(KERNEL_DESCRIPTOR_SIZE)
                .is_some_and(|end| end <= section.size)
        })
        .ok_or_else(misplaced)?;
    let at = section.offset.checked_add(within).ok_or_else(misplaced)?;
    let bytes = file.bytes("a kernel descriptor", at, KERNEL_DESCRIPTOR_SIZE)?;
    let word = |offset: usize| u32::from_le_bytes(array(bytes, offset));
    Ok(KernelDescriptor {
        group_segment_fixed_size: word(0),
        private_segment_fixed_size: word(4),
        kernarg_size: word(8),
        entry_offset: i64::from_le_bytes(array(bytes, 16)),
        rsrc3: word(44),
        rsrc1: word(48),
        rsrc2: word(52),
        properties: u16::from_le_bytes(array(bytes, 56)),
    })
}

/// The device variables: global or weak object symbols (weak ones are template and inline
/// variables) that are not kernel descriptors, with their sizes; from `.dynsym` when there
/// is one (what the loader sees), else from `.symtab`. A code object whose symbol tables
/// cannot be read has none (HSA refuses to load it anyway).
#[allow(
    dead_code,
    reason = "until the HSA backend lists variables through this"
)]
pub(crate) fn variables(elf: &[u8]) -> Vec<(String, u64)> {
    fn read(elf: &[u8]) -> Result<Vec<(String, u64)>, MetadataError> {
        let file = Elf::read(elf)?;
        let sections = file.sections()?;
        let table = if sections.iter().any(|section| section.kind == SHT_DYNSYM) {
            SHT_DYNSYM
        } else {
            SHT_SYMTAB
        };
        let mut found: Vec<(String, u64)> = Vec::new();
        let mut names = std::collections::HashSet::new();
        for symbol in file.symbols(&sections, table)? {
            let binding = symbol.info >> 4;
            let is_variable = symbol.info & 0xf == STT_OBJECT
                && (binding == STB_GLOBAL || binding == STB_WEAK)
                && symbol.is_defined()
                && !symbol.name.ends_with(b".kd");
            if !is_variable {
                continue;
            }
            let Ok(name) = std::str::from_utf8(symbol.name) else {
                continue;
            };
            if names.insert(name) {
                found.push((name.to_owned(), symbol.size));
            }
        }
        Ok(found)
    }
    read(elf).unwrap_or_default()
}

// ---- ELF (the System V gABI, 64-bit little-endian; AMDGPU values from hip-abi.md §3.1) ----

const EM_AMDGPU: u16 = 224;
const ELFOSABI_AMDGPU_HSA: u8 = 64;
const ET_REL: u16 = 1;
const ET_DYN: u16 = 3;
const PT_NOTE: u32 = 4;
const SHT_SYMTAB: u32 = 2;
const SHT_NOTE: u32 = 7;
const SHT_NOBITS: u32 = 8;
const SHT_DYNSYM: u32 = 11;
const SHN_LORESERVE: u16 = 0xff00;
const STT_OBJECT: u8 = 1;
const STB_GLOBAL: u8 = 1;
const STB_WEAK: u8 = 2;
const NT_AMDGPU_METADATA: u32 = 32;
const KERNEL_DESCRIPTOR_SIZE: u64 = 64;

/// `N` bytes at `offset` of a slice already checked to hold them.
fn array<const N: usize>(bytes: &[u8], offset: usize) -> [u8; N] {
    let mut out = [0; N];
    if let Some(source) = offset.checked_add(N).and_then(|end| bytes.get(offset..end)) {
        out.copy_from_slice(source);
    }
    out
}

fn u16_at(bytes: &[u8], offset: usize) -> u16 {
    u16::from_le_bytes(array(bytes, offset))
}
fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes(array(bytes, offset))
}
fn u64_at(bytes: &[u8], offset: usize) -> u64 {
    u64::from_le_bytes(array(bytes, offset))
}

/// The ELF header's facts, over the whole file.
struct Elf<'a> {
    file: &'a [u8],
    abi_version: u8,
    e_flags: u32,
    program_headers: u64,
    program_header_size: u64,
    program_header_count: u64,
    section_headers: u64,
    section_header_size: u64,
    section_header_count: u64,
}

struct Section {
    kind: u32,
    address: u64,
    offset: u64,
    size: u64,
    link: u32,
    align: u64,
    entry_size: u64,
}

struct Symbol<'a> {
    name: &'a [u8],
    info: u8,
    section: u16,
    value: u64,
    size: u64,
}

impl Symbol<'_> {
    /// Defined in a real section (not undefined, absolute or common).
    fn is_defined(&self) -> bool {
        self.section != 0 && self.section < SHN_LORESERVE
    }
}

const ELF_HEADER_SIZE: usize = 64;

impl<'a> Elf<'a> {
    fn read(file: &'a [u8]) -> Result<Elf<'a>, MetadataError> {
        if file.len() < 4 || file[..4] != *b"\x7fELF" {
            return Err(MetadataError::NotElf);
        }
        if file.len() < ELF_HEADER_SIZE {
            return Err(MetadataError::Truncated {
                what: "the ELF header",
                offset: 0,
                file_size: file.len(),
            });
        }
        let (class, data) = (file[4], file[5]);
        if (class, data) != (2, 1) {
            return Err(MetadataError::NotElf64 { class, data });
        }
        let machine = u16_at(file, 18);
        if machine != EM_AMDGPU {
            return Err(MetadataError::NotAmdgpu { machine });
        }
        if file[7] != ELFOSABI_AMDGPU_HSA {
            return Err(MetadataError::NotHsa { os_abi: file[7] });
        }
        let e_type = u16_at(file, 16);
        if e_type != ET_REL && e_type != ET_DYN {
            return Err(MetadataError::NotCodeObject { e_type });
        }
        Ok(Elf {
            file,
            abi_version: file[8],
            e_flags: u32_at(file, 48),
            program_headers: u64_at(file, 32),
            program_header_size: u64::from(u16_at(file, 54)),
            program_header_count: u64::from(u16_at(file, 56)),
            section_headers: u64_at(file, 40),
            section_header_size: u64::from(u16_at(file, 58)),
            section_header_count: u64::from(u16_at(file, 60)),
        })
    }

    /// `size` bytes at `offset` of the file.
    fn bytes(&self, what: &'static str, offset: u64, size: u64) -> Result<&'a [u8], MetadataError> {
        let truncated = || MetadataError::Truncated {
            what,
            offset,
            file_size: self.file.len(),
        };
        let start = usize::try_from(offset).map_err(|_| truncated())?;
        let end = usize::try_from(size)
            .ok()
            .and_then(|size| start.checked_add(size))
            .ok_or_else(truncated)?;
        self.file.get(start..end).ok_or_else(truncated)
    }

    /// The entries of a table of `count` entries of `entry_size` bytes at `offset`.
    fn table(
        &self,
        what: &'static str,
        offset: u64,
        entry_size: u64,
        count: u64,
        minimum: u64,
    ) -> Result<Vec<&'a [u8]>, MetadataError> {
        if count == 0 {
            return Ok(Vec::new());
        }
        if entry_size < minimum {
            return Err(MetadataError::EntrySize {
                what,
                size: entry_size,
                minimum,
            });
        }
        let length = entry_size
            .checked_mul(count)
            .ok_or(MetadataError::Truncated {
                what,
                offset,
                file_size: self.file.len(),
            })?;
        let bytes = self.bytes(what, offset, length)?;
        let step = usize::try_from(entry_size).map_err(|_| MetadataError::Truncated {
            what,
            offset,
            file_size: self.file.len(),
        })?;
        Ok(bytes.chunks_exact(step).collect())
    }

    /// (offset, size, alignment) of every `PT_NOTE` segment.
    fn note_segments(&self) -> Result<Vec<(u64, u64, u64)>, MetadataError> {
        let entries = self.table(
            "the program header table",
            self.program_headers,
            self.program_header_size,
            self.program_header_count,
            56,
        )?;
        Ok(entries
            .into_iter()
            .filter(|entry| u32_at(entry, 0) == PT_NOTE)
            .map(|entry| (u64_at(entry, 8), u64_at(entry, 32), u64_at(entry, 48)))
            .collect())
    }

    fn sections(&self) -> Result<Vec<Section>, MetadataError> {
        let mut count = self.section_header_count;
        if count == 0 && self.section_headers != 0 {
            // More sections than `e_shnum` holds: the count is the first entry's `sh_size`.
            let first = self.table(
                "the section header table",
                self.section_headers,
                self.section_header_size,
                1,
                64,
            )?;
            count = first.first().map_or(0, |entry| u64_at(entry, 32));
        }
        let entries = self.table(
            "the section header table",
            self.section_headers,
            self.section_header_size,
            count,
            64,
        )?;
        Ok(entries
            .into_iter()
            .map(|entry| Section {
                kind: u32_at(entry, 4),
                address: u64_at(entry, 16),
                offset: u64_at(entry, 24),
                size: u64_at(entry, 32),
                link: u32_at(entry, 40),
                align: u64_at(entry, 48),
                entry_size: u64_at(entry, 56),
            })
            .collect())
    }

    /// The metadata note's descriptor: from the `PT_NOTE` segments (what a loader reads),
    /// else from the `SHT_NOTE` sections (a relocatable object has no segments).
    fn metadata_note(&self) -> Result<&'a [u8], MetadataError> {
        for (offset, size, align) in self.note_segments()? {
            if let Some(note) = self.find_note(offset, size, align)? {
                return Ok(note);
            }
        }
        for section in self.sections()? {
            if section.kind == SHT_NOTE {
                if let Some(note) = self.find_note(section.offset, section.size, section.align)? {
                    return Ok(note);
                }
            }
        }
        Err(MetadataError::NoMetadata)
    }

    /// Walks the notes of one area (gABI "Note Section": name size, descriptor size, type,
    /// then the name and the descriptor, each padded to the area's alignment).
    fn find_note(
        &self,
        offset: u64,
        size: u64,
        align: u64,
    ) -> Result<Option<&'a [u8]>, MetadataError> {
        let area = self.bytes("a note area", offset, size)?;
        let align = if align == 8 { 8 } else { 4 };
        let mut at = 0usize;
        while area.len().saturating_sub(at) >= 12 {
            let truncated = || MetadataError::NoteTruncated {
                offset: offset.saturating_add(u64::try_from(at).unwrap_or(u64::MAX)),
            };
            let name_size = usize::try_from(u32_at(area, at)).map_err(|_| truncated())?;
            let desc_size = usize::try_from(u32_at(area, at + 4)).map_err(|_| truncated())?;
            let kind = u32_at(area, at + 8);
            let name_start = at + 12;
            let name_end = name_start.checked_add(name_size).ok_or_else(truncated)?;
            let desc_start = name_start
                .checked_add(
                    name_size
                        .checked_next_multiple_of(align)
                        .ok_or_else(truncated)?,
                )
                .ok_or_else(truncated)?;
            let desc_end = desc_start.checked_add(desc_size).ok_or_else(truncated)?;
            let name = area.get(name_start..name_end).ok_or_else(truncated)?;
            let desc = area.get(desc_start..desc_end).ok_or_else(truncated)?;
            if kind == NT_AMDGPU_METADATA && (name == b"AMDGPU\0" || name == b"AMDGPU") {
                return Ok(Some(desc));
            }
            at = desc_start
                .checked_add(
                    desc_size
                        .checked_next_multiple_of(align)
                        .ok_or_else(truncated)?,
                )
                .ok_or_else(truncated)?;
        }
        Ok(None)
    }

    /// The symbols of every section of type `table` (`SHT_SYMTAB` or `SHT_DYNSYM`).
    fn symbols(&self, sections: &[Section], table: u32) -> Result<Vec<Symbol<'a>>, MetadataError> {
        let mut symbols = Vec::new();
        for section in sections.iter().filter(|section| section.kind == table) {
            let entry_size = if section.entry_size == 0 {
                24
            } else {
                section.entry_size
            };
            let count = section.size / entry_size.max(1);
            let entries = self.table("a symbol table", section.offset, entry_size, count, 24)?;
            let strings_index = usize::try_from(section.link).unwrap_or(usize::MAX);
            let strings = sections
                .get(strings_index)
                .ok_or(MetadataError::NoSection {
                    index: u64::from(section.link),
                    count: sections.len(),
                })?;
            let strings_at = strings.offset;
            let strings = self.bytes("a string table", strings.offset, strings.size)?;
            for entry in entries {
                let name_offset = usize::try_from(u32_at(entry, 0)).unwrap_or(usize::MAX);
                let name = strings
                    .get(name_offset..)
                    .and_then(|rest| rest.get(..rest.iter().position(|byte| *byte == 0)?))
                    .ok_or(MetadataError::Truncated {
                        what: "a symbol name",
                        offset: strings_at.saturating_add(u64::from(u32_at(entry, 0))),
                        file_size: self.file.len(),
                    })?;
                symbols.push(Symbol {
                    name,
                    info: array::<1>(entry, 4)[0],
                    section: u16_at(entry, 6),
                    value: u64_at(entry, 8),
                    size: u64_at(entry, 16),
                });
            }
        }
        Ok(symbols)
    }
}

// ---- MessagePack (msgpack.org's specification, "Formats") ----

/// A decoded MessagePack value. Strings borrow the note's bytes; what the metadata never
/// holds where this module looks (nil, floats, binaries, extensions) is `Other`.
#[derive(Debug, Clone, PartialEq)]
enum Value<'a> {
    Bool(bool),
    Int(i128),
    Str(&'a [u8]),
    Array(Vec<Value<'a>>),
    Map(Vec<(Value<'a>, Value<'a>)>),
    Other,
}

mod msgpack {
    use super::{array, MetadataError, Value};

    /// LLVM's metadata nests six deep (root, kernels, kernel, args, argument, value).
    const MAX_DEPTH: usize = 16;

    /// Decodes the first value of `bytes`; what follows it is ignored.
    pub(super) fn decode(bytes: &[u8]) -> Result<Value<'_>, MetadataError> {
        Reader { bytes, at: 0 }.value(0)
    }

    struct Reader<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    impl<'a> Reader<'a> {
        fn fail<T>(&self, problem: &'static str, at: usize) -> Result<T, MetadataError> {
            Err(MetadataError::MessagePack { problem, at })
        }

        fn left(&self) -> usize {
            self.bytes.len().saturating_sub(self.at)
        }

        fn take(&mut self, count: usize) -> Result<&'a [u8], MetadataError> {
            let end = self.at.checked_add(count);
            let Some(taken) = end.and_then(|end| self.bytes.get(self.at..end)) else {
                return self.fail("the metadata ends inside a value", self.at);
            };
            self.at += taken.len();
            Ok(taken)
        }

        /// A big-endian unsigned integer of `width` (1, 2, 4 or 8) bytes.
        fn unsigned(&mut self, width: usize) -> Result<u64, MetadataError> {
            Ok(self
                .take(width)?
                .iter()
                .fold(0u64, |value, byte| (value << 8) | u64::from(*byte)))
        }

        /// A length or count of `width` bytes, checked against what is left: each item
        /// takes at least `bytes_per_item` bytes, so no count can exceed the input.
        fn length(&mut self, width: usize, bytes_per_item: usize) -> Result<usize, MetadataError> {
            let start = self.at;
            let length = self.unsigned(width)?;
            let left = self.left();
            usize::try_from(length)
                .ok()
                .filter(|length| {
                    length
                        .checked_mul(bytes_per_item)
                        .is_some_and(|need| need <= left)
                })
                .map_or_else(
                    || self.fail("a length longer than the rest of the metadata", start),
                    Ok,
                )
        }

        fn array(&mut self, count: usize, depth: usize) -> Result<Value<'a>, MetadataError> {
            let mut items = Vec::with_capacity(count.min(self.left()));
            for _ in 0..count {
                items.push(self.value(depth + 1)?);
            }
            Ok(Value::Array(items))
        }

        fn map(&mut self, count: usize, depth: usize) -> Result<Value<'a>, MetadataError> {
            let mut entries = Vec::with_capacity(count.min(self.left() / 2));
            for _ in 0..count {
                let key = self.value(depth + 1)?;
                let value = self.value(depth + 1)?;
                entries.push((key, value));
            }
            Ok(Value::Map(entries))
        }

        fn value(&mut self, depth: usize) -> Result<Value<'a>, MetadataError> {
            if depth > MAX_DEPTH {
                return self.fail("values nested too deeply", self.at);
            }
            let start = self.at;
            let marker = array::<1>(self.take(1)?, 0)[0];
            let int = |value: i128| Ok(Value::Int(value));
            match marker {
                0x00..=0x7f => int(i128::from(marker)),
                0x80..=0x8f => self.map(usize::from(marker & 0x0f), depth),
                0x90..=0x9f => self.array(usize::from(marker & 0x0f), depth),
                0xa0..=0xbf => Ok(Value::Str(self.take(usize::from(marker & 0x1f))?)),
                0xc0 => Ok(Value::Other),
                0xc1 => self.fail("byte 0xc1, which MessagePack never uses,", start),
                0xc2 => Ok(Value::Bool(false)),
                0xc3 => Ok(Value::Bool(true)),
                // bin 8/16/32
                0xc4..=0xc6 => {
                    let length = self.length(1 << (marker - 0xc4), 1)?;
                    self.take(length)?;
                    Ok(Value::Other)
                }
                // ext 8/16/32: a length, a type byte, the data
                0xc7..=0xc9 => {
                    let length = self.length(1 << (marker - 0xc7), 1)?;
                    self.take(1)?;
                    self.take(length)?;
                    Ok(Value::Other)
                }
                // float 32/64
                0xca | 0xcb => {
                    self.take(if marker == 0xca { 4 } else { 8 })?;
                    Ok(Value::Other)
                }
                0xcc..=0xcf => int(i128::from(self.unsigned(1 << (marker - 0xcc))?)),
                0xd0 => int(i128::from(i8::from_be_bytes(array(self.take(1)?, 0)))),
                0xd1 => int(i128::from(i16::from_be_bytes(array(self.take(2)?, 0)))),
                0xd2 => int(i128::from(i32::from_be_bytes(array(self.take(4)?, 0)))),
                0xd3 => int(i128::from(i64::from_be_bytes(array(self.take(8)?, 0)))),
                // fixext 1/2/4/8/16: a type byte, then the data
                0xd4..=0xd8 => {
                    self.take(1)?;
                    self.take(1 << (marker - 0xd4))?;
                    Ok(Value::Other)
                }
                0xd9..=0xdb => {
                    let length = self.length(1 << (marker - 0xd9), 1)?;
                    Ok(Value::Str(self.take(length)?))
                }
                0xdc | 0xdd => {
                    let count = self.length(if marker == 0xdc { 2 } else { 4 }, 1)?;
                    self.array(count, depth)
                }
                0xde | 0xdf => {
                    let count = self.length(if marker == 0xde { 2 } else { 4 }, 2)?;
                    self.map(count, depth)
                }
                0xe0..=0xff => int(i128::from(i8::from_be_bytes([marker]))),
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod ground_truth {
    //! Code objects that real clang 22 builds from kernels written for these tests, and what
    //! LLVM's own tools (`llvm-readelf`, `llvm-objdump`) print about them: the ground truth
    //! that this module's and `kernarg`'s tests hold the code to. Nothing here calls the code
    //! under test. Only a missing clang skips; a missing or failing LLVM tool fails the test.

    use std::path::PathBuf;
    use std::process::Command;
    use std::sync::OnceLock;

    /// One kernel per argument shape or launch need. `printf` is lowered by clang to calls
    /// of `__ockl_printf_*` (hostcall) or `__printf_alloc` (buffered), which ROCm's device
    /// library defines; the stand-ins here read the hidden argument each protocol uses, so
    /// that the compiler keeps it, as it does for the real ones.
    const SOURCE: &str = r#"
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
typedef unsigned long u64;
static __device__ unsigned tid() { return __builtin_amdgcn_workitem_id_x(); }
static __device__ const char *implicit() { return (const char *)__builtin_amdgcn_implicitarg_ptr(); }

struct Odd { char c; double d; int i[3]; };
struct alignas(16) Wide { float v[4]; };
struct Empty {};
struct Three { char a, b, c; };

extern "C" __global__ void scalars(char a, short b, int c, long d, float e, double f, _Float16 g,
                                   unsigned char h, bool i, long long *out) {
  out[tid()] = a + b + c + d + (long long)e + (long long)f + (long long)g + h + i;
}
extern "C" __global__ void odd_struct(char a, Odd s, short b, double *out) { *out = a + s.c + s.d + s.i[2] + b; }
extern "C" __global__ void aligned_struct(int a, Wide w, float *out) { *out = a + w.v[0] + w.v[3]; }
extern "C" __global__ void empty_struct(Empty e, int *out) { *out = 1; }
extern "C" __global__ void small_structs(Three a, char b, Three c, int *out) { *out = a.a + a.c + b + c.b; }
extern "C" __global__ void no_arguments() {}
extern "C" __global__ void one_int(int a) { if (a == 12345) __builtin_trap(); }
extern "C" __global__ void dims(unsigned *out) {
  out[tid()] = __builtin_amdgcn_workgroup_size_x() * __builtin_amdgcn_workgroup_size_y() +
               __builtin_amdgcn_workgroup_size_z() + *(const unsigned *)(implicit() + 4);
}
extern "C" __global__ void services(u64 *out) {
  out[0] = *(const unsigned *)(implicit() + 0);
  out[1] = *(const u64 *)(implicit() + 80);
  out[2] = *(const u64 *)(implicit() + 88);
  out[3] = *(const u64 *)(implicit() + 96);
  out[4] = *(const unsigned *)(implicit() + 120);
  out[5] = *(const u64 *)(implicit() + 200);
}
extern __shared__ int dynamic_lds[];
extern "C" __global__ void dynamic_shared(int *out) {
  dynamic_lds[tid()] = tid();
  __builtin_amdgcn_s_barrier();
  out[tid()] = dynamic_lds[tid() ^ 1];
}
extern "C" __global__ void lds_pointer(__attribute__((address_space(3))) int *lds, int *out) { out[tid()] = lds[tid()]; }
extern "C" __global__ void static_shared(float *out) {
  __shared__ float tile[256];
  tile[tid()] = out[tid()];
  __builtin_amdgcn_s_barrier();
  out[tid()] = tile[255 - tid()];
}
extern "C" __global__ void scratch(int n, int *out) {
  volatile int local[64];
  for (int i = 0; i < 64; ++i) local[i] = out[i] * n;
  out[tid()] = local[(tid() * 7 + n) & 63];
}
static __device__ __attribute__((noinline)) int recurse(int n, volatile int *p) {
  volatile int local[4] = {n, n + 1, n + 2, n + 3};
  if (n <= 0) return p[0] + local[n & 3];
  return recurse(n - 1, p) + recurse(n - 2, p) + local[n & 3];
}
extern "C" __global__ void recursive(int n, int *out) { out[tid()] = recurse(n, out); }
extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(1, 128))) void bounded(int *out) { out[tid()] = 2; }
extern "C" __global__ __attribute__((launch_bounds(256))) void launch_bounded(int *out) { out[tid()] = 3; }
__global__ void saxpy(int n, float a, const float *x, float *y) {
  unsigned i = tid();
  if (i < n) y[i] = a * x[i] + y[i];
}
template <typename T> __global__ void fill(T *p, T v) { p[tid()] = v; }
template __global__ void fill<double>(double *, double);

extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ __attribute__((noinline)) u64 __ockl_printf_begin(u64 v) { return v + *(volatile u64 *)(implicit() + 80); }
extern "C" __device__ __attribute__((noinline)) u64 __ockl_printf_append_args(u64 d, unsigned n, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4, u64 a5, u64 a6, unsigned last) { return d + n + a0 + a6 + last; }
extern "C" __device__ __attribute__((noinline)) u64 __ockl_printf_append_string_n(u64 d, const char *s, u64 len, unsigned last) { return d + len + s[0] + last; }
extern "C" __device__ __attribute__((noinline)) char *__printf_alloc(unsigned n) { return *(char **)(implicit() + 72) + n; }
extern "C" __global__ void printer(int x, double y) { printf("x=%d y=%f\n", x, y); printf("hello %s\n", "world"); }

__device__ int device_array[17];
__constant__ double constant_value = 2.0;
template <int N> __device__ int templated = N;
extern "C" __global__ void variables(int i) { device_array[i] = (int)constant_value + templated<3>; }
"#;

    /// A kernel of 40 parameters of eight types in rotation.
    fn many_arguments_kernel() -> String {
        let types = [
            "char", "int", "double", "short", "float *", "long", "Three", "_Float16",
        ];
        let mut parameters = Vec::new();
        let mut terms = Vec::new();
        for index in 0..40 {
            let kind = types[index % types.len()];
            parameters.push(format!("{kind} a{index}"));
            terms.push(match kind {
                "Three" => format!("a{index}.b"),
                "float *" => format!("(long)a{index}[0]"),
                _ => format!("(long)a{index}"),
            });
        }
        format!(
            "extern \"C\" __global__ void many({}, long *out) {{ *out = {}; }}\n",
            parameters.join(", "),
            terms.join(" + ")
        )
    }

    struct Variant {
        label: &'static str,
        arch: &'static str,
        flags: &'static [&'static str],
        /// Stop at the compiler's `ET_REL` object instead of linking.
        relocatable: bool,
    }

    const VARIANTS: &[Variant] = &[
        Variant {
            label: "gfx942 -O2",
            arch: "gfx942",
            flags: &["-O2"],
            relocatable: false,
        },
        Variant {
            label: "gfx942 -O0",
            arch: "gfx942",
            flags: &["-O0"],
            relocatable: false,
        },
        Variant {
            label: "gfx90a -O2",
            arch: "gfx90a",
            flags: &["-O2"],
            relocatable: false,
        },
        Variant {
            label: "gfx1100 -O2",
            arch: "gfx1100",
            flags: &["-O2"],
            relocatable: false,
        },
        Variant {
            label: "gfx1100 -O0",
            arch: "gfx1100",
            flags: &["-O0"],
            relocatable: false,
        },
        Variant {
            label: "gfx803 -O0",
            arch: "gfx803",
            flags: &["-O0"],
            relocatable: false,
        },
        Variant {
            label: "gfx942 -O2 buffered printf",
            arch: "gfx942",
            flags: &["-O2", "-mprintf-kind=buffered"],
            relocatable: false,
        },
        Variant {
            label: "gfx942 -O2 code object v5",
            arch: "gfx942",
            flags: &["-O2", "-mcode-object-version=5"],
            relocatable: false,
        },
        Variant {
            label: "gfx942 -O0 code object v4",
            arch: "gfx942",
            flags: &["-O0", "-mcode-object-version=4"],
            relocatable: false,
        },
        Variant {
            label: "gfx942 -O2 ET_REL",
            arch: "gfx942",
            flags: &["-O2"],
            relocatable: true,
        },
    ];

    /// One code object and what LLVM's tools say about it.
    pub(crate) struct Build {
        pub(crate) label: &'static str,
        pub(crate) relocatable: bool,
        pub(crate) bytes: Vec<u8>,
        /// `llvm-readelf --notes`: the metadata as YAML.
        pub(crate) metadata: Yaml,
        /// `llvm-readelf -h`: (`ABI Version`, `Flags`).
        pub(crate) abi_version: u8,
        pub(crate) e_flags: u32,
        /// `llvm-readelf -s`, both tables.
        pub(crate) symbols: Vec<ElfSymbol>,
        /// `llvm-objdump -D -j .rodata`: each kernel descriptor's `.amdhsa_*` directives.
        pub(crate) descriptors: Vec<(String, Vec<(String, i64)>)>,
        /// `llvm-objdump -s -j .rodata`: (address, bytes) rows.
        pub(crate) rodata: Vec<(u64, Vec<u8>)>,
        /// `llvm-readelf -r`: (offset, type, symbol) of each relocation.
        pub(crate) relocations: Vec<(u64, String, String)>,
        /// `llvm-readelf -S`: the `.note` section's (offset, size).
        pub(crate) note_section: (u64, u64),
    }

    #[derive(Debug, Clone)]
    pub(crate) struct ElfSymbol {
        pub(crate) table: String,
        pub(crate) value: u64,
        pub(crate) size: u64,
        pub(crate) kind: String,
        pub(crate) binding: String,
        pub(crate) section: String,
        pub(crate) name: String,
    }

    impl Build {
        /// The symbol `name` of `.dynsym` (else `.symtab`), as readelf lists it.
        pub(crate) fn symbol(&self, name: &str) -> &ElfSymbol {
            let find = |table: &str| {
                self.symbols
                    .iter()
                    .find(|symbol| symbol.table == table && symbol.name == name)
            };
            find(".dynsym")
                .or_else(|| find(".symtab"))
                .unwrap_or_else(|| panic!("{}: readelf lists no symbol `{name}`", self.label))
        }

        /// `count` bytes of `.rodata` at `address`, from objdump's hex dump.
        pub(crate) fn rodata_bytes(&self, address: u64, count: usize) -> Vec<u8> {
            (0..count as u64)
                .map(|index| {
                    let at = address + index;
                    self.rodata
                        .iter()
                        .find(|(start, row)| at >= *start && at < start + row.len() as u64)
                        .map(|(start, row)| row[(at - start) as usize])
                        .unwrap_or_else(|| {
                            panic!("{}: objdump shows no byte at {at:#x}", self.label)
                        })
                })
                .collect()
        }
    }

    /// The builds, made once per test process; `None` (after saying why) if clang 22 is not
    /// installed.
    #[expect(
        clippy::print_stderr,
        reason = "a skipped test says why on the test's stderr"
    )]
    pub(crate) fn builds() -> Option<&'static [Build]> {
        static BUILDS: OnceLock<Option<Vec<Build>>> = OnceLock::new();
        let builds = BUILDS.get_or_init(build_all).as_deref();
        if builds.is_none() {
            eprintln!("skipped: clang 22 is not installed (scripts/setup.sh installs it)");
        }
        builds
    }

    /// An LLVM 22 tool: Debian's `/usr/lib/llvm-22/bin`, else `<name>-22` on `PATH`.
    fn tool(name: &str) -> PathBuf {
        let installed = PathBuf::from("/usr/lib/llvm-22/bin").join(name);
        if installed.exists() {
            installed
        } else {
            PathBuf::from(format!("{name}-22"))
        }
    }

    fn run(command: &mut Command) -> String {
        let output = command
            .output()
            .unwrap_or_else(|error| panic!("cannot run {command:?}: {error}"));
        assert!(
            output.status.success(),
            "{command:?} failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("the tools print UTF-8")
    }

    fn build_all() -> Option<Vec<Build>> {
        let clang = tool("clang++");
        match Command::new(&clang).arg("--version").output() {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return None,
            Err(error) => panic!("cannot run {}: {error}", clang.display()),
            Ok(output) => assert!(
                output.status.success(),
                "{} --version failed",
                clang.display()
            ),
        }
        let dir = tempfile::tempdir().expect("a temporary directory");
        let source = dir.path().join("battery.hip");
        std::fs::write(&source, format!("{SOURCE}{}", many_arguments_kernel()))
            .expect("writing the kernels");
        std::thread::scope(|scope| {
            let handles: Vec<_> = VARIANTS
                .iter()
                .enumerate()
                .map(|(index, variant)| {
                    let (clang, source, dir) = (&clang, &source, dir.path());
                    scope.spawn(move || build(variant, clang, source, &dir.join(index.to_string())))
                })
                .collect();
            Some(
                handles
                    .into_iter()
                    .map(|handle| handle.join().expect("a build panicked"))
                    .collect(),
            )
        })
    }

    fn build(
        variant: &Variant,
        clang: &std::path::Path,
        source: &std::path::Path,
        output: &std::path::Path,
    ) -> Build {
        let hip = |command: &mut Command| {
            command
                .args(["-x", "hip", "--cuda-device-only", "--no-gpu-bundle-output"])
                .args(["-nogpulib", "-nogpuinc"])
                .arg(format!("--offload-arch={}", variant.arch))
                .args(variant.flags)
                .arg(source);
        };
        if variant.relocatable {
            let bitcode = output.with_extension("bc");
            let mut command = Command::new(clang);
            hip(&mut command);
            run(command.args(["-c", "-emit-llvm", "-o"]).arg(&bitcode));
            run(Command::new(clang)
                .args(["--target=amdgcn-amd-amdhsa", "-nogpulib", "-c"])
                .arg(format!("-mcpu={}", variant.arch))
                .args(variant.flags)
                .arg(&bitcode)
                .arg("-o")
                .arg(output));
        } else {
            let mut command = Command::new(clang);
            hip(&mut command);
            run(command.arg("-o").arg(output));
        }
        let readelf =
            |args: &[&str]| run(Command::new(tool("llvm-readelf")).args(args).arg(output));
        let objdump =
            |args: &[&str]| run(Command::new(tool("llvm-objdump")).args(args).arg(output));
        let header = readelf(&["-h"]);
        let header_field = |label: &str| {
            header
                .lines()
                .find_map(|line| line.trim().strip_prefix(label))
                .map(|rest| {
                    rest.trim()
                        .split([',', ' '])
                        .next()
                        .unwrap_or("")
                        .to_owned()
                })
                .unwrap_or_else(|| panic!("readelf -h prints no `{label}`"))
        };
        let e_flags = header_field("Flags:");
        let e_flags = u32::from_str_radix(e_flags.trim_start_matches("0x"), 16).expect("hex flags");
        let note_section = readelf(&["-S", "-W"])
            .lines()
            .find_map(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let at = fields.iter().position(|field| *field == ".note")?;
                let hex = |text: &str| u64::from_str_radix(text, 16).ok();
                Some((hex(fields.get(at + 3)?)?, hex(fields.get(at + 4)?)?))
            })
            .expect("readelf -S lists `.note`");
        Build {
            label: variant.label,
            relocatable: variant.relocatable,
            bytes: std::fs::read(output).expect("reading the code object"),
            metadata: metadata_yaml(&readelf(&["--notes"])),
            abi_version: header_field("ABI Version:").parse().expect("a number"),
            e_flags,
            symbols: symbol_tables(&readelf(&["-s", "-W"])),
            descriptors: descriptor_directives(&objdump(&["-D", "-j", ".rodata"])),
            rodata: hex_dump(&objdump(&["-s", "-j", ".rodata"])),
            relocations: relocations(&readelf(&["-r", "-W"])),
            note_section,
        }
    }

    fn symbol_tables(text: &str) -> Vec<ElfSymbol> {
        let mut table = String::new();
        let mut symbols = Vec::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("Symbol table '") {
                table = rest.split('\'').next().unwrap_or("").to_owned();
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() < 8 || !fields[0].ends_with(':') || fields[0] == "Num:" {
                continue;
            }
            let size = fields[2];
            let size = match size.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => size.parse(),
            };
            symbols.push(ElfSymbol {
                table: table.clone(),
                value: u64::from_str_radix(fields[1], 16).expect("a hex value"),
                size: size.expect("a size"),
                kind: fields[3].to_owned(),
                binding: fields[4].to_owned(),
                section: fields[6].to_owned(),
                name: fields[7].to_owned(),
            });
        }
        symbols
    }

    fn descriptor_directives(text: &str) -> Vec<(String, Vec<(String, i64)>)> {
        let mut descriptors: Vec<(String, Vec<(String, i64)>)> = Vec::new();
        for line in text.lines() {
            let trimmed = line.trim();
            if let Some(name) = trimmed
                .strip_suffix(">:")
                .and_then(|head| head.split_once(" <"))
            {
                descriptors.push((name.1.to_owned(), Vec::new()));
            } else if let Some(directive) = trimmed.strip_prefix(".amdhsa_") {
                let mut words = directive.split_whitespace();
                let (Some(key), Some(value)) = (words.next(), words.next()) else {
                    continue;
                };
                if let (Some(last), Ok(value)) = (descriptors.last_mut(), value.parse()) {
                    last.1.push((key.to_owned(), value));
                }
            }
        }
        descriptors
    }

    /// objdump's `-s` rows: ` <address> <four groups of eight hex digits>  <text>`.
    fn hex_dump(text: &str) -> Vec<(u64, Vec<u8>)> {
        let mut rows = Vec::new();
        for line in text.lines() {
            let Some(rest) = line.strip_prefix(' ') else {
                continue;
            };
            let Some((address, rest)) = rest.split_once(' ') else {
                continue;
            };
            let Ok(address) = u64::from_str_radix(address, 16) else {
                continue;
            };
            let digits: String = rest
                .get(..35)
                .unwrap_or(rest)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            let bytes = (0..digits.len() / 2)
                .map(|i| u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).expect("hex bytes"))
                .collect();
            rows.push((address, bytes));
        }
        rows
    }

    fn relocations(text: &str) -> Vec<(u64, String, String)> {
        text.lines()
            .filter_map(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let offset = u64::from_str_radix(fields.first()?, 16).ok()?;
                let kind = fields.get(2)?.to_string();
                kind.starts_with("R_")
                    .then(|| (offset, kind, fields.get(4).unwrap_or(&"").to_string()))
            })
            .collect()
    }

    /// A YAML node of the small subset `llvm-readelf --notes` prints.
    #[derive(Debug, Clone, PartialEq)]
    pub(crate) enum Yaml {
        Scalar(String),
        List(Vec<Yaml>),
        Map(Vec<(String, Yaml)>),
    }

    impl Yaml {
        pub(crate) fn get(&self, key: &str) -> Option<&Yaml> {
            match self {
                Yaml::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
        }
        pub(crate) fn at(&self, key: &str) -> &Yaml {
            self.get(key)
                .unwrap_or_else(|| panic!("the YAML has no `{key}`: {self:?}"))
        }
        pub(crate) fn text(&self) -> &str {
            match self {
                Yaml::Scalar(text) => text,
                _ => panic!("not a scalar: {self:?}"),
            }
        }
        pub(crate) fn number(&self) -> u64 {
            self.text()
                .parse()
                .unwrap_or_else(|_| panic!("not a number: {self:?}"))
        }
        pub(crate) fn items(&self) -> &[Yaml] {
            match self {
                Yaml::List(items) => items,
                _ => panic!("not a list: {self:?}"),
            }
        }
    }

    struct Line {
        indent: usize,
        /// The line starts a list item (`- `); its content is at `content_indent`.
        dash: bool,
        content_indent: usize,
        text: String,
    }

    /// The YAML document between `---` and `...` in `llvm-readelf --notes` output.
    fn metadata_yaml(notes: &str) -> Yaml {
        let mut lines = Vec::new();
        let mut inside = false;
        for raw in notes.lines() {
            match raw.trim() {
                "---" => inside = true,
                "..." => break,
                "" => {}
                _ if inside => {
                    let indent = raw.len() - raw.trim_start().len();
                    let rest = raw.trim_start();
                    lines.push(match rest.strip_prefix("- ") {
                        Some(item) => Line {
                            indent,
                            dash: true,
                            content_indent: indent + 2 + item.len() - item.trim_start().len(),
                            text: item.trim_start().to_owned(),
                        },
                        None => Line {
                            indent,
                            dash: false,
                            content_indent: indent,
                            text: rest.to_owned(),
                        },
                    });
                }
                _ => {}
            }
        }
        assert!(!lines.is_empty(), "readelf printed no metadata:\n{notes}");
        let mut position = 0;
        let root = node(&mut lines, &mut position, 0);
        assert_eq!(position, lines.len(), "YAML left unread");
        root
    }

    fn is_key(text: &str) -> bool {
        !text.starts_with(['"', '\'']) && (text.contains(": ") || text.ends_with(':'))
    }

    fn node(lines: &mut [Line], position: &mut usize, indent: usize) -> Yaml {
        if lines[*position].dash {
            let mut items = Vec::new();
            while *position < lines.len()
                && lines[*position].indent == indent
                && lines[*position].dash
            {
                let content = lines[*position].content_indent;
                lines[*position].dash = false;
                lines[*position].indent = content;
                items.push(node(lines, position, content));
            }
            return Yaml::List(items);
        }
        if !is_key(&lines[*position].text) {
            let text = lines[*position].text.clone();
            *position += 1;
            return scalar(&text);
        }
        let mut entries = Vec::new();
        while *position < lines.len()
            && lines[*position].indent == indent
            && !lines[*position].dash
            && is_key(&lines[*position].text)
        {
            let text = lines[*position].text.clone();
            let (key, value) = text
                .split_once(": ")
                .unwrap_or((text.trim_end_matches(':'), ""));
            *position += 1;
            let value = value.trim();
            let child = if !value.is_empty() {
                scalar(value)
            } else if *position < lines.len()
                && (lines[*position].indent > indent
                    || (lines[*position].indent == indent && lines[*position].dash))
            {
                let child_indent = lines[*position].indent;
                node(lines, position, child_indent)
            } else {
                Yaml::Scalar(String::new())
            };
            entries.push((key.to_owned(), child));
        }
        Yaml::Map(entries)
    }

    fn scalar(text: &str) -> Yaml {
        if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            return Yaml::List(
                inner
                    .split(',')
                    .map(str::trim)
                    .filter(|item| !item.is_empty())
                    .map(scalar)
                    .collect(),
            );
        }
        if let Some(inner) = text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
            return Yaml::Scalar(inner.replace("''", "'"));
        }
        let Some(inner) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
            return Yaml::Scalar(text.to_owned());
        };
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('r') => out.push('\r'),
                Some('0') => out.push('\0'),
                Some('x') => {
                    let hex: String = chars.by_ref().take(2).collect();
                    out.push(char::from(
                        u8::from_str_radix(&hex, 16).expect("\\x escape"),
                    ));
                }
                Some(other) => out.push(other),
                None => panic!("a YAML string ends in `\\`: {text}"),
            }
        }
        Yaml::Scalar(out)
    }

    #[test]
    fn the_yaml_reader_reads_what_readelf_prints() {
        let notes = [
            "Displaying notes found in: .note",
            "    AMDGPU Metadata:",
            "        ---",
            "amdhsa.kernels:",
            "  - .args:",
            "      - .offset:         0",
            "        .value_kind:     by_value",
            "      - .offset:         8",
            "        .value_kind:     hidden_block_count_x",
            "    .name:           k",
            "  - .args:           []",
            "    .name:           'it''s'",
            "amdhsa.printf:",
            r#"  - "0:0:abc,x=%d\n""#,
            "amdhsa.version:",
            "  - 1",
            "  - 2",
            "...",
        ]
        .join("\n");
        let yaml = metadata_yaml(&notes);
        let kernels = yaml.at("amdhsa.kernels").items();
        assert_eq!(kernels.len(), 2);
        assert_eq!(kernels[0].at(".name").text(), "k");
        assert_eq!(kernels[0].at(".args").items()[1].at(".offset").number(), 8);
        assert_eq!(kernels[1].at(".args").items().len(), 0);
        assert_eq!(kernels[1].at(".name").text(), "it's");
        assert_eq!(yaml.at("amdhsa.printf").items()[0].text(), "0:0:abc,x=%d\n");
        assert_eq!(yaml.at("amdhsa.version").items()[1].number(), 2);
    }
}

#[cfg(test)]
mod tests {
    use super::ground_truth::{builds, Build, Yaml};
    use super::*;

    // ---- a MessagePack and ELF writer for hand-made cases ----

    fn string(out: &mut Vec<u8>, text: &str) {
        let length = u8::try_from(text.len()).expect("short strings only");
        out.push(0xd9);
        out.push(length);
        out.extend_from_slice(text.as_bytes());
    }
    fn uint(out: &mut Vec<u8>, value: u32) {
        out.push(0xce);
        out.extend_from_slice(&value.to_be_bytes());
    }
    fn map(out: &mut Vec<u8>, count: u16) {
        out.push(0xde);
        out.extend_from_slice(&count.to_be_bytes());
    }
    fn list(out: &mut Vec<u8>, count: u16) {
        out.push(0xdc);
        out.extend_from_slice(&count.to_be_bytes());
    }

    /// An `ET_DYN` AMDGPU ELF whose one `PT_NOTE` segment holds an AMDGPU metadata note.
    fn elf_with_note(desc: &[u8]) -> Vec<u8> {
        let mut note = Vec::new();
        note.extend_from_slice(&7u32.to_le_bytes());
        note.extend_from_slice(&u32::try_from(desc.len()).expect("small").to_le_bytes());
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
        elf[6] = 1;
        elf[7] = 64;
        elf[8] = 4;
        elf[16..18].copy_from_slice(&3u16.to_le_bytes());
        elf[18..20].copy_from_slice(&224u16.to_le_bytes());
        elf[32..40].copy_from_slice(&64u64.to_le_bytes());
        elf[48..52].copy_from_slice(&0x54cu32.to_le_bytes());
        elf[54..56].copy_from_slice(&56u16.to_le_bytes());
        elf[56..58].copy_from_slice(&1u16.to_le_bytes());
        elf[64..68].copy_from_slice(&4u32.to_le_bytes());
        elf[64 + 8..64 + 16].copy_from_slice(&120u64.to_le_bytes());
        let size = u64::try_from(note.len()).expect("small");
        elf[64 + 32..64 + 40].copy_from_slice(&size.to_le_bytes());
        elf[64 + 48..64 + 56].copy_from_slice(&4u64.to_le_bytes());
        elf.extend_from_slice(&note);
        elf
    }

    /// The metadata of one kernel `k(int*)` with `extra` more kernel keys (key, unsigned).
    fn one_kernel_with(extra: &[(&str, u32)], args: &[(u32, u32, &str)]) -> Vec<u8> {
        let mut m = Vec::new();
        map(&mut m, 4);
        string(&mut m, "amdhsa.version");
        list(&mut m, 2);
        uint(&mut m, 1);
        uint(&mut m, 2);
        string(&mut m, "amdhsa.target");
        string(&mut m, "amdgcn-amd-amdhsa--gfx942");
        string(&mut m, "amdhsa.printf");
        list(&mut m, 1);
        string(&mut m, "0:0:0123456789abcdef,x=%d\n");
        string(&mut m, "amdhsa.kernels");
        list(&mut m, 1);
        let base = [
            (".kernarg_segment_size", 24),
            (".kernarg_segment_align", 8),
            (".group_segment_fixed_size", 0),
            (".private_segment_fixed_size", 0),
            (".max_flat_workgroup_size", 256),
            (".wavefront_size", 64),
            (".sgpr_count", 10),
            (".vgpr_count", 3),
        ];
        let mut keys: Vec<(&str, u32)> = base
            .iter()
            .filter(|(key, _)| !extra.iter().any(|(other, _)| other == key))
            .copied()
            .collect();
        keys.extend_from_slice(extra);
        map(&mut m, u16::try_from(keys.len() + 3).expect("few"));
        string(&mut m, ".name");
        string(&mut m, "_Z1kPi");
        string(&mut m, ".symbol");
        string(&mut m, "_Z1kPi.kd");
        for (key, value) in keys {
            string(&mut m, key);
            uint(&mut m, value);
        }
        string(&mut m, ".args");
        list(&mut m, u16::try_from(args.len()).expect("few"));
        for (offset, size, kind) in args {
            map(&mut m, 3);
            string(&mut m, ".offset");
            uint(&mut m, *offset);
            string(&mut m, ".size");
            uint(&mut m, *size);
            string(&mut m, ".value_kind");
            string(&mut m, kind);
        }
        elf_with_note(&m)
    }

    fn one_kernel() -> Vec<u8> {
        one_kernel_with(
            &[],
            &[(0, 8, "global_buffer"), (8, 4, "hidden_block_count_y")],
        )
    }

    fn error_of(elf: &[u8]) -> String {
        parse(elf).expect_err("refused").to_string()
    }

    #[test]
    fn a_kernel_and_its_arguments() {
        let code_object = parse(&one_kernel()).expect("parses");
        assert_eq!(code_object.target, "amdgcn-amd-amdhsa--gfx942");
        assert_eq!(code_object.version, (1, 2));
        assert_eq!((code_object.abi_version, code_object.e_flags), (4, 0x54c));
        assert_eq!(code_object.printf_formats, ["0:0:0123456789abcdef,x=%d\n"]);
        let kernel = code_object.kernel("_Z1kPi").expect("the kernel");
        assert!(code_object.kernel("_Z1kPi.kd").is_none());
        assert_eq!(kernel.symbol, "_Z1kPi.kd");
        assert_eq!(kernel.kernarg_segment_size, 24);
        assert_eq!(kernel.max_flat_workgroup_size, 256);
        assert_eq!((kernel.agpr_count, kernel.uses_dynamic_stack), (0, false));
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
        assert_eq!(
            kernel.explicit_args().collect::<Vec<_>>(),
            [&kernel.args[0]]
        );
    }

    #[test]
    fn value_kinds() {
        let cases = [
            ("by_value", ArgKind::ByValue),
            ("global_buffer", ArgKind::GlobalBuffer),
            ("dynamic_shared_pointer", ArgKind::DynamicSharedPointer),
            ("image", ArgKind::Image),
            ("sampler", ArgKind::Sampler),
            ("pipe", ArgKind::Pipe),
            ("queue", ArgKind::Queue),
            (
                "hidden_block_count_x",
                ArgKind::Hidden(Hidden::BlockCount(0)),
            ),
            ("hidden_group_size_z", ArgKind::Hidden(Hidden::GroupSize(2))),
            ("hidden_remainder_y", ArgKind::Hidden(Hidden::Remainder(1))),
            (
                "hidden_global_offset_x",
                ArgKind::Hidden(Hidden::GlobalOffset(0)),
            ),
            (
                "hidden_global_offset_w",
                ArgKind::Hidden(Hidden::Unknown("hidden_global_offset_w".into())),
            ),
            ("hidden_none", ArgKind::Hidden(Hidden::None)),
            (
                "hidden_cluster_id",
                ArgKind::Hidden(Hidden::Unknown("hidden_cluster_id".into())),
            ),
            ("struct", ArgKind::Unknown("struct".into())),
        ];
        for (text, kind) in cases {
            assert_eq!(value_kind(text), kind, "{text}");
        }
    }

    #[test]
    fn what_is_not_an_amdgpu_code_object_says_why() {
        let good = one_kernel();
        let with = |at: usize, bytes: &[u8]| {
            let mut elf = good.clone();
            elf[at..at + bytes.len()].copy_from_slice(bytes);
            error_of(&elf)
        };
        assert_eq!(error_of(&[]), "not an ELF file");
        assert_eq!(
            error_of(b"\x7fELF\x02\x01"),
            "the ELF header at offset 0x0 runs past the end of the file (6 bytes)"
        );
        assert_eq!(
            with(18, &62u16.to_le_bytes()),
            "not an AMDGPU ELF (e_machine 62)"
        );
        assert_eq!(
            with(4, &[1]),
            "not a 64-bit little-endian ELF file (EI_CLASS 1, EI_DATA 1)"
        );
        assert_eq!(
            with(7, &[65]),
            "not an AMD HSA code object (EI_OSABI 65, not 64)"
        );
        assert_eq!(
            with(16, &2u16.to_le_bytes()),
            "ELF type 2 is not a code object (ET_REL or ET_DYN)"
        );
        assert_eq!(
            with(54, &40u16.to_le_bytes()),
            "the program header table has entries of 40 bytes, fewer than 56"
        );
        assert_eq!(
            with(32, &0x1000u64.to_le_bytes()),
            format!(
                "the program header table at offset 0x1000 runs past the end of the file ({} bytes)",
                good.len()
            )
        );
    }

    #[test]
    fn damaged_metadata_says_where() {
        let good = one_kernel();
        // The note's descriptor size, 4 bytes into the note at 120.
        let mut long = good.clone();
        long[124..128].copy_from_slice(&0x10000u32.to_le_bytes());
        assert_eq!(
            error_of(&long),
            "a note at offset 0x78 runs past the end of its note area"
        );
        let mut other_type = good.clone();
        other_type[128] = 33;
        assert_eq!(
            error_of(&other_type),
            "the code object has no AMDGPU metadata note (NT_AMDGPU_METADATA)"
        );
        let mut cut = good.clone();
        cut.truncate(good.len() - 10);
        let size = u64::try_from(cut.len() - 120).expect("small");
        cut[64 + 32..64 + 40].copy_from_slice(&size.to_le_bytes());
        let cut_desc = u32::try_from(cut.len() - 140).expect("small");
        cut[124..128].copy_from_slice(&cut_desc.to_le_bytes());
        assert!(
            error_of(&cut).starts_with("the metadata is not valid MessagePack: "),
            "{}",
            error_of(&cut)
        );

        let rename = |from: &str, to: &str| {
            let mut elf = good.clone();
            let at = elf
                .windows(from.len())
                .position(|window| window == from.as_bytes())
                .expect("the key");
            assert_eq!(from.len(), to.len());
            elf[at..at + to.len()].copy_from_slice(to.as_bytes());
            error_of(&elf)
        };
        assert_eq!(
            rename("amdhsa.kernels", "amdhsa.kernelz"),
            "the metadata has no `amdhsa.kernels`"
        );
        assert_eq!(
            rename("amdhsa.version", "amdhsa.versioN"),
            "the metadata has no `amdhsa.version`"
        );
        assert_eq!(
            rename(".symbol", ".symbox"),
            "kernel `_Z1kPi` has no `.symbol`"
        );
        assert_eq!(
            rename(".name", ".namx"),
            "kernel 0 of `amdhsa.kernels` has no `.name`"
        );
        assert_eq!(
            rename(".value_kind", ".value_kinx"),
            "argument 0 of kernel `_Z1kPi` has no `.value_kind`"
        );

        assert_eq!(
            error_of(&one_kernel_with(
                &[(".kernarg_segment_size", 8)],
                &[(0, 8, "global_buffer"), (8, 4, "hidden_block_count_x")]
            )),
            "kernel `_Z1kPi`: argument 1 ends at byte 12, past the kernarg segment (8 bytes)"
        );
        assert_eq!(
            error_of(&one_kernel_with(&[(".kernarg_segment_align", 12)], &[])),
            "kernel `_Z1kPi`: `.kernarg_segment_align` 12 is not a power of two"
        );
        assert_eq!(
            error_of(&one_kernel_with(&[(".kernarg_segment_align", 0)], &[])),
            "kernel `_Z1kPi`: `.kernarg_segment_align` 0 is not a power of two"
        );
    }

    /// Replaces the MessagePack of one unsigned value (`0xce` + 4 bytes) after `key`.
    fn with_value(elf: &[u8], key: &str, value: &[u8]) -> Vec<u8> {
        let at = elf
            .windows(key.len())
            .position(|window| window == key.as_bytes())
            .expect("the key")
            + key.len();
        assert_eq!(elf[at], 0xce);
        let mut out = elf[..at].to_vec();
        out.extend_from_slice(value);
        out.extend_from_slice(&elf[at + 5..]);
        // The descriptor's size, and the segment's, change by as much as the value did.
        let desc = u32::from_le_bytes(out[124..128].try_into().expect("4")) as usize;
        let desc = u32::try_from(desc + value.len() - 5).expect("small");
        out[124..128].copy_from_slice(&desc.to_le_bytes());
        let size = u64::from_le_bytes(out[96..104].try_into().expect("8")) as usize;
        let size = u64::try_from(size + value.len() - 5).expect("small");
        out[96..104].copy_from_slice(&size.to_le_bytes());
        out
    }

    #[test]
    fn integers_are_converted_with_checks() {
        let good = one_kernel();
        let negative = with_value(&good, ".sgpr_count", &[0xd0, 0xff]);
        assert_eq!(
            error_of(&negative),
            "`.sgpr_count` of kernel `_Z1kPi` is not an unsigned 32-bit integer"
        );
        let huge = with_value(&good, ".vgpr_count", &[0xcf, 0, 0, 0, 1, 0, 0, 0, 0]);
        assert_eq!(
            error_of(&huge),
            "`.vgpr_count` of kernel `_Z1kPi` is not an unsigned 32-bit integer"
        );
        let text = with_value(&good, ".size", &[0xa1, b'8']);
        assert!(error_of(&text).contains("`.size` of argument 0 of kernel `_Z1kPi` is not"));
        // Every other MessagePack integer width reads as its value.
        for (bytes, value) in [
            (vec![0x05], 5),
            (vec![0xcc, 200], 200),
            (vec![0xcd, 1, 0], 256),
            (vec![0xd1, 0, 9], 9),
            (vec![0xd2, 0, 0, 0, 7], 7),
            (vec![0xd3, 0, 0, 0, 0, 0, 0, 0, 11], 11),
            (vec![0xcf, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], u32::MAX),
        ] {
            let elf = with_value(&good, ".sgpr_count", &bytes);
            let code_object = parse(&elf).unwrap_or_else(|e| panic!("{bytes:x?}: {e}"));
            assert_eq!(code_object.kernels[0].sgpr_count, value, "{bytes:x?}");
        }
    }

    #[test]
    fn hostile_messagepack_is_refused_cheaply() {
        let decode = |bytes: &[u8]| {
            msgpack::decode(bytes)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        assert_eq!(
            decode(&[0xdd, 0xff, 0xff, 0xff, 0xff]),
            Err("the metadata is not valid MessagePack: a length longer than the rest of the metadata at byte 1".into())
        );
        assert_eq!(
            decode(&[0xdf, 0x7f, 0xff, 0xff, 0xff, 0, 0]),
            Err("the metadata is not valid MessagePack: a length longer than the rest of the metadata at byte 1".into())
        );
        assert_eq!(
            decode(&[0xdb, 0, 0, 0, 9, b'a']),
            Err("the metadata is not valid MessagePack: a length longer than the rest of the metadata at byte 1".into())
        );
        assert_eq!(
            decode(&[0x91; 100]),
            Err(
                "the metadata is not valid MessagePack: values nested too deeply at byte 17".into()
            )
        );
        assert!(decode(&[0xc1]).expect_err("refused").contains("0xc1"));
        assert!(decode(&[0x92, 0x01]).is_err());
        // What the metadata never holds is skipped, whatever its width.
        let mut others = vec![0x9a, 0xc0, 0xca, 0, 0, 0, 0, 0xcb];
        others.extend_from_slice(&[0; 8]);
        others.extend_from_slice(&[0xc4, 1, 7, 0xc7, 1, 3, 9, 0xd4, 1, 2, 0xd8, 1]);
        others.extend_from_slice(&[0; 16]);
        others.extend_from_slice(&[0xe0, 0xc2, 0xc3]);
        assert_eq!(decode(&others), Ok(()));
    }

    #[test]
    fn hand_made_damage_is_an_error_never_a_panic() {
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
            let position = usize::try_from(state % bad.len() as u64).expect("small");
            bad[position] = state.to_le_bytes()[5];
            let _ = parse(&bad);
        }
    }

    // ---- against clang 22 and LLVM's tools ----

    /// The `ArgKind` each `.value_kind` string must give, written out one by one.
    fn expected_kind(text: &str) -> ArgKind {
        use Hidden as H;
        let hidden = ArgKind::Hidden;
        match text {
            "by_value" => ArgKind::ByValue,
            "global_buffer" => ArgKind::GlobalBuffer,
            "dynamic_shared_pointer" => ArgKind::DynamicSharedPointer,
            "hidden_block_count_x" => hidden(H::BlockCount(0)),
            "hidden_block_count_y" => hidden(H::BlockCount(1)),
            "hidden_block_count_z" => hidden(H::BlockCount(2)),
            "hidden_group_size_x" => hidden(H::GroupSize(0)),
            "hidden_group_size_y" => hidden(H::GroupSize(1)),
            "hidden_group_size_z" => hidden(H::GroupSize(2)),
            "hidden_remainder_x" => hidden(H::Remainder(0)),
            "hidden_remainder_y" => hidden(H::Remainder(1)),
            "hidden_remainder_z" => hidden(H::Remainder(2)),
            "hidden_global_offset_x" => hidden(H::GlobalOffset(0)),
            "hidden_global_offset_y" => hidden(H::GlobalOffset(1)),
            "hidden_global_offset_z" => hidden(H::GlobalOffset(2)),
            "hidden_grid_dims" => hidden(H::GridDims),
            "hidden_printf_buffer" => hidden(H::PrintfBuffer),
            "hidden_hostcall_buffer" => hidden(H::HostcallBuffer),
            "hidden_multigrid_sync_arg" => hidden(H::MultigridSyncArg),
            "hidden_heap_v1" => hidden(H::HeapV1),
            "hidden_default_queue" => hidden(H::DefaultQueue),
            "hidden_completion_action" => hidden(H::CompletionAction),
            "hidden_dynamic_lds_size" => hidden(H::DynamicLdsSize),
            "hidden_private_base" => hidden(H::PrivateBase),
            "hidden_shared_base" => hidden(H::SharedBase),
            "hidden_queue_ptr" => hidden(H::QueuePtr),
            "hidden_none" => hidden(H::None),
            other => panic!("clang printed a value kind the test does not know: {other}"),
        }
    }

    fn parsed(build: &Build) -> CodeObject {
        parse(&build.bytes).unwrap_or_else(|error| panic!("{}: {error}", build.label))
    }

    fn yaml_kernels(build: &Build) -> &[Yaml] {
        build.metadata.at("amdhsa.kernels").items()
    }

    #[test]
    fn metadata_matches_llvm_readelf() {
        let Some(builds) = builds() else { return };
        for build in builds {
            let label = build.label;
            let code_object = parsed(build);
            let yaml = &build.metadata;
            assert_eq!(
                code_object.target,
                yaml.at("amdhsa.target").text(),
                "{label}"
            );
            let version = yaml.at("amdhsa.version").items();
            assert_eq!(
                code_object.version,
                (version[0].number(), version[1].number()),
                "{label}"
            );
            let formats: Vec<&str> = yaml
                .get("amdhsa.printf")
                .map(|formats| formats.items().iter().map(Yaml::text).collect())
                .unwrap_or_default();
            assert_eq!(code_object.printf_formats, formats, "{label}");
            assert_eq!(code_object.abi_version, build.abi_version, "{label}");
            assert_eq!(code_object.e_flags, build.e_flags, "{label}");
            let kernels = yaml_kernels(build);
            assert_eq!(code_object.kernels.len(), kernels.len(), "{label}");
            for (kernel, expected) in code_object.kernels.iter().zip(kernels) {
                let name = expected.at(".name").text();
                let place = format!("{label}, kernel `{name}`");
                assert_eq!(kernel.name, name, "{place}");
                assert_eq!(kernel.symbol, expected.at(".symbol").text(), "{place}");
                assert!(
                    std::ptr::eq(code_object.kernel(name).expect("by name"), kernel),
                    "{place}"
                );
                let required = [
                    (".kernarg_segment_size", kernel.kernarg_segment_size),
                    (".kernarg_segment_align", kernel.kernarg_segment_align),
                    (".group_segment_fixed_size", kernel.group_segment_fixed_size),
                    (
                        ".private_segment_fixed_size",
                        kernel.private_segment_fixed_size,
                    ),
                    (".max_flat_workgroup_size", kernel.max_flat_workgroup_size),
                    (".wavefront_size", kernel.wavefront_size),
                    (".sgpr_count", kernel.sgpr_count),
                    (".vgpr_count", kernel.vgpr_count),
                ];
                for (key, value) in required {
                    assert_eq!(u64::from(value), expected.at(key).number(), "{place} {key}");
                }
                let optional = [
                    (".agpr_count", kernel.agpr_count),
                    (".sgpr_spill_count", kernel.sgpr_spill_count),
                    (".vgpr_spill_count", kernel.vgpr_spill_count),
                ];
                for (key, value) in optional {
                    let expected = expected.get(key).map_or(0, Yaml::number);
                    assert_eq!(u64::from(value), expected, "{place} {key}");
                }
                let dynamic_stack = expected
                    .get(".uses_dynamic_stack")
                    .map_or("false", Yaml::text);
                assert_eq!(
                    kernel.uses_dynamic_stack.to_string(),
                    dynamic_stack,
                    "{place}"
                );
                let args = expected.get(".args").map(Yaml::items).unwrap_or_default();
                assert_eq!(kernel.args.len(), args.len(), "{place}");
                for (index, (arg, expected)) in kernel.args.iter().zip(args).enumerate() {
                    let kind = expected.at(".value_kind").text();
                    assert_eq!(
                        (u64::from(arg.offset), u64::from(arg.size), &arg.kind),
                        (
                            expected.at(".offset").number(),
                            expected.at(".size").number(),
                            &expected_kind(kind)
                        ),
                        "{place}, argument {index}"
                    );
                }
                let explicit: Vec<u64> = args
                    .iter()
                    .filter(|arg| !arg.at(".value_kind").text().starts_with("hidden_"))
                    .map(|arg| arg.at(".offset").number())
                    .collect();
                let mine: Vec<u64> = kernel
                    .explicit_args()
                    .map(|arg| u64::from(arg.offset))
                    .collect();
                assert_eq!(mine, explicit, "{place}: explicit arguments");
            }
        }
    }

    /// The builds must hold what the tests claim to cover, or a comparison could pass by
    /// finding nothing to compare.
    #[test]
    fn the_builds_cover_every_shape_under_test() {
        let Some(builds) = builds() else { return };
        let mut kinds = std::collections::BTreeSet::new();
        let mut aligns = std::collections::BTreeSet::new();
        let mut seen = std::collections::BTreeSet::new();
        for build in builds {
            let code_object = parsed(build);
            if !code_object.printf_formats.is_empty() {
                seen.insert("printf formats");
            }
            if build.relocatable {
                seen.insert("ET_REL");
            }
            for kernel in &code_object.kernels {
                aligns.insert(kernel.kernarg_segment_align);
                for (flag, what) in [
                    (kernel.uses_dynamic_stack, "dynamic stack"),
                    (kernel.group_segment_fixed_size > 0, "static LDS"),
                    (kernel.private_segment_fixed_size > 0, "scratch"),
                    (
                        kernel.max_flat_workgroup_size == 128,
                        "flat work-group size 128",
                    ),
                    (kernel.wavefront_size == 32, "wave32"),
                    (
                        kernel.agpr_count > 0 || kernel.wavefront_size == 64,
                        "wave64",
                    ),
                    (kernel.name.starts_with("_Z"), "a mangled name"),
                    (kernel.kernarg_segment_size == 0, "an empty kernarg segment"),
                    (kernel.explicit_args().count() > 40, "over 40 arguments"),
                ] {
                    if flag {
                        seen.insert(what);
                    }
                }
                for arg in &kernel.args {
                    kinds.insert(format!("{:?}", arg.kind));
                }
            }
        }
        assert_eq!(aligns.into_iter().collect::<Vec<_>>(), [4, 8, 16]);
        let wanted = [
            "ET_REL",
            "a mangled name",
            "an empty kernarg segment",
            "dynamic stack",
            "flat work-group size 128",
            "over 40 arguments",
            "printf formats",
            "scratch",
            "static LDS",
            "wave32",
            "wave64",
        ];
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), wanted);
        for kind in [
            "ByValue",
            "GlobalBuffer",
            "DynamicSharedPointer",
            "Hidden(BlockCount(2))",
            "Hidden(GroupSize(2))",
            "Hidden(Remainder(2))",
            "Hidden(GlobalOffset(2))",
            "Hidden(GridDims)",
            "Hidden(PrintfBuffer)",
            "Hidden(HostcallBuffer)",
            "Hidden(MultigridSyncArg)",
            "Hidden(HeapV1)",
            "Hidden(DefaultQueue)",
            "Hidden(CompletionAction)",
            "Hidden(DynamicLdsSize)",
            "Hidden(PrivateBase)",
            "Hidden(SharedBase)",
            "Hidden(QueuePtr)",
        ] {
            assert!(
                kinds.contains(kind),
                "no build has an argument of kind {kind}"
            );
        }
    }

    /// hip-abi.md §3.4's table of hidden arguments (code object v5 and v6): offsets from the
    /// first 8-aligned byte after the explicit arguments, and sizes.
    #[test]
    fn hidden_arguments_sit_where_the_fact_sheet_says() {
        let Some(builds) = builds() else { return };
        let table: &[(&str, u64, u64)] = &[
            ("hidden_block_count_x", 0, 4),
            ("hidden_block_count_y", 4, 4),
            ("hidden_block_count_z", 8, 4),
            ("hidden_group_size_x", 12, 2),
            ("hidden_group_size_y", 14, 2),
            ("hidden_group_size_z", 16, 2),
            ("hidden_remainder_x", 18, 2),
            ("hidden_remainder_y", 20, 2),
            ("hidden_remainder_z", 22, 2),
            ("hidden_global_offset_x", 40, 8),
            ("hidden_global_offset_y", 48, 8),
            ("hidden_global_offset_z", 56, 8),
            ("hidden_grid_dims", 64, 2),
            ("hidden_printf_buffer", 72, 8),
            ("hidden_hostcall_buffer", 80, 8),
            ("hidden_multigrid_sync_arg", 88, 8),
            ("hidden_heap_v1", 96, 8),
            ("hidden_default_queue", 104, 8),
            ("hidden_completion_action", 112, 8),
            ("hidden_dynamic_lds_size", 120, 4),
            ("hidden_private_base", 192, 4),
            ("hidden_shared_base", 196, 4),
            ("hidden_queue_ptr", 200, 8),
        ];
        let mut checked = 0;
        for build in builds.iter().filter(|build| build.abi_version >= 3) {
            for kernel in yaml_kernels(build) {
                let args = kernel.get(".args").map(Yaml::items).unwrap_or_default();
                let explicit_end = args
                    .iter()
                    .filter(|arg| !arg.at(".value_kind").text().starts_with("hidden_"))
                    .map(|arg| arg.at(".offset").number() + arg.at(".size").number())
                    .max()
                    .unwrap_or(0);
                let start = explicit_end.next_multiple_of(8);
                let mut hidden_end = start;
                for arg in args {
                    let kind = arg.at(".value_kind").text();
                    if !kind.starts_with("hidden_") {
                        continue;
                    }
                    let (_, offset, size) = table
                        .iter()
                        .find(|(name, _, _)| *name == kind)
                        .unwrap_or_else(|| panic!("{kind} is not in the table"));
                    let place = format!("{}, `{}`, {kind}", build.label, kernel.at(".name").text());
                    assert_eq!(arg.at(".offset").number(), start + offset, "{place}");
                    assert_eq!(arg.at(".size").number(), *size, "{place}");
                    hidden_end = start + 256;
                    checked += 1;
                }
                // The segment ends with the explicit arguments, or with the whole 256-byte
                // implicit block once any hidden argument is there (even a kernel that lists
                // only the first few).
                let segment = kernel.at(".kernarg_segment_size").number();
                let expected = if hidden_end > start {
                    hidden_end
                } else {
                    explicit_end
                };
                assert_eq!(
                    segment,
                    expected,
                    "{}, `{}`",
                    build.label,
                    kernel.at(".name").text()
                );
            }
        }
        assert!(checked > 500, "only {checked} hidden arguments checked");
    }

    /// The bit fields LLVM's disassembler prints for a kernel descriptor, as (directive,
    /// value read from our descriptor). AMDGPUUsage, "Kernel Descriptor".
    fn descriptor_fields(kd: &KernelDescriptor) -> Vec<(&'static str, i64)> {
        let bits = |word: u32, low: u32, count: u32| i64::from((word >> low) & ((1 << count) - 1));
        let properties = u32::from(kd.properties);
        vec![
            (
                "group_segment_fixed_size",
                i64::from(kd.group_segment_fixed_size),
            ),
            (
                "private_segment_fixed_size",
                i64::from(kd.private_segment_fixed_size),
            ),
            ("kernarg_size", i64::from(kd.kernarg_size)),
            ("float_round_mode_32", bits(kd.rsrc1, 12, 2)),
            ("float_round_mode_16_64", bits(kd.rsrc1, 14, 2)),
            ("float_denorm_mode_32", bits(kd.rsrc1, 16, 2)),
            ("float_denorm_mode_16_64", bits(kd.rsrc1, 18, 2)),
            ("dx10_clamp", bits(kd.rsrc1, 21, 1)),
            ("ieee_mode", bits(kd.rsrc1, 23, 1)),
            ("fp16_overflow", bits(kd.rsrc1, 26, 1)),
            ("workgroup_processor_mode", bits(kd.rsrc1, 29, 1)),
            ("memory_ordered", bits(kd.rsrc1, 30, 1)),
            ("forward_progress", bits(kd.rsrc1, 31, 1)),
            ("enable_private_segment", bits(kd.rsrc2, 0, 1)),
            (
                "system_sgpr_private_segment_wavefront_offset",
                bits(kd.rsrc2, 0, 1),
            ),
            ("system_sgpr_workgroup_id_x", bits(kd.rsrc2, 7, 1)),
            ("system_sgpr_workgroup_id_y", bits(kd.rsrc2, 8, 1)),
            ("system_sgpr_workgroup_id_z", bits(kd.rsrc2, 9, 1)),
            ("system_sgpr_workgroup_info", bits(kd.rsrc2, 10, 1)),
            ("system_vgpr_workitem_id", bits(kd.rsrc2, 11, 2)),
            ("accum_offset", (bits(kd.rsrc3, 0, 6) + 1) * 4),
            ("tg_split", bits(kd.rsrc3, 16, 1)),
            ("inst_pref_size", bits(kd.rsrc3, 4, 6)),
            ("user_sgpr_private_segment_buffer", bits(properties, 0, 1)),
            ("user_sgpr_dispatch_ptr", bits(properties, 1, 1)),
            ("user_sgpr_queue_ptr", bits(properties, 2, 1)),
            ("user_sgpr_kernarg_segment_ptr", bits(properties, 3, 1)),
            ("user_sgpr_dispatch_id", bits(properties, 4, 1)),
            ("user_sgpr_flat_scratch_init", bits(properties, 5, 1)),
            ("user_sgpr_private_segment_size", bits(properties, 6, 1)),
            ("wavefront_size32", bits(properties, 10, 1)),
            ("uses_dynamic_stack", bits(properties, 11, 1)),
        ]
    }

    #[test]
    fn kernel_descriptors_match_llvm_objdump() {
        let Some(builds) = builds() else { return };
        for build in builds {
            for kernel in &parsed(build).kernels {
                let place = format!("{}, `{}`", build.label, kernel.symbol);
                let kd = kernel_descriptor(&build.bytes, &kernel.symbol)
                    .unwrap_or_else(|error| panic!("{place}: {error}"));
                // The directives objdump decodes from the descriptor's bits.
                let (_, directives) = build
                    .descriptors
                    .iter()
                    .find(|(symbol, _)| *symbol == kernel.symbol)
                    .unwrap_or_else(|| panic!("{place}: objdump did not decode it"));
                let fields = descriptor_fields(&kd);
                let mut compared = Vec::new();
                for (directive, value) in directives {
                    if let Some((name, mine)) = fields.iter().find(|(name, _)| name == directive) {
                        assert_eq!(mine, value, "{place}: .amdhsa_{directive}");
                        compared.push(*name);
                    }
                }
                let mut needed = vec![
                    "group_segment_fixed_size",
                    "private_segment_fixed_size",
                    "kernarg_size",
                    "float_denorm_mode_32",
                    "system_sgpr_workgroup_id_x",
                    "system_vgpr_workitem_id",
                    "user_sgpr_kernarg_segment_ptr",
                ];
                // Code object v5 gave bit 11 of the properties its meaning.
                let v5 = build.abi_version >= 3;
                if v5 {
                    needed.push("uses_dynamic_stack");
                }
                for needed in needed {
                    assert!(
                        compared.contains(&needed),
                        "{place}: objdump printed no {needed}"
                    );
                }
                // Each field's raw bytes, at hip-abi.md §3.5's offsets, in objdump's dump.
                let symbol = build.symbol(&kernel.symbol);
                let raw = build.rodata_bytes(symbol.value, 64);
                let word = |at: usize| u32::from_le_bytes(raw[at..at + 4].try_into().expect("4"));
                assert_eq!(
                    (
                        kd.group_segment_fixed_size,
                        kd.private_segment_fixed_size,
                        kd.kernarg_size
                    ),
                    (word(0), word(4), word(8)),
                    "{place}"
                );
                assert_eq!(
                    (kd.rsrc3, kd.rsrc1, kd.rsrc2),
                    (word(44), word(48), word(52)),
                    "{place}"
                );
                assert_eq!(
                    kd.properties,
                    u16::from_le_bytes([raw[56], raw[57]]),
                    "{place}"
                );
                assert_eq!(kd.entry_offset.to_le_bytes(), raw[16..24], "{place}");
                // The descriptor agrees with the metadata.
                assert_eq!(kd.kernarg_size, kernel.kernarg_segment_size, "{place}");
                assert_eq!(
                    kd.group_segment_fixed_size, kernel.group_segment_fixed_size,
                    "{place}"
                );
                assert_eq!(
                    kd.private_segment_fixed_size, kernel.private_segment_fixed_size,
                    "{place}"
                );
                if v5 {
                    let dynamic_stack = kd.properties & (1 << 11) != 0;
                    assert_eq!(dynamic_stack, kernel.uses_dynamic_stack, "{place}");
                }
                assert_eq!(
                    kd.properties & (1 << 10) != 0,
                    kernel.wavefront_size == 32,
                    "{place}"
                );
                // The entry: the code symbol's address in a linked object; in a relocatable
                // one, 0 and an `R_AMDGPU_REL64` against the code symbol at byte 16.
                let code = build.symbol(&kernel.name);
                if build.relocatable {
                    assert_eq!(kd.entry_offset, 0, "{place}");
                    assert!(
                        build
                            .relocations
                            .iter()
                            .any(|(offset, kind, target)| *offset == symbol.value + 16
                                && kind == "R_AMDGPU_REL64"
                                && *target == kernel.name),
                        "{place}: no R_AMDGPU_REL64 at the entry offset"
                    );
                } else {
                    let entry = symbol
                        .value
                        .checked_add_signed(kd.entry_offset)
                        .expect("in range");
                    assert_eq!(entry, code.value, "{place}: entry");
                    assert_eq!(code.kind, "FUNC", "{place}");
                }
            }
        }
    }

    #[test]
    fn kernel_descriptor_refuses_what_is_not_one() {
        let Some(builds) = builds() else { return };
        let build = &builds[0];
        assert_eq!(
            kernel_descriptor(&build.bytes, "missing.kd")
                .expect_err("no symbol")
                .to_string(),
            "no symbol `missing.kd` in the code object"
        );
        let code = build.symbol("scalars");
        assert_eq!(
            kernel_descriptor(&build.bytes, "scalars")
                .expect_err("code")
                .to_string(),
            format!(
                "symbol `scalars` is {} bytes, not a 64-byte kernel descriptor",
                code.size
            )
        );
        assert_eq!(
            kernel_descriptor(&build.bytes, "device_array")
                .expect_err("a variable")
                .to_string(),
            "symbol `device_array` is 68 bytes, not a 64-byte kernel descriptor"
        );
        assert!(kernel_descriptor(b"\x7fELF", "scalars.kd").is_err());
    }

    #[test]
    fn variables_match_llvm_readelf() {
        let Some(builds) = builds() else { return };
        for build in builds {
            let table = if build.relocatable {
                ".symtab"
            } else {
                ".dynsym"
            };
            let expected: Vec<(String, u64)> = build
                .symbols
                .iter()
                .filter(|symbol| {
                    symbol.table == table
                        && symbol.kind == "OBJECT"
                        && (symbol.binding == "GLOBAL" || symbol.binding == "WEAK")
                        && !["UND", "ABS", "COM"].contains(&symbol.section.as_str())
                        && !symbol.name.ends_with(".kd")
                })
                .map(|symbol| (symbol.name.clone(), symbol.size))
                .collect();
            let mut found = variables(&build.bytes);
            let mut expected_sorted = expected.clone();
            found.sort();
            expected_sorted.sort();
            assert_eq!(found, expected_sorted, "{}", build.label);
            for (name, size) in [
                ("device_array", 68),
                ("constant_value", 8),
                ("_Z9templatedILi3EE", 4),
            ] {
                assert!(
                    expected.contains(&(name.to_owned(), size)),
                    "{}: readelf lists no {name} of {size} bytes",
                    build.label
                );
            }
        }
    }

    #[test]
    fn damaged_real_code_objects_are_errors_not_panics() {
        let Some(builds) = builds() else { return };
        // Every truncation of the relocatable object (whose section table, which `parse`
        // needs, is at the end) and of every linked one up to the end of its note; past that
        // a linked object's metadata reads the same, so every 61st length is enough there.
        // 2000 corruptions of the first object, 300 of each other.
        for (index, build) in builds.iter().enumerate() {
            let good = &build.bytes;
            let symbol = &parsed(build).kernels[0].symbol;
            let (note_offset, note_size) = build.note_section;
            let note = usize::try_from(note_offset).expect("small")
                ..usize::try_from(note_offset + note_size).expect("small");
            let step = if build.relocatable { 1 } else { 61 };
            let lengths = (0..note.end).chain((note.end..good.len()).step_by(step));
            for length in lengths {
                let _ = parse(&good[..length]);
                if length % 64 == 0 {
                    let _ = kernel_descriptor(&good[..length], symbol);
                    let _ = variables(&good[..length]);
                }
            }
            // A quarter of the corruptions hit the note's header and name, a quarter the rest
            // of the note, half land anywhere.
            let mut state = 0x2545_f491_4f6c_dd1du64;
            let mut refused = 0;
            let rounds = if index == 0 { 2000 } else { 300 };
            for round in 0..rounds {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let within = |length: usize| usize::try_from(state % length as u64).expect("small");
                let position = match round % 4 {
                    0 => note.start + within(20),
                    1 => note.start + within(note.len()),
                    _ => within(good.len()),
                };
                let value = [0x00, 0xff, 0x7f, 0x80, 0xc1, 0xdf, state.to_le_bytes()[6]]
                    [usize::try_from(state >> 61).expect("small") % 7];
                let mut bad = good.clone();
                bad[position] = value;
                if parse(&bad).is_err() {
                    refused += 1;
                }
                let _ = kernel_descriptor(&bad, symbol);
                let _ = variables(&bad);
            }
            assert!(
                refused > rounds / 20,
                "{}: only {refused} of {rounds} corruptions were refused",
                build.label
            );
        }
    }
}
