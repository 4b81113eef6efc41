//! Lowering for the CPU offload target (`--offload-arch=host`): turns what clang's HIP device
//! pass emits for the host triple into an image the runtime's CPU backend can run.
//!
//! clang 22 in device mode (`-fcuda-is-device`) with an x86-64 triple writes kernels as plain
//! functions marked `"uniform-work-group-size"`, `__shared__` variables as ordinary globals with
//! an `undef` initializer, and `extern __shared__` arrays as external `[0 x T]` declarations.
//! The headers (`hip/oxhip/cpu.h`) read work-item coordinates through `__oxhip_cpu_item` and
//! call four declared functions for the operations that involve other work-items. Here:
//!
//! - `__oxhip_cpu_item` becomes a thread-local variable of the image;
//! - static shared variables become thread-local (and hidden, not internal: see
//!   `make_shared`): the runtime runs all work-items of one
//!   work-group on one OS thread (as fibers) and one work-group at a time per thread, so
//!   thread-local storage is exactly per-work-group storage;
//! - every dynamic shared array becomes one thread-local array of
//!   [`DYNAMIC_SHARED_BYTES`] bytes (the limit the runtime reports and enforces);
//! - `__oxhip_cpu_barrier`, `_ballot`, `_shuffle` and `_grid_sync` get bodies that call the
//!   runtime through `item->ops` and restore `__oxhip_cpu_item` afterwards (another fiber of
//!   the group ran in between);
//! - each kernel `K` gets `__oxhip_cpu_entry.K(void **args, item *)`, which runs one work-item,
//!   and, when `K` cannot reach any of the four functions (nor an indirect call),
//!   `__oxhip_cpu_row.K(void **args, item *)`, which runs the work-items `x = 0 ..
//!   blockDim.x` of one row in a plain loop: the runtime needs no fibers for such kernels.
//!
//! `args` is clang's argument array (hip-abi.md §1.4): one pointer per source parameter. The
//! x86-64 ABI splits small aggregates into one or two IR parameters (`p.coerce`, or
//! `p.coerce0` + `p.coerce1`, each loaded from offset 0 and 8 of the argument) or passes them
//! `byval`; clang's value names are the only trace of that grouping, so the device compile must
//! keep value names (no `-discard-value-names`). Empty aggregates have no IR parameter at all,
//! so kernels taking one are not supported (FIXME(#4)).
//!
//! The record layouts here must match `hip/oxhip/cpu.h` and the runtime's `Item`/`Ops`.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::targets::TargetData;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, BasicValueEnum, FunctionValue, GlobalValue, PointerValue,
};
use inkwell::{AddressSpace, GlobalVisibility, IntPredicate, ThreadLocalMode};

use inkwell::llvm_sys::core::{
    LLVMGetCalledValue, LLVMGetFirstBasicBlock, LLVMGetFirstInstruction, LLVMGetInstructionOpcode,
    LLVMGetNextBasicBlock, LLVMGetNextInstruction, LLVMGlobalClearMetadata, LLVMIsAFunction,
    LLVMIsAInlineAsm, LLVMIsUndef, LLVMSetAlignment,
};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMOpcode;

use crate::CodegenError;

/// Bytes of dynamic shared memory per work-group (`extern __shared__`).
pub const DYNAMIC_SHARED_BYTES: u32 = 64 * 1024;

/// The work-item record (`struct __oxhip_cpu_item_t`): byte offsets.
const ITEM_THREAD_IDX: u64 = 0;
const ITEM_BLOCK_DIM: u64 = 24;
const ITEM_LANE: u64 = 48;
const ITEM_LINEAR: u64 = 52;
const ITEM_OPS: u64 = 56;
/// Lanes per warp on the CPU target.
const WARP_SIZE: u64 = 32;

const ITEM: &str = "__oxhip_cpu_item";
const DYNAMIC_SHARED: &str = "__oxhip_cpu_dynamic_shared";
/// The cross-work-item operations, with their slot in `struct __oxhip_cpu_ops`.
const OPERATIONS: [(&str, u64); 4] = [
    ("__oxhip_cpu_barrier", 0),
    ("__oxhip_cpu_ballot", 8),
    ("__oxhip_cpu_shuffle", 16),
    ("__oxhip_cpu_grid_sync", 24),
];

/// Prefixes of the generated entry points, followed by the kernel's (mangled) name.
pub const ENTRY_PREFIX: &str = "__oxhip_cpu_entry.";
pub const ROW_PREFIX: &str = "__oxhip_cpu_row.";
/// Prefix of each kernel's argument table: a constant `u32` array `[n, size0, align0, size1,
/// align1, …]`, one pair per source parameter (one slot of clang's argument array), so the
/// runtime can copy a launch's arguments (asynchronous streams) or unpack a packed buffer.
pub const ARGS_PREFIX: &str = "__oxhip_cpu_args.";

/// Rewrites `module` as described in the module documentation.
pub(crate) fn lower<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    target_data: &TargetData,
    description: &str,
) -> Result<(), CodegenError> {
    let kernels: Vec<FunctionValue<'_>> = module
        .get_functions()
        .filter(|function| {
            function.count_basic_blocks() > 0
                && function
                    .get_string_attribute(AttributeLoc::Function, "uniform-work-group-size")
                    .is_some()
        })
        .collect();
    let item = item_variable(module, context);
    lower_shared(module, context);
    let needs_fibers = fiber_kernels(module, &kernels);
    define_operations(module, context, item, description)?;
    for kernel in kernels {
        argument_table(module, context, target_data, kernel);
        let fibers = needs_fibers.contains(&kernel);
        entry_trampoline(module, context, item, kernel, false, description)?;
        if !fibers {
            entry_trampoline(module, context, item, kernel, true, description)?;
        }
        // Inlined into the trampolines, so that a row loop reads the item record once per
        // work-item instead of calling the kernel and looking up thread-local storage each time.
        // At -O0 (`optnone`, which requires `noinline`) the kernel stays a call.
        kernel.set_linkage(Linkage::Internal);
        let optnone = Attribute::get_named_enum_kind_id("optnone");
        if kernel
            .get_enum_attribute(AttributeLoc::Function, optnone)
            .is_none()
        {
            let noinline = Attribute::get_named_enum_kind_id("noinline");
            kernel.remove_enum_attribute(AttributeLoc::Function, noinline);
            let always_inline = Attribute::get_named_enum_kind_id("alwaysinline");
            kernel.add_attribute(
                AttributeLoc::Function,
                context.create_enum_attribute(always_inline, 0),
            );
        }
        kernel
            .as_global_value()
            .set_visibility(GlobalVisibility::Default);
    }
    Ok(())
}

/// `__oxhip_cpu_item`, defined as an internal thread-local pointer (declared or not).
fn item_variable<'ctx>(module: &Module<'ctx>, context: &'ctx Context) -> GlobalValue<'ctx> {
    let pointer = context.ptr_type(AddressSpace::default());
    let item = module
        .get_global(ITEM)
        .unwrap_or_else(|| module.add_global(pointer, None, ITEM));
    item.set_initializer(&pointer.const_null());
    item.set_linkage(Linkage::Internal);
    item.set_thread_local_mode(Some(ThreadLocalMode::LocalDynamicTLSModel));
    item
}

fn lower_shared<'ctx>(module: &Module<'ctx>, context: &'ctx Context) {
    let mut dynamic: Vec<GlobalValue<'ctx>> = Vec::new();
    let mut shared: Vec<GlobalValue<'ctx>> = Vec::new();
    for global in module.get_globals() {
        let name = global.get_name().to_string_lossy().into_owned();
        if name.starts_with("llvm.") || name == ITEM || global.is_constant() {
            continue;
        }
        if global.is_declaration() {
            if let BasicTypeEnum::ArrayType(array) = global_value_type(global) {
                if array.is_empty() {
                    dynamic.push(global);
                }
            }
            continue;
        }
        // SAFETY: `global` is a defined global variable, so it has an initializer.
        let is_undef = global
            .get_initializer()
            .is_some_and(|init| unsafe { LLVMIsUndef(value_ref(init)) } != 0);
        if is_undef {
            shared.push(global);
        }
    }
    for global in shared {
        make_shared(global);
    }
    if dynamic.is_empty() {
        return;
    }
    let bytes = context.i8_type().array_type(DYNAMIC_SHARED_BYTES);
    let storage = module.add_global(bytes, None, DYNAMIC_SHARED);
    storage.set_initializer(&bytes.const_zero());
    storage.set_alignment(64);
    make_shared(storage);
    for global in dynamic {
        global
            .as_pointer_value()
            .replace_all_uses_with(storage.as_pointer_value());
        // SAFETY: no uses remain; the declaration is deleted once.
        unsafe { global.delete() };
    }
}

/// Thread-local, and visible outside the module (hidden): an internal variable whose address
/// never escapes would let LLVM assume that the runtime's barrier cannot change it, and keep
/// values in registers across `__syncthreads` that other work-items overwrite meanwhile.
/// Linking is over, so names are unique.
fn make_shared(global: GlobalValue<'_>) {
    global.set_linkage(Linkage::External);
    global.set_visibility(GlobalVisibility::Hidden);
    global.set_thread_local_mode(Some(ThreadLocalMode::LocalDynamicTLSModel));
}

fn global_value_type(global: GlobalValue<'_>) -> BasicTypeEnum<'_> {
    global.get_value_type().try_into().unwrap_or_else(|()| {
        // A function-typed global is not a variable; treat it as an opaque byte.
        global.get_value_type().into_pointer_type().into()
    })
}

fn value_ref(value: BasicValueEnum<'_>) -> LLVMValueRef {
    value.as_value_ref()
}

/// The kernels that can reach a cross-work-item operation or an indirect call.
fn fiber_kernels<'ctx>(
    module: &Module<'ctx>,
    kernels: &[FunctionValue<'ctx>],
) -> HashSet<FunctionValue<'ctx>> {
    let operations: HashSet<LLVMValueRef> = OPERATIONS
        .iter()
        .filter_map(|(name, _)| module.get_function(name))
        .map(|function| function.as_value_ref())
        .collect();
    // For each defined function: its direct callees, and whether it synchronises itself.
    let mut callees: HashMap<LLVMValueRef, Vec<LLVMValueRef>> = HashMap::new();
    let mut synchronises: HashSet<LLVMValueRef> = HashSet::new();
    for function in module.get_functions() {
        let raw = function.as_value_ref();
        let mut direct = Vec::new();
        // SAFETY: walks the blocks and instructions of a live function; every handle comes from
        // the LLVM iteration functions on that function.
        unsafe {
            let mut block = LLVMGetFirstBasicBlock(raw);
            while !block.is_null() {
                let mut instruction = LLVMGetFirstInstruction(block);
                while !instruction.is_null() {
                    let opcode = LLVMGetInstructionOpcode(instruction);
                    if matches!(
                        opcode,
                        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke | LLVMOpcode::LLVMCallBr
                    ) {
                        let called = LLVMGetCalledValue(instruction);
                        if !LLVMIsAFunction(called).is_null() {
                            if operations.contains(&called) {
                                synchronises.insert(raw);
                            }
                            direct.push(called);
                        } else if LLVMIsAInlineAsm(called).is_null() {
                            synchronises.insert(raw);
                        }
                    }
                    instruction = LLVMGetNextInstruction(instruction);
                }
                block = LLVMGetNextBasicBlock(block);
            }
        }
        callees.insert(raw, direct);
    }
    kernels
        .iter()
        .copied()
        .filter(|kernel| {
            let mut seen = HashSet::new();
            let mut stack = vec![kernel.as_value_ref()];
            while let Some(function) = stack.pop() {
                if !seen.insert(function) {
                    continue;
                }
                if synchronises.contains(&function) {
                    return true;
                }
                if let Some(next) = callees.get(&function) {
                    stack.extend(next.iter().copied());
                }
            }
            false
        })
        .collect()
}

/// Gives each declared cross-work-item operation its body: load the item, call the runtime's
/// function in `item->ops`, store the item back.
fn define_operations<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    item: GlobalValue<'ctx>,
    description: &str,
) -> Result<(), CodegenError> {
    let pointer = context.ptr_type(AddressSpace::default());
    let builder = context.create_builder();
    for (name, slot) in OPERATIONS {
        let Some(function) = module.get_function(name) else {
            continue;
        };
        if function.count_basic_blocks() > 0 {
            continue;
        }
        // With `-g`, clang attaches a subprogram *declaration* to the declared function; a
        // definition may only carry a distinct one, and ours has no source anyway.
        // SAFETY: `function` is a function of the live module.
        unsafe { LLVMGlobalClearMetadata(function.as_value_ref()) };
        let block = context.append_basic_block(function, "entry");
        builder.position_at_end(block);
        let fail = |error: inkwell::builder::BuilderError| build_error(description, &error);
        let current = builder
            .build_load(pointer, item.as_pointer_value(), "item")
            .map_err(fail)?
            .into_pointer_value();
        let ops = load_field(&builder, context, current, ITEM_OPS, pointer.into(), "ops")
            .map_err(fail)?
            .into_pointer_value();
        let callee = load_field(&builder, context, ops, slot, pointer.into(), "callee")
            .map_err(fail)?
            .into_pointer_value();
        // The runtime's function takes the item first, then the operation's own arguments.
        let function_type = function.get_type();
        let mut parameter_types: Vec<BasicMetadataTypeEnum<'ctx>> = vec![pointer.into()];
        parameter_types.extend(function_type.get_param_types());
        let runtime_type = match function_type.get_return_type() {
            Some(result) => result.fn_type(&parameter_types, false),
            None => context.void_type().fn_type(&parameter_types, false),
        };
        let mut arguments: Vec<BasicMetadataValueEnum<'ctx>> = vec![current.into()];
        arguments.extend(function.get_param_iter().map(BasicMetadataValueEnum::from));
        let result = builder
            .build_indirect_call(runtime_type, callee, &arguments, "result")
            .map_err(fail)?;
        builder
            .build_store(item.as_pointer_value(), current)
            .map_err(fail)?;
        match result.try_as_basic_value().basic() {
            Some(value) => builder.build_return(Some(&value)),
            None => builder.build_return(None),
        }
        .map_err(fail)?;
        function.set_linkage(Linkage::Internal);
    }
    Ok(())
}

fn build_error(description: &str, error: &inkwell::builder::BuilderError) -> CodegenError {
    CodegenError::Verify {
        target: description.to_owned(),
        message: format!("building the CPU entry points: {error}"),
    }
}

fn field_pointer<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    base: PointerValue<'ctx>,
    offset: u64,
) -> Result<PointerValue<'ctx>, inkwell::builder::BuilderError> {
    let index = context.i64_type().const_int(offset, false);
    // SAFETY: the offsets are within the records described in `hip/oxhip/cpu.h`, or within the
    // argument an `args` slot points at.
    unsafe { builder.build_gep(context.i8_type(), base, &[index], "field") }
}

fn load_field<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    base: PointerValue<'ctx>,
    offset: u64,
    ty: BasicTypeEnum<'ctx>,
    name: &str,
) -> Result<BasicValueEnum<'ctx>, inkwell::builder::BuilderError> {
    let field = field_pointer(builder, context, base, offset)?;
    builder.build_load(ty, field, name)
}

/// How one IR parameter gets its value from the argument array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// `*(T *)args[index]` at `offset` (0, or 8 for the second half of a split aggregate).
    Load { index: usize, offset: u64 },
    /// `args[index]` itself (a `byval` aggregate: the callee copies it).
    Pointer { index: usize },
}

/// Emits `__oxhip_cpu_args.K`: the size and alignment of each source parameter, from the IR
/// types. Exact for scalars, pointers and `byval` aggregates; an aggregate passed in registers
/// gets the size of its coerced parts (`coerce0` + `coerce1` at offset 8) and the largest of
/// their ABI alignments, which can exceed the source type's (FIXME(#4): only the frontend
/// knows the source alignment).
fn argument_table<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    target_data: &TargetData,
    kernel: FunctionValue<'ctx>,
) {
    let byval = Attribute::get_named_enum_kind_id("byval");
    let align = Attribute::get_named_enum_kind_id("align");
    let parameter_types = kernel.get_type().get_param_types();
    let mut layout: Vec<(u64, u64)> = Vec::new();
    for (position, (source, ty)) in parameter_sources(kernel)
        .into_iter()
        .zip(parameter_types)
        .enumerate()
    {
        let location = AttributeLoc::Param(u32::try_from(position).unwrap_or(u32::MAX));
        let (size, alignment) = match source {
            Source::Pointer { .. } => {
                let (size, natural) = kernel
                    .get_enum_attribute(location, byval)
                    .filter(|attribute| attribute.is_type())
                    .map_or((8, 8), |attribute| {
                        let pointee = attribute.get_type_value();
                        (
                            target_data.get_abi_size(&pointee),
                            u64::from(target_data.get_abi_alignment(&pointee)),
                        )
                    });
                let declared = kernel
                    .get_enum_attribute(location, align)
                    .map(|attribute| attribute.get_enum_value());
                (size, declared.filter(|value| *value > 0).unwrap_or(natural))
            }
            Source::Load { offset, .. } => match BasicTypeEnum::try_from(ty) {
                Ok(ty) => (
                    offset + target_data.get_store_size(&ty),
                    u64::from(target_data.get_abi_alignment(&ty)),
                ),
                Err(()) => (offset + 8, 8),
            },
        };
        match (source, layout.last_mut()) {
            // The second half of a split aggregate extends the parameter before it.
            (Source::Load { offset: 8, .. }, Some(last)) => {
                *last = (size, last.1.max(alignment));
            }
            _ => layout.push((size, alignment)),
        }
    }
    let i32_type = context.i32_type();
    let mut words = vec![i32_type.const_int(layout.len() as u64, false)];
    for (size, alignment) in layout {
        words.push(i32_type.const_int(size, false));
        words.push(i32_type.const_int(alignment, false));
    }
    let array = i32_type.const_array(&words);
    let name = format!("{ARGS_PREFIX}{}", kernel.get_name().to_string_lossy());
    let table = module.add_global(array.get_type(), None, &name);
    table.set_initializer(&array);
    table.set_constant(true);
    table.set_linkage(Linkage::External);
    table.set_visibility(GlobalVisibility::Default);
}

/// Maps the kernel's IR parameters onto source parameters (see the module documentation).
fn parameter_sources(kernel: FunctionValue<'_>) -> Vec<Source> {
    let context = kernel.get_type().get_context();
    let byval = Attribute::get_named_enum_kind_id("byval");
    let mut sources = Vec::new();
    let mut index = 0usize;
    let mut pending_second_half = false;
    for (position, parameter) in kernel.get_param_iter().enumerate() {
        let name = parameter.get_name().to_string_lossy().into_owned();
        let position = u32::try_from(position).unwrap_or(u32::MAX);
        let is_byval = kernel
            .get_enum_attribute(AttributeLoc::Param(position), byval)
            .is_some();
        let _ = &context;
        if pending_second_half && name.contains(".coerce1") {
            sources.push(Source::Load {
                index: index - 1,
                offset: 8,
            });
            pending_second_half = false;
            continue;
        }
        pending_second_half = false;
        if is_byval {
            sources.push(Source::Pointer { index });
        } else {
            sources.push(Source::Load { index, offset: 0 });
            pending_second_half = name.ends_with(".coerce0");
        }
        index += 1;
    }
    sources
}

/// Builds `__oxhip_cpu_entry.K` (one work-item) or, with `row`, `__oxhip_cpu_row.K` (the
/// work-items of one row).
fn entry_trampoline<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    item: GlobalValue<'ctx>,
    kernel: FunctionValue<'ctx>,
    row: bool,
    description: &str,
) -> Result<(), CodegenError> {
    let fail = |error: inkwell::builder::BuilderError| build_error(description, &error);
    let pointer = context.ptr_type(AddressSpace::default());
    let i32_type = context.i32_type();
    let prefix = if row { ROW_PREFIX } else { ENTRY_PREFIX };
    let name = format!("{prefix}{}", kernel.get_name().to_string_lossy());
    let trampoline = module.add_function(
        &name,
        context
            .void_type()
            .fn_type(&[pointer.into(), pointer.into()], false),
        Some(Linkage::External),
    );
    trampoline
        .as_global_value()
        .set_visibility(GlobalVisibility::Default);
    let builder = context.create_builder();
    let entry = context.append_basic_block(trampoline, "entry");
    builder.position_at_end(entry);
    let args = trampoline
        .get_nth_param(0)
        .map(BasicValueEnum::into_pointer_value);
    let current = trampoline
        .get_nth_param(1)
        .map(BasicValueEnum::into_pointer_value);
    let (Some(args), Some(current)) = (args, current) else {
        return Err(build_error(
            description,
            &inkwell::builder::BuilderError::UnsetPosition,
        ));
    };
    builder
        .build_store(item.as_pointer_value(), current)
        .map_err(fail)?;
    let mut arguments: Vec<BasicMetadataValueEnum<'ctx>> = Vec::new();
    let parameter_types = kernel.get_type().get_param_types();
    for (source, ty) in parameter_sources(kernel).into_iter().zip(parameter_types) {
        let (index, offset) = match source {
            Source::Load { index, offset } => (index, Some(offset)),
            Source::Pointer { index } => (index, None),
        };
        let slot = field_pointer(&builder, context, args, 8 * index as u64).map_err(fail)?;
        let argument = builder
            .build_load(pointer, slot, "arg")
            .map_err(fail)?
            .into_pointer_value();
        let value: BasicValueEnum<'ctx> = match offset {
            None => argument.into(),
            Some(offset) => {
                let address = field_pointer(&builder, context, argument, offset).map_err(fail)?;
                let ty = BasicTypeEnum::try_from(ty).map_err(|()| {
                    build_error(description, &inkwell::builder::BuilderError::UnsetPosition)
                })?;
                let load = builder.build_load(ty, address, "value").map_err(fail)?;
                // SAFETY: `load` is the load instruction just built. The argument lives wherever
                // the host put it: no alignment is promised.
                unsafe { LLVMSetAlignment(value_ref(load), 1) };
                load
            }
        };
        arguments.push(value.into());
    }
    if !row {
        builder.build_call(kernel, &arguments, "").map_err(fail)?;
        builder.build_return(None).map_err(fail)?;
        return Ok(());
    }
    // for (x = 0; x < blockDim.x; ++x) { item->thread_idx[0] = x; lane, linear; K(...) }
    let width = load_field(
        &builder,
        context,
        current,
        ITEM_BLOCK_DIM,
        i32_type.into(),
        "width",
    )
    .map_err(fail)?
    .into_int_value();
    let base = load_field(
        &builder,
        context,
        current,
        ITEM_LINEAR,
        i32_type.into(),
        "base",
    )
    .map_err(fail)?
    .into_int_value();
    let tid_x = field_pointer(&builder, context, current, ITEM_THREAD_IDX).map_err(fail)?;
    let lane = field_pointer(&builder, context, current, ITEM_LANE).map_err(fail)?;
    let linear = field_pointer(&builder, context, current, ITEM_LINEAR).map_err(fail)?;
    let body = context.append_basic_block(trampoline, "body");
    let done = context.append_basic_block(trampoline, "done");
    let zero = i32_type.const_zero();
    let is_empty = builder
        .build_int_compare(IntPredicate::EQ, width, zero, "empty")
        .map_err(fail)?;
    builder
        .build_conditional_branch(is_empty, done, body)
        .map_err(fail)?;
    builder.position_at_end(body);
    let x = builder.build_phi(i32_type, "x").map_err(fail)?;
    let x_value = x.as_basic_value().into_int_value();
    builder.build_store(tid_x, x_value).map_err(fail)?;
    let index = builder
        .build_int_add(base, x_value, "linear")
        .map_err(fail)?;
    builder.build_store(linear, index).map_err(fail)?;
    let lane_value = builder
        .build_and(index, i32_type.const_int(WARP_SIZE - 1, false), "lane")
        .map_err(fail)?;
    builder.build_store(lane, lane_value).map_err(fail)?;
    builder.build_call(kernel, &arguments, "").map_err(fail)?;
    let next = builder
        .build_int_add(x_value, i32_type.const_int(1, false), "next")
        .map_err(fail)?;
    let more = builder
        .build_int_compare(IntPredicate::ULT, next, width, "more")
        .map_err(fail)?;
    builder
        .build_conditional_branch(more, body, done)
        .map_err(fail)?;
    x.add_incoming(&[(&zero, entry), (&next, body)]);
    builder.position_at_end(done);
    builder.build_store(linear, base).map_err(fail)?;
    builder.build_return(None).map_err(fail)?;
    Ok(())
}
