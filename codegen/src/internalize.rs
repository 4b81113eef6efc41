//! Internalisation: after linking, only kernels and the device variables the host registers
//! stay visible; everything else becomes `internal`, so the optimiser may inline it, specialise
//! it or drop it.
//!
//! This replaces clang's `-fvisibility=hidden` + `-mllvm -amdgpu-internalize-symbols` pairing
//! (hip-abi.md §7.1) and works the same for NVPTX and host code.
//! Declarations and `llvm.*` globals are never touched.

use inkwell::llvm_sys::comdat::LLVMSetComdat;
use inkwell::llvm_sys::core::{
    LLVMGetFirstFunction, LLVMGetFirstGlobal, LLVMGetFunctionCallConv, LLVMGetLinkage,
    LLVMGetMDNodeNumOperands, LLVMGetMDNodeOperands, LLVMGetMDString,
    LLVMGetNamedMetadataNumOperands, LLVMGetNamedMetadataOperands, LLVMGetNextFunction,
    LLVMGetNextGlobal, LLVMGetValueName2, LLVMGetVisibility, LLVMIsDeclaration, LLVMSetLinkage,
    LLVMSetVisibility,
};
use inkwell::llvm_sys::core::{
    LLVMGetInitializer, LLVMGetNamedGlobal, LLVMGetNumOperands, LLVMGetOperand,
    LLVMIsAConstantExpr, LLVMIsAMDString, LLVMIsExternallyInitialized,
};
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};
use inkwell::llvm_sys::{LLVMLinkage, LLVMVisibility};
use inkwell::module::Module;

/// `CallingConv::AMDGPU_KERNEL` in LLVM's `CallingConv.h`.
const AMDGPU_KERNEL: u32 = 91;
/// `CallingConv::PTX_Kernel` in LLVM's `CallingConv.h`.
pub(crate) const PTX_KERNEL: u32 = 71;

/// Internalises every defined function that is not a kernel and every defined variable that the
/// host cannot register. With `keep_visible_functions` (CPU targets, which have no kernel
/// calling convention), functions that are not hidden stay visible too.
pub(crate) fn internalize(module: &Module<'_>, keep_visible_functions: bool) {
    let raw = module.as_mut_ptr();
    let annotated_kernels = annotated_kernels(raw);
    for function in functions(raw) {
        if !is_candidate(function) {
            continue;
        }
        // SAFETY: `function` is a function of the live module `raw`.
        let calling_convention = unsafe { LLVMGetFunctionCallConv(function) };
        let is_kernel = calling_convention == AMDGPU_KERNEL
            || calling_convention == PTX_KERNEL
            || annotated_kernels.contains(&function);
        // SAFETY: as above.
        let is_visible =
            unsafe { LLVMGetVisibility(function) } != LLVMVisibility::LLVMHiddenVisibility;
        let stays_visible = is_kernel || (keep_visible_functions && is_visible);
        if !stays_visible {
            make_internal(function);
        }
    }
    let used = used_globals(raw);
    for variable in variables(raw) {
        if is_candidate(variable) && !is_registered_variable(variable, &used) {
            make_internal(variable);
        }
    }
}

/// A device variable the host side registers by name. clang marks those
/// `externally_initialized` and lists them in `llvm.compiler.used`; on AMDGPU it also makes them
/// `protected` under `-fvisibility=hidden` (on NVPTX they stay `hidden`). The CUID marker
/// `__hip_cuid_*` must survive as well.
fn is_registered_variable(variable: LLVMValueRef, used: &[LLVMValueRef]) -> bool {
    // SAFETY: `variable` is a global variable of a live module.
    let (externally_initialized, visibility) = unsafe {
        (
            LLVMIsExternallyInitialized(variable) != 0,
            LLVMGetVisibility(variable),
        )
    };
    externally_initialized
        || used.contains(&variable)
        || visibility != LLVMVisibility::LLVMHiddenVisibility
        || name(variable).starts_with("__hip_cuid_")
}

/// The globals listed in `llvm.used` and `llvm.compiler.used` (seen through address-space casts).
fn used_globals(module: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut used = Vec::new();
    for list_name in [c"llvm.used", c"llvm.compiler.used"] {
        // SAFETY: reading the initializer of a global of a live module; operand indices are
        // below the counts LLVM reports.
        unsafe {
            let list = LLVMGetNamedGlobal(module, list_name.as_ptr());
            if list.is_null() {
                continue;
            }
            let initializer = LLVMGetInitializer(list);
            if initializer.is_null() {
                continue;
            }
            let count = LLVMGetNumOperands(initializer);
            for index in 0..u32::try_from(count).unwrap_or(0) {
                let mut entry = LLVMGetOperand(initializer, index);
                while !entry.is_null() && !LLVMIsAConstantExpr(entry).is_null() {
                    entry = LLVMGetOperand(entry, 0);
                }
                if !entry.is_null() {
                    used.push(entry);
                }
            }
        }
    }
    used
}

/// A definition with a non-local linkage that is not reserved by LLVM.
fn is_candidate(value: LLVMValueRef) -> bool {
    // SAFETY: `value` is a global of a live module.
    let is_declaration = unsafe { LLVMIsDeclaration(value) } != 0;
    !is_declaration && !is_local(value) && !name(value).starts_with("llvm.")
}

pub(crate) fn is_local(value: LLVMValueRef) -> bool {
    // SAFETY: `value` is a global of a live module.
    let linkage = unsafe { LLVMGetLinkage(value) };
    matches!(
        linkage,
        LLVMLinkage::LLVMInternalLinkage | LLVMLinkage::LLVMPrivateLinkage
    )
}

/// Gives `value` internal linkage; local symbols must have default visibility and cannot
/// stay in a comdat that other objects could select.
pub(crate) fn make_internal(value: LLVMValueRef) {
    // SAFETY: `value` is a global definition of a live module; a null comdat removes it.
    unsafe {
        LLVMSetLinkage(value, LLVMLinkage::LLVMInternalLinkage);
        LLVMSetVisibility(value, LLVMVisibility::LLVMDefaultVisibility);
        LLVMSetComdat(value, std::ptr::null_mut());
    }
}

pub(crate) fn name(value: LLVMValueRef) -> String {
    let mut length = 0;
    // SAFETY: `value` is live; LLVM returns a pointer to `length` bytes owned by the value.
    unsafe {
        let pointer = LLVMGetValueName2(value, &mut length);
        if pointer.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(pointer.cast::<u8>(), length))
            .into_owned()
    }
}

pub(crate) fn functions(module: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut all = Vec::new();
    // SAFETY: walking the function list of a live module.
    let mut function = unsafe { LLVMGetFirstFunction(module) };
    while !function.is_null() {
        all.push(function);
        // SAFETY: `function` is an element of that list.
        function = unsafe { LLVMGetNextFunction(function) };
    }
    all
}

pub(crate) fn variables(module: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut all = Vec::new();
    // SAFETY: walking the global-variable list of a live module.
    let mut variable = unsafe { LLVMGetFirstGlobal(module) };
    while !variable.is_null() {
        all.push(variable);
        // SAFETY: `variable` is an element of that list.
        variable = unsafe { LLVMGetNextGlobal(variable) };
    }
    all
}

/// Functions named in `!nvvm.annotations` as `!{ptr @f, !"kernel", i32 1}` (the form older
/// NVPTX front ends write instead of the `ptx_kernel` calling convention).
fn annotated_kernels(module: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let key = c"nvvm.annotations";
    // SAFETY: reading named metadata of a live module; the operand buffers are sized from the
    // counts LLVM reports, and the strings LLVM returns are owned by the context.
    unsafe {
        let count = LLVMGetNamedMetadataNumOperands(module, key.as_ptr());
        let mut nodes = vec![std::ptr::null_mut(); count as usize];
        if count > 0 {
            LLVMGetNamedMetadataOperands(module, key.as_ptr(), nodes.as_mut_ptr());
        }
        let mut kernels = Vec::new();
        for node in nodes {
            let [subject, key, ..] = md_operands(node)[..] else {
                continue;
            };
            if !subject.is_null() && md_string(key) == Some(b"kernel".as_slice()) {
                kernels.push(subject);
            }
        }
        kernels
    }
}

/// The operands of the metadata node `node` (as values; null where an operand is not one).
///
/// # Safety
/// `node` is a metadata node of a live context.
pub(crate) unsafe fn md_operands(node: LLVMValueRef) -> Vec<LLVMValueRef> {
    // SAFETY: the buffer is sized from the count LLVM reports (the caller's promise covers
    // `node`).
    unsafe {
        let mut operands = vec![std::ptr::null_mut(); LLVMGetMDNodeNumOperands(node) as usize];
        LLVMGetMDNodeOperands(node, operands.as_mut_ptr());
        operands
    }
}

/// The bytes of `value` when it is a metadata string, else `None` (null included).
///
/// # Safety
/// `value` is null or a value of a live context, which owns the bytes for `'a`.
pub(crate) unsafe fn md_string<'a>(value: LLVMValueRef) -> Option<&'a [u8]> {
    // SAFETY: only a metadata string's bytes are read, with the length LLVM reports.
    unsafe {
        if value.is_null() || LLVMIsAMDString(value).is_null() {
            return None;
        }
        let mut length = 0u32;
        let text = LLVMGetMDString(value, &mut length);
        (!text.is_null()).then(|| std::slice::from_raw_parts(text.cast::<u8>(), length as usize))
    }
}
