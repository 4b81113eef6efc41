//! Masked vector stores on the CPU target, after optimisation: on AMD's processors, each
//! `llvm.masked.store` whose mask is not a constant is a plain vector store when every lane
//! is on, nothing when none is, and the masked store only for a mixed mask.
//!
//! The loops of work-items that the vectoriser makes of a kernel's `if (i < n) out[i] = …`
//! or `if (tid < stride) s[tid] += …` store through masks, and AVX2's masked store
//! (`vpmaskmovd`/`vmaskmovps`) is microcoded on AMD's processors: 3.4 ns a store on this
//! project's development machine (AMD EPYC, Zen 4) whatever the mask, against 0.4 ns for a
//! plain one (`benches/cpu_target`'s `block_sum` spent four fifths of its time in them).
//! In those loops nearly every mask is all on or all off (a run of work-items takes one side
//! of a branch), so two tests of the mask's bits (one `vmovmskps`) buy the plain store, or
//! none.
//!
//! Intel's processors take a masked store in about a cycle, and there the tests cost more
//! than they save: the branch mispredicts where the masks turn from on to off (`block_sum`
//! took 20% longer on the lent H200 machine's Xeon with them), and a test of a flag inside
//! the loop, which LLVM's unswitching does not always take out of it, cost as much. So the
//! entry points whose code has such stores get a third copy, [`TESTED_SUFFIX`] after the
//! `x86-64-v3` one's name, made from the optimised code with the stores tested
//! ([`add_tested_copies`]); the runtime chooses it on AMD's (and Hygon's) processors and the
//! untested one elsewhere. Only the back end runs on the copy.
//!
//! The store keeps its alignment and metadata; a mixed mask still takes the masked store.

use inkwell::basic_block::BasicBlock;
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, InstructionOpcode};
use inkwell::IntPredicate;

use inkwell::llvm_sys::core::{
    LLVMAddIncoming, LLVMBuildPhi, LLVMCountIncoming, LLVMDisposeValueMetadataEntries,
    LLVMGetBasicBlockTerminator, LLVMGetCallSiteEnumAttribute, LLVMGetCalledValue,
    LLVMGetEnumAttributeKindForName, LLVMGetEnumAttributeValue, LLVMGetFirstInstruction,
    LLVMGetIncomingBlock, LLVMGetIncomingValue, LLVMGetInstructionParent, LLVMGetNextInstruction,
    LLVMGetNumArgOperands, LLVMGetNumSuccessors, LLVMGetOperand, LLVMGetSuccessor, LLVMGetTypeKind,
    LLVMGetValueName2, LLVMGetVectorSize, LLVMInsertIntoBuilder, LLVMInstructionEraseFromParent,
    LLVMInstructionGetAllMetadataOtherThanDebugLoc, LLVMInstructionRemoveFromParent,
    LLVMIsAConstant, LLVMIsAPHINode, LLVMMetadataAsValue, LLVMPositionBuilderBefore,
    LLVMReplaceAllUsesWith, LLVMSetAlignment, LLVMSetMetadata, LLVMSetValueName2, LLVMTypeOf,
    LLVMValueMetadataEntriesGetKind, LLVMValueMetadataEntriesGetMetadata,
};
use inkwell::llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use inkwell::llvm_sys::LLVMTypeKind;

use crate::CodegenError;

const MASKED_STORE: &[u8] = b"llvm.masked.store.";

/// What the tested copy adds to an entry point's name (after `.x86-64-v3`); the runtime
/// looks for `__oxhip_cpu_group.K.x86-64-v3.tested` and so on.
pub(crate) const TESTED_SUFFIX: &str = ".tested";

/// Adds to `module` (optimised) a copy of each entry point whose code has a masked store
/// with a computed mask, named with [`TESTED_SUFFIX`], whose stores test their masks
/// ([`split`]). The copy's functions share the original's variables (declarations of them)
/// and duplicate its constants; functions of the copy that no copied entry point reaches
/// are dropped (`globaldce`). Returns how many entry points were copied.
pub(crate) fn add_tested_copies<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    machine: &inkwell::targets::TargetMachine,
    description: &str,
) -> Result<usize, CodegenError> {
    use std::collections::{HashMap, HashSet};
    // Which defined functions store through a computed mask, and which entry points reach
    // one of them through direct calls.
    let mut callees: HashMap<String, Vec<String>> = HashMap::new();
    let mut storing: HashSet<String> = HashSet::new();
    for function in module.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        let name = function.get_name().to_string_lossy().into_owned();
        let mut called = Vec::new();
        for block in function.get_basic_blocks() {
            for instruction in block.get_instructions() {
                if instruction.get_opcode() != InstructionOpcode::Call {
                    continue;
                }
                let call = instruction.as_value_ref();
                if is_masked_store(call) && computed_mask(call) {
                    storing.insert(name.clone());
                }
                // SAFETY: `call` is a live call instruction.
                let callee = unsafe { LLVMGetCalledValue(call) };
                // SAFETY: as above; the callee's name is read only if it is a function.
                if !callee.is_null()
                    && !unsafe { inkwell::llvm_sys::core::LLVMIsAFunction(callee) }.is_null()
                {
                    called.push(String::from_utf8_lossy(&unsafe { name_of(callee) }).into_owned());
                }
            }
        }
        callees.insert(name, called);
    }
    // SAFETY: reads the live module's lists of aliases and ifuncs.
    let has_aliases = unsafe {
        !inkwell::llvm_sys::core::LLVMGetFirstGlobalAlias(module.as_mut_ptr()).is_null()
            || !inkwell::llvm_sys::core::LLVMGetFirstGlobalIFunc(module.as_mut_ptr()).is_null()
    };
    // A module with aliases has no x86-64-v3 copy either (`cpu_variants`).
    if storing.is_empty() || has_aliases {
        return Ok(0);
    }
    let reaches = |entry: &str| {
        let mut seen = HashSet::new();
        let mut work = vec![entry.to_owned()];
        while let Some(name) = work.pop() {
            if storing.contains(&name) {
                return true;
            }
            if seen.insert(name.clone()) {
                work.extend(callees.get(&name).into_iter().flatten().cloned());
            }
        }
        false
    };
    let entries: HashSet<String> = callees
        .keys()
        .filter(|name| {
            [
                crate::cpu::ENTRY_PREFIX,
                crate::cpu::ROW_PREFIX,
                crate::cpu::GROUP_PREFIX,
            ]
            .iter()
            .any(|prefix| name.starts_with(prefix))
        })
        .filter(|name| reaches(name))
        .cloned()
        .collect();
    if entries.is_empty() {
        return Ok(0);
    }
    crate::cpu_variants::share_variables(module);
    let copy = crate::cpu_variants::copy_sharing_variables(module);
    for function in copy.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        let name = function.get_name().to_string_lossy().into_owned();
        function
            .as_global_value()
            .set_name(&format!("{name}{TESTED_SUFFIX}"));
        // SAFETY: `function` is a function of the live copy; a comdat shared with the
        // original would make the link drop the copy's members as duplicates.
        unsafe {
            inkwell::llvm_sys::comdat::LLVMSetComdat(function.as_value_ref(), std::ptr::null_mut())
        };
        if !entries.contains(&name) {
            function.set_linkage(inkwell::module::Linkage::Internal);
        }
    }
    split(&copy, context, description)?;
    crate::cpu_variants::link(module, copy, description, "the tested copy")?;
    crate::run_pipeline(module, "globaldce", machine, description)?;
    Ok(entries.len())
}

/// Rewrites every masked store in `module` whose mask is computed (see the module
/// documentation). Returns how many were rewritten.
pub(crate) fn split<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    description: &str,
) -> Result<usize, CodegenError> {
    let mut stores = Vec::new();
    for function in module.get_functions() {
        for block in function.get_basic_blocks() {
            for instruction in block.get_instructions() {
                if instruction.get_opcode() == InstructionOpcode::Call
                    && is_masked_store(instruction.as_value_ref())
                {
                    stores.push(instruction.as_value_ref());
                }
            }
        }
    }
    let builder = context.create_builder();
    let fail = |error: inkwell::builder::BuilderError| crate::cpu::build_error(description, &error);
    let mut rewritten = 0;
    for call in stores {
        // SAFETY: `call` is a live call of `llvm.masked.store.*` (checked above): operand 0
        // is the value, 1 the pointer, and the mask is the last argument.
        let (mask, alignment) = unsafe {
            let arguments = LLVMGetNumArgOperands(call);
            let mask = LLVMGetOperand(call, arguments - 1);
            // LLVM 22 gives the alignment as the pointer's `align` attribute; older
            // bitcode as a constant third argument, which upgrades to the attribute.
            let kind = LLVMGetEnumAttributeKindForName(c"align".as_ptr(), 5);
            let attribute = LLVMGetCallSiteEnumAttribute(call, 2, kind);
            let alignment = if attribute.is_null() {
                1
            } else {
                LLVMGetEnumAttributeValue(attribute)
            };
            (mask, alignment)
        };
        // SAFETY: `mask` is a live value.
        if !unsafe { LLVMIsAConstant(mask) }.is_null() {
            continue;
        }
        // SAFETY: as above; the mask of a masked store is a fixed vector of `i1`.
        let lanes = unsafe {
            let ty = LLVMTypeOf(mask);
            if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
                continue;
            }
            LLVMGetVectorSize(ty)
        };
        let Some(bits_type) = std::num::NonZeroU32::new(lanes)
            .and_then(|lanes| context.custom_width_int_type(lanes).ok())
        else {
            continue;
        };
        let (head, rest) = split_at(context, &builder, call).map_err(fail)?;
        let full = context.insert_basic_block_after(head, "mask.all");
        let test = context.insert_basic_block_after(full, "mask.some");
        let partial = context.insert_basic_block_after(test, "mask.mixed");
        builder.position_at_end(head);
        // SAFETY: the call's mask (read again, as its value may be a replaced phi) is a live
        // `<lanes x i1>` value.
        let mask_value = unsafe {
            inkwell::values::VectorValue::new(LLVMGetOperand(call, LLVMGetNumArgOperands(call) - 1))
        };
        let bits = builder
            .build_bit_cast(mask_value, bits_type, "mask.bits")
            .map_err(fail)?
            .into_int_value();
        let all = builder
            .build_int_compare(
                IntPredicate::EQ,
                bits,
                bits_type.const_all_ones(),
                "mask.full",
            )
            .map_err(fail)?;
        builder
            .build_conditional_branch(all, full, test)
            .map_err(fail)?;
        builder.position_at_end(full);
        // SAFETY: the call's operands are live values; they are read again here because
        // `split_at` may have replaced a phi among them (a loop of one block).
        let store = unsafe {
            builder.build_store(
                inkwell::values::PointerValue::new(LLVMGetOperand(call, 1)),
                inkwell::values::BasicValueEnum::new(LLVMGetOperand(call, 0)),
            )
        }
        .map_err(fail)?;
        // SAFETY: `store` was just built; `call` is live until it is erased below.
        unsafe {
            LLVMSetAlignment(store.as_value_ref(), alignment as u32);
            copy_metadata(context, call, store.as_value_ref());
        }
        builder.build_unconditional_branch(rest).map_err(fail)?;
        builder.position_at_end(test);
        let any = builder
            .build_int_compare(IntPredicate::NE, bits, bits_type.const_zero(), "mask.any")
            .map_err(fail)?;
        builder
            .build_conditional_branch(any, partial, rest)
            .map_err(fail)?;
        builder.position_at_end(partial);
        // SAFETY: moves the call, which `split_at` left as the last instruction of `head`
        // before the branch this function built, into `partial`.
        unsafe {
            LLVMInstructionRemoveFromParent(call);
            LLVMInsertIntoBuilder(builder.as_mut_ptr(), call);
        }
        builder.build_unconditional_branch(rest).map_err(fail)?;
        rewritten += 1;
    }
    Ok(rewritten)
}

/// Whether the mask of masked store `call` is computed (not a constant).
fn computed_mask(call: LLVMValueRef) -> bool {
    // SAFETY: `call` is a live call of `llvm.masked.store.*`, whose last argument is the mask.
    unsafe { LLVMIsAConstant(LLVMGetOperand(call, LLVMGetNumArgOperands(call) - 1)).is_null() }
}

/// Whether `call` calls `llvm.masked.store.*`.
fn is_masked_store(call: LLVMValueRef) -> bool {
    // SAFETY: `call` is a live call instruction; its callee is a value whose name is
    // borrowed for the duration of this check.
    unsafe {
        let callee = LLVMGetCalledValue(call);
        if callee.is_null() {
            return false;
        }
        let mut length = 0;
        let name = LLVMGetValueName2(callee, &mut length);
        !name.is_null()
            && std::slice::from_raw_parts(name.cast::<u8>(), length).starts_with(MASKED_STORE)
    }
}

/// Splits the block of `call` after it: the instructions after the call, terminator
/// included, move to a new block, and the phis of the old block's successors name the new
/// one. The old block ends with `call` and no terminator. Returns (old block, new block).
fn split_at<'ctx>(
    context: &'ctx Context,
    builder: &inkwell::builder::Builder<'ctx>,
    call: LLVMValueRef,
) -> Result<(BasicBlock<'ctx>, BasicBlock<'ctx>), inkwell::builder::BuilderError> {
    // SAFETY: `call` is an instruction of a live function; its block is valid.
    let block = unsafe { BasicBlock::new(LLVMGetInstructionParent(call)) }
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
    let rest = context.insert_basic_block_after(block, "mask.rest");
    builder.position_at_end(rest);
    // SAFETY: moves the instructions after `call`, in order, into `rest`; both blocks
    // belong to the same live function.
    unsafe {
        let mut next = LLVMGetNextInstruction(call);
        while !next.is_null() {
            let following = LLVMGetNextInstruction(next);
            // The builder's insertion names the instruction anew: keep its name.
            let name = name_of(next);
            LLVMInstructionRemoveFromParent(next);
            LLVMInsertIntoBuilder(builder.as_mut_ptr(), next);
            LLVMSetValueName2(next, name.as_ptr().cast(), name.len());
            next = following;
        }
    }
    let old = block.as_mut_ptr();
    let new = rest.as_mut_ptr();
    // SAFETY: `rest` now ends in the old terminator; each successor's leading phis are live.
    unsafe {
        let terminator = LLVMGetBasicBlockTerminator(new);
        let mut seen: Vec<LLVMBasicBlockRef> = Vec::new();
        for index in 0..LLVMGetNumSuccessors(terminator) {
            let successor = LLVMGetSuccessor(terminator, index);
            if seen.contains(&successor) {
                continue;
            }
            seen.push(successor);
            retarget_phis(builder, successor, old, new);
        }
    }
    Ok((block, rest))
}

/// Replaces each phi of `block` that names `from` as a predecessor with one naming `to`.
///
/// # Safety
/// `block`, `from` and `to` are live blocks of one function.
unsafe fn retarget_phis(
    builder: &inkwell::builder::Builder<'_>,
    block: LLVMBasicBlockRef,
    from: LLVMBasicBlockRef,
    to: LLVMBasicBlockRef,
) {
    unsafe {
        let mut phi = LLVMGetFirstInstruction(block);
        while !phi.is_null() && !LLVMIsAPHINode(phi).is_null() {
            let next = LLVMGetNextInstruction(phi);
            let count = LLVMCountIncoming(phi);
            let names_from = (0..count).any(|index| LLVMGetIncomingBlock(phi, index) == from);
            if names_from {
                LLVMPositionBuilderBefore(builder.as_mut_ptr(), phi);
                let name = name_of(phi);
                let replacement = LLVMBuildPhi(builder.as_mut_ptr(), LLVMTypeOf(phi), c"".as_ptr());
                for index in 0..count {
                    let mut value = LLVMGetIncomingValue(phi, index);
                    let mut incoming = LLVMGetIncomingBlock(phi, index);
                    if incoming == from {
                        incoming = to;
                    }
                    LLVMAddIncoming(replacement, &mut value, &mut incoming, 1);
                }
                LLVMInstructionSetDebugLoc(replacement, LLVMInstructionGetDebugLoc(phi));
                LLVMReplaceAllUsesWith(phi, replacement);
                LLVMInstructionEraseFromParent(phi);
                LLVMSetValueName2(replacement, name.as_ptr().cast(), name.len());
            }
            phi = next;
        }
    }
}

/// A copy of `value`'s name (empty for none).
///
/// # Safety
/// `value` is a live value.
unsafe fn name_of(value: LLVMValueRef) -> Vec<u8> {
    unsafe {
        let mut length = 0;
        let name = LLVMGetValueName2(value, &mut length);
        if name.is_null() {
            return Vec::new();
        }
        std::slice::from_raw_parts(name.cast::<u8>(), length).to_vec()
    }
}

/// Gives `to` the metadata of `from` (TBAA, alias scopes, the debug location).
///
/// # Safety
/// Both are live instructions of `context`.
unsafe fn copy_metadata(context: &Context, from: LLVMValueRef, to: LLVMValueRef) {
    unsafe {
        let mut count = 0;
        let entries = LLVMInstructionGetAllMetadataOtherThanDebugLoc(from, &mut count);
        for index in 0..count as u32 {
            let kind = LLVMValueMetadataEntriesGetKind(entries, index);
            let node = LLVMValueMetadataEntriesGetMetadata(entries, index);
            LLVMSetMetadata(to, kind, LLVMMetadataAsValue(context.raw(), node));
        }
        if !entries.is_null() {
            LLVMDisposeValueMetadataEntries(entries);
        }
        LLVMInstructionSetDebugLoc(to, LLVMInstructionGetDebugLoc(from));
    }
}

#[cfg(test)]
mod tests {
    use inkwell::context::Context;
    use inkwell::memory_buffer::MemoryBuffer;

    /// A loop of one block (its phis name the block itself), a masked store in it with a
    /// computed mask, and one with a constant mask after it.
    const LOOP: &str = r#"
define void @loop(ptr %out, <4 x i32> %limit, i64 %n) {
entry:
  br label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %body ]
  %lanes = phi <4 x i32> [ <i32 0, i32 1, i32 2, i32 3>, %entry ], [ %step, %body ]
  %mask = icmp slt <4 x i32> %lanes, %limit
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %lanes, ptr align 4 %p, <4 x i1> %mask), !tbaa !0
  %step = add <4 x i32> %lanes, <i32 4, i32 4, i32 4, i32 4>
  %next = add i64 %i, 4
  %done = icmp uge i64 %next, %n
  br i1 %done, label %exit, label %body
exit:
  %last = phi i64 [ %next, %body ]
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %step, ptr align 16 %out, <4 x i1> <i1 true, i1 false, i1 true, i1 false>)
  ret void
}
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, <4 x i1>)
!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
"#;

    #[test]
    fn computed_masks_get_a_plain_store_and_phis_follow_the_split() {
        let context = Context::create();
        let buffer = MemoryBuffer::create_from_memory_range_copy(LOOP.as_bytes(), "loop");
        let module = context
            .create_module_from_ir(buffer)
            .expect("the IR parses");
        let rewritten = super::split(&module, &context, "test").expect("rewritten");
        assert_eq!(rewritten, 1, "only the computed mask is rewritten");
        module.verify().expect("the rewritten module verifies");
        let ir = module.print_to_string().to_string();
        // The loop's back edge now comes from the block after the store, and so does the
        // exit's incoming value.
        assert!(
            ir.contains("[ %next, %mask.rest ]"),
            "phis name the new block:\n{ir}"
        );
        assert!(
            ir.contains("%mask.bits = bitcast <4 x i1> %mask to i4"),
            "the mask's bits:\n{ir}"
        );
        assert!(
            ir.contains("store <4 x i32> %lanes, ptr %p, align 4, !tbaa !"),
            "a plain store with the alignment and TBAA:\n{ir}"
        );
        assert_eq!(
            ir.matches("call void @llvm.masked.store").count(),
            2,
            "the mixed case and the constant mask keep their masked stores:\n{ir}"
        );
    }
}
