//! Our NVVM reflect: answers `__nvvm_reflect("NAME")` queries with constants before
//! optimisation.
//!
//! LLVM 22's own NVVMReflect knows only `__CUDA_FTZ` (from a module flag) and `__CUDA_ARCH`,
//! answers `__CUDA_PREC_SQRT` with 0 and runs only inside the NVPTX pass pipeline
//! (hip-abi.md §0.10, §7.2), so we resolve all three explicitly from the compile options.
//! Unknown names get 0, as in LLVM.

use inkwell::llvm_sys::core::{
    LLVMConstInt, LLVMDeleteFunction, LLVMGetAsString, LLVMGetCalledValue, LLVMGetFirstUse,
    LLVMGetInitializer, LLVMGetNamedFunction, LLVMGetOperand, LLVMInstructionEraseFromParent,
    LLVMIsACallInst, LLVMIsAConstantExpr, LLVMIsAGetElementPtrInst, LLVMIsAGlobalVariable,
    LLVMIsAInstruction, LLVMIsConstantString, LLVMReplaceAllUsesWith, LLVMTypeOf,
};
use inkwell::llvm_sys::core::{LLVMIsACastInst, LLVMIsAConstantDataSequential};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::module::Module;

use crate::cpu_regions::users;
use crate::CodegenError;

/// The functions libdevice and clang's `__nvvm_reflect` builtin call.
const REFLECT_FUNCTIONS: [&str; 3] = ["__nvvm_reflect", "__nvvm_reflect_ocl", "llvm.nvvm.reflect"];

/// The values the queries resolve to.
pub(crate) struct Answers {
    /// `__CUDA_FTZ`: flush single-precision denormals.
    pub(crate) ftz: bool,
    /// `__CUDA_ARCH`: SM × 10, e.g. 900.
    pub(crate) arch: u32,
    /// `__CUDA_PREC_SQRT`: IEEE-rounded square root.
    pub(crate) prec_sqrt: bool,
}

impl Answers {
    fn value(&self, name: &str) -> u64 {
        match name {
            "__CUDA_FTZ" => u64::from(self.ftz),
            "__CUDA_ARCH" => u64::from(self.arch),
            "__CUDA_PREC_SQRT" => u64::from(self.prec_sqrt),
            _ => 0,
        }
    }
}

/// Replaces every call to a reflect function with its answer and deletes the then unused
/// declarations.
pub(crate) fn replace(module: &Module<'_>, answers: &Answers) -> Result<(), CodegenError> {
    let raw = module.as_mut_ptr();
    for function_name in REFLECT_FUNCTIONS {
        let Ok(c_name) = std::ffi::CString::new(function_name) else {
            continue;
        };
        // SAFETY: looking a name up in a live module.
        let function = unsafe { LLVMGetNamedFunction(raw, c_name.as_ptr()) };
        if function.is_null() {
            continue;
        }
        for call in users(function) {
            // SAFETY: `call` is a live user of `function`; only calls that call `function`
            // directly are rewritten, each exactly once, after which it is erased.
            unsafe {
                if LLVMIsACallInst(call).is_null() || LLVMGetCalledValue(call) != function {
                    continue;
                }
                let query =
                    query_name(LLVMGetOperand(call, 0)).ok_or_else(|| CodegenError::Reflect {
                        function: function_name.to_owned(),
                    })?;
                let answer = LLVMConstInt(LLVMTypeOf(call), answers.value(&query), 0);
                LLVMReplaceAllUsesWith(call, answer);
                LLVMInstructionEraseFromParent(call);
            }
        }
        // SAFETY: `function` is a declaration (or definition) nothing refers to any more.
        unsafe {
            if LLVMGetFirstUse(function).is_null() {
                LLVMDeleteFunction(function);
            }
        }
    }
    Ok(())
}

/// The string a reflect call asks about: its argument, seen through casts and GEPs (constant
/// expressions or instructions at O0), must be a global holding a constant C string.
fn query_name(argument: LLVMValueRef) -> Option<String> {
    let mut value = argument;
    // SAFETY: only inspects live values; operand 0 exists for the cast and GEP kinds tested.
    unsafe {
        for _ in 0..8 {
            if !LLVMIsAGlobalVariable(value).is_null() {
                break;
            }
            let is_expression = !LLVMIsAConstantExpr(value).is_null()
                || (!LLVMIsAInstruction(value).is_null()
                    && (!LLVMIsACastInst(value).is_null()
                        || !LLVMIsAGetElementPtrInst(value).is_null()));
            if !is_expression {
                return None;
            }
            value = LLVMGetOperand(value, 0);
        }
        if LLVMIsAGlobalVariable(value).is_null() {
            return None;
        }
        let initializer = LLVMGetInitializer(value);
        if initializer.is_null()
            || LLVMIsAConstantDataSequential(initializer).is_null()
            || LLVMIsConstantString(initializer) == 0
        {
            return None;
        }
        let mut length = 0;
        let text = LLVMGetAsString(initializer, &mut length);
        let bytes = std::slice::from_raw_parts(text.cast::<u8>(), length);
        let bytes = bytes.split(|byte| *byte == 0).next().unwrap_or_default();
        Some(String::from_utf8_lossy(bytes).into_owned())
    }
}
