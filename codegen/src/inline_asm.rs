//! Inline assembly written for another target: an error that names the target and the
//! statement (and the source line, where the module has line information) instead of PTX
//! that the CUDA driver rejects at load time, or an LLVM assembler message without a
//! source position.
//!
//! nvptx: LLVM copies inline assembly into the PTX text unchecked, so [`check_ptx`]
//! checks each statement's opcode against the instruction names of the PTX ISA (up to
//! 9.0). amdgcn and x86-64: LLVM's own assemblers reject what they do not know, and
//! [`from_backend_messages`] turns their `<inline asm>` messages into the same error.
//! [`locate`] finds the source line of a statement in a module compiled with line
//! tables, for the driver's second look at a failed compile.
//!
//! Deliberately not here: operand or type checking of PTX; only the opcode is checked,
//! which is what tells assembly for one vendor from another's.

use std::ffi::c_char;
use std::path::PathBuf;

use inkwell::context::Context;
use inkwell::llvm_sys::core::{
    LLVMGetCalledValue, LLVMGetDebugLocColumn, LLVMGetDebugLocDirectory, LLVMGetDebugLocFilename,
    LLVMGetDebugLocLine, LLVMGetInlineAsmAsmString, LLVMIsACallInst, LLVMIsAInlineAsm,
};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use inkwell::values::AsValueRef;

use crate::CodegenError;

/// Where an inline assembly statement is in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLine {
    pub file: PathBuf,
    pub line: u32,
    pub column: u32,
}

/// The base names (before the first `.`) of PTX instructions, ISA 1.0 to 9.0.
const PTX_OPCODES: &[&str] = &[
    "abs",
    "activemask",
    "add",
    "addc",
    "alloca",
    "and",
    "applypriority",
    "atom",
    "bar",
    "barrier",
    "bfe",
    "bfi",
    "bfind",
    "bmsk",
    "bra",
    "brev",
    "brkpt",
    "brx",
    "call",
    "clusterlaunchcontrol",
    "clz",
    "cnot",
    "copysign",
    "cos",
    "cp",
    "createpolicy",
    "cvt",
    "cvta",
    "discard",
    "div",
    "dp2a",
    "dp4a",
    "elect",
    "ex2",
    "exit",
    "fence",
    "fma",
    "fns",
    "getctarank",
    "getnctarank",
    "griddepcontrol",
    "isspacep",
    "istypeof",
    "ld",
    "ldmatrix",
    "ldu",
    "lg2",
    "lop3",
    "mad",
    "mad24",
    "madc",
    "mapa",
    "match",
    "max",
    "mbarrier",
    "membar",
    "min",
    "mma",
    "mov",
    "movmatrix",
    "mul",
    "mul24",
    "multimem",
    "nanosleep",
    "neg",
    "not",
    "or",
    "pmevent",
    "popc",
    "prefetch",
    "prefetchu",
    "prmt",
    "rcp",
    "red",
    "redux",
    "rem",
    "ret",
    "rsqrt",
    "sad",
    "selp",
    "set",
    "setmaxnreg",
    "setp",
    "shf",
    "shfl",
    "shl",
    "shr",
    "sin",
    "slct",
    "sqrt",
    "st",
    "stackrestore",
    "stacksave",
    "stmatrix",
    "sub",
    "subc",
    "suld",
    "suq",
    "sured",
    "sust",
    "szext",
    "tanh",
    "tcgen05",
    "tensormap",
    "testp",
    "tex",
    "tld4",
    "trap",
    "txq",
    "vabsdiff",
    "vabsdiff2",
    "vabsdiff4",
    "vadd",
    "vadd2",
    "vadd4",
    "vavrg2",
    "vavrg4",
    "vmad",
    "vmax",
    "vmax2",
    "vmax4",
    "vmin",
    "vmin2",
    "vmin4",
    "vote",
    "vset",
    "vset2",
    "vset4",
    "vshl",
    "vshr",
    "vsub",
    "vsub2",
    "vsub4",
    "wgmma",
    "wmma",
    "xor",
];

/// The first statement of `asm` (LLVM's inline assembly text: `$0` operands, `;` or
/// newlines between statements) whose opcode is not a PTX instruction.
pub(crate) fn first_non_ptx_statement(asm: &str) -> Option<String> {
    let mut text = String::new();
    // Comments out, so that a `;` or opcode inside one does not count.
    let mut rest = asm;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else {
            let mut chars = rest.chars();
            text.extend(chars.next());
            rest = chars.as_str();
        }
    }
    for statement in text.split([';', '\n']) {
        let mut statement = statement.trim().trim_start_matches(['{', '}']).trim();
        // Labels (`$L__x:`, `done:`) before an instruction.
        while let Some((label, after)) = statement.split_once(':') {
            let is_label = !label.is_empty()
                && label
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '%'));
            if !is_label {
                break;
            }
            statement = after.trim();
        }
        let statement = statement.trim_end_matches(['{', '}']).trim();
        // Directives (`.reg .pred p;`) and empty statements.
        if statement.is_empty() || statement.starts_with('.') {
            continue;
        }
        // A guard predicate (`@p`, `@!%p1`) before the opcode.
        let body = match statement.strip_prefix('@') {
            Some(guarded) => guarded
                .split_once(char::is_whitespace)
                .map_or("", |(_, after)| after)
                .trim_start(),
            None => statement,
        };
        let opcode = body.split(|c: char| c.is_whitespace()).next().unwrap_or("");
        let base = opcode.split('.').next().unwrap_or("");
        if !PTX_OPCODES.contains(&base) {
            return Some(statement.to_owned());
        }
    }
    None
}

/// Every inline assembly call in `module`: the assembly text and, with line tables, where.
fn sites(module: &Module<'_>) -> Vec<(String, Option<SourceLine>)> {
    let mut found = Vec::new();
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            for instruction in block.get_instructions() {
                let value: LLVMValueRef = instruction.as_value_ref();
                // SAFETY: `value` is a live instruction of `module`; the LLVM-C accessors below
                // only read it, and the strings they return are copied before the module changes.
                unsafe {
                    if LLVMIsACallInst(value).is_null() {
                        continue;
                    }
                    let callee = LLVMGetCalledValue(value);
                    if callee.is_null() || LLVMIsAInlineAsm(callee).is_null() {
                        continue;
                    }
                    let mut length = 0usize;
                    let text = LLVMGetInlineAsmAsmString(callee, &mut length);
                    let asm = read_string(text, length);
                    found.push((asm, location(value)));
                }
            }
        }
    }
    found
}

/// The debug location of `instruction`, when it has one.
///
/// # Safety
/// `instruction` must be a live instruction.
unsafe fn location(instruction: LLVMValueRef) -> Option<SourceLine> {
    // SAFETY: the caller passes a live instruction; LLVM returns null or a string of the
    // given length owned by the module's metadata.
    unsafe {
        let line = LLVMGetDebugLocLine(instruction);
        if line == 0 {
            return None;
        }
        let mut length = 0u32;
        let file = read_string(
            LLVMGetDebugLocFilename(instruction, &mut length),
            length as usize,
        );
        let mut dir_length = 0u32;
        let directory = read_string(
            LLVMGetDebugLocDirectory(instruction, &mut dir_length),
            dir_length as usize,
        );
        let path = if directory.is_empty() || file.starts_with('/') {
            PathBuf::from(file)
        } else {
            PathBuf::from(directory).join(file)
        };
        Some(SourceLine {
            file: path,
            line,
            column: LLVMGetDebugLocColumn(instruction),
        })
    }
}

/// Copies `length` bytes at `text` (null: the empty string).
///
/// # Safety
/// `text` is null or points to `length` readable bytes.
unsafe fn read_string(text: *const c_char, length: usize) -> String {
    if text.is_null() {
        return String::new();
    }
    // SAFETY: the caller guarantees `length` readable bytes at `text`.
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), length) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// nvptx: the first inline assembly statement of `module` that is not PTX.
pub(crate) fn check_ptx(module: &Module<'_>, description: &str) -> Result<(), CodegenError> {
    for (asm, location) in sites(module) {
        if let Some(statement) = first_non_ptx_statement(&asm) {
            return Err(CodegenError::InlineAsm {
                target: description.to_owned(),
                statement,
                location,
            });
        }
    }
    Ok(())
}

/// amdgcn and x86-64: an assembler message about inline assembly (`<inline asm>:1:2: invalid
/// instruction mnemonic 's_nop'` followed by the offending line) as an [`CodegenError::InlineAsm`]
/// naming the statement; other messages are left to the caller.
pub(crate) fn from_backend_messages(
    module: &Module<'_>,
    messages: &[String],
    description: &str,
) -> Option<CodegenError> {
    let message = messages.iter().find(|m| m.contains("<inline asm>"))?;
    // The message quotes the statement on its second line.
    let statement = message
        .lines()
        .nth(1)
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .unwrap_or("")
        .to_owned();
    let location = sites(module)
        .into_iter()
        .find(|(asm, _)| !statement.is_empty() && asm.contains(statement.as_str()))
        .and_then(|(_, location)| location);
    let reason = message
        .lines()
        .next()
        .and_then(|line| line.split_once(": "))
        .map(|(_, reason)| {
            reason
                .split_once(": ")
                .map_or(reason, |(_, detail)| detail)
                .trim()
        })
        .unwrap_or("");
    Some(CodegenError::InlineAsm {
        target: description.to_owned(),
        statement: if statement.is_empty() {
            reason.to_owned()
        } else {
            statement
        },
        location,
    })
}

/// Where `statement` is in `bitcode` (a module compiled with line tables): the first inline
/// assembly call whose text contains it.
/// An assembler quotes the statement with its operands allocated (`mov.u32 s2, ...` for
/// `mov.u32 $0, ...`), so when the whole statement is not found, the first call whose text
/// has the same opcode is taken.
pub fn locate(bitcode: &[u8], statement: &str) -> Option<SourceLine> {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(bitcode, "input");
    let module = Module::parse_bitcode_from_buffer(&buffer, &context).ok()?;
    let sites = sites(&module);
    let needle: String = statement.split_whitespace().collect::<Vec<_>>().join(" ");
    let whole = sites.iter().find_map(|(asm, location)| {
        let text: String = asm.split_whitespace().collect::<Vec<_>>().join(" ");
        text.contains(&needle).then(|| location.clone()).flatten()
    });
    let opcode = statement.split_whitespace().next()?;
    whole.or_else(|| {
        sites.iter().find_map(|(asm, location)| {
            asm.split(|c: char| c.is_whitespace() || c == ';' || c == '{' || c == '}')
                .any(|word| word == opcode)
                .then(|| location.clone())
                .flatten()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::first_non_ptx_statement;

    #[test]
    fn ptx_statements_pass() {
        for asm in [
            "mov.u32 $0, %laneid;",
            "{ .reg .pred p; setp.ne.b32 p, $1, 0; @p add.s32 $0, $0, 1; }",
            "// comment with s_nop\n  shfl.sync.idx.b32 $0, $1, $2, 0x1f, $3;",
            "$L__done: ret;",
            "@!p bra.uni $L__x;\n$L__x:\n  exit;",
            "prmt.b32 $0, $1, $2, $3; /* s_nop 0 */",
            "",
        ] {
            assert_eq!(first_non_ptx_statement(asm), None, "{asm}");
        }
    }

    #[test]
    fn foreign_statements_are_named() {
        assert_eq!(
            first_non_ptx_statement("s_nop 0").as_deref(),
            Some("s_nop 0")
        );
        assert_eq!(
            first_non_ptx_statement("mov.u32 $0, $1;\n v_add_f32 $0, $1, $2").as_deref(),
            Some("v_add_f32 $0, $1, $2")
        );
        assert_eq!(first_non_ptx_statement("pause").as_deref(), Some("pause"));
    }
}
