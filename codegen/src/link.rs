//! Reading and linking bitcode: the inputs into one module, and the device library the way
//! clang's `-mlink-builtin-bitcode` does (hip-abi.md §7.1): only the definitions the inputs
//! reach, internalised, with the kernel module's `target-cpu`, `target-features` and denormal
//! mode.
//!
//! The LLVM C API has no `LinkOnlyNeeded` flag, so the library is pruned before linking: every
//! library definition that the inputs do not declare is made internal, `globaldce` drops what
//! those roots do not reach, and the roots are internalised after the link.

use std::collections::HashSet;

use inkwell::attributes::AttributeLoc;
use inkwell::context::Context;
use inkwell::llvm_sys::core::LLVMIsDeclaration;
use inkwell::llvm_sys::linker::LLVMLinkModules2;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::targets::TargetMachine;
use inkwell::values::{AnyValue, AsValueRef, FunctionValue};

use crate::internalize::{functions, is_local, make_internal, name, variables};
use crate::llvm_diagnostics::Collector;
use crate::{target, CodegenError, Target};

/// The function attributes that imported library code takes over from the kernel module.
const INHERITED_ATTRIBUTES: [&str; 4] = [
    "target-cpu",
    "target-features",
    "denormal-fp-math",
    "denormal-fp-math-f32",
];

/// Parses `inputs` into `context` and links them into the first one, which then gets the
/// target machine's triple and data layout.
pub(crate) fn parse_and_link<'ctx>(
    context: &'ctx Context,
    inputs: &[&[u8]],
    machine: &TargetMachine,
    description: &str,
    collector: &Collector,
) -> Result<Module<'ctx>, CodegenError> {
    let expected_triple = machine.get_triple().as_str().to_string_lossy().into_owned();
    let mut linked: Option<Module<'ctx>> = None;
    for (index, bytes) in inputs.iter().enumerate() {
        let module = parse(context, bytes, &format!("input{index}")).map_err(|message| {
            CodegenError::Parse {
                index,
                message: message.clone(),
            }
        })?;
        let found = module.get_triple().as_str().to_string_lossy().into_owned();
        if !found.is_empty() && architecture(&found) != architecture(&expected_triple) {
            return Err(CodegenError::TripleMismatch {
                index,
                expected: expected_triple,
                found,
            });
        }
        match &linked {
            None => linked = Some(module),
            Some(destination) => link_into(destination, module, description, collector)?,
        }
    }
    let module = linked.ok_or(CodegenError::NoInputs)?;
    module.set_triple(&machine.get_triple());
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    Ok(module)
}

fn architecture(triple: &str) -> &str {
    triple.split('-').next().unwrap_or(triple)
}

fn parse<'ctx>(context: &'ctx Context, bytes: &[u8], name: &str) -> Result<Module<'ctx>, String> {
    // A copy, because LLVM's bitcode reader wants a 4-byte-aligned buffer.
    let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, name);
    Module::parse_bitcode_from_buffer(&buffer, context).map_err(|message| message.to_string())
}

/// Links `source` into `destination`, consuming it.
fn link_into(
    destination: &Module<'_>,
    source: Module<'_>,
    description: &str,
    collector: &Collector,
) -> Result<(), CodegenError> {
    // Matching triples and layouts first keeps the linker from warning about them.
    source.set_triple(&destination.get_triple());
    source.set_data_layout(&destination.get_data_layout());
    // SAFETY: both modules live in the same context; `LLVMLinkModules2` destroys `source`, so
    // its wrapper is forgotten instead of dropped.
    let failed = unsafe { LLVMLinkModules2(destination.as_mut_ptr(), source.as_mut_ptr()) } != 0;
    std::mem::forget(source);
    let messages = collector.take();
    if failed || !messages.is_empty() {
        return Err(CodegenError::Link {
            target: description.to_owned(),
            message: if messages.is_empty() {
                "the LLVM linker failed".to_owned()
            } else {
                messages.join("; ")
            },
        });
    }
    Ok(())
}

/// Links the parts of `library` that `module` uses, as `-mlink-builtin-bitcode` would.
/// An empty `library` (a family without a device library) links nothing.
pub(crate) fn link_builtin(
    module: &Module<'_>,
    library: &[u8],
    options: &crate::Options,
    description: &str,
    collector: &Collector,
) -> Result<(), CodegenError> {
    if library.is_empty() {
        return Ok(());
    }
    let context = module.get_context();
    let library_module = parse_in(module, library).map_err(|message| CodegenError::DeviceLibs {
        target: description.to_owned(),
        message,
    })?;
    library_module.set_triple(&module.get_triple());
    library_module.set_data_layout(&module.get_data_layout());

    // What the inputs declare but do not define: the roots of the import.
    let raw = module.as_mut_ptr();
    let wanted: HashSet<String> = functions(raw)
        .into_iter()
        .chain(variables(raw))
        // SAFETY: `value` is a global of the live module `raw`.
        .filter(|value| unsafe { LLVMIsDeclaration(*value) } != 0)
        .map(name)
        .collect();
    let library_raw = library_module.as_mut_ptr();
    for value in functions(library_raw)
        .into_iter()
        .chain(variables(library_raw))
    {
        let value_name = name(value);
        // SAFETY: `value` is a global of the live library module.
        let is_declaration = unsafe { LLVMIsDeclaration(value) } != 0;
        if is_declaration || is_local(value) || value_name.starts_with("llvm.") {
            continue;
        }
        if !wanted.contains(&value_name) {
            make_internal(value);
        }
    }
    // No `globaldce` here: the library is read lazily, its bodies left unread, and a pass over
    // it would see them as empty. The linker moves the wanted definitions and, reading each
    // body as it moves it, the internal functions they reach; the rest is never read.
    let mut roots = Vec::new();
    for value in functions(library_raw)
        .into_iter()
        .chain(variables(library_raw))
    {
        // SAFETY: `value` is a global of the live library module.
        let is_declaration = unsafe { LLVMIsDeclaration(value) } != 0;
        if !is_declaration && !is_local(value) && !name(value).starts_with("llvm.") {
            roots.push(name(value));
        }
    }

    let inherited = inherited_attributes(module, &options.target);
    for function in library_module.get_functions() {
        if function.as_global_value().is_declaration() {
            continue;
        }
        for (key, value) in &inherited {
            function.remove_string_attribute(AttributeLoc::Function, key);
            if let Some(value) = value {
                function.add_attribute(
                    AttributeLoc::Function,
                    context.create_string_attribute(key, value),
                );
            }
        }
    }

    link_into(module, library_module, description, collector)?;

    for root in roots {
        if let Some(function) = module.get_function(&root) {
            make_internal(function.as_value_ref());
        } else if let Some(variable) = module.get_global(&root) {
            make_internal(variable.as_value_ref());
        }
    }
    if let Target::Amdgcn { cpu, features } = &options.target {
        define_control_variables(module, cpu, features, options);
    }
    Ok(())
}

/// The library as a lazily read module in `module`'s context: its globals and function
/// prototypes, each body read when the linker moves that function. The whole device library
/// took about 17 ms of a 160 ms code generation to read (docs/compile-time.md), most of it
/// functions no kernel calls.
fn parse_in<'ctx>(module: &Module<'ctx>, bytes: &[u8]) -> Result<Module<'ctx>, String> {
    use inkwell::llvm_sys::bit_reader::LLVMGetBitcodeModuleInContext2;
    use inkwell::llvm_sys::prelude::LLVMModuleRef;
    // A copy, because LLVM's bitcode reader wants a 4-byte-aligned buffer.
    let buffer = MemoryBuffer::create_from_memory_range_copy(bytes, "devicelibs");
    let mut raw: LLVMModuleRef = std::ptr::null_mut();
    // SAFETY: the context and buffer are live. LLVM takes the buffer whatever the outcome
    // (on success the module reads bodies from it later), so the wrapper is forgotten
    // instead of dropped.
    let failed = unsafe {
        LLVMGetBitcodeModuleInContext2(module.get_context().raw(), buffer.as_mut_ptr(), &mut raw)
    } != 0;
    std::mem::forget(buffer);
    if failed || raw.is_null() {
        return Err("the device library's bitcode does not read".to_owned());
    }
    // SAFETY: `raw` is a module just made in `module`'s context, owned by nothing else.
    Ok(unsafe { Module::new(raw) })
}

/// The kernel module's values of [`INHERITED_ATTRIBUTES`], from its first definition that has a
/// `target-cpu`; without one, the target's processor and features (and the default IEEE
/// denormal mode). `None` means "remove the attribute".
fn inherited_attributes(
    module: &Module<'_>,
    target: &Target,
) -> Vec<(&'static str, Option<String>)> {
    let model: Option<FunctionValue<'_>> = module.get_functions().find(|function| {
        !function.as_global_value().is_declaration()
            && function
                .get_string_attribute(AttributeLoc::Function, "target-cpu")
                .is_some()
    });
    match model {
        Some(function) => INHERITED_ATTRIBUTES
            .iter()
            .map(|key| {
                let value = function
                    .get_string_attribute(AttributeLoc::Function, key)
                    .map(|attribute| attribute.get_string_value().to_string_lossy().into_owned());
                (*key, value)
            })
            .collect(),
        None => {
            let (cpu, features) = target::cpu_and_features(target);
            let features = (!features.is_empty()).then_some(features);
            vec![
                ("target-cpu", Some(cpu)),
                ("target-features", features),
                ("denormal-fp-math", None),
                ("denormal-fp-math-f32", None),
            ]
        }
    }
}

/// Defines the ROCm device-library control variables (`__oclc_*`, hip-abi.md §7.1) that the
/// linked code still declares, as internal constants, the way clang's `oclc_*.bc` files would.
fn define_control_variables(
    module: &Module<'_>,
    cpu: &str,
    features: &str,
    options: &crate::Options,
) {
    let wave64 = if features.contains("+wavefrontsize64") {
        true
    } else if features.contains("-wavefrontsize64") || features.contains("+wavefrontsize32") {
        false
    } else {
        // gfx9 and older run 64 lanes; gfx10 and newer default to 32.
        isa_version(cpu).is_some_and(|version| version < 10_000)
    };
    let abi_version = module
        .get_flag("amdhsa_code_object_version")
        .and_then(|flag| {
            flag.print_to_string()
                .to_string_lossy()
                .split_whitespace()
                .last()
                .and_then(|text| text.parse::<u64>().ok())
        })
        .unwrap_or(500);
    let values: [(&str, Option<u64>); 7] = [
        ("__oclc_ABI_version", Some(abi_version)),
        ("__oclc_ISA_version", isa_version(cpu)),
        ("__oclc_wavefrontsize64", Some(u64::from(wave64))),
        (
            "__oclc_correctly_rounded_sqrt32",
            Some(u64::from(options.prec_sqrt)),
        ),
        ("__oclc_finite_only_opt", Some(u64::from(options.fast_math))),
        ("__oclc_unsafe_math_opt", Some(u64::from(options.fast_math))),
        ("__oclc_daz_opt", Some(u64::from(options.flush_denormals))),
    ];
    for (variable_name, value) in values {
        let (Some(variable), Some(value)) = (module.get_global(variable_name), value) else {
            continue;
        };
        if !variable.is_declaration() {
            continue;
        }
        let inkwell::types::AnyTypeEnum::IntType(int_type) = variable.get_value_type() else {
            continue;
        };
        variable.set_initializer(&int_type.const_int(value, false));
        variable.set_constant(true);
        make_internal(variable.as_value_ref());
    }
}

/// `major×1000 + minor×100 + stepping` for `gfx<major><minor><stepping>`, minor and stepping
/// being one hexadecimal digit each (gfx90a → 9010, gfx942 → 9402, gfx1030 → 10300).
fn isa_version(cpu: &str) -> Option<u64> {
    let digits = cpu.strip_prefix("gfx")?;
    if digits.len() < 3 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let (major, rest) = digits.split_at(digits.len() - 2);
    let major: u64 = major.parse().ok()?;
    let mut rest = rest.chars();
    let minor = u64::from(rest.next()?.to_digit(16)?);
    let stepping = u64::from(rest.next()?.to_digit(16)?);
    Some(major * 1000 + minor * 100 + stepping)
}

#[cfg(test)]
mod tests {
    use super::isa_version;

    #[test]
    fn isa_versions() {
        let versions: Vec<Option<u64>> = [
            "gfx942",
            "gfx90a",
            "gfx1030",
            "gfx1100",
            "gfx9-generic",
            "sm_90",
        ]
        .into_iter()
        .map(isa_version)
        .collect();
        assert_eq!(
            versions,
            [Some(9402), Some(9010), Some(10300), Some(11000), None, None]
        );
    }
}
