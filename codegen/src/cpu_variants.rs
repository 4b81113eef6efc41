//! A second copy of a CPU image's code for newer x86-64 processors (`x86-64-v3`: AVX2, FMA,
//! F16C, BMI), which the runtime chooses at load time when the processor has those features.
//!
//! Images are built on one machine and run on another, so the baseline code must stay plain
//! x86-64; but kernels written for GPUs lean on `fma` (a libm call without FMA), half-precision
//! conversions (a libgcc call without F16C) and wide, masked vector operations, so a kernel
//! compiled for baseline x86-64 runs several times slower than it could on any recent server.
//!
//! The copy is made after `cpu::lower` and before the optimisation pipeline, so both copies are
//! optimised with the same module: every function of the copy is a clone marked
//! `"target-cpu"="x86-64-v3"`, calls only clones, and is renamed (`<name>` + [`SUFFIX`]); the
//! entry points (`__oxhip_cpu_entry.K`, `_row.K`, `_group.K`) stay visible under those names,
//! the rest becomes internal. Both copies share every variable (device variables the host
//! writes by name, shared memory, the work-item pointer): the copy's variables become
//! declarations of the original's, and the original's internal variables become hidden
//! external ones so that the copy can refer to them by name. Constants are duplicated.
//!
//! Modules above [`MAX_INSTRUCTIONS`] instructions get no copy (compile time).
//!
//! Not done: kernels that reach a function through a pointer kept in a variable (a virtual
//! call) reach the baseline function from the copy too; that is correct, only slower.
//! Modules with aliases or ifuncs get no copy.

use inkwell::attributes::AttributeLoc;
use inkwell::context::Context;
use inkwell::llvm_sys::comdat::LLVMSetComdat;
use inkwell::llvm_sys::core::{
    LLVMGetFirstGlobalAlias, LLVMGetFirstGlobalIFunc, LLVMSetInitializer,
};
use inkwell::llvm_sys::linker::LLVMLinkModules2;
use inkwell::module::{Linkage, Module};
use inkwell::values::AsValueRef;
use inkwell::GlobalVisibility;

use crate::cpu::{ENTRY_PREFIX, GROUP_PREFIX, ROW_PREFIX};
use crate::CodegenError;

/// What the copy's entry points add to the original's names; the runtime looks for
/// `__oxhip_cpu_row.K.x86-64-v3` and so on.
pub(crate) const SUFFIX: &str = ".x86-64-v3";
/// The processor the copy is compiled for.
const CPU: &str = "x86-64-v3";

/// Modules with more instructions than this (before optimisation) get no copy: optimising
/// the copy as well costs more than twice the time on large modules (a HeCBench program of
/// heavily templated kernels, `attentionMultiHeadKVCache`, went from 293 s of CPU to over
/// 1175 s), and a compile must not become unbounded for a speed-up of the CPU device. The
/// limit is a guess, about 14 times HeCBench's `atan2` (2,792); FIXME(#8): measure where
/// the optimiser's time goes on that program and bound it by that.
const MAX_INSTRUCTIONS: usize = 40_000;

/// The number of instructions in the functions `module` defines.
fn instruction_count(module: &Module<'_>) -> usize {
    module
        .get_functions()
        .flat_map(|function| function.get_basic_blocks())
        .map(|block| block.get_instructions().count())
        .sum()
}

/// Adds the `x86-64-v3` copy of `module`'s code to `module` (see the module documentation).
pub(crate) fn add<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    description: &str,
) -> Result<(), CodegenError> {
    if instruction_count(module) > MAX_INSTRUCTIONS {
        return Ok(());
    }
    let raw = module.as_mut_ptr();
    // SAFETY: `raw` is the live module.
    let has_aliases = unsafe {
        !LLVMGetFirstGlobalAlias(raw).is_null() || !LLVMGetFirstGlobalIFunc(raw).is_null()
    };
    if has_aliases {
        return Ok(());
    }
    share_variables(module);
    let copy = copy_sharing_variables(module);
    let cpu = context.create_string_attribute("target-cpu", CPU);
    for function in copy.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        let name = function.get_name().to_string_lossy().into_owned();
        let is_entry = [ENTRY_PREFIX, ROW_PREFIX, GROUP_PREFIX]
            .iter()
            .any(|prefix| name.starts_with(prefix));
        function
            .as_global_value()
            .set_name(&format!("{name}{SUFFIX}"));
        // SAFETY: `function` is a function of the live copy (see the comdat note in
        // `copy_sharing_variables`).
        unsafe { LLVMSetComdat(function.as_value_ref(), std::ptr::null_mut()) };
        if !is_entry {
            function.set_linkage(Linkage::Internal);
        }
        function.remove_string_attribute(AttributeLoc::Function, "target-cpu");
        function.add_attribute(AttributeLoc::Function, cpu);
    }
    link(module, copy, description, "the x86-64-v3 copy")
}

/// Makes `module`'s internal variables (not constants) hidden external ones, named, so that
/// a copy of its code can refer to them by name.
pub(crate) fn share_variables(module: &Module<'_>) {
    let mut unnamed = 0usize;
    for global in module.get_globals() {
        if global.is_declaration() || global.is_constant() {
            continue;
        }
        if !matches!(global.get_linkage(), Linkage::Internal | Linkage::Private) {
            continue;
        }
        if global.get_name().to_bytes().is_empty() {
            global.set_name(&format!("__oxhip_cpu_variable.{unnamed}"));
            unnamed += 1;
        }
        global.set_linkage(Linkage::External);
        global.set_visibility(GlobalVisibility::Hidden);
    }
}

/// A copy of `module` (after [`share_variables`]) whose variables are declarations of the
/// original's, with its own internal constants and without `llvm.*` globals; its functions
/// are the caller's to rename before [`link`].
pub(crate) fn copy_sharing_variables<'ctx>(module: &Module<'ctx>) -> Module<'ctx> {
    let copy = module.clone();
    for global in copy.get_globals() {
        let name = global.get_name().to_string_lossy().into_owned();
        if global.is_declaration() {
            continue;
        }
        if name.starts_with("llvm.") {
            // `llvm.used`, `llvm.global_ctors` and the like: nothing refers to them, and the
            // original keeps its own.
            // SAFETY: a global of the live copy that no other value uses; deleted once.
            unsafe { global.delete() };
            continue;
        }
        // SAFETY: `global` is a variable of the live copy. A comdat shared with the original
        // would make the link drop the copy's members as duplicates.
        unsafe { LLVMSetComdat(global.as_value_ref(), std::ptr::null_mut()) };
        if global.is_constant()
            && matches!(global.get_linkage(), Linkage::Internal | Linkage::Private)
        {
            continue;
        }
        // SAFETY: `global` is a variable of the live copy; without an initializer it is a
        // declaration, which the link resolves to the original's definition.
        unsafe { LLVMSetInitializer(global.as_value_ref(), std::ptr::null_mut()) };
        global.set_linkage(Linkage::External);
    }
    copy
}

/// Links `copy` (from [`copy_sharing_variables`], its functions renamed) into `module`;
/// `what` names it in an error.
pub(crate) fn link<'ctx>(
    module: &Module<'ctx>,
    copy: Module<'ctx>,
    description: &str,
    what: &str,
) -> Result<(), CodegenError> {
    // Not inkwell's `link_in_module`, which replaces the context's diagnostic handler (the
    // collector that reports backend errors such as bad inline assembly) for good.
    // SAFETY: both modules live in the same context; `LLVMLinkModules2` destroys `copy`, so its
    // wrapper is forgotten instead of dropped.
    let failed = unsafe { LLVMLinkModules2(module.as_mut_ptr(), copy.as_mut_ptr()) } != 0;
    std::mem::forget(copy);
    if failed {
        return Err(CodegenError::Link {
            target: description.to_owned(),
            message: format!("linking {what} failed"),
        });
    }
    Ok(())
}
