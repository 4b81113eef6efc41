//! What an NVIDIA GPU can hold, checked before the backend runs, so that a program that
//! cannot load gets a compile-time error naming the kernel or the variables rather than
//! `hipErrorInvalidKernelFile` from the driver's JIT at run time (issue 24).
//!
//! - Kernel parameters: 4,352 bytes per kernel before Volta or below PTX ISA 8.1 (ptxas 12.9:
//!   "0x1100 max"; CUDA documents 4 KB); 32,764 bytes from `sm_70` on with PTX ISA 8.1 (CUDA
//!   12.1). A module with a kernel above 4,096 bytes is emitted as PTX 8.1 (or the target's own
//!   ISA when newer); every other module keeps the target's floor, so that older drivers still
//!   load it.
//! - `__constant__` variables (NVPTX address space 4): 65,536 bytes per module.
//!
//! AMD GPUs read kernel arguments and `__constant__` variables from global memory, and the
//! runtime sizes each kernarg segment from the code object, so neither has a limit there; nor
//! has the CPU target.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::BasicTypeEnum;
use inkwell::values::AsValueRef as _;

use crate::internalize::PTX_KERNEL;
use crate::CodegenError;

/// Kernel parameter bytes before `sm_70`, and from `sm_70` on with PTX ISA 8.1 and later.
const PARAMS_BEFORE_VOLTA: u64 = 4352;
/// CUDA's documented limit before 12.1: above it a module gets PTX ISA 8.1.
const PARAMS_DOCUMENTED: u64 = 4096;
const PARAMS_FROM_VOLTA: u64 = 32764;
/// The PTX ISA that allows more than 4,096 bytes of kernel parameters.
pub(crate) const LARGE_PARAMS_PTX_ISA: u32 = 81;
/// NVIDIA's constant memory for `__constant__` variables.
const CONSTANT_BYTES: u64 = 65536;
/// NVPTX's constant address space.
const CONSTANT_ADDRESS_SPACE: u16 = 4;

/// What [`check_nvptx`] found that the emission needs to know.
pub(crate) struct Needs {
    /// Some kernel takes more than 4,096 bytes of parameters.
    pub(crate) large_params: bool,
}

/// Refuses kernels whose parameters, and modules whose `__constant__` variables, do not fit
/// `sm`; says whether the module needs PTX 8.1's large parameter space.
pub(crate) fn check_nvptx(
    module: &Module<'_>,
    target_data: &TargetData,
    sm: u32,
    description: &str,
) -> Result<Needs, CodegenError> {
    let limit = if sm >= 70 {
        PARAMS_FROM_VOLTA
    } else {
        PARAMS_BEFORE_VOLTA
    };
    let mut largest = 0;
    for function in module.get_functions() {
        if function.get_call_conventions() != PTX_KERNEL || function.count_basic_blocks() == 0 {
            continue;
        }
        let bytes = parameter_bytes(function, target_data);
        if bytes > limit {
            let name = function.get_name().to_string_lossy();
            return Err(CodegenError::KernelParamsTooLarge {
                target: description.to_owned(),
                kernel: demangled(&name),
                bytes,
                limit,
                hint: if sm < 70 {
                    " (32764 from sm_70 on)"
                } else {
                    ""
                },
            });
        }
        largest = largest.max(bytes);
    }

    let mut total = 0;
    let mut variables: Vec<(u64, String)> = Vec::new();
    for global in module.get_globals() {
        let pointer = global.as_pointer_value().get_type();
        if pointer.get_address_space() != CONSTANT_ADDRESS_SPACE.into() || global.is_declaration() {
            continue;
        }
        let Ok(ty) = BasicTypeEnum::try_from(global.get_value_type()) else {
            continue;
        };
        let bytes = target_data.get_abi_size(&ty);
        total += bytes;
        variables.push((bytes, demangled(&global.get_name().to_string_lossy())));
    }
    if total > CONSTANT_BYTES {
        variables.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let largest_variables = variables
            .iter()
            .take(3)
            .map(|(bytes, name)| format!("`{name}`, {bytes} bytes"))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(CodegenError::ConstantMemoryTooLarge {
            target: description.to_owned(),
            bytes: total,
            limit: CONSTANT_BYTES,
            largest: largest_variables,
        });
    }
    Ok(Needs {
        large_params: largest > PARAMS_DOCUMENTED,
    })
}

/// The bytes of `.param` space a kernel's parameters take: each at its alignment, `byval`
/// aggregates at their type's size.
fn parameter_bytes(function: inkwell::values::FunctionValue<'_>, target_data: &TargetData) -> u64 {
    let byval = Attribute::get_named_enum_kind_id("byval");
    let mut offset: u64 = 0;
    for (position, parameter) in function.get_param_iter().enumerate() {
        let location = AttributeLoc::Param(u32::try_from(position).unwrap_or(u32::MAX));
        let attribute = function
            .get_enum_attribute(location, byval)
            .filter(|attribute| attribute.is_type());
        let ty = attribute
            .as_ref()
            .and_then(|attribute| BasicTypeEnum::try_from(attribute.get_type_value()).ok())
            .unwrap_or_else(|| parameter.get_type());
        let size = target_data.get_abi_size(&ty);
        let align = u64::from(target_data.get_abi_alignment(&ty)).max(1);
        offset = offset.div_ceil(align) * align + size;
    }
    offset
}

/// Rewrites every function's `+ptxNN` target feature to `ptx_isa`, so that the functions'
/// subtargets agree with a target machine made for that ISA.
pub(crate) fn set_ptx_isa(module: &Module<'_>, context: &Context, ptx_isa: u32) {
    for function in module.get_functions() {
        let Some(attribute) =
            function.get_string_attribute(AttributeLoc::Function, "target-features")
        else {
            continue;
        };
        let features = attribute.get_string_value().to_string_lossy();
        let rewritten = features
            .split(',')
            .map(|feature| {
                if feature.starts_with("+ptx") {
                    format!("+ptx{ptx_isa}")
                } else {
                    feature.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(",");
        function.add_attribute(
            AttributeLoc::Function,
            context.create_string_attribute("target-features", &rewritten),
        );
    }
}

fn demangled(name: &str) -> String {
    cpp_demangle::Symbol::new(name)
        .ok()
        .and_then(|symbol| symbol.demangle(&cpp_demangle::DemangleOptions::new()).ok())
        .unwrap_or_else(|| name.to_owned())
}

/// The annotation oxhip's headers put on every HIP kernel compiled for NVIDIA
/// (`hip/oxhip/defines.h`); CUDA sources do not get it.
const HIP_KERNEL_ANNOTATION: &[u8] = b"oxhip.hip_kernel";
/// HIP's promise for a kernel without `__launch_bounds__`: blocks of up to 1,024 threads.
const HIP_DEFAULT_MAX_THREADS: &str = "1024";

/// Gives every HIP kernel that has no `__launch_bounds__` HIP's default bound, 1,024 threads,
/// as `"nvvm.maxntid"` (PTX `.maxntid`), so that the JIT keeps its registers within what a
/// 1,024-thread block can hold and every launch HIP allows can run (AMD compiles HIP kernels
/// for 1,024 threads the same way). nvcc leaves CUDA kernels unbounded, and so do we: the
/// headers annotate HIP kernels only (issue 24).
pub(crate) fn bound_hip_kernels(module: &Module<'_>, context: &Context) {
    let annotated = annotated_functions(module, HIP_KERNEL_ANNOTATION);
    for function in module.get_functions() {
        if function.get_call_conventions() != PTX_KERNEL
            || function
                .get_string_attribute(AttributeLoc::Function, "nvvm.maxntid")
                .is_some()
            || !annotated.contains(&function.as_value_ref())
        {
            continue;
        }
        function.add_attribute(
            AttributeLoc::Function,
            context.create_string_attribute("nvvm.maxntid", HIP_DEFAULT_MAX_THREADS),
        );
    }
}

/// The functions that `__attribute__((annotate(text)))` marks, from `llvm.global.annotations`.
fn annotated_functions(
    module: &Module<'_>,
    text: &[u8],
) -> std::collections::HashSet<inkwell::llvm_sys::prelude::LLVMValueRef> {
    use inkwell::llvm_sys::core::{
        LLVMGetAsString, LLVMGetInitializer, LLVMGetNamedGlobal, LLVMGetNumOperands,
        LLVMGetOperand, LLVMIsAConstantExpr, LLVMIsAGlobalVariable, LLVMIsConstantString,
    };
    let mut found = std::collections::HashSet::new();
    // SAFETY: reads constants of a live module; operand indices stay below the counts LLVM
    // reports, and every value is checked for its kind before it is read as one.
    unsafe {
        let list = LLVMGetNamedGlobal(module.as_mut_ptr(), c"llvm.global.annotations".as_ptr());
        if list.is_null() {
            return found;
        }
        let entries = LLVMGetInitializer(list);
        if entries.is_null() {
            return found;
        }
        for index in 0..u32::try_from(LLVMGetNumOperands(entries)).unwrap_or(0) {
            let entry = LLVMGetOperand(entries, index);
            if entry.is_null() || LLVMGetNumOperands(entry) < 2 {
                continue;
            }
            let strip = |mut value: inkwell::llvm_sys::prelude::LLVMValueRef| {
                while !value.is_null() && !LLVMIsAConstantExpr(value).is_null() {
                    value = LLVMGetOperand(value, 0);
                }
                value
            };
            let function = strip(LLVMGetOperand(entry, 0));
            let string = strip(LLVMGetOperand(entry, 1));
            if function.is_null() || string.is_null() || LLVMIsAGlobalVariable(string).is_null() {
                continue;
            }
            let data = LLVMGetInitializer(string);
            if data.is_null() || LLVMIsConstantString(data) == 0 {
                continue;
            }
            let mut length = 0usize;
            let bytes = LLVMGetAsString(data, &mut length);
            let bytes = std::slice::from_raw_parts(bytes.cast::<u8>(), length);
            if bytes.strip_suffix(b"\0").unwrap_or(bytes) == text {
                found.insert(function);
            }
        }
    }
    found
}
