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
//! - `volatile` accesses and `__threadfence_block` get lockstep points, and kernels that
//!   exchange values through shared memory with no barrier get barriers (`cpu_lockstep`);
//! - `__oxhip_cpu_barrier`, `_ballot`, `_shuffle`, `_grid_sync` and `_step` get bodies that call the
//!   runtime through `item->ops` and restore `__oxhip_cpu_item` afterwards (another fiber of
//!   the group ran in between);
//! - each kernel `K` that cannot reach any of the four functions (nor an indirect call) gets
//!   `__oxhip_cpu_row.K(void **args, item *)`, which runs the work-items `x = 0 .. blockDim.x`
//!   of one row in a plain loop: the runtime needs no fibers for such kernels; every other
//!   kernel that `cpu_regions` does not split gets `__oxhip_cpu_entry.K(void **args, item *)`,
//!   which runs one work-item, as a fiber.
//!
//! `args` is clang's argument array (hip-abi.md §1.4): one pointer per source parameter. The
//! x86-64 ABI splits small aggregates into one or two IR parameters (`p.coerce`, or
//! `p.coerce0` + `p.coerce1`, each loaded from offset 0 and 8 of the argument) or passes them
//! `byval`; clang's value names are the only trace of that grouping, so the device compile must
//! keep value names (no `-discard-value-names`). Empty aggregates have no IR parameter at all
//! (`cpu_params` finds their slots from the mangled name), and a class with a non-trivial copy
//! constructor or destructor is a plain pointer to the caller's object, which [`parameters`]
//! makes `byval` with the class's size ([`indirect_layout`]).
//!
//! The record layouts here must match `hip/oxhip/cpu.h` and the runtime's `Item`/`Ops`.

use std::collections::{HashMap, HashSet};

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::targets::{TargetData, TargetMachine};
use inkwell::types::{AnyType, ArrayType, BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, BasicValueEnum, FunctionValue, GlobalValue, IntValue,
    PointerValue,
};
use inkwell::{AddressSpace, GlobalVisibility, IntPredicate, ThreadLocalMode};

use inkwell::llvm_sys::core::{
    LLVMConstIntGetZExtValue, LLVMGetCallSiteEnumAttribute, LLVMGetCalledValue,
    LLVMGetEnumAttributeAtIndex, LLVMGetEnumAttributeValue, LLVMGetFirstUse,
    LLVMGetGEPSourceElementType, LLVMGetGlobalParent, LLVMGetInstructionOpcode,
    LLVMGetIntTypeWidth, LLVMGetModuleContext, LLVMGetNextUse, LLVMGetNumArgOperands,
    LLVMGetNumOperands, LLVMGetOperand, LLVMGetTypeByName2, LLVMGetTypeKind, LLVMGetUser,
    LLVMGlobalClearMetadata, LLVMIsAConstantInt, LLVMIsAFunction, LLVMIsAInstruction, LLVMIsUndef,
    LLVMSetAlignment, LLVMTypeIsSized, LLVMTypeOf,
};
use inkwell::llvm_sys::prelude::{LLVMTypeRef, LLVMValueRef};
use inkwell::llvm_sys::target::{LLVMABIAlignmentOfType, LLVMABISizeOfType};
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::CodegenError;
use crate::{cpu_denormals, cpu_lockstep, cpu_params, cpu_region_copies, cpu_regions, internalize};

/// Bytes of dynamic shared memory per work-group (`extern __shared__`).
pub const DYNAMIC_SHARED_BYTES: u32 = 64 * 1024;

/// The work-item record (`struct __oxhip_cpu_item_t`): byte offsets.
const ITEM_THREAD_IDX: u64 = 0;
const ITEM_BLOCK_DIM: u64 = 24;
const ITEM_LANE: u64 = 48;
const ITEM_LINEAR: u64 = 52;
const ITEM_OPS: u64 = 56;
/// The bytes of the record that kernel code can read (through `ITEM_OPS` and `group`).
const ITEM_BYTES: u64 = 72;
/// A string attribute on the group function's call of the runtime's `exchange`, which cannot
/// read `__oxhip_cpu_item` (the image's own variable): `cpu_rows` need not keep the variable
/// for it.
pub(crate) const RUNTIME_CALL: &str = "oxhip-cpu-runtime";
/// A string attribute on the generic loop's call of [`regions_with_own_record`] (kernels split
/// at barriers only), which points `__oxhip_cpu_item` at a record of its own for the call and
/// restores the caller's value before it returns: `cpu_rows` need not keep the variable for it
/// either.
pub(crate) const OWN_RECORD_CALL: &str = "oxhip-cpu-own-record";
/// Lanes per warp on the CPU target.
const WARP_SIZE: u64 = 32;

pub(crate) const ITEM: &str = "__oxhip_cpu_item";
const DYNAMIC_SHARED: &str = "__oxhip_cpu_dynamic_shared";
/// The cross-work-item operations, with their slot in `struct __oxhip_cpu_ops`.
const OPERATIONS: [(&str, u64); 5] = [
    ("__oxhip_cpu_barrier", 0),
    ("__oxhip_cpu_ballot", 8),
    ("__oxhip_cpu_shuffle", 16),
    ("__oxhip_cpu_grid_sync", 24),
    (cpu_lockstep::STEP, 32),
];

/// How `cpu_regions` treats each operation: barriers and warp exchanges split a kernel,
/// grid syncs and lockstep points keep its fibers.
const SPLIT_OPERATIONS: cpu_regions::Operations<'static> = cpu_regions::Operations {
    barrier: OPERATIONS[0].0,
    exchanges: &[
        (OPERATIONS[1].0, cpu_regions::Exchange::Ballot),
        (OPERATIONS[2].0, cpu_regions::Exchange::Shuffle),
    ],
    others: &[OPERATIONS[3].0, OPERATIONS[4].0],
};

/// The runtime's scheduler for groups split at warp exchanges (slot 48 of `struct
/// __oxhip_cpu_ops`): `u32 exchange(item *, u8 *frames, u32 *states, u64 n, u64 slot_bytes,
/// u32 first_exchange)` (`slot_bytes`: [`cpu_regions::EXCHANGE_SLOT_BYTES`]), called after a
/// phase that did not leave every live work-item at one stop (see [`group_function`]).
const EXCHANGE_SLOT: u64 = 48;
/// What the scheduler returns when the work-items it lets run next are at different states;
/// it sets bit 31 as well when it left some work-items waiting (their states marked).
const MIXED_STATES: u64 = 0x7fff_ffff;
/// A state in the states column without the runtime's `split::WAITING` bit.
const WAITING_MASK: u32 = 0x7fff_ffff;

/// Instructions of a regions function times its states, up to which the group function
/// gets one inlined loop per state (see [`group_function`]).
const SPECIALISED_BUDGET: u64 = 200_000;
/// For kernels split at warp exchanges: the instructions of the copies of the regions
/// function, one per state (`cpu_region_copies`), up to which the group function gets one
/// inlined loop per state; past it the generic loop (a `switch` per work-item) runs every
/// phase but the first. After their constant loops are unrolled such kernels have many states
/// (a warp scan alone has five): when each loop inlined the whole regions function, a budget
/// of 4,000 for states times its instructions kept `block_scan` of benches/cpu_target (13
/// states, 876 instructions) and most warp kernels of the tests out, since a loop per state
/// made their compiles two to three times longer. Its copies total 1,259 instructions; every
/// warp kernel of the tests but those that keep their fibers fits now, for 1.3 to 1.8 times
/// the compile time of their files (docs/cpu-target.md).
const SPECIALISED_BUDGET_EXCHANGES: u64 = 4_000;

/// The runtime's whole-group shuffle of a constant pattern (slot 56 of `struct
/// __oxhip_cpu_ops`): `u32 exchange_patterned(i64 *words, u32 *states, u64 n, u32 pattern)`
/// (`split::exchange_patterned` in the runtime), 0 when it does not take the pattern. Group
/// functions whose kernel has shuffles with constant patterns
/// ([`cpu_regions::Regions::patterns`]) call it for those instead of their lane-by-lane
/// pass ([`exchange_pass`]).
const PATTERNED_SLOT: u64 = 56;

/// The runtime's report of a failed device `assert` (slot 40 of `struct __oxhip_cpu_ops`):
/// the work-item ends there, so a kernel that can reach it runs as fibers and is not split.
const ASSERT_FAILED: (&str, u64) = ("__oxhip_cpu_assert_failed", 40);

/// Prefixes of the generated entry points, followed by the kernel's (mangled) name.
pub const ENTRY_PREFIX: &str = "__oxhip_cpu_entry.";
pub const ROW_PREFIX: &str = "__oxhip_cpu_row.";
/// Prefix of each kernel's argument table: a constant `u32` array `[n, size0, align0, size1,
/// align1, …]`, one pair per source parameter (one slot of clang's argument array), so the
/// runtime can copy a launch's arguments (asynchronous streams) or unpack a packed buffer.
pub const ARGS_PREFIX: &str = "__oxhip_cpu_args.";
/// Prefix of the group entry point of a kernel split at its barriers (`cpu_regions`):
/// `void (void **args, item *, void *scratch)`, which runs every work-item of one group.
pub const GROUP_PREFIX: &str = "__oxhip_cpu_group.";
/// Prefix of such a kernel's `u64` bytes of storage per work-item (see [`GROUP_PREFIX`]).
pub const FRAME_PREFIX: &str = "__oxhip_cpu_frame.";

/// Rewrites `module` as described in the module documentation.
pub(crate) fn lower<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    machine: &TargetMachine,
    flush_denormals: bool,
    description: &str,
) -> Result<(), CodegenError> {
    let target_data = &machine.get_target_data();
    // See `cpu_denormals`: x86-64 only.
    let flush = flush_denormals
        && machine
            .get_triple()
            .as_str()
            .to_string_lossy()
            .starts_with("x86_64");
    if flush {
        cpu_denormals::define(module, context, description)?;
    }
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
    cpu_lockstep::insert(module, context);
    {
        let mut names: Vec<&str> = OPERATIONS.iter().map(|(name, _)| *name).collect();
        names.push(ASSERT_FAILED.0);
        let reach = cpu_regions::reaching(module, &names);
        cpu_lockstep::insert_phases(module, context, &kernels, &reach, OPERATIONS[0].0);
    }
    lower_shared(module, context);
    writable_constants(module);
    let mut kernel_parameters = Vec::new();
    for kernel in &kernels {
        kernel_parameters.push(parameters(context, target_data, *kernel, description)?);
    }
    let names: Vec<&str> = OPERATIONS.iter().map(|(name, _)| *name).collect();
    let reach = cpu_regions::reaching(module, &names);
    let asserting = cpu_regions::reaching(module, &[ASSERT_FAILED.0]);
    let needs_fibers: HashSet<FunctionValue<'_>> = kernels
        .iter()
        .copied()
        .filter(|kernel| {
            reach.contains(&kernel.as_value_ref()) || asserting.contains(&kernel.as_value_ref())
        })
        .collect();
    let candidates: Vec<FunctionValue<'_>> = kernels
        .iter()
        .copied()
        .filter(|kernel| {
            needs_fibers.contains(kernel) && !asserting.contains(&kernel.as_value_ref())
        })
        .collect();
    let split = cpu_regions::split(
        module,
        context,
        machine,
        &candidates,
        &SPLIT_OPERATIONS,
        description,
    )?;
    define_operations(module, context, item, flush, description)?;
    for (kernel, parameters) in kernels.into_iter().zip(&kernel_parameters) {
        argument_table(module, context, target_data, kernel, parameters);
        if let Some(regions) = split.get(&kernel) {
            group_function(
                module,
                context,
                item,
                kernel,
                parameters,
                regions,
                description,
            )?;
            // SAFETY: `kernel` is a live function.
            if unsafe { LLVMGetFirstUse(kernel.as_value_ref()) }.is_null() {
                // SAFETY: the kernel has no body left (its blocks moved into
                // `regions.function`) and nothing uses it.
                unsafe { kernel.delete() };
            }
            continue;
        }
        // A kernel with no barrier or warp operation gets the row entry point alone (the
        // runtime runs nothing else of it); one that needs fibers gets the one-work-item one.
        let row = !needs_fibers.contains(&kernel);
        entry_trampoline(module, context, item, kernel, parameters, row, description)?;
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
    if flush {
        let entry_points: Vec<FunctionValue<'_>> = module
            .get_functions()
            .filter(|function| {
                let name = function.get_name().to_string_lossy();
                function.count_basic_blocks() > 0
                    && [ENTRY_PREFIX, ROW_PREFIX, GROUP_PREFIX]
                        .iter()
                        .any(|prefix| name.starts_with(prefix))
            })
            .collect();
        for entry_point in entry_points {
            cpu_denormals::bracket(module, context, entry_point, description)?;
        }
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

/// Whether `global` is a `__shared__` variable as clang's device pass for the host triple
/// writes them: a definition with an `undef` initializer, or (`extern __shared__`) a
/// declaration of an empty array.
pub(crate) fn is_shared_variable(global: GlobalValue<'_>) -> bool {
    let name = global.get_name().to_string_lossy();
    if name.starts_with("llvm.") || name == ITEM || global.is_constant() {
        return false;
    }
    if global.is_declaration() {
        return matches!(global_value_type(global), BasicTypeEnum::ArrayType(array) if array.is_empty());
    }
    // SAFETY: `global` is a defined global variable, so it has an initializer.
    global
        .get_initializer()
        .is_some_and(|init| unsafe { LLVMIsUndef(value_ref(init)) } != 0)
}

fn lower_shared<'ctx>(module: &Module<'ctx>, context: &'ctx Context) {
    let mut dynamic: Vec<GlobalValue<'ctx>> = Vec::new();
    let mut shared: Vec<GlobalValue<'ctx>> = Vec::new();
    for global in module.get_globals() {
        if !is_shared_variable(global) {
            continue;
        }
        if global.is_declaration() {
            dynamic.push(global);
        } else {
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

/// `__constant__` variables the host can write (`hipMemcpyToSymbol`) are `constant` and
/// `externally_initialized` in clang's IR. On a GPU the loader puts them in writable memory
/// whatever the flag says; in a shared object a `constant` global goes to `.rodata`, where
/// the runtime's copy faults. They become ordinary globals; `externally_initialized` keeps
/// LLVM from folding their initial values into the kernels.
fn writable_constants(module: &Module<'_>) {
    for global in module.get_globals() {
        if global.is_constant() && global.is_externally_initialized() {
            global.set_constant(false);
        }
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

/// Gives each declared cross-work-item operation its body: load the item, call the runtime's
/// function in `item->ops`, store the item back (and, with `flush`, set MXCSR's flush bits
/// again: other fibers may have changed them).
fn define_operations<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    item: GlobalValue<'ctx>,
    flush: bool,
    description: &str,
) -> Result<(), CodegenError> {
    let pointer = context.ptr_type(AddressSpace::default());
    let builder = context.create_builder();
    for (name, slot) in OPERATIONS.into_iter().chain([ASSERT_FAILED]) {
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
        // The runtime's function takes the item first, then the operation's own arguments;
        // a shuffle's are the value and the source lane, which codegen computes here from
        // the lane, kind, operand and width the headers pass (`cpu_regions::source_lane`).
        let function_type = function.get_type();
        let mut own: Vec<BasicValueEnum<'ctx>> = function.get_param_iter().collect();
        if name == OPERATIONS[2].0 && own.len() == 5 {
            let int = |value: BasicValueEnum<'ctx>| value.into_int_value();
            let source = cpu_regions::source_lane(
                &builder,
                context,
                [int(own[1]), int(own[2]), int(own[3]), int(own[4])],
            )
            .map_err(fail)?;
            own = vec![own[0], source.into()];
        }
        let mut parameter_types: Vec<BasicMetadataTypeEnum<'ctx>> = vec![pointer.into()];
        parameter_types.extend(
            own.iter()
                .map(|value| BasicMetadataTypeEnum::from(value.get_type())),
        );
        let runtime_type = match function_type.get_return_type() {
            Some(result) => result.fn_type(&parameter_types, false),
            None => context.void_type().fn_type(&parameter_types, false),
        };
        let mut arguments: Vec<BasicMetadataValueEnum<'ctx>> = vec![current.into()];
        arguments.extend(own.into_iter().map(BasicMetadataValueEnum::from));
        let result = builder
            .build_indirect_call(runtime_type, callee, &arguments, "result")
            .map_err(fail)?;
        builder
            .build_store(item.as_pointer_value(), current)
            .map_err(fail)?;
        if let Some(set) = module.get_function(cpu_denormals::SET).filter(|_| flush) {
            builder.build_call(set, &[], "").map_err(fail)?;
        }
        match result.try_as_basic_value().basic() {
            Some(value) => builder.build_return(Some(&value)),
            None => builder.build_return(None),
        }
        .map_err(fail)?;
        function.set_linkage(Linkage::Internal);
    }
    Ok(())
}

pub(crate) fn build_error(
    description: &str,
    error: &inkwell::builder::BuilderError,
) -> CodegenError {
    CodegenError::Verify {
        target: description.to_owned(),
        message: format!("building the CPU entry points: {error}"),
    }
}

/// The byte offset at which the kernel's entry code stores `parameter` into its aggregate:
/// `store %p.coerce, (getelementptr inbounds i8, %p, <offset>)`, or 0 when it stores it at the
/// aggregate's start (or elsewise).
fn stored_offset(parameter: LLVMValueRef) -> u64 {
    // SAFETY: walks the uses of a live parameter and reads operands of live instructions.
    unsafe {
        let mut site = LLVMGetFirstUse(parameter);
        while !site.is_null() {
            let user = LLVMGetUser(site);
            if !LLVMIsAInstruction(user).is_null()
                && LLVMGetInstructionOpcode(user) == LLVMOpcode::LLVMStore
                && LLVMGetOperand(user, 0) == parameter
            {
                let address = LLVMGetOperand(user, 1);
                if !LLVMIsAInstruction(address).is_null()
                    && LLVMGetInstructionOpcode(address) == LLVMOpcode::LLVMGetElementPtr
                    && LLVMGetNumOperands(address) == 2
                {
                    let index = LLVMGetOperand(address, 1);
                    let element = LLVMGetGEPSourceElementType(address);
                    let bytes = LLVMGetTypeKind(element) == LLVMTypeKind::LLVMIntegerTypeKind
                        && LLVMGetIntTypeWidth(element) == 8;
                    if bytes && !LLVMIsAConstantInt(index).is_null() {
                        return LLVMConstIntGetZExtValue(index);
                    }
                }
                return 0;
            }
            site = LLVMGetNextUse(site);
        }
    }
    0
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

/// Stores a work-item's position into the record at `record`: its coordinates in the group,
/// its linear index (`index`, an `i64` narrowed to the record's `i32`) and its lane.
fn store_position<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    record: PointerValue<'ctx>,
    coordinates: [IntValue<'ctx>; 3],
    index: IntValue<'ctx>,
) -> Result<(), inkwell::builder::BuilderError> {
    let i32_type = context.i32_type();
    for (axis, value) in (0u64..).zip(coordinates) {
        let field = field_pointer(builder, context, record, ITEM_THREAD_IDX + 4 * axis)?;
        builder.build_store(field, value)?;
    }
    let linear = builder.build_int_truncate(index, i32_type, "linear")?;
    let field = field_pointer(builder, context, record, ITEM_LINEAR)?;
    builder.build_store(field, linear)?;
    let lane = builder.build_and(linear, i32_type.const_int(WARP_SIZE - 1, false), "lane")?;
    let field = field_pointer(builder, context, record, ITEM_LANE)?;
    builder.build_store(field, lane)?;
    Ok(())
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
    parameters: &Parameters,
) {
    let byval = Attribute::get_named_enum_kind_id("byval");
    let align = Attribute::get_named_enum_kind_id("align");
    let parameter_types = kernel.get_type().get_param_types();
    // A slot no IR parameter reads is an empty class: one byte.
    let mut layout: Vec<(u64, u64)> = vec![(1, 1); parameters.slots];
    for (position, (source, ty)) in parameters
        .sources
        .iter()
        .copied()
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
        let (Source::Load { index, .. } | Source::Pointer { index }) = source;
        let Some(slot) = layout.get_mut(index) else {
            continue;
        };
        *slot = match source {
            // The second half of a split aggregate extends the first.
            Source::Load { offset: 8, .. } => (size, slot.1.max(alignment)),
            _ => (size, alignment),
        };
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

/// A kernel's parameters: where each IR parameter comes from, and how many slots clang's
/// argument array has.
#[derive(Debug, Clone)]
struct Parameters {
    sources: Vec<Source>,
    slots: usize,
}

/// Maps the kernel's IR parameters onto source parameters (see the module documentation),
/// finding the slots of parameters the ABI dropped (`cpu_params`). Must run before anything
/// rewrites the kernel's entry block: the names and types of clang's parameter copies there
/// tell aggregates apart.
fn parameters<'ctx>(
    context: &'ctx Context,
    target_data: &TargetData,
    kernel: FunctionValue<'ctx>,
    description: &str,
) -> Result<Parameters, CodegenError> {
    let byval = Attribute::get_named_enum_kind_id("byval");
    let mut sources = Vec::new();
    let mut groups: Vec<cpu_params::Parameter> = Vec::new();
    let mut bases: Vec<String> = Vec::new();
    let mut index = 0usize;
    let mut pending_second_half = false;
    // Clang's copies of aggregate parameters: `%name = alloca %struct.T` in the entry block.
    let mut copies: Vec<(String, String)> = Vec::new();
    if let Some(entry) = kernel.get_first_basic_block() {
        for instruction in entry.get_instructions() {
            if instruction.get_opcode() != inkwell::values::InstructionOpcode::Alloca {
                continue;
            }
            let Ok(BasicTypeEnum::StructType(ty)) = instruction.get_allocated_type() else {
                continue;
            };
            let (Some(name), Some(ty_name)) = (instruction.get_name(), ty.get_name()) else {
                continue;
            };
            copies.push((
                name.to_string_lossy().into_owned(),
                ty_name.to_string_lossy().into_owned(),
            ));
        }
    }
    for (position, parameter) in kernel.get_param_iter().enumerate() {
        let name = parameter.get_name().to_string_lossy().into_owned();
        let position = u32::try_from(position).unwrap_or(u32::MAX);
        let byval_attribute = kernel.get_enum_attribute(AttributeLoc::Param(position), byval);
        let is_byval = byval_attribute.is_some();
        let byval_name = byval_attribute
            .filter(|attribute| attribute.is_type())
            .and_then(|attribute| match attribute.get_type_value() {
                inkwell::types::AnyTypeEnum::StructType(ty) => {
                    ty.get_name().map(|n| n.to_string_lossy().into_owned())
                }
                _ => None,
            });
        if pending_second_half && name.contains(".coerce1") {
            sources.push(Source::Load {
                index: index - 1,
                offset: 8,
            });
            pending_second_half = false;
            continue;
        }
        pending_second_half = false;
        let base = name.split(".coerce").next().unwrap_or_default().to_owned();
        let group = if is_byval {
            sources.push(Source::Pointer { index });
            cpu_params::Parameter {
                kind: cpu_params::Kind::Named,
                name: byval_name.as_deref().map(cpu_params::type_name),
            }
        } else {
            // A lone `.coerce` part sits at offset 8 when the aggregate's first eightbyte is
            // all padding (an empty class and then a pointer, as in hipCUB's
            // TransformInputIterator): clang stores it there in the entry block.
            let offset = if name.ends_with(".coerce") {
                stored_offset(parameter.as_value_ref())
            } else {
                0
            };
            sources.push(Source::Load { index, offset });
            pending_second_half = name.ends_with(".coerce0");
            if name.contains(".coerce") {
                let ty_name = copies
                    .iter()
                    .find(|(copy, _)| *copy == base)
                    .map(|(_, ty)| cpu_params::type_name(ty));
                cpu_params::Parameter {
                    kind: cpu_params::Kind::Named,
                    name: ty_name,
                }
            } else if parameter.is_pointer_value() {
                cpu_params::Parameter {
                    kind: cpu_params::Kind::Pointer,
                    name: None,
                }
            } else {
                cpu_params::Parameter {
                    kind: cpu_params::Kind::Scalar,
                    name: None,
                }
            }
        };
        groups.push(group);
        bases.push(base);
        index += 1;
    }
    let mangled = kernel.get_name().to_string_lossy().into_owned();
    let source = cpu_params::source_parameters(&mangled).filter(|source| source.len() >= index);
    let Some(source) = source else {
        return Ok(Parameters {
            sources,
            slots: index,
        });
    };
    let slots: Vec<usize> = if source.len() == index {
        (0..index).collect()
    } else {
        // Some parameters have no IR parameter: empty classes. Their copies are the aggregate
        // copies no IR parameter fills.
        let droppable: HashSet<String> = copies
            .iter()
            .filter(|(copy, _)| !bases.contains(copy) && !copy.starts_with("coerce"))
            .map(|(_, ty)| cpu_params::type_name(ty))
            .collect();
        cpu_params::match_slots(&source, &groups, &droppable).ok_or_else(|| {
            CodegenError::Verify {
                target: description.to_owned(),
                message: format!(
                    "kernel `{mangled}`: cannot tell which of its {} parameters the x86-64 ABI \
                     dropped (it has {index} in the IR); please report this kernel's signature",
                    source.len()
                ),
            }
        })?
    };
    // A class with a non-trivial copy constructor or destructor is passed indirectly: a plain
    // `ptr` to the caller's object, and `args[i]` points at that object. The kernel takes it
    // `byval` from here on (each call gets its own copy, which it may change, as a by-value
    // parameter allows), and the argument table gets the class's size.
    for (position, parameter) in kernel.get_param_iter().enumerate() {
        let Source::Load {
            index: group,
            offset: 0,
        } = sources[position]
        else {
            continue;
        };
        if groups[group].kind != cpu_params::Kind::Pointer
            || source[slots[group]].kind != cpu_params::Kind::Named
        {
            continue;
        }
        let (size, alignment) = indirect_layout(
            kernel,
            parameter.as_value_ref(),
            source[slots[group]].name.as_deref(),
            target_data,
        );
        let location = AttributeLoc::Param(u32::try_from(position).unwrap_or(u32::MAX));
        let bytes = context
            .i8_type()
            .array_type(u32::try_from(size).unwrap_or(u32::MAX));
        kernel.add_attribute(
            location,
            context.create_type_attribute(byval, bytes.as_any_type_enum()),
        );
        let align = Attribute::get_named_enum_kind_id("align");
        kernel.remove_enum_attribute(location, align);
        kernel.add_attribute(location, context.create_enum_attribute(align, alignment));
        sources[position] = Source::Pointer { index: group };
    }
    for source in &mut sources {
        match source {
            Source::Load { index, .. } | Source::Pointer { index } => *index = slots[*index],
        }
    }
    Ok(Parameters {
        sources,
        slots: source.len(),
    })
}

/// The size and alignment of the class behind `parameter`, a class the x86-64 ABI passes
/// indirectly, for the argument table and the `byval` copy. The IR has no type for the
/// parameter (a plain `ptr`), so this takes the largest extent clang's own code reads through
/// it: the types of its member accesses (`getelementptr %class.T, ptr %p`), loads and stores,
/// the `dereferenceable` bytes of the calls it is passed to (member functions' `this`,
/// references, copy constructors) and `memcpy`s from it. Where the pointer escapes in other
/// ways (captured by reference, say), the struct types named after the class count too
/// (`class.T`, `class.T.<n>` for its other instantiations), the largest of them: reading a few
/// bytes past a smaller object is safe where cutting one short is not. A parameter nothing
/// reads gets one byte.
fn indirect_layout(
    kernel: FunctionValue<'_>,
    parameter: LLVMValueRef,
    class: Option<&str>,
    target_data: &TargetData,
) -> (u64, u64) {
    let layout = target_data.as_mut_ptr();
    let mut size = 0u64;
    // Never more than the class's own: the pointer may be the caller's object.
    let mut alignment = 1u64;
    let mut escapes = false;
    let dereferenceable = Attribute::get_named_enum_kind_id("dereferenceable");
    // SAFETY: walks the uses of a live parameter and reads operands, types and attributes of
    // live instructions and functions.
    unsafe {
        let mut types: Vec<LLVMTypeRef> = Vec::new();
        let mut site = LLVMGetFirstUse(parameter);
        while !site.is_null() {
            let user = LLVMGetUser(site);
            site = LLVMGetNextUse(site);
            if LLVMIsAInstruction(user).is_null() {
                escapes = true;
                continue;
            }
            match LLVMGetInstructionOpcode(user) {
                LLVMOpcode::LLVMGetElementPtr if LLVMGetOperand(user, 0) == parameter => {
                    types.push(LLVMGetGEPSourceElementType(user));
                }
                LLVMOpcode::LLVMLoad => types.push(LLVMTypeOf(user)),
                LLVMOpcode::LLVMStore if LLVMGetOperand(user, 1) == parameter => {
                    types.push(LLVMTypeOf(LLVMGetOperand(user, 0)));
                }
                // Clang keeps the pointer in `%p.indirect_addr` for debug information.
                LLVMOpcode::LLVMStore
                    if internalize::name(LLVMGetOperand(user, 1)).ends_with(".indirect_addr") => {}
                LLVMOpcode::LLVMCall => {
                    let callee = LLVMGetCalledValue(user);
                    let name = cpu_regions::callee_name(user).unwrap_or_default();
                    let arguments = LLVMGetNumArgOperands(user);
                    for argument in 0..arguments {
                        if LLVMGetOperand(user, argument) != parameter {
                            continue;
                        }
                        let copied = (name.starts_with("llvm.memcpy")
                            || name.starts_with("llvm.memmove"))
                            && argument == 1;
                        if copied {
                            let length = LLVMGetOperand(user, 2);
                            if LLVMIsAConstantInt(length).is_null() {
                                escapes = true;
                            } else {
                                size = size.max(LLVMConstIntGetZExtValue(length));
                            }
                            continue;
                        }
                        let mut bytes = 0u64;
                        let at_call =
                            LLVMGetCallSiteEnumAttribute(user, argument + 1, dereferenceable);
                        if !at_call.is_null() {
                            bytes = LLVMGetEnumAttributeValue(at_call);
                        } else if !LLVMIsAFunction(callee).is_null() {
                            let declared =
                                LLVMGetEnumAttributeAtIndex(callee, argument + 1, dereferenceable);
                            if !declared.is_null() {
                                bytes = LLVMGetEnumAttributeValue(declared);
                            }
                        }
                        if bytes == 0 {
                            escapes = true;
                        }
                        size = size.max(bytes);
                    }
                }
                _ => escapes = true,
            }
        }
        if escapes {
            if let Some(class) = class {
                let context = LLVMGetModuleContext(LLVMGetGlobalParent(kernel.as_value_ref()));
                for prefix in ["class.", "struct.", "union."] {
                    let name = format!("{prefix}{class}");
                    let mut lookup = |name: &str| {
                        let Ok(name) = std::ffi::CString::new(name) else {
                            return;
                        };
                        let ty = LLVMGetTypeByName2(context, name.as_ptr());
                        if !ty.is_null() {
                            types.push(ty);
                        }
                    };
                    lookup(&name);
                    // Other instantiations of a template get `.<n>` from a counter shared by
                    // every name in the module; the first hundreds are enough in practice.
                    for unique in 0..4096 {
                        lookup(&format!("{name}.{unique}"));
                    }
                }
            }
        }
        for ty in types {
            if LLVMTypeIsSized(ty) != 0 {
                size = size.max(LLVMABISizeOfType(layout, ty));
                alignment = alignment.max(u64::from(LLVMABIAlignmentOfType(layout, ty)));
            }
        }
    }
    (size.max(1), alignment)
}

/// Builds `__oxhip_cpu_entry.K` (one work-item) or, with `row`, `__oxhip_cpu_row.K` (the
/// work-items of one row).
fn entry_trampoline<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    item: GlobalValue<'ctx>,
    kernel: FunctionValue<'ctx>,
    parameters: &Parameters,
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
    if row {
        private_record(context, trampoline, 1);
    }
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
    let arguments = load_arguments(&builder, context, args, kernel, parameters, description)?;
    if !row {
        call_kernel(&builder, kernel, &arguments).map_err(fail)?;
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
    call_kernel(&builder, kernel, &arguments).map_err(fail)?;
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

/// Calls `kernel` with the `byval` and `align` attributes of its parameters on the call too:
/// the caller lays out the stack copies of `byval` arguments by the call's own attributes (the
/// type falls back to the callee's, the alignment does not), and a copy placed at other
/// offsets than the kernel reads them from gives it another argument's bytes.
fn call_kernel<'ctx>(
    builder: &Builder<'ctx>,
    kernel: FunctionValue<'ctx>,
    arguments: &[BasicMetadataValueEnum<'ctx>],
) -> Result<(), inkwell::builder::BuilderError> {
    let call = builder.build_call(kernel, arguments, "")?;
    let byval = Attribute::get_named_enum_kind_id("byval");
    let align = Attribute::get_named_enum_kind_id("align");
    for position in 0..kernel.count_params() {
        let location = AttributeLoc::Param(position);
        if let Some(attribute) = kernel.get_enum_attribute(location, byval) {
            call.add_attribute(location, attribute);
            if let Some(alignment) = kernel.get_enum_attribute(location, align) {
                call.add_attribute(location, alignment);
            }
        }
    }
    Ok(())
}

/// Marks parameter `index` (the item record, or the scratch) `noalias`: while a row or group
/// entry point runs, nothing but its own code touches them (it calls no runtime operation),
/// and the kernel reaches the item only through `__oxhip_cpu_item`, which holds the same
/// pointer. Without it LLVM must assume every store of the kernel may change the coordinates,
/// and reloads them for each work-item.
fn private_record(context: &Context, function: FunctionValue<'_>, index: u32) {
    let noalias = Attribute::get_named_enum_kind_id("noalias");
    function.add_attribute(
        AttributeLoc::Param(index),
        context.create_enum_attribute(noalias, 0),
    );
}

/// Loads the kernel's IR arguments from clang's argument array `args` (see the module
/// documentation), at the builder's position.
fn load_arguments<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    args: PointerValue<'ctx>,
    kernel: FunctionValue<'ctx>,
    parameters: &Parameters,
    description: &str,
) -> Result<Vec<BasicMetadataValueEnum<'ctx>>, CodegenError> {
    let fail = |error: inkwell::builder::BuilderError| build_error(description, &error);
    let pointer = context.ptr_type(AddressSpace::default());
    let mut arguments: Vec<BasicMetadataValueEnum<'ctx>> = Vec::new();
    let parameter_types = kernel.get_type().get_param_types();
    for (source, ty) in parameters.sources.iter().copied().zip(parameter_types) {
        let (index, offset) = match source {
            Source::Load { index, offset } => (index, Some(offset)),
            Source::Pointer { index } => (index, None),
        };
        let slot = field_pointer(builder, context, args, 8 * index as u64).map_err(fail)?;
        let argument = builder
            .build_load(pointer, slot, "arg")
            .map_err(fail)?
            .into_pointer_value();
        let value: BasicValueEnum<'ctx> = match offset {
            None => argument.into(),
            Some(offset) => {
                let address = field_pointer(builder, context, argument, offset).map_err(fail)?;
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
    Ok(arguments)
}

/// The group function's variables for the warp exchanges it does itself (see
/// [`exchange_pass`]).
struct InlineExchange<'ctx> {
    /// `i1`: the runtime left work-items waiting.
    waiting: PointerValue<'ctx>,
    /// `[32 x i64]`: the words the lanes of the current warp offered.
    words: PointerValue<'ctx>,
    /// `i64`: the first work-item of the current warp.
    warp_start: PointerValue<'ctx>,
    /// `i64`: the lane the current inner loop is at.
    lane_index: PointerValue<'ctx>,
    /// `i64`: the current warp's ballot.
    votes: PointerValue<'ctx>,
    /// `[R + 1 x i32]` for a kernel with `R` warp runs (see [`warp_run_pass`]): the current
    /// warp's live lanes, then its lanes waiting at each run.
    run_counts: PointerValue<'ctx>,
}

/// The group's work-items: `count` of them, their states, and the exchange slot's three
/// columns (see `cpu_regions::EXCHANGE_SLOT_BYTES`).
struct Columns<'ctx> {
    count: IntValue<'ctx>,
    states: PointerValue<'ctx>,
    words: PointerValue<'ctx>,
    operands: PointerValue<'ctx>,
    kinds: PointerValue<'ctx>,
}

impl<'ctx> Columns<'ctx> {
    /// The exchange slot's columns at the start of the group's `scratch` (`count` frames).
    fn of(
        builder: &Builder<'ctx>,
        context: &'ctx Context,
        scratch: PointerValue<'ctx>,
        states: PointerValue<'ctx>,
        count: IntValue<'ctx>,
    ) -> Result<Columns<'ctx>, inkwell::builder::BuilderError> {
        let i64_type = context.i64_type();
        let operands_bytes =
            builder.build_int_mul(count, i64_type.const_int(8, false), "operands.offset")?;
        let kinds_bytes =
            builder.build_int_mul(count, i64_type.const_int(12, false), "kinds.offset")?;
        // SAFETY: the exchange slot's columns, the frames' first `16 * n` bytes.
        let (operands, kinds) = unsafe {
            (
                builder.build_gep(context.i8_type(), scratch, &[operands_bytes], "operands")?,
                builder.build_gep(context.i8_type(), scratch, &[kinds_bytes], "kinds")?,
            )
        };
        Ok(Columns {
            count,
            states,
            words: scratch,
            operands,
            kinds,
        })
    }
}

/// The end of a loop over a warp's lanes (`exchange.lane_index`, lane `j` at work-item
/// `item`): lane `j + 1` next, back to `body` while it is in both the warp and the group of
/// `count`, else on to `exit`.
fn next_lane<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    exchange: &InlineExchange<'ctx>,
    count: IntValue<'ctx>,
    (j, item): (IntValue<'ctx>, IntValue<'ctx>),
    (body, exit): (
        inkwell::basic_block::BasicBlock<'ctx>,
        inkwell::basic_block::BasicBlock<'ctx>,
    ),
) -> Result<(), inkwell::builder::BuilderError> {
    let i64_type = context.i64_type();
    let following = builder.build_int_add(j, i64_type.const_int(1, false), "j.next")?;
    builder.build_store(exchange.lane_index, following)?;
    let next_item = builder.build_int_add(item, i64_type.const_int(1, false), "item.next")?;
    let in_group = builder.build_int_compare(IntPredicate::ULT, next_item, count, "in_group")?;
    let in_lanes = builder.build_int_compare(
        IntPredicate::ULT,
        following,
        i64_type.const_int(WARP_SIZE, false),
        "in_lanes",
    )?;
    let more = builder.build_and(in_group, in_lanes, "more")?;
    builder.build_conditional_branch(more, body, exit)?;
    Ok(())
}

/// Whether `state` is one of `states` (an `i1`, false for none).
fn state_among<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    state: IntValue<'ctx>,
    states: impl IntoIterator<Item = u32>,
) -> Result<IntValue<'ctx>, inkwell::builder::BuilderError> {
    let mut among = context.bool_type().const_zero();
    for candidate in states {
        let this = builder.build_int_compare(
            IntPredicate::EQ,
            state,
            context.i32_type().const_int(u64::from(candidate), false),
            "at",
        )?;
        among = builder.build_or(among, this, "among")?;
    }
    Ok(among)
}

/// Work-item `item`'s state in the states column, without the runtime's waiting bit.
fn plain_state<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    states: PointerValue<'ctx>,
    item: IntValue<'ctx>,
) -> Result<IntValue<'ctx>, inkwell::builder::BuilderError> {
    let i32_type = context.i32_type();
    // SAFETY: `item < n`: inside the states column.
    let slot = unsafe { builder.build_in_bounds_gep(i32_type, states, &[item], "state.slot")? };
    let state = builder
        .build_load(i32_type, slot, "state")?
        .into_int_value();
    builder.build_and(
        state,
        i32_type.const_int(u64::from(WAITING_MASK), false),
        "plain",
    )
}

/// The loops of a pass over the group's warps (`exchange.warp_start`, from 0 by 32 while below
/// `count`): for each warp, `setup` in its first block, then a loop over the warp's lanes in
/// the group that runs `gather(j, item)` for lane `j` at work-item `item`, then a second that
/// runs `scatter(j, item)`. Starts at the builder's block and leaves the builder in a new
/// block after the pass; the blocks are named after `name`.
#[allow(
    clippy::too_many_arguments,
    reason = "the three parts of the pass and its frame"
)]
fn over_warps<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    group: FunctionValue<'ctx>,
    exchange: &InlineExchange<'ctx>,
    count: IntValue<'ctx>,
    name: &str,
    setup: impl Fn() -> Result<(), inkwell::builder::BuilderError>,
    gather: impl Fn(IntValue<'ctx>, IntValue<'ctx>) -> Result<(), inkwell::builder::BuilderError>,
    scatter: impl Fn(IntValue<'ctx>, IntValue<'ctx>) -> Result<(), inkwell::builder::BuilderError>,
) -> Result<(), inkwell::builder::BuilderError> {
    let i64_type = context.i64_type();
    let warp_block = context.append_basic_block(group, &format!("{name}.warp"));
    let gather_block = context.append_basic_block(group, &format!("{name}.gather"));
    let scatter_start = context.append_basic_block(group, &format!("{name}.scatter.start"));
    let scatter_block = context.append_basic_block(group, &format!("{name}.scatter"));
    let next_warp = context.append_basic_block(group, &format!("{name}.next"));
    let done = context.append_basic_block(group, &format!("{name}.done"));
    builder.build_store(exchange.warp_start, i64_type.const_zero())?;
    builder.build_unconditional_branch(warp_block)?;

    builder.position_at_end(warp_block);
    setup()?;
    builder.build_store(exchange.lane_index, i64_type.const_zero())?;
    builder.build_unconditional_branch(gather_block)?;

    // Lane `j` of the warp at work-item `item`, in `body`, then on to the next lane or `exit`.
    let lanes = |body, exit, work: &dyn Fn(IntValue<'ctx>, IntValue<'ctx>) -> Result<(), _>| {
        builder.position_at_end(body);
        let start = builder
            .build_load(i64_type, exchange.warp_start, "warp.start")?
            .into_int_value();
        let j = builder
            .build_load(i64_type, exchange.lane_index, "j")?
            .into_int_value();
        let item = builder.build_int_add(start, j, "item")?;
        work(j, item)?;
        next_lane(builder, context, exchange, count, (j, item), (body, exit))
    };
    lanes(gather_block, scatter_start, &gather)?;

    builder.position_at_end(scatter_start);
    builder.build_store(exchange.lane_index, i64_type.const_zero())?;
    builder.build_unconditional_branch(scatter_block)?;
    lanes(scatter_block, next_warp, &scatter)?;

    builder.position_at_end(next_warp);
    let start = builder
        .build_load(i64_type, exchange.warp_start, "warp.start")?
        .into_int_value();
    let start = builder.build_int_add(start, i64_type.const_int(WARP_SIZE, false), "warp.next")?;
    builder.build_store(exchange.warp_start, start)?;
    let more = builder.build_int_compare(IntPredicate::ULT, start, count, "more")?;
    builder.build_conditional_branch(more, warp_block, done)?;
    builder.position_at_end(done);
    Ok(())
}

/// Whether work-item `item` is live (its state is not 0) and voted yes (its predicate in the
/// operands column is not 0).
fn votes_yes<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    columns: &Columns<'ctx>,
    item: IntValue<'ctx>,
) -> Result<(IntValue<'ctx>, IntValue<'ctx>), inkwell::builder::BuilderError> {
    let i32_type = context.i32_type();
    // SAFETY: `item < count`: inside the columns.
    let (state_slot, operand_slot) = unsafe {
        (
            builder.build_in_bounds_gep(i32_type, columns.states, &[item], "state.slot")?,
            builder.build_in_bounds_gep(i32_type, columns.operands, &[item], "operand.slot")?,
        )
    };
    let state = builder
        .build_load(i32_type, state_slot, "state")?
        .into_int_value();
    let live = builder.build_int_compare(IntPredicate::NE, state, i32_type.const_zero(), "live")?;
    let operand = builder
        .build_load(i32_type, operand_slot, "operand")?
        .into_int_value();
    let yes = builder.build_int_compare(IntPredicate::NE, operand, i32_type.const_zero(), "yes")?;
    Ok((live, yes))
}

/// Adds lane `j`'s vote (`vote`, an `i1`) to the warp's ballot in `exchange.votes`.
fn add_vote<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    exchange: &InlineExchange<'ctx>,
    vote: IntValue<'ctx>,
    j: IntValue<'ctx>,
) -> Result<(), inkwell::builder::BuilderError> {
    let i64_type = context.i64_type();
    let bit = builder.build_int_z_extend(vote, i64_type, "bit")?;
    let bit = builder.build_left_shift(bit, j, "bit")?;
    let votes = builder
        .build_load(i64_type, exchange.votes, "votes")?
        .into_int_value();
    let votes = builder.build_or(votes, bit, "votes")?;
    builder.build_store(exchange.votes, votes)?;
    Ok(())
}

/// Does the exchange every live work-item of the group waits at, warp by warp, between two
/// phases: a first loop over the warp's lanes in the group reads the words they offered and
/// their ballot into words cleared beforehand (returned lanes and lanes past the group's end
/// offer 0 and vote no, as in the runtime's `split::schedule`), then a second loop puts
/// each one's result in its exchange slot (its source lane's word for a shuffle, its own
/// outside the warp; the warp's ballot for a ballot). A returned lane's result is never read.
/// Both are plain loops over columns, which LLVM vectorises. Starts at the builder's block
/// and leaves the builder in a new block after the pass.
fn exchange_pass<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    group: FunctionValue<'ctx>,
    exchange: &InlineExchange<'ctx>,
    columns: &Columns<'ctx>,
) -> Result<(), inkwell::builder::BuilderError> {
    let i64_type = context.i64_type();
    let i32_type = context.i32_type();
    // SAFETY (for every `gep` below): the index is below `count`, inside the column, or
    // below 32, inside `words`.
    let column = |base: PointerValue<'ctx>, ty: BasicTypeEnum<'ctx>, index: IntValue<'ctx>| unsafe {
        builder.build_in_bounds_gep(ty, base, &[index], "column")
    };
    let warp_word = |lane: IntValue<'ctx>| unsafe {
        builder.build_in_bounds_gep(
            i64_type.array_type(WARP_SIZE as u32),
            exchange.words,
            &[i64_type.const_zero(), lane],
            "warp.word",
        )
    };
    let is_ballot = |item: IntValue<'ctx>| -> Result<IntValue<'ctx>, _> {
        let kind = builder
            .build_load(
                i32_type,
                column(columns.kinds, i32_type.into(), item)?,
                "kind",
            )?
            .into_int_value();
        builder.build_int_compare(
            IntPredicate::EQ,
            kind,
            i32_type.const_int(cpu_regions::BALLOT_KIND, false),
            "ballot",
        )
    };
    // Lanes past the group's end offer 0: the words start cleared, and the gather reads the
    // lanes in the group only, so that its loads are contiguous.
    let setup = || {
        builder.build_memset(
            exchange.words,
            8,
            context.i8_type().const_zero(),
            i64_type.const_int(8 * WARP_SIZE, false),
        )?;
        builder.build_store(exchange.votes, i64_type.const_zero())?;
        Ok(())
    };
    let gather = |j: IntValue<'ctx>, item: IntValue<'ctx>| {
        let (live, yes) = votes_yes(builder, context, columns, item)?;
        let word = builder
            .build_load(
                i64_type,
                column(columns.words, i64_type.into(), item)?,
                "word",
            )?
            .into_int_value();
        let offered = builder.build_select(live, word, i64_type.const_zero(), "offered")?;
        builder.build_store(warp_word(j)?, offered)?;
        let vote = builder.build_and(live, is_ballot(item)?, "vote")?;
        let vote = builder.build_and(vote, yes, "vote")?;
        add_vote(builder, context, exchange, vote, j)
    };
    let scatter = |_j: IntValue<'ctx>, item: IntValue<'ctx>| {
        let word_slot = column(columns.words, i64_type.into(), item)?;
        let own = builder
            .build_load(i64_type, word_slot, "own")?
            .into_int_value();
        let operand = builder
            .build_load(
                i32_type,
                column(columns.operands, i32_type.into(), item)?,
                "operand",
            )?
            .into_int_value();
        let in_warp = builder.build_int_compare(
            IntPredicate::ULT,
            operand,
            i32_type.const_int(WARP_SIZE, false),
            "in_warp",
        )?;
        let source =
            builder.build_and(operand, i32_type.const_int(WARP_SIZE - 1, false), "source")?;
        let source = builder.build_int_z_extend(source, i64_type, "source")?;
        let theirs = builder
            .build_load(i64_type, warp_word(source)?, "theirs")?
            .into_int_value();
        let shuffled = builder.build_select(in_warp, theirs, own, "shuffled")?;
        let votes = builder.build_load(i64_type, exchange.votes, "votes")?;
        let result = builder.build_select(is_ballot(item)?, votes, shuffled, "result")?;
        builder.build_store(word_slot, result)?;
        Ok(())
    };
    over_warps(
        builder,
        context,
        group,
        exchange,
        columns.count,
        "exchange",
        setup,
        gather,
        scatter,
    )
}

/// Does the ballot every live work-item of the group waits at (a state of
/// [`cpu_regions::Regions::ballots`]), warp by warp: a first loop over the warp's lanes in the
/// group gathers their votes into one word (a returned lane votes no), a second writes that
/// word into each lane's exchange slot. [`exchange_pass`] does the same for any exchange but
/// reads each lane's kind and source lane too; here neither is read, and both loops are
/// plain reductions and stores over columns, which LLVM vectorises. Starts at the builder's
/// block and leaves the builder in a new block after the pass.
fn ballot_pass<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    group: FunctionValue<'ctx>,
    exchange: &InlineExchange<'ctx>,
    columns: &Columns<'ctx>,
) -> Result<(), inkwell::builder::BuilderError> {
    let i64_type = context.i64_type();
    let setup = || {
        builder.build_store(exchange.votes, i64_type.const_zero())?;
        Ok(())
    };
    let gather = |j: IntValue<'ctx>, item: IntValue<'ctx>| {
        let (live, yes) = votes_yes(builder, context, columns, item)?;
        let vote = builder.build_and(live, yes, "vote")?;
        add_vote(builder, context, exchange, vote, j)
    };
    let scatter = |_j: IntValue<'ctx>, item: IntValue<'ctx>| {
        let votes = builder.build_load(i64_type, exchange.votes, "votes")?;
        // SAFETY: `item < count`: inside the words column.
        let slot =
            unsafe { builder.build_in_bounds_gep(i64_type, columns.words, &[item], "word")? };
        builder.build_store(slot, votes)?;
        Ok(())
    };
    over_warps(
        builder,
        context,
        group,
        exchange,
        columns.count,
        "ballot",
        setup,
        gather,
        scatter,
    )
}

/// Runs the warp runs (`cpu_warp_runs`) that whole warps wait at, between a phase and the
/// exchanges: for each warp whose live lanes all wait at the same run (state `s` of `runs`,
/// with or without the runtime's waiting bit), the run's function over the warp's 32 words
/// in place: on the words column itself when all 32 lanes are live, else on a copy in which
/// returned lanes and lanes past the group's end offer 0, whose live lanes' results go
/// back. The runs are staged as identity shuffles, so the exchange that follows (the
/// runtime's, or [`exchange_pass`]) leaves the results where they are, and the next phase's
/// loads read them. Warps waiting elsewhere, or only partly at the run, are left to a later
/// pass. Starts at the builder's block and leaves the builder in a new block after the pass.
fn warp_run_pass<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    group: FunctionValue<'ctx>,
    exchange: &InlineExchange<'ctx>,
    runs: &[(u32, FunctionValue<'ctx>)],
    (words, states, count): (PointerValue<'ctx>, PointerValue<'ctx>, IntValue<'ctx>),
    (everyone, state_of_all): (IntValue<'ctx>, IntValue<'ctx>),
) -> Result<(), inkwell::builder::BuilderError> {
    let i64_type = context.i64_type();
    let i32_type = context.i32_type();
    let counts_type = i32_type.array_type(runs.len() as u32 + 1);
    let warp_block = context.append_basic_block(group, "run.warp");
    let fast_block = context.append_basic_block(group, "run.fast");
    let count_block = context.append_basic_block(group, "run.count.start");
    let lanes_block = context.append_basic_block(group, "run.lanes");
    let decide = context.append_basic_block(group, "run.decide");
    let next_warp = context.append_basic_block(group, "run.next");
    let done = context.append_basic_block(group, "run.done");
    let warp_size = i64_type.const_int(WARP_SIZE, false);
    // SAFETY (for every `gep` below): indices below `count` in the columns, below 32 in the
    // copy, below `runs.len() + 1` in the counts.
    let count_slot = |index: u64| unsafe {
        builder.build_in_bounds_gep(
            counts_type,
            exchange.run_counts,
            &[i64_type.const_zero(), i64_type.const_int(index, false)],
            "run.count",
        )
    };
    let column = |base: PointerValue<'ctx>, ty: BasicTypeEnum<'ctx>, index: IntValue<'ctx>| unsafe {
        builder.build_in_bounds_gep(ty, base, &[index], "run.column")
    };
    let copy_slot = |index: IntValue<'ctx>| unsafe {
        builder.build_in_bounds_gep(
            i64_type.array_type(WARP_SIZE as u32),
            exchange.words,
            &[i64_type.const_zero(), index],
            "run.copy",
        )
    };
    builder.build_store(exchange.warp_start, i64_type.const_zero())?;
    builder.build_unconditional_branch(warp_block)?;

    // Every work-item of the group live and at one stop (`everyone`, at `state_of_all`): a
    // whole warp is at that run, if it is one, without counting.
    builder.position_at_end(warp_block);
    let start = builder
        .build_load(i64_type, exchange.warp_start, "warp.start")?
        .into_int_value();
    let end = builder.build_int_add(start, warp_size, "warp.end")?;
    let whole_warp = builder.build_int_compare(IntPredicate::ULE, end, count, "whole_warp")?;
    let fast = builder.build_and(everyone, whole_warp, "run.fast")?;
    builder.build_conditional_branch(fast, fast_block, count_block)?;

    // Each run's function on the words column itself, all 32 lanes live: from the fast path
    // and from the counted one.
    let mut direct = Vec::new();
    for (_, function) in runs {
        let block = context.append_basic_block(group, "run.direct");
        builder.position_at_end(block);
        let at_warp = column(words, i64_type.into(), start)?;
        builder.build_call(
            *function,
            &[at_warp.into(), i32_type.const_all_ones().into()],
            "",
        )?;
        builder.build_unconditional_branch(next_warp)?;
        direct.push(block);
    }

    builder.position_at_end(fast_block);
    let cases: Vec<_> = runs
        .iter()
        .zip(&direct)
        .map(|((run_state, _), block)| (i32_type.const_int(u64::from(*run_state), false), *block))
        .collect();
    builder.build_switch(state_of_all, next_warp, &cases)?;

    builder.position_at_end(count_block);
    for index in 0..=runs.len() as u64 {
        builder.build_store(count_slot(index)?, i32_type.const_zero())?;
    }
    builder.build_store(exchange.lane_index, i64_type.const_zero())?;
    builder.build_unconditional_branch(lanes_block)?;

    // Count the warp's live lanes and those at each run.
    builder.position_at_end(lanes_block);
    let j = builder
        .build_load(i64_type, exchange.lane_index, "j")?
        .into_int_value();
    let item = builder.build_int_add(start, j, "run.item")?;
    let state = plain_state(builder, context, states, item)?;
    let live = builder.build_int_compare(IntPredicate::NE, state, i32_type.const_zero(), "live")?;
    let add = |index: u64, flag: IntValue<'ctx>| -> Result<(), inkwell::builder::BuilderError> {
        let slot = count_slot(index)?;
        let old = builder
            .build_load(i32_type, slot, "count")?
            .into_int_value();
        let flag = builder.build_int_z_extend(flag, i32_type, "flag")?;
        let new = builder.build_int_add(old, flag, "count")?;
        builder.build_store(slot, new)?;
        Ok(())
    };
    add(0, live)?;
    for (index, (run_state, _)) in runs.iter().enumerate() {
        let at = builder.build_int_compare(
            IntPredicate::EQ,
            state,
            i32_type.const_int(u64::from(*run_state), false),
            "at_run",
        )?;
        add(index as u64 + 1, at)?;
    }
    next_lane(
        builder,
        context,
        exchange,
        count,
        (j, item),
        (lanes_block, decide),
    )?;

    builder.position_at_end(decide);
    let live_count = builder
        .build_load(i32_type, count_slot(0)?, "live")?
        .into_int_value();
    let whole = builder.build_int_compare(
        IntPredicate::EQ,
        live_count,
        i32_type.const_int(WARP_SIZE, false),
        "whole",
    )?;
    for (index, ((_, function), direct)) in runs.iter().zip(direct).enumerate() {
        let at = builder
            .build_load(i32_type, count_slot(index as u64 + 1)?, "at")?
            .into_int_value();
        let all = builder.build_int_compare(IntPredicate::EQ, at, live_count, "all")?;
        let some =
            builder.build_int_compare(IntPredicate::NE, at, i32_type.const_zero(), "some")?;
        let this = builder.build_and(all, some, "this_run")?;
        let apply = context.append_basic_block(group, "run.apply");
        let copy_in = context.append_basic_block(group, "run.copy.in");
        let call_copy = context.append_basic_block(group, "run.copy.call");
        let copy_out = context.append_basic_block(group, "run.copy.out");
        let otherwise = context.append_basic_block(group, "run.other");
        builder.build_conditional_branch(this, apply, otherwise)?;

        builder.position_at_end(apply);
        builder.build_conditional_branch(whole, direct, copy_in)?;

        // The copy: live lanes' words, 0 for the others.
        builder.position_at_end(copy_in);
        builder.build_memset(
            exchange.words,
            8,
            context.i8_type().const_zero(),
            i64_type.const_int(8 * WARP_SIZE, false),
        )?;
        builder.build_store(exchange.lane_index, i64_type.const_zero())?;
        let live_slot = count_slot(0)?;
        builder.build_store(live_slot, i32_type.const_zero())?;
        let copy_loop = context.append_basic_block(group, "run.copy.loop");
        builder.build_unconditional_branch(copy_loop)?;
        builder.position_at_end(copy_loop);
        let j = builder
            .build_load(i64_type, exchange.lane_index, "j")?
            .into_int_value();
        let item = builder.build_int_add(start, j, "run.item")?;
        let state = plain_state(builder, context, states, item)?;
        let live =
            builder.build_int_compare(IntPredicate::NE, state, i32_type.const_zero(), "live")?;
        let word = builder
            .build_load(i64_type, column(words, i64_type.into(), item)?, "word")?
            .into_int_value();
        let offered = builder.build_select(live, word, i64_type.const_zero(), "offered")?;
        builder.build_store(copy_slot(j)?, offered)?;
        // The live lanes' mask, in the first count (read out above).
        let bit = builder.build_int_z_extend(live, i32_type, "bit")?;
        let narrow_j = builder.build_int_truncate(j, i32_type, "lane")?;
        let bit = builder.build_left_shift(bit, narrow_j, "bit")?;
        let mask = builder
            .build_load(i32_type, live_slot, "mask")?
            .into_int_value();
        let mask = builder.build_or(mask, bit, "mask")?;
        builder.build_store(live_slot, mask)?;
        next_lane(
            builder,
            context,
            exchange,
            count,
            (j, item),
            (copy_loop, call_copy),
        )?;

        builder.position_at_end(call_copy);
        let mask = builder.build_load(i32_type, live_slot, "mask")?;
        builder.build_call(*function, &[exchange.words.into(), mask.into()], "")?;
        builder.build_store(exchange.lane_index, i64_type.const_zero())?;
        builder.build_unconditional_branch(copy_out)?;

        builder.position_at_end(copy_out);
        let j = builder
            .build_load(i64_type, exchange.lane_index, "j")?
            .into_int_value();
        let item = builder.build_int_add(start, j, "run.item")?;
        let result = builder.build_load(i64_type, copy_slot(j)?, "result")?;
        builder.build_store(column(words, i64_type.into(), item)?, result)?;
        next_lane(
            builder,
            context,
            exchange,
            count,
            (j, item),
            (copy_out, next_warp),
        )?;

        builder.position_at_end(otherwise);
    }
    builder.build_unconditional_branch(next_warp)?;

    builder.position_at_end(next_warp);
    let start = builder
        .build_load(i64_type, exchange.warp_start, "warp.start")?
        .into_int_value();
    let start = builder.build_int_add(start, warp_size, "warp.next")?;
    builder.build_store(exchange.warp_start, start)?;
    let more = builder.build_int_compare(IntPredicate::ULT, start, count, "more")?;
    builder.build_conditional_branch(more, warp_block, done)?;
    builder.position_at_end(done);
    Ok(())
}

/// The coordinates `[x, y, z]` of the work-item at `linear` in a group whose rows hold
/// `row_items` work-items and whose planes `plane_rows` rows, and its row over the group.
fn coordinates_of<'ctx>(
    builder: &Builder<'ctx>,
    linear: IntValue<'ctx>,
    (row_items, plane_rows): (IntValue<'ctx>, IntValue<'ctx>),
) -> Result<([IntValue<'ctx>; 3], IntValue<'ctx>), inkwell::builder::BuilderError> {
    let x = builder.build_int_unsigned_rem(linear, row_items, "at.x")?;
    let rows = builder.build_int_unsigned_div(linear, row_items, "at.rows")?;
    let y = builder.build_int_unsigned_rem(rows, plane_rows, "at.y")?;
    let z = builder.build_int_unsigned_div(rows, plane_rows, "at.z")?;
    Ok(([x, y, z], rows))
}

/// The pattern of the shuffle at `state` (`table`: each state's, 0 for none, so `state` is at
/// most the last state), and whether it has one.
fn state_pattern<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    (table, table_type): (PointerValue<'ctx>, ArrayType<'ctx>),
    state: IntValue<'ctx>,
) -> Result<(IntValue<'ctx>, IntValue<'ctx>), inkwell::builder::BuilderError> {
    let i32_type = context.i32_type();
    let i64_type = context.i64_type();
    let index = builder.build_int_z_extend(state, i64_type, "state.index")?;
    // SAFETY: `state <= last_state`, inside the table.
    let entry = unsafe {
        builder.build_in_bounds_gep(
            table_type,
            table,
            &[i64_type.const_zero(), index],
            "pattern.slot",
        )?
    };
    let pattern = builder
        .build_load(i32_type, entry, "pattern")?
        .into_int_value();
    let known =
        builder.build_int_compare(IntPredicate::NE, pattern, i32_type.const_zero(), "known")?;
    Ok((pattern, known))
}

/// Writes the source lane and kind of a shuffle into the exchange slot of every work-item
/// that waits at one whose pattern is a constant (`table`: each state's pattern, 0 for none),
/// which its region leaves out (`cpu_regions::stage_exchange`: every loop of such a state
/// would store them, and the whole-group exchange never reads them). The lane-by-lane
/// exchanges, this function's and the runtime's, read them: this runs before those, over
/// the work-items the phase visited (`visited`, else all): the others' slots are as the
/// last such pass left them.
fn fill_patterned_operands<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    group: FunctionValue<'ctx>,
    columns: &Columns<'ctx>,
    (table, table_type, last_state): (PointerValue<'ctx>, ArrayType<'ctx>, u32),
    visited: Option<(IntValue<'ctx>, IntValue<'ctx>)>,
) -> Result<(), inkwell::builder::BuilderError> {
    let i32_type = context.i32_type();
    let i64_type = context.i64_type();
    let before = builder
        .get_insert_block()
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
    let head = context.append_basic_block(group, "fill.head");
    let body = context.append_basic_block(group, "fill.item");
    let latch = context.append_basic_block(group, "fill.next");
    let end = context.append_basic_block(group, "fill.end");
    builder.build_unconditional_branch(head)?;
    builder.position_at_end(head);
    let (first, end_index) = visited.unwrap_or((i64_type.const_zero(), columns.count));
    let index = builder.build_phi(i64_type, "fill.index")?;
    index.add_incoming(&[(&first, before)]);
    let index_value = index.as_basic_value().into_int_value();
    let more = builder.build_int_compare(IntPredicate::ULT, index_value, end_index, "fill.more")?;
    builder.build_conditional_branch(more, body, end)?;

    builder.position_at_end(body);
    // SAFETY: `index < n`: inside the states column.
    let state_slot =
        unsafe { builder.build_gep(i32_type, columns.states, &[index_value], "fill.state.slot")? };
    let state = builder
        .build_load(i32_type, state_slot, "fill.state")?
        .into_int_value();
    let state = builder.build_and(
        state,
        i32_type.const_int(u64::from(WAITING_MASK), false),
        "fill.state",
    )?;
    let last = i32_type.const_int(u64::from(last_state), false);
    let past = builder.build_int_compare(IntPredicate::UGT, state, last, "fill.past")?;
    let state = builder
        .build_select(past, i32_type.const_zero(), state, "fill.state")?
        .into_int_value();
    let (pattern, known) = state_pattern(builder, context, (table, table_type), state)?;
    let narrow = builder.build_int_truncate(index_value, i32_type, "fill.linear")?;
    let lane = builder.build_and(
        narrow,
        i32_type.const_int(WARP_SIZE - 1, false),
        "fill.lane",
    )?;
    // The pattern's fields (`cpu_regions::shuffle_pattern`): the kind in bits 2-3, log2 of
    // the width in bits 4-6, the operand from bit 8.
    let field = |shift: u64,
                 mask: u64,
                 name: &str|
     -> Result<IntValue<'ctx>, inkwell::builder::BuilderError> {
        let shifted =
            builder.build_right_shift(pattern, i32_type.const_int(shift, false), false, name)?;
        builder.build_and(shifted, i32_type.const_int(mask, false), name)
    };
    let kind = field(2, 3, "fill.kind")?;
    let log_width = field(4, 7, "fill.log_width")?;
    let width = builder.build_left_shift(i32_type.const_int(1, false), log_width, "fill.width")?;
    let operand =
        builder.build_right_shift(pattern, i32_type.const_int(8, false), false, "fill.operand")?;
    let source = cpu_regions::source_lane(builder, context, [lane, kind, operand, width])?;
    // SAFETY: `index < n`: inside the operand and kind columns.
    let (operand_slot, kind_slot) = unsafe {
        (
            builder.build_gep(
                i32_type,
                columns.operands,
                &[index_value],
                "fill.operand.slot",
            )?,
            builder.build_gep(i32_type, columns.kinds, &[index_value], "fill.kind.slot")?,
        )
    };
    // Without a branch (the others keep what their regions stored), so that LLVM
    // vectorises the loop.
    let old_source = builder
        .build_load(i32_type, operand_slot, "fill.old.operand")?
        .into_int_value();
    let old_kind = builder
        .build_load(i32_type, kind_slot, "fill.old.kind")?
        .into_int_value();
    let source = builder.build_select(known, source, old_source, "fill.operand")?;
    let kind = builder.build_select(known, i32_type.const_zero(), old_kind, "fill.kind")?;
    builder.build_store(operand_slot, source)?;
    builder.build_store(kind_slot, kind)?;
    builder.build_unconditional_branch(latch)?;

    builder.position_at_end(latch);
    let following =
        builder.build_int_add(index_value, i64_type.const_int(1, false), "fill.index.next")?;
    index.add_incoming(&[(&following, latch)]);
    builder.build_unconditional_branch(head)?;
    builder.position_at_end(end);
    Ok(())
}

/// After the runtime's pass, stores in `from` and `to` the first runnable work-item and one
/// past the last (a runnable one's state is positive; 0 is returned, a negative one waits),
/// the work-items the generic loop visits in the next phase: a block scan's second warp scan
/// runs the first warp alone while the others wait at a barrier, and would otherwise pass
/// over every work-item of the group at each of its phases. Returns whether every
/// work-item between them is runnable (none has returned or waits), so that the loop of one
/// state may run them without testing each (see `boxed` in [`group_function`]). When none is
/// runnable (the runtime then reported a deadlock or the end), the whole group, not dense.
fn runnable_range<'ctx>(
    builder: &inkwell::builder::Builder<'ctx>,
    context: &'ctx Context,
    group: FunctionValue<'ctx>,
    (states, count): (PointerValue<'ctx>, IntValue<'ctx>),
    (from, to): (PointerValue<'ctx>, PointerValue<'ctx>),
    states_scope: (LLVMValueRef, LLVMValueRef),
) -> Result<IntValue<'ctx>, inkwell::builder::BuilderError> {
    let i32_type = context.i32_type();
    let i64_type = context.i64_type();
    let before = builder
        .get_insert_block()
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
    let scan = context.append_basic_block(group, "range.scan");
    let end = context.append_basic_block(group, "range.end");
    builder.build_unconditional_branch(scan)?;

    builder.position_at_end(scan);
    let index = builder.build_phi(i64_type, "range.index")?;
    let low = builder.build_phi(i64_type, "range.low")?;
    let high = builder.build_phi(i64_type, "range.high")?;
    let runnables = builder.build_phi(i64_type, "range.runnables")?;
    let (index_value, low_value, high_value) = (
        index.as_basic_value().into_int_value(),
        low.as_basic_value().into_int_value(),
        high.as_basic_value().into_int_value(),
    );
    // SAFETY: `index < count`: inside the states array.
    let slot = unsafe { builder.build_gep(i32_type, states, &[index_value], "range.slot")? };
    let state = builder
        .build_load(i32_type, slot, "range.state")?
        .into_int_value();
    if let Some(load) = state.as_instruction() {
        cpu_regions::set_scope(load.as_value_ref(), states_scope);
    }
    let runnable =
        builder.build_int_compare(IntPredicate::SGT, state, i32_type.const_zero(), "runnable")?;
    let following =
        builder.build_int_add(index_value, i64_type.const_int(1, false), "range.next")?;
    // Plain minimum and maximum reductions, which LLVM vectorises.
    let candidate = builder
        .build_select(runnable, index_value, count, "range.low.candidate")?
        .into_int_value();
    let lower = builder.build_int_compare(IntPredicate::ULT, candidate, low_value, "lower")?;
    let new_low = builder.build_select(lower, candidate, low_value, "range.low.next")?;
    let candidate = builder
        .build_select(
            runnable,
            following,
            i64_type.const_zero(),
            "range.high.candidate",
        )?
        .into_int_value();
    let higher = builder.build_int_compare(IntPredicate::UGT, candidate, high_value, "higher")?;
    let new_high = builder.build_select(higher, candidate, high_value, "range.high.next")?;
    let one = builder.build_int_z_extend(runnable, i64_type, "range.one")?;
    let new_runnables = builder.build_int_add(
        runnables.as_basic_value().into_int_value(),
        one,
        "range.runnables.next",
    )?;
    let more = builder.build_int_compare(IntPredicate::ULT, following, count, "range.more")?;
    builder.build_conditional_branch(more, scan, end)?;
    index.add_incoming(&[(&i64_type.const_zero(), before), (&following, scan)]);
    low.add_incoming(&[(&count, before), (&new_low, scan)]);
    high.add_incoming(&[(&i64_type.const_zero(), before), (&new_high, scan)]);
    runnables.add_incoming(&[(&i64_type.const_zero(), before), (&new_runnables, scan)]);

    builder.position_at_end(end);
    let new_low = new_low.into_int_value();
    let new_high = new_high.into_int_value();
    // None runnable cannot happen (the runtime then reports a deadlock or the end); the whole
    // group then, as before.
    let none = builder.build_int_compare(IntPredicate::UGE, new_low, new_high, "range.none")?;
    let first = builder.build_select(none, i64_type.const_zero(), new_low, "range.from")?;
    let last = builder.build_select(none, count, new_high, "range.to")?;
    builder.build_store(from, first)?;
    builder.build_store(to, last)?;
    // Every work-item of the range runnable.
    let span = builder.build_int_sub(new_high, new_low, "range.span")?;
    let dense = builder.build_int_compare(IntPredicate::EQ, span, new_runnables, "range.dense")?;
    builder.build_and(dense, builder.build_not(none, "range.some")?, "range.dense")
}

/// Calls the runtime's operation at `slot` of `struct __oxhip_cpu_ops` (through the
/// record `current`'s `ops`), an `i32` function of `arguments`, and returns its result. The
/// call carries [`RUNTIME_CALL`]: the runtime's operations that group functions call read
/// no `__oxhip_cpu_item`.
fn call_runtime<'ctx>(
    builder: &Builder<'ctx>,
    context: &'ctx Context,
    current: PointerValue<'ctx>,
    (slot, name): (u64, &str),
    arguments: &[BasicMetadataValueEnum<'ctx>],
) -> Result<IntValue<'ctx>, inkwell::builder::BuilderError> {
    let pointer = context.ptr_type(AddressSpace::default());
    let ops = load_field(builder, context, current, ITEM_OPS, pointer.into(), "ops")?
        .into_pointer_value();
    let callee =
        load_field(builder, context, ops, slot, pointer.into(), name)?.into_pointer_value();
    let parameters: Vec<BasicMetadataTypeEnum<'ctx>> = arguments
        .iter()
        .map(|argument| match argument {
            BasicMetadataValueEnum::IntValue(value) => value.get_type().into(),
            _ => pointer.into(),
        })
        .collect();
    let call = builder.build_indirect_call(
        context.i32_type().fn_type(&parameters, false),
        callee,
        arguments,
        name,
    )?;
    call.add_attribute(
        AttributeLoc::Function,
        context.create_string_attribute(RUNTIME_CALL, ""),
    );
    call.try_as_basic_value()
        .basic()
        .map(BasicValueEnum::into_int_value)
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)
}

/// `i32 K.regions.item(<K.regions's parameters>, ptr current, i32 x, i32 y, i32 z)`, not
/// inlined: copies the runtime's record `current` with the work-item's coordinates (`x`,
/// `y`, `z`; the linear index and lane from `K.regions`'s `index`) into a record of its own,
/// points `__oxhip_cpu_item` at it, calls `K.regions`, and restores the variable's value.
/// The generic loop of a group function calls it ([`OWN_RECORD_CALL`]) instead of
/// `K.regions`, so that nothing the group function calls reads its own copy of the record.
fn regions_with_own_record<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    item: GlobalValue<'ctx>,
    regions: &cpu_regions::Regions<'ctx>,
    description: &str,
) -> Result<FunctionValue<'ctx>, CodegenError> {
    let fail = |error: inkwell::builder::BuilderError| build_error(description, &error);
    let missing = || build_error(description, &inkwell::builder::BuilderError::UnsetPosition);
    let pointer = context.ptr_type(AddressSpace::default());
    let i32_type = context.i32_type();
    let i64_type = context.i64_type();
    let callee = regions.function;
    let mut parameter_types: Vec<BasicMetadataTypeEnum<'ctx>> =
        callee.get_type().get_param_types().into_iter().collect();
    parameter_types.push(pointer.into());
    parameter_types.extend([BasicMetadataTypeEnum::from(i32_type); 3]);
    let name = format!("{}.item", callee.get_name().to_string_lossy());
    let function = module.add_function(
        &name,
        i32_type.fn_type(&parameter_types, false),
        Some(Linkage::Internal),
    );
    for attribute in callee.attributes(AttributeLoc::Function) {
        function.add_attribute(AttributeLoc::Function, attribute);
    }
    let always_inline = Attribute::get_named_enum_kind_id("alwaysinline");
    function.remove_enum_attribute(AttributeLoc::Function, always_inline);
    function.add_attribute(
        AttributeLoc::Function,
        context.create_enum_attribute(Attribute::get_named_enum_kind_id("noinline"), 0),
    );
    let forwarded = callee.count_params();
    let parameter = |index: u32| function.get_nth_param(index).ok_or_else(missing);
    let builder = context.create_builder();
    let entry = context.append_basic_block(function, "entry");
    builder.position_at_end(entry);
    let record_type = context.i8_type().array_type(ITEM_BYTES as u32);
    let record = builder.build_alloca(record_type, "record").map_err(fail)?;
    if let Some(instruction) = record.as_instruction() {
        instruction.set_alignment(8).ok();
    }
    let current = parameter(forwarded)?.into_pointer_value();
    builder
        .build_memcpy(record, 8, current, 8, i64_type.const_int(ITEM_BYTES, false))
        .map_err(fail)?;
    let coordinate = |axis: u32| Ok(parameter(forwarded + 1 + axis)?.into_int_value());
    let coordinates = [coordinate(0)?, coordinate(1)?, coordinate(2)?];
    // `K.regions`'s `index`: the work-item's linear index in the group.
    let index = parameter(forwarded - 2)?.into_int_value();
    store_position(&builder, context, record, coordinates, index).map_err(fail)?;
    let saved = builder
        .build_load(pointer, item.as_pointer_value(), "saved")
        .map_err(fail)?;
    builder
        .build_store(item.as_pointer_value(), record)
        .map_err(fail)?;
    let arguments: Vec<BasicMetadataValueEnum<'ctx>> = function
        .get_param_iter()
        .take(forwarded as usize)
        .map(Into::into)
        .collect();
    let next = builder
        .build_call(callee, &arguments, "next")
        .map_err(fail)?
        .try_as_basic_value()
        .basic()
        .ok_or_else(missing)?;
    builder
        .build_store(item.as_pointer_value(), saved)
        .map_err(fail)?;
    builder.build_return(Some(&next)).map_err(fail)?;
    Ok(function)
}

/// Computes the address of a shared variable once at the start of each group entry point,
/// for an inline assembly statement that does nothing with it. Shared variables are
/// thread-local with the local-dynamic model: each machine block that uses one calls
/// `__tls_get_addr` for the image's block of them, unless a call in a dominating block
/// already did (x86's local-dynamic clean-up). The loops of a constant state, once
/// vectorised, unrolled and versioned, use them from many blocks that no earlier call
/// dominates; with this call in the entry block, every later one is dominated and goes. A
/// group runs on one thread from start to end, so the address stays valid. After `cpu_rows`,
/// which would see the assembly as a call that may read `__oxhip_cpu_item`.
pub(crate) fn anchor_shared_base<'ctx>(module: &Module<'ctx>, context: &'ctx Context) {
    let Some(anchor) = module.get_globals().find(|global| {
        !global.is_declaration()
            && global.get_thread_local_mode() == Some(ThreadLocalMode::LocalDynamicTLSModel)
    }) else {
        return;
    };
    let pointer = context.ptr_type(AddressSpace::default());
    let asm_type = context.void_type().fn_type(&[pointer.into()], false);
    let builder = context.create_builder();
    for function in module.get_functions() {
        let is_group = function
            .get_name()
            .to_bytes()
            .starts_with(GROUP_PREFIX.as_bytes());
        let Some(first) = function
            .get_first_basic_block()
            .and_then(|entry| entry.get_first_instruction())
        else {
            continue;
        };
        if !is_group {
            continue;
        }
        let asm = context.create_inline_asm(
            asm_type,
            String::new(),
            "r".to_owned(),
            true,
            false,
            None,
            false,
        );
        builder.position_before(&first);
        // A failed build leaves the function as it was, which is only slower.
        builder
            .build_indirect_call(asm_type, asm, &[anchor.as_pointer_value().into()], "")
            .ok();
    }
}

/// Builds `__oxhip_cpu_group.K(void **args, item *, void *scratch)`, which runs a whole
/// work-group of a barrier-split kernel (see `cpu_regions`), and `__oxhip_cpu_frame.K`, the
/// `u64` bytes of per-work-item storage it needs. `scratch` holds `n * frame` bytes of frames
/// (columns, see `cpu_regions`) then `n` `u32` states for the group's `n` work-items, and is
/// [`cpu_regions::FRAME_ALIGN`] aligned. Each phase is a loop over the work-items, nested z,
/// y and x. The next phase is chosen from the lowest and highest state the phase left: when
/// every live work-item waits at the same stop, a barrier releases, and an exchange is done
/// by [`exchange_pass`] before the next phase. A kernel split at warp exchanges otherwise
/// hands the scratch to the runtime's `exchange` ([`EXCHANGE_SLOT`]), which does the
/// exchanges whole warps wait at and chooses the next phase. While every live work-item
/// waits at one stop, a phase runs a loop of that state: one that tests no work-item while
/// none has returned (or waits, in a kernel split at exchanges), else, in a kernel split at
/// barriers only, one that tests each work-item's state where a work-item can have returned
/// before that state (see `loops` below); otherwise the generic loop, which tests each
/// work-item's state and calls the regions function.
fn group_function<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    item: GlobalValue<'ctx>,
    kernel: FunctionValue<'ctx>,
    parameters: &Parameters,
    regions: &cpu_regions::Regions<'ctx>,
    description: &str,
) -> Result<(), CodegenError> {
    let fail = |error: inkwell::builder::BuilderError| build_error(description, &error);
    let pointer = context.ptr_type(AddressSpace::default());
    let i32_type = context.i32_type();
    let i64_type = context.i64_type();
    let bool_type = context.bool_type();
    let kernel_name = kernel.get_name().to_string_lossy().into_owned();

    let table = module.add_global(i64_type, None, &format!("{FRAME_PREFIX}{kernel_name}"));
    table.set_initializer(&i64_type.const_int(regions.stride, false));
    table.set_constant(true);
    table.set_linkage(Linkage::External);
    table.set_visibility(GlobalVisibility::Default);

    let group = module.add_function(
        &format!("{GROUP_PREFIX}{kernel_name}"),
        context
            .void_type()
            .fn_type(&[pointer.into(), pointer.into(), pointer.into()], false),
        Some(Linkage::External),
    );
    group
        .as_global_value()
        .set_visibility(GlobalVisibility::Default);
    private_record(context, group, 1);
    private_record(context, group, 2);
    let missing = || build_error(description, &inkwell::builder::BuilderError::UnsetPosition);
    let parameter = |index: u32| {
        group
            .get_nth_param(index)
            .map(BasicValueEnum::into_pointer_value)
            .ok_or_else(missing)
    };
    let (args, current, scratch) = (parameter(0)?, parameter(1)?, parameter(2)?);
    let builder = context.create_builder();
    let entry = context.append_basic_block(group, "entry");
    builder.position_at_end(entry);
    // The kernel reads its coordinates from a copy of the record local to this function:
    // once `cpu_rows` has turned the kernel's loads of `__oxhip_cpu_item` into this copy, it
    // no longer escapes, so the optimiser keeps each coordinate in a register and drops the
    // stores of those no region reads. Split kernels reach no runtime operation that takes
    // the record (`cpu_regions::qualifies`), and the runtime reads nothing back from it.
    let record_type = context.i8_type().array_type(ITEM_BYTES as u32);
    let record = builder.build_alloca(record_type, "record").map_err(fail)?;
    if let Some(instruction) = record.as_instruction() {
        instruction.set_alignment(8).ok();
    }
    builder
        .build_memcpy(record, 8, current, 8, i64_type.const_int(ITEM_BYTES, false))
        .map_err(fail)?;
    builder
        .build_store(item.as_pointer_value(), record)
        .map_err(fail)?;
    let arguments = load_arguments(&builder, context, args, kernel, parameters, description)?;
    let mut extent = Vec::new();
    for axis in 0..3u64 {
        let value = load_field(
            &builder,
            context,
            current,
            ITEM_BLOCK_DIM + 4 * axis,
            i32_type.into(),
            "extent",
        )
        .map_err(fail)?
        .into_int_value();
        extent.push(value);
    }
    let wide = |value| builder.build_int_z_extend(value, i64_type, "wide");
    let count = builder
        .build_int_mul(
            wide(extent[0]).map_err(fail)?,
            wide(extent[1]).map_err(fail)?,
            "n",
        )
        .map_err(fail)?;
    let count = builder
        .build_int_mul(count, wide(extent[2]).map_err(fail)?, "n")
        .map_err(fail)?;
    let stride = i64_type.const_int(regions.stride, false);
    // The frames are a structure of arrays whose first column, when the kernel has warp
    // exchanges, is every work-item's exchange slot (see `cpu_regions`).
    let slot_bytes = i64_type.const_int(cpu_regions::EXCHANGE_SLOT_BYTES, false);
    let frames_bytes = builder
        .build_int_mul(count, stride, "frames")
        .map_err(fail)?;
    // SAFETY: the runtime provides `n * frame + 4 * n` bytes of scratch.
    let states = unsafe {
        builder
            .build_gep(context.i8_type(), scratch, &[frames_bytes], "states")
            .map_err(fail)?
    };
    let variable = |ty: BasicTypeEnum<'ctx>, name: &str| builder.build_alloca(ty, name);
    let linear = variable(i64_type.into(), "l").map_err(fail)?;
    let coordinates = [
        variable(i32_type.into(), "x").map_err(fail)?,
        variable(i32_type.into(), "y").map_err(fail)?,
        variable(i32_type.into(), "z").map_err(fail)?,
    ];
    // Over the live work-items of a phase: the smallest `next - 1` (so that 0, returned,
    // wraps above every state) and the largest `next`. The phase leaves them all at one
    // barrier when `low + 1 == high`, and ends the group when `high == 0`.
    let low = variable(i32_type.into(), "low").map_err(fail)?;
    let high = variable(i32_type.into(), "high").map_err(fail)?;
    // The smallest `next` over all work-items, those that did not run counting as 0: not 0
    // when every work-item is live after the phase.
    let floor = variable(i32_type.into(), "floor").map_err(fail)?;
    // Kernels split at warp exchanges: the work-items the generic loop visits, `from` to
    // `to`. All of them, but after a pass of the runtime's: from the first runnable
    // work-item to the last (a scan's first warp, while the others wait at a barrier).
    let range = match regions.first_exchange {
        Some(_) => {
            let from = variable(i64_type.into(), "from").map_err(fail)?;
            let to = variable(i64_type.into(), "to").map_err(fail)?;
            builder
                .build_store(from, i64_type.const_zero())
                .map_err(fail)?;
            builder.build_store(to, count).map_err(fail)?;
            Some((from, to))
        }
        None => None,
    };
    // Kernels split at warp exchanges: the box of coordinates the loops of one state visit,
    // `[first, end)` on each axis, x, y, z as `extent`. The whole group; but when the
    // runnable work-items, all at one state, are one run of a row with no other among them
    // (the first warp of a block scan, while the others wait at a barrier), that run.
    let boxed = match regions.first_exchange {
        Some(_) => {
            let mut first = Vec::new();
            let mut end = Vec::new();
            for axis_extent in &extent {
                let start = variable(i32_type.into(), "box.first").map_err(fail)?;
                builder
                    .build_store(start, i32_type.const_zero())
                    .map_err(fail)?;
                let stop = variable(i32_type.into(), "box.end").map_err(fail)?;
                builder.build_store(stop, *axis_extent).map_err(fail)?;
                first.push(start);
                end.push(stop);
            }
            Some((first, end))
        }
        None => None,
    };
    let mixed = variable(bool_type.into(), "mixed").map_err(fail)?;
    let state = variable(i32_type.into(), "state").map_err(fail)?;
    builder
        .build_store(state, i32_type.const_int(1, false))
        .map_err(fail)?;
    // Kernels split at warp exchanges: whether the runtime left work-items waiting (they then
    // need its pass after every phase), and the variables of the exchanges the group entry
    // point does itself.
    let inline_exchange = match regions.first_exchange {
        Some(_) => {
            let waiting = variable(bool_type.into(), "waiting").map_err(fail)?;
            builder
                .build_store(waiting, bool_type.const_zero())
                .map_err(fail)?;
            Some(InlineExchange {
                waiting,
                words: variable(i64_type.array_type(WARP_SIZE as u32).into(), "warp")
                    .map_err(fail)?,
                warp_start: variable(i64_type.into(), "warp.start").map_err(fail)?,
                lane_index: variable(i64_type.into(), "j").map_err(fail)?,
                votes: variable(i64_type.into(), "votes").map_err(fail)?,
                run_counts: variable(
                    i32_type
                        .array_type(regions.warp_runs.len() as u32 + 1)
                        .into(),
                    "run.counts",
                )
                .map_err(fail)?,
            })
        }
        None => None,
    };
    builder
        .build_store(mixed, bool_type.const_zero())
        .map_err(fail)?;
    // A loop with a constant state inlines a copy of the regions function with that state's
    // code alone (`cpu_region_copies`), so that it costs that state's instructions, not every
    // state's. Past a budget only the first phase gets its own loop and the others share the
    // generic one: for kernels split at barriers only, states times the regions function's
    // instructions (the budget from when each loop inlined the whole function, kept so that
    // the same kernels get loops); for those split at warp exchanges, the copies' total.
    let size = cpu_regions::instructions(regions.function.as_value_ref()).len() as u64;
    let mut copies: HashMap<u32, FunctionValue<'ctx>> = HashMap::new();
    let copy = |state: u32, copies: &mut HashMap<u32, FunctionValue<'ctx>>| {
        if let Some(function) =
            cpu_region_copies::copy_state(module, context, regions.function, &regions.layout, state)
        {
            copies.insert(state, function);
        }
    };
    let specialised = match regions.first_exchange {
        Some(_) => {
            for state in 1..=regions.last_state {
                copy(state, &mut copies);
            }
            let total: u64 = (1..=regions.last_state)
                .map(|state| match copies.get(&state) {
                    Some(function) => {
                        cpu_regions::instructions(function.as_value_ref()).len() as u64
                    }
                    None => size,
                })
                .sum();
            if total <= SPECIALISED_BUDGET_EXCHANGES {
                regions.last_state
            } else {
                for state in 2..=regions.last_state {
                    if let Some(function) = copies.remove(&state) {
                        // SAFETY: a copy just made, which nothing calls yet.
                        unsafe { function.delete() };
                    }
                }
                1
            }
        }
        None => {
            let specialised = if u64::from(regions.last_state) * size <= SPECIALISED_BUDGET {
                regions.last_state
            } else {
                1
            };
            for state in 1..=specialised {
                copy(state, &mut copies);
            }
            specialised
        }
    };
    // A kernel split at barriers only whose every state has a loop of its own gets a loop
    // per state that tests no work-item, for the phases before any work-item of the group
    // has returned, and, for each state at which the live work-items can wait after one has
    // returned (`Regions::after_return`), one that skips those that have, for the phases
    // after. Its generic loop runs when live work-items wait at different barriers, and
    // after a return at a state with no tested loop, which the analysis says cannot happen:
    // the generic loop tests each work-item too, so a returned one never runs again either
    // way.
    let two_forms = regions.first_exchange.is_none() && specialised == regions.last_state;
    // Whether a work-item of the group has returned (kernels with `two_forms`).
    let returned = variable(bool_type.into(), "returned").map_err(fail)?;
    builder
        .build_store(returned, bool_type.const_zero())
        .map_err(fail)?;
    let phase = context.append_basic_block(group, "phase");
    let pick = context.append_basic_block(group, "pick");
    let pick_tested = two_forms.then(|| context.append_basic_block(group, "pick.tested"));
    let bad_state = context.append_basic_block(group, "bad_state");
    let after = context.append_basic_block(group, "after");
    let done = context.append_basic_block(group, "done");
    builder.build_unconditional_branch(phase).map_err(fail)?;

    // One phase: every live work-item runs to its next barrier or its end.
    builder.position_at_end(phase);
    builder
        .build_store(low, i32_type.const_all_ones())
        .map_err(fail)?;
    builder
        .build_store(high, i32_type.const_zero())
        .map_err(fail)?;
    builder
        .build_store(floor, i32_type.const_all_ones())
        .map_err(fail)?;
    let was_mixed = builder
        .build_load(bool_type, mixed, "was_mixed")
        .map_err(fail)?
        .into_int_value();
    let current_state = builder
        .build_load(i32_type, state, "current")
        .map_err(fail)?
        .into_int_value();
    let generic = context.append_basic_block(group, "loop.any");
    if let Some(pick_tested) = pick_tested {
        let uniform_phase = context.append_basic_block(group, "uniform");
        builder
            .build_conditional_branch(was_mixed, generic, uniform_phase)
            .map_err(fail)?;
        builder.position_at_end(uniform_phase);
        let had_returns = builder
            .build_load(bool_type, returned, "had_returns")
            .map_err(fail)?
            .into_int_value();
        builder
            .build_conditional_branch(had_returns, pick_tested, pick)
            .map_err(fail)?;
    } else {
        builder
            .build_conditional_branch(was_mixed, generic, pick)
            .map_err(fail)?;
    }

    let always_inline = Attribute::get_named_enum_kind_id("alwaysinline");
    let noinline = Attribute::get_named_enum_kind_id("noinline");
    // With `two_forms`, the generic loop calls the regions function, not inlined, through a
    // function that gives it a record of its own, so that this function's copy does not
    // escape (`cpu_rows`) and its constant loops keep the coordinates in registers.
    let own_record = if two_forms {
        Some(regions_with_own_record(
            module,
            context,
            item,
            regions,
            description,
        )?)
    } else {
        None
    };
    let mut cases = Vec::new();
    let mut tested_cases = Vec::new();
    // Each loop: its constant state (none for the generic loop), and whether it tests each
    // work-item's state. The first phase runs every work-item. In a kernel split at warp
    // exchanges, so does each loop with a constant state: the phase before chose it only if
    // every work-item was live and at that state (`floor`, below); a phase with returned or
    // waiting work-items runs the generic loop. A kernel split at barriers only has, with
    // `two_forms`, a loop that tests no work-item for each later state and one that does for
    // each state in `after_return` (chosen by `returned`), and otherwise the tested one alone.
    let mut loops: Vec<(Option<u32>, bool)> = Vec::new();
    for value in 1..=specialised {
        let barriers_only = regions.first_exchange.is_none();
        if value == 1 || !barriers_only || two_forms {
            loops.push((Some(value), false));
        }
        if value > 1 && barriers_only && (!two_forms || regions.after_return.contains(&value)) {
            loops.push((Some(value), true));
        }
    }
    loops.push((None, true));
    for (fixed, tested) in loops {
        let start = match fixed {
            Some(value) => {
                let name = if tested {
                    format!("loop.{value}.tested")
                } else {
                    format!("loop.{value}")
                };
                let block = context.append_basic_block(group, &name);
                let case = (i32_type.const_int(u64::from(value), false), block);
                if tested && two_forms {
                    tested_cases.push(case);
                } else {
                    cases.push(case);
                }
                block
            }
            None => generic,
        };
        // Three nested loops, z, y and x, so that `threadIdx.x` and the linear index are
        // plain induction variables of the innermost one, which LLVM can vectorise.
        let plane = context.append_basic_block(group, "plane");
        let row = context.append_basic_block(group, "row");
        let body = context.append_basic_block(group, "item");
        let run = context.append_basic_block(group, "run");
        let merge = context.append_basic_block(group, "ran");
        let latch = context.append_basic_block(group, "next");
        let row_end = context.append_basic_block(group, "row.end");
        let plane_end = context.append_basic_block(group, "plane.end");
        builder.position_at_end(start);
        let ranged = if fixed.is_none() { range } else { None };
        if let Some((from, _)) = ranged {
            // From `from` on: its coordinates, then straight into the loop's body.
            let first = builder
                .build_load(i64_type, from, "from")
                .map_err(fail)?
                .into_int_value();
            let whole = context.append_basic_block(group, "loop.any.whole");
            let part = context.append_basic_block(group, "loop.any.part");
            let at_zero = builder
                .build_int_compare(IntPredicate::EQ, first, i64_type.const_zero(), "at_zero")
                .map_err(fail)?;
            builder
                .build_conditional_branch(at_zero, whole, part)
                .map_err(fail)?;
            builder.position_at_end(part);
            let shape = (
                wide(extent[0]).map_err(fail)?,
                wide(extent[1]).map_err(fail)?,
            );
            let (position, _) = coordinates_of(&builder, first, shape).map_err(fail)?;
            builder.build_store(linear, first).map_err(fail)?;
            for (coordinate, value) in coordinates.iter().zip(position) {
                let narrow = builder
                    .build_int_truncate(value, i32_type, "from.coordinate")
                    .map_err(fail)?;
                builder.build_store(*coordinate, narrow).map_err(fail)?;
            }
            builder.build_unconditional_branch(body).map_err(fail)?;
            builder.position_at_end(whole);
        }
        // A loop of one state in a kernel split at warp exchanges visits the box (from
        // `from`, its first work-item); the others, every work-item.
        let in_box = if fixed.is_some() {
            boxed.as_ref()
        } else {
            None
        };
        let first_of = |axis: usize| -> Result<IntValue<'ctx>, CodegenError> {
            match in_box {
                Some((first, _)) => Ok(builder
                    .build_load(i32_type, first[axis], "box.first")
                    .map_err(fail)?
                    .into_int_value()),
                None => Ok(i32_type.const_zero()),
            }
        };
        let start_index = match (in_box, range) {
            (Some(_), Some((from, _))) => builder
                .build_load(i64_type, from, "from")
                .map_err(fail)?
                .into_int_value(),
            _ => i64_type.const_zero(),
        };
        builder.build_store(linear, start_index).map_err(fail)?;
        builder
            .build_store(coordinates[2], first_of(2)?)
            .map_err(fail)?;
        builder.build_unconditional_branch(plane).map_err(fail)?;
        builder.position_at_end(plane);
        builder
            .build_store(coordinates[1], first_of(1)?)
            .map_err(fail)?;
        builder.build_unconditional_branch(row).map_err(fail)?;
        builder.position_at_end(row);
        builder
            .build_store(coordinates[0], first_of(0)?)
            .map_err(fail)?;
        builder.build_unconditional_branch(body).map_err(fail)?;

        builder.position_at_end(body);
        let index = builder
            .build_load(i64_type, linear, "index")
            .map_err(fail)?
            .into_int_value();
        // SAFETY: `index < n`: inside the states array.
        let state_slot = unsafe {
            builder
                .build_gep(i32_type, states, &[index], "state.slot")
                .map_err(fail)?
        };
        // Without a test per work-item the loop has no branches around the region's stores,
        // and LLVM vectorises it.
        let every_item = !tested;
        let state_value = if every_item {
            builder.build_unconditional_branch(run).map_err(fail)?;
            i32_type.const_int(u64::from(fixed.unwrap_or(1)), false)
        } else {
            let value = builder
                .build_load(i32_type, state_slot, "item.state")
                .map_err(fail)?
                .into_int_value();
            if let Some(load) = value.as_instruction() {
                cpu_regions::set_scope(load.as_value_ref(), regions.states_scope);
            }
            // 0: returned; negative: waiting (the runtime's mark, see below).
            let live = builder
                .build_int_compare(IntPredicate::SGT, value, i32_type.const_zero(), "live")
                .map_err(fail)?;
            builder
                .build_conditional_branch(live, run, merge)
                .map_err(fail)?;
            match fixed {
                Some(constant) => i32_type.const_int(u64::from(constant), false),
                None => value,
            }
        };

        builder.position_at_end(run);
        let mut position = [i32_type.const_zero(); 3];
        for (value, coordinate) in position.iter_mut().zip(&coordinates) {
            *value = builder
                .build_load(i32_type, *coordinate, "coordinate")
                .map_err(fail)?
                .into_int_value();
        }
        store_position(&builder, context, record, position, index).map_err(fail)?;
        let mut call_arguments = arguments.clone();
        call_arguments.push(state_value.into());
        call_arguments.push(scratch.into());
        call_arguments.push(index.into());
        call_arguments.push(count.into());
        let call = match own_record {
            Some(callee) if fixed.is_none() => {
                call_arguments.push(current.into());
                for coordinate in coordinates {
                    let value = builder
                        .build_load(i32_type, coordinate, "coordinate")
                        .map_err(fail)?;
                    call_arguments.push(value.into());
                }
                let call = builder
                    .build_call(callee, &call_arguments, "next")
                    .map_err(fail)?;
                call.add_attribute(
                    AttributeLoc::Function,
                    context.create_string_attribute(OWN_RECORD_CALL, ""),
                );
                call
            }
            _ => {
                let callee = fixed
                    .and_then(|state| copies.get(&state).copied())
                    .unwrap_or(regions.function);
                builder
                    .build_call(callee, &call_arguments, "next")
                    .map_err(fail)?
            }
        };
        let attribute = if fixed.is_some() || regions.first_exchange.is_some() {
            always_inline
        } else {
            noinline
        };
        call.add_attribute(
            AttributeLoc::Function,
            context.create_enum_attribute(attribute, 0),
        );
        let next = call
            .try_as_basic_value()
            .basic()
            .ok_or_else(missing)?
            .into_int_value();
        let store = builder.build_store(state_slot, next).map_err(fail)?;
        cpu_regions::set_scope(store.as_value_ref(), regions.states_scope);
        let ran = builder.get_insert_block().ok_or_else(missing)?;
        builder.build_unconditional_branch(merge).map_err(fail)?;
        // A work-item that did not run counts as returned (0), which changes neither bound:
        // the bounds are then plain reductions of the loop, which LLVM can vectorise.
        builder.position_at_end(merge);
        let next = if every_item {
            next
        } else {
            let phi = builder.build_phi(i32_type, "next").map_err(fail)?;
            phi.add_incoming(&[(&next, ran), (&i32_type.const_zero(), body)]);
            phi.as_basic_value().into_int_value()
        };
        let minus_one = builder
            .build_int_sub(next, i32_type.const_int(1, false), "next.minus_one")
            .map_err(fail)?;
        for (variable, larger, value) in [
            (low, false, minus_one),
            (high, true, next),
            (floor, false, next),
        ] {
            let old = builder
                .build_load(i32_type, variable, "old")
                .map_err(fail)?
                .into_int_value();
            let predicate = if larger {
                IntPredicate::UGT
            } else {
                IntPredicate::ULT
            };
            let better = builder
                .build_int_compare(predicate, value, old, "better")
                .map_err(fail)?;
            let chosen = builder
                .build_select(better, value, old, "chosen")
                .map_err(fail)?;
            builder.build_store(variable, chosen).map_err(fail)?;
        }
        builder.build_unconditional_branch(latch).map_err(fail)?;

        // Advance the linear index and x; y at the end of a row, z at the end of a plane.
        builder.position_at_end(latch);
        let following = builder
            .build_int_add(index, i64_type.const_int(1, false), "index.next")
            .map_err(fail)?;
        builder.build_store(linear, following).map_err(fail)?;
        let ends = [(row_end, body), (plane_end, row), (after, plane)];
        let mut block = latch;
        if let Some((_, to)) = ranged {
            let last = builder
                .build_load(i64_type, to, "to")
                .map_err(fail)?
                .into_int_value();
            let past = builder
                .build_int_compare(IntPredicate::UGE, following, last, "past")
                .map_err(fail)?;
            block = context.append_basic_block(group, "next.in_range");
            builder
                .build_conditional_branch(past, after, block)
                .map_err(fail)?;
        }
        for (axis, coordinate) in coordinates.iter().enumerate() {
            builder.position_at_end(block);
            let value = builder
                .build_load(i32_type, *coordinate, "coordinate")
                .map_err(fail)?
                .into_int_value();
            let bumped = builder
                .build_int_add(value, i32_type.const_int(1, false), "bumped")
                .map_err(fail)?;
            builder.build_store(*coordinate, bumped).map_err(fail)?;
            let bound = match in_box {
                Some((_, end)) => builder
                    .build_load(i32_type, end[axis], "box.end")
                    .map_err(fail)?
                    .into_int_value(),
                None => extent[axis],
            };
            let more = builder
                .build_int_compare(IntPredicate::ULT, bumped, bound, "more")
                .map_err(fail)?;
            let (end, again) = ends[axis];
            builder
                .build_conditional_branch(more, again, end)
                .map_err(fail)?;
            block = end;
        }
    }

    builder.position_at_end(pick);
    let otherwise = if specialised < regions.last_state {
        generic
    } else {
        bad_state
    };
    builder
        .build_switch(current_state, otherwise, &cases)
        .map_err(fail)?;
    if let Some(pick_tested) = pick_tested {
        // A state without a tested loop (not in `after_return`) runs the generic loop, which
        // tests each work-item's state.
        builder.position_at_end(pick_tested);
        builder
            .build_switch(current_state, generic, &tested_cases)
            .map_err(fail)?;
    }
    builder.position_at_end(bad_state);
    builder.build_unreachable().map_err(fail)?;

    // After a phase: stop when every work-item has returned, else run the next phase.
    builder.position_at_end(after);
    // The work-items the phase visited (kernels split at warp exchanges).
    let mut visited = None;
    if let Some((from, to)) = range {
        // A phase that visited part of the group saw neither the returned work-items nor the
        // waiting ones outside it: count it as partial (`floor`), so that the next phase
        // tests each work-item's state.
        let first = builder
            .build_load(i64_type, from, "from")
            .map_err(fail)?
            .into_int_value();
        let last = builder
            .build_load(i64_type, to, "to")
            .map_err(fail)?
            .into_int_value();
        visited = Some((first, last));
        let late_start = builder
            .build_int_compare(IntPredicate::NE, first, i64_type.const_zero(), "late_start")
            .map_err(fail)?;
        let early_end = builder
            .build_int_compare(IntPredicate::NE, last, count, "early_end")
            .map_err(fail)?;
        let part = builder
            .build_or(late_start, early_end, "part")
            .map_err(fail)?;
        let lowest = builder
            .build_load(i32_type, floor, "floor")
            .map_err(fail)?
            .into_int_value();
        let lowest = builder
            .build_select(part, i32_type.const_zero(), lowest, "floor")
            .map_err(fail)?;
        builder.build_store(floor, lowest).map_err(fail)?;
        builder
            .build_store(from, i64_type.const_zero())
            .map_err(fail)?;
        builder.build_store(to, count).map_err(fail)?;
    }
    // The box the phase's loop visited, kept for an exchange of it alone (below).
    let mut visited_box = Vec::new();
    if let Some((first, end)) = &boxed {
        for variable in first.iter().chain(end) {
            visited_box.push(
                builder
                    .build_load(i32_type, *variable, "box.visited")
                    .map_err(fail)?
                    .into_int_value(),
            );
        }
        for axis in 0..3 {
            builder
                .build_store(first[axis], i32_type.const_zero())
                .map_err(fail)?;
            builder.build_store(end[axis], extent[axis]).map_err(fail)?;
        }
    }
    // After a phase in which some work-item did not run, or after which one returned, a
    // kernel split at exchanges runs the generic loop (unless the runtime's pass found the
    // runnable ones one run of a row, below), and one split at barriers only the loops that
    // test each work-item (see `loops`).
    let lowest_next = builder
        .build_load(i32_type, floor, "floor")
        .map_err(fail)?
        .into_int_value();
    let partial = builder
        .build_int_compare(
            IntPredicate::EQ,
            lowest_next,
            i32_type.const_zero(),
            "partial",
        )
        .map_err(fail)?;
    let high_state = builder
        .build_load(i32_type, high, "next.state")
        .map_err(fail)?
        .into_int_value();
    let lowest = builder
        .build_load(i32_type, low, "lowest")
        .map_err(fail)?
        .into_int_value();
    let lowest = builder
        .build_int_add(lowest, i32_type.const_int(1, false), "lowest")
        .map_err(fail)?;
    let uniform = builder
        .build_int_compare(IntPredicate::EQ, lowest, high_state, "uniform")
        .map_err(fail)?;
    let (next_state, diverged) = match (regions.first_exchange, &inline_exchange) {
        (Some(first_exchange), Some(exchange)) => {
            let waiting = builder
                .build_load(bool_type, exchange.waiting, "was_waiting")
                .map_err(fail)?
                .into_int_value();
            let not_waiting = builder.build_not(waiting, "not_waiting").map_err(fail)?;
            let fast = builder
                .build_and(uniform, not_waiting, "fast")
                .map_err(fail)?;
            if !regions.warp_runs.is_empty() {
                let all_live = builder.build_not(partial, "all_live").map_err(fail)?;
                let everyone = builder
                    .build_and(fast, all_live, "everyone")
                    .map_err(fail)?;
                // Only after a phase that left work-items at a run: the states the phase's
                // work-items stopped at are `lowest ..= high_state`.
                let mut at_run = bool_type.const_zero();
                for (state, _) in &regions.warp_runs {
                    let state = i32_type.const_int(u64::from(*state), false);
                    let above = builder
                        .build_int_compare(IntPredicate::ULE, lowest, state, "run.above")
                        .map_err(fail)?;
                    let below = builder
                        .build_int_compare(IntPredicate::ULE, state, high_state, "run.below")
                        .map_err(fail)?;
                    let within = builder
                        .build_and(above, below, "run.within")
                        .map_err(fail)?;
                    at_run = builder.build_or(at_run, within, "at_run").map_err(fail)?;
                }
                let pass = context.append_basic_block(group, "run.pass");
                let skip = context.append_basic_block(group, "run.skip");
                builder
                    .build_conditional_branch(at_run, pass, skip)
                    .map_err(fail)?;
                builder.position_at_end(pass);
                warp_run_pass(
                    &builder,
                    context,
                    group,
                    exchange,
                    &regions.warp_runs,
                    (scratch, states, count),
                    (everyone, high_state),
                )
                .map_err(fail)?;
                builder.build_unconditional_branch(skip).map_err(fail)?;
                builder.position_at_end(skip);
            }
            // When every live work-item waits at the same stop and none was left waiting by
            // the runtime, the next phase releases the barrier, or this function does the
            // exchange first; otherwise the runtime does the exchanges of the warps whose
            // live lanes all wait at one, releases a barrier that every live work-item waits
            // at, marks the others as waiting, and says which state the runnable ones share.
            // The pattern of each state, 0 for the states after barriers and for shuffles
            // without one (`Regions::patterns`).
            let pattern_table = if regions.patterns.iter().any(|pattern| *pattern != 0) {
                let mut by_state = vec![0u32; regions.last_state as usize + 1];
                for (index, pattern) in regions.patterns.iter().enumerate() {
                    if let Some(entry) = by_state.get_mut(first_exchange as usize + index) {
                        *entry = *pattern;
                    }
                }
                let values: Vec<IntValue<'ctx>> = by_state
                    .iter()
                    .map(|pattern| i32_type.const_int(u64::from(*pattern), false))
                    .collect();
                let table_type = i32_type.array_type(by_state.len() as u32);
                let table = module.add_global(
                    table_type,
                    None,
                    &format!("__oxhip_cpu_patterns.{kernel_name}"),
                );
                table.set_initializer(&i32_type.const_array(&values));
                table.set_constant(true);
                table.set_linkage(Linkage::Private);
                table.set_unnamed_addr(true);
                Some((table.as_pointer_value(), table_type, regions.last_state))
            } else {
                None
            };
            let on_its_own = context.append_basic_block(group, "after.itself");
            let exchanging = context.append_basic_block(group, "after.exchange");
            let through_runtime = context.append_basic_block(group, "after.runtime");
            let join = context.append_basic_block(group, "after.join");
            // The exchange of the box alone: the phase ran the loop of one state over a run
            // of warps while the others wait (the runtime left them waiting, and the run was
            // dense), and every work-item of the run now waits at one shuffle with a
            // pattern. The runtime's pass would exchange those warps lane by lane and pass
            // over the whole group; the run keeps its box for the next phase.
            let mut box_exchanged = None;
            match (pattern_table, visited, &boxed) {
                (Some((table, table_type, _)), Some((first, last)), Some((box_first, box_end))) => {
                    let box_check = context.append_basic_block(group, "after.box");
                    let box_call = context.append_basic_block(group, "after.box.exchange");
                    builder
                        .build_conditional_branch(fast, on_its_own, box_check)
                        .map_err(fail)?;
                    builder.position_at_end(box_check);
                    let looped = builder.build_not(was_mixed, "box.looped").map_err(fail)?;
                    let in_box = builder
                        .build_and(looped, waiting, "box.phase")
                        .map_err(fail)?;
                    let in_box = builder
                        .build_and(in_box, uniform, "box.uniform")
                        .map_err(fail)?;
                    let (pattern, known) =
                        state_pattern(&builder, context, (table, table_type), high_state)
                            .map_err(fail)?;
                    let in_box = builder
                        .build_and(in_box, known, "box.known")
                        .map_err(fail)?;
                    // Whole warps: the run starts at one, and ends at one or at the group's end.
                    let warp_mask = i64_type.const_int(WARP_SIZE - 1, false);
                    let first_lane = builder
                        .build_and(first, warp_mask, "box.first.lane")
                        .map_err(fail)?;
                    let last_lane = builder
                        .build_and(last, warp_mask, "box.last.lane")
                        .map_err(fail)?;
                    let starts = builder
                        .build_int_compare(
                            IntPredicate::EQ,
                            first_lane,
                            i64_type.const_zero(),
                            "box.starts",
                        )
                        .map_err(fail)?;
                    let ends_warp = builder
                        .build_int_compare(
                            IntPredicate::EQ,
                            last_lane,
                            i64_type.const_zero(),
                            "box.ends",
                        )
                        .map_err(fail)?;
                    let ends_group = builder
                        .build_int_compare(IntPredicate::EQ, last, count, "box.ends.group")
                        .map_err(fail)?;
                    let ends = builder
                        .build_or(ends_warp, ends_group, "box.ends")
                        .map_err(fail)?;
                    let whole_warps = builder.build_and(starts, ends, "box.warps").map_err(fail)?;
                    let in_box = builder
                        .build_and(in_box, whole_warps, "box.exchange")
                        .map_err(fail)?;
                    builder
                        .build_conditional_branch(in_box, box_call, through_runtime)
                        .map_err(fail)?;
                    builder.position_at_end(box_call);
                    // SAFETY: `first < last <= n`: inside the words and states columns.
                    let (words, box_states) = unsafe {
                        (
                            builder
                                .build_gep(i64_type, scratch, &[first], "box.words")
                                .map_err(fail)?,
                            builder
                                .build_gep(i32_type, states, &[first], "box.states")
                                .map_err(fail)?,
                        )
                    };
                    let length = builder
                        .build_int_sub(last, first, "box.length")
                        .map_err(fail)?;
                    let done = call_runtime(
                        &builder,
                        context,
                        current,
                        (PATTERNED_SLOT, "exchange_patterned"),
                        &[
                            words.into(),
                            box_states.into(),
                            length.into(),
                            pattern.into(),
                        ],
                    )
                    .map_err(fail)?;
                    let done = builder
                        .build_int_compare(
                            IntPredicate::NE,
                            done,
                            i32_type.const_zero(),
                            "box.done",
                        )
                        .map_err(fail)?;
                    let kept = context.append_basic_block(group, "after.box.kept");
                    builder
                        .build_conditional_branch(done, kept, through_runtime)
                        .map_err(fail)?;
                    builder.position_at_end(kept);
                    if let Some((from, to)) = range {
                        builder.build_store(from, first).map_err(fail)?;
                        builder.build_store(to, last).map_err(fail)?;
                    }
                    for (variable, value) in box_first.iter().chain(box_end).zip(&visited_box) {
                        builder.build_store(*variable, *value).map_err(fail)?;
                    }
                    builder.build_unconditional_branch(join).map_err(fail)?;
                    box_exchanged = Some(kept);
                }
                _ => {
                    builder
                        .build_conditional_branch(fast, on_its_own, through_runtime)
                        .map_err(fail)?;
                }
            }

            builder.position_at_end(on_its_own);
            let mut at_exchange = builder
                .build_int_compare(
                    IntPredicate::UGE,
                    high_state,
                    i32_type.const_int(u64::from(first_exchange), false),
                    "at_exchange",
                )
                .map_err(fail)?;
            // A warp run's exchange is the identity: `warp_run_pass` did the work.
            if !regions.warp_runs.is_empty() {
                let runs = regions.warp_runs.iter().map(|(state, _)| *state);
                let at_run = state_among(&builder, context, high_state, runs).map_err(fail)?;
                let other = builder.build_not(at_run, "not_run").map_err(fail)?;
                at_exchange = builder
                    .build_and(at_exchange, other, "at_exchange")
                    .map_err(fail)?;
            }
            builder
                .build_conditional_branch(at_exchange, exchanging, join)
                .map_err(fail)?;
            builder.position_at_end(exchanging);
            let columns = Columns::of(&builder, context, scratch, states, count).map_err(fail)?;
            // A ballot: its own pass, which reads neither kinds nor source lanes.
            let mut ballot_done = None;
            if !regions.ballots.is_empty() {
                let ballots = regions.ballots.iter().copied();
                let is_ballot =
                    state_among(&builder, context, high_state, ballots).map_err(fail)?;
                let balloting = context.append_basic_block(group, "exchange.ballot");
                let other = context.append_basic_block(group, "exchange.other");
                builder
                    .build_conditional_branch(is_ballot, balloting, other)
                    .map_err(fail)?;
                builder.position_at_end(balloting);
                ballot_pass(&builder, context, group, exchange, &columns).map_err(fail)?;
                ballot_done = Some(builder.get_insert_block().ok_or_else(missing)?);
                builder.build_unconditional_branch(join).map_err(fail)?;
                builder.position_at_end(other);
            }
            // A shuffle whose pattern is a constant (every work-item waiting there offered
            // the same): the runtime's copies over the group ([`PATTERNED_SLOT`]); anything
            // else, lane by lane.
            let mut patterned_done = None;
            if let Some((table, table_type, _)) = pattern_table {
                let lane_by_lane = context.append_basic_block(group, "exchange.lanes");
                let call_block = context.append_basic_block(group, "exchange.patterned");
                let (pattern, known) =
                    state_pattern(&builder, context, (table, table_type), high_state)
                        .map_err(fail)?;
                builder
                    .build_conditional_branch(known, call_block, lane_by_lane)
                    .map_err(fail)?;
                builder.position_at_end(call_block);
                let done = call_runtime(
                    &builder,
                    context,
                    current,
                    (PATTERNED_SLOT, "exchange_patterned"),
                    &[scratch.into(), states.into(), count.into(), pattern.into()],
                )
                .map_err(fail)?;
                let done = builder
                    .build_int_compare(IntPredicate::NE, done, i32_type.const_zero(), "done")
                    .map_err(fail)?;
                let call_block = builder.get_insert_block().ok_or_else(missing)?;
                patterned_done = Some((done, call_block, lane_by_lane));
                builder.position_at_end(lane_by_lane);
            }
            exchange_pass(&builder, context, group, exchange, &columns).map_err(fail)?;
            let mut exchanged = builder.get_insert_block().ok_or_else(missing)?;
            if let Some((done, call_block, lane_by_lane)) = patterned_done {
                // Both ways meet before the join.
                let end = context.append_basic_block(group, "exchange.end");
                builder.build_unconditional_branch(end).map_err(fail)?;
                builder.position_at_end(call_block);
                let declined = context.append_basic_block(group, "exchange.declined");
                builder
                    .build_conditional_branch(done, end, declined)
                    .map_err(fail)?;
                builder.position_at_end(declined);
                if let Some(table) = pattern_table {
                    fill_patterned_operands(&builder, context, group, &columns, table, visited)
                        .map_err(fail)?;
                }
                builder
                    .build_unconditional_branch(lane_by_lane)
                    .map_err(fail)?;
                builder.position_at_end(end);
                exchanged = end;
            }
            builder.build_unconditional_branch(join).map_err(fail)?;

            builder.position_at_end(through_runtime);
            if let Some(table) = pattern_table {
                let columns =
                    Columns::of(&builder, context, scratch, states, count).map_err(fail)?;
                fill_patterned_operands(&builder, context, group, &columns, table, visited)
                    .map_err(fail)?;
            }
            let outcome = call_runtime(
                &builder,
                context,
                current,
                (EXCHANGE_SLOT, "exchange"),
                &[
                    current.into(),
                    scratch.into(),
                    states.into(),
                    count.into(),
                    slot_bytes.into(),
                    i32_type.const_int(u64::from(first_exchange), false).into(),
                ],
            )
            .map_err(fail)?;
            let left_waiting = builder
                .build_int_compare(
                    IntPredicate::UGT,
                    outcome,
                    i32_type.const_int(MIXED_STATES, false),
                    "left_waiting",
                )
                .map_err(fail)?;
            builder
                .build_store(exchange.waiting, left_waiting)
                .map_err(fail)?;
            let scheduled = builder
                .build_and(
                    outcome,
                    i32_type.const_int(MIXED_STATES, false),
                    "scheduled",
                )
                .map_err(fail)?;
            let mixed_states = builder
                .build_int_compare(
                    IntPredicate::EQ,
                    scheduled,
                    i32_type.const_int(MIXED_STATES, false),
                    "mixed_states",
                )
                .map_err(fail)?;

            // The next phase runs the loop of the state the runnable work-items share over
            // them alone when they are one run of a row, or the whole group, with no waiting
            // or returned one among them (a box); otherwise the generic loop over their
            // range.
            let mut run_in_box = bool_type.const_zero();
            if let (Some((from, to)), Some((box_first, box_end))) = (range, &boxed) {
                let dense = runnable_range(
                    &builder,
                    context,
                    group,
                    (states, count),
                    (from, to),
                    regions.states_scope,
                )
                .map_err(fail)?;
                let first = builder
                    .build_load(i64_type, from, "from")
                    .map_err(fail)?
                    .into_int_value();
                let last = builder
                    .build_load(i64_type, to, "to")
                    .map_err(fail)?
                    .into_int_value();
                let row_items = wide(extent[0]).map_err(fail)?;
                let shape = (row_items, wide(extent[1]).map_err(fail)?);
                let ([x, y, z], rows) = coordinates_of(&builder, first, shape).map_err(fail)?;
                let final_item = builder
                    .build_int_sub(last, i64_type.const_int(1, false), "run.last")
                    .map_err(fail)?;
                let final_rows = builder
                    .build_int_unsigned_div(final_item, row_items, "run.last.rows")
                    .map_err(fail)?;
                let one_row = builder
                    .build_int_compare(IntPredicate::EQ, rows, final_rows, "run.one_row")
                    .map_err(fail)?;
                let whole = builder
                    .build_int_compare(IntPredicate::EQ, last, count, "run.to_end")
                    .map_err(fail)?;
                let from_start = builder
                    .build_int_compare(
                        IntPredicate::EQ,
                        first,
                        i64_type.const_zero(),
                        "run.from_start",
                    )
                    .map_err(fail)?;
                let whole = builder
                    .build_and(whole, from_start, "run.whole")
                    .map_err(fail)?;
                let boxed_run = builder
                    .build_or(one_row, whole, "run.boxed")
                    .map_err(fail)?;
                run_in_box = builder
                    .build_and(dense, boxed_run, "run.in_box")
                    .map_err(fail)?;
                // A run of one row gets a box of its own; the whole group keeps the whole box.
                let one_row = builder
                    .build_and(run_in_box, one_row, "run.in_row")
                    .map_err(fail)?;
                let length = builder
                    .build_int_sub(last, first, "run.length")
                    .map_err(fail)?;
                let x_end = builder
                    .build_int_add(x, length, "run.x.end")
                    .map_err(fail)?;
                let one = i64_type.const_int(1, false);
                let bounds = [
                    (x, x_end),
                    (y, builder.build_int_add(y, one, "run.y.end").map_err(fail)?),
                    (z, builder.build_int_add(z, one, "run.z.end").map_err(fail)?),
                ];
                for (axis, (start, stop)) in bounds.into_iter().enumerate() {
                    for (variable, value, full) in [
                        (box_first[axis], start, i32_type.const_zero()),
                        (box_end[axis], stop, extent[axis]),
                    ] {
                        let narrow = builder
                            .build_int_truncate(value, i32_type, "run.bound")
                            .map_err(fail)?;
                        let chosen = builder
                            .build_select(one_row, narrow, full, "box.bound")
                            .map_err(fail)?;
                        builder.build_store(variable, chosen).map_err(fail)?;
                    }
                }
            }
            let not_in_box = builder.build_not(run_in_box, "not_in_box").map_err(fail)?;
            let mixed_states = builder
                .build_or(mixed_states, not_in_box, "mixed_or_scattered")
                .map_err(fail)?;
            let runtime_block = builder.get_insert_block().ok_or_else(missing)?;
            builder.build_unconditional_branch(join).map_err(fail)?;

            builder.position_at_end(join);
            let next_state = builder.build_phi(i32_type, "next.state").map_err(fail)?;
            next_state.add_incoming(&[
                (&high_state, on_its_own),
                (&high_state, exchanged),
                (&scheduled, runtime_block),
            ]);
            if let Some(kept) = box_exchanged {
                next_state.add_incoming(&[(&high_state, kept)]);
            }
            if let Some(balloted) = ballot_done {
                next_state.add_incoming(&[(&high_state, balloted)]);
            }
            let diverged = builder.build_phi(bool_type, "diverged").map_err(fail)?;
            diverged.add_incoming(&[
                (&partial, on_its_own),
                (&partial, exchanged),
                (&mixed_states, runtime_block),
            ]);
            if let Some(kept) = box_exchanged {
                diverged.add_incoming(&[(&bool_type.const_zero(), kept)]);
            }
            if let Some(balloted) = ballot_done {
                diverged.add_incoming(&[(&partial, balloted)]);
            }
            (
                next_state.as_basic_value().into_int_value(),
                diverged.as_basic_value().into_int_value(),
            )
        }
        _ => {
            let diverged = builder.build_not(uniform, "diverged").map_err(fail)?;
            (high_state, diverged)
        }
    };
    let diverged = match regions.first_exchange {
        Some(_) => diverged,
        None => {
            if two_forms {
                builder.build_store(returned, partial).map_err(fail)?;
            }
            diverged
        }
    };
    builder.build_store(mixed, diverged).map_err(fail)?;
    builder.build_store(state, next_state).map_err(fail)?;
    let finished = builder
        .build_int_compare(
            IntPredicate::EQ,
            next_state,
            i32_type.const_zero(),
            "finished",
        )
        .map_err(fail)?;
    builder
        .build_conditional_branch(finished, done, phase)
        .map_err(fail)?;
    builder.position_at_end(done);
    builder.build_return(None).map_err(fail)?;
    Ok(())
}
