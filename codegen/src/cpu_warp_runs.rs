//! Warp-wide runs of shuffles for the CPU target (issue 26, item 6).
//!
//! A kernel split at warp exchanges (`cpu_regions`) stops at every shuffle: each lane stores
//! what it offers, the group function exchanges the words, and the next phase loads them
//! back. A warp reduction's or scan's five steps are five phases, five exchanges and five
//! rounds of frame traffic for two or three instructions of arithmetic each: the CPU device
//! ran `warp_sum` (benches/cpu_target) about 25 times slower than a plain loop.
//!
//! Here, before the kernel is split (after `cpu_regions`' cleanup has unrolled the warp
//! loops, before `reg2mem`), each *run* is found: a stretch of one block that holds at
//! least two shuffles whose kind, operand and width are constants, and otherwise only
//! instructions that act on their operands alone (integer and floating-point arithmetic but
//! integer division, comparisons, selects, casts between numbers, and a few pure
//! intrinsics). The run moves into a function of its own, `K.warp_run.<n>(ptr words)`,
//! which computes it for a whole warp at once: every value becomes a vector of 32, one
//! element per lane, and each shuffle a `shufflevector` by its constant pattern (the source
//! lanes of `cpu_regions::source_lane`'s rules, lane `j` being element `j`). What the run
//! reads from before it (at most 64 bits per lane, say a value and the lane's index within
//! the warp) is packed into one 64-bit word, and what is used after it (at most 64 bits) is
//! packed into the word the function leaves in its place. In the kernel, the run becomes a
//! call `i64 __oxhip_cpu_warp_run(i64 packed, i32 n)`, which `cpu_regions` stages as one
//! warp exchange that no lane reads another's word at (the identity shuffle, `up` by 0); the group function (`cpu::warp_run_pass`) calls `K.warp_run.<n>` on the words of
//! each warp whose live lanes all wait there before the exchange, so the runtime's and the
//! group function's exchange passes leave the results in place. A warp scan becomes one
//! phase boundary instead of five, and its arithmetic vector code over the warp.
//!
//! Semantics: the fibers' rules, where every live lane of the warp reaches the run. Lanes
//! that returned, and lanes past a partial warp's end, offer 0 at every shuffle of the run
//! (the function takes the warp's live lanes as a mask), as at a lone exchange. A warp whose
//! live lanes wait at the run and at a different exchange (`__shfl_sync` from two branches)
//! differs: lane by lane, each would meet the others' first shuffle; here the other
//! exchange completes with the run's lanes offering their packed word, and the run's lanes
//! get that word back instead of the run's results. CUDA and HIP leave such code undefined
//! (every lane named in a `__shfl_sync` mask must execute the same shuffle).

use std::collections::{HashMap, HashSet};

use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::values::{AsValueRef, FunctionValue};

use inkwell::llvm_sys::core::{
    LLVMAppendBasicBlockInContext, LLVMBuildBinOp, LLVMBuildCall2, LLVMBuildCast, LLVMBuildFCmp,
    LLVMBuildFNeg, LLVMBuildFreeze, LLVMBuildICmp, LLVMBuildInsertElement, LLVMBuildLoad2,
    LLVMBuildRetVoid, LLVMBuildSelect, LLVMBuildShuffleVector, LLVMBuildStore, LLVMConstInt,
    LLVMConstNull, LLVMConstVector, LLVMCreateBuilderInContext, LLVMDisposeBuilder,
    LLVMGetCalledValue, LLVMGetFCmpPredicate, LLVMGetFirstInstruction, LLVMGetICmpPredicate,
    LLVMGetIntTypeWidth, LLVMGetIntrinsicDeclaration, LLVMGetIntrinsicID, LLVMGetNextInstruction,
    LLVMGetNumArgOperands, LLVMGetNumOperands, LLVMGetOperand, LLVMGetParam, LLVMGetPoison,
    LLVMGetTypeContext, LLVMGetTypeKind, LLVMGlobalGetValueType, LLVMInstructionEraseFromParent,
    LLVMInt64TypeInContext, LLVMIntTypeInContext, LLVMIsAConstant, LLVMIsAConstantInt,
    LLVMIsPoison, LLVMIsUndef, LLVMPositionBuilderAtEnd, LLVMPositionBuilderBefore,
    LLVMReplaceAllUsesWith, LLVMSetAlignment, LLVMTypeOf, LLVMVectorType,
};
use inkwell::llvm_sys::prelude::{
    LLVMBasicBlockRef, LLVMBuilderRef, LLVMContextRef, LLVMTypeRef, LLVMValueRef,
};
use inkwell::llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::cpu_regions::{callee_name, is_call, opcode, users};

/// `i64 __oxhip_cpu_warp_run(i64 packed, i32 run)`: a run, staged as a warp exchange.
pub(crate) const RUN: &str = "__oxhip_cpu_warp_run";

/// Lanes of a warp on the CPU device.
pub(crate) const LANES: u32 = 32;

/// Bits per lane that a run may read from before it, and leave for after it.
pub(crate) const WORD_BITS: u32 = 64;

/// Instructions in one block past which no run is looked for (the search tries windows
/// whose count grows with the square of the block's shuffles).
const MOST_BLOCK_INSTRUCTIONS: usize = 4000;

/// The intrinsics a run may hold: pure, on numbers, overloaded on their result type alone,
/// with no operand that must stay a scalar but a constant `i1` (`abs`, `ctlz`, `cttz`).
const INTRINSICS: &[&str] = &[
    "llvm.smin.",
    "llvm.smax.",
    "llvm.umin.",
    "llvm.umax.",
    "llvm.abs.",
    "llvm.fabs.",
    "llvm.minnum.",
    "llvm.maxnum.",
    "llvm.minimum.",
    "llvm.maximum.",
    "llvm.fma.",
    "llvm.fmuladd.",
    "llvm.copysign.",
    "llvm.floor.",
    "llvm.ceil.",
    "llvm.trunc.",
    "llvm.rint.",
    "llvm.nearbyint.",
    "llvm.round.",
    "llvm.roundeven.",
    "llvm.ctpop.",
    "llvm.ctlz.",
    "llvm.cttz.",
    "llvm.bitreverse.",
    "llvm.bswap.",
];

/// Finds the runs of `kernel` (see the module documentation), moves each into a function of
/// its own and puts a call of [`RUN`] in its place. Returns the functions, the `n`th for the
/// calls whose second argument is `first + n`. `shuffle` is `__oxhip_cpu_shuffle`.
pub(crate) fn fuse<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    kernel: FunctionValue<'ctx>,
    shuffle: LLVMValueRef,
    first: u32,
) -> Vec<FunctionValue<'ctx>> {
    let mut runs = Vec::new();
    for block in crate::cpu_lockstep::blocks(kernel.as_value_ref()) {
        let body = block_instructions(block);
        if body.len() > MOST_BLOCK_INSTRUCTIONS
            || body
                .iter()
                .filter(|instruction| is_patterned_shuffle(**instruction, shuffle))
                .count()
                < 2
        {
            continue;
        }
        let lane_side = lane_side(&body, shuffle);
        let mut from = 0;
        while let Some(window) = best_window(&body[from..], shuffle, &lane_side) {
            let last = window.last;
            let index = first + runs.len() as u32;
            let name = format!("{}.warp_run.{index}", kernel.get_name().to_string_lossy());
            runs.push(replace(module, context, &window, shuffle, &name, index));
            from += last + 1;
        }
    }
    runs
}

/// A run found in a segment: its instructions in block order, what it reads from before it
/// and what is used after it (each with its bit width), and its last instruction's index in
/// the segment it was found in.
struct Window {
    members: Vec<LLVMValueRef>,
    inputs: Vec<(LLVMValueRef, u32)>,
    outputs: Vec<(LLVMValueRef, u32)>,
    last: usize,
}

pub(crate) fn block_instructions(block: LLVMBasicBlockRef) -> Vec<LLVMValueRef> {
    let mut all = Vec::new();
    // SAFETY: walks the instructions of a live block.
    unsafe {
        let mut instruction = LLVMGetFirstInstruction(block);
        while !instruction.is_null() {
            all.push(instruction);
            instruction = LLVMGetNextInstruction(instruction);
        }
    }
    all
}

/// A call of `__oxhip_cpu_shuffle` whose kind, operand and width are constants that give
/// every lane a source lane: its pattern (`cpu_regions::shuffle_pattern`), else 0.
fn shuffle_pattern(instruction: LLVMValueRef, shuffle: LLVMValueRef) -> u32 {
    if !is_call(instruction) {
        return 0;
    }
    // SAFETY: `instruction` is a live call: its callee and operands are valid.
    unsafe {
        if LLVMGetCalledValue(instruction) != shuffle || LLVMGetNumArgOperands(instruction) != 5 {
            return 0;
        }
        let operand = |index: u32| LLVMGetOperand(instruction, index);
        crate::cpu_regions::shuffle_pattern(operand(2), operand(3), operand(4))
    }
}

pub(crate) fn is_patterned_shuffle(instruction: LLVMValueRef, shuffle: LLVMValueRef) -> bool {
    shuffle_pattern(instruction, shuffle) != 0
}

/// The source lane of each of the warp's 32 lanes for a patterned shuffle, by
/// `cpu_regions::source_lane`'s rules, from its pattern.
fn source_lanes(instruction: LLVMValueRef, shuffle: LLVMValueRef) -> Option<[u32; 32]> {
    let pattern = shuffle_pattern(instruction, shuffle);
    if pattern == 0 {
        return None;
    }
    let kind = (pattern >> 2) & 3;
    let width = 1i64 << ((pattern >> 4) & 7);
    let operand = i64::from(pattern >> 8);
    let mut sources = [0u32; 32];
    for (lane, source) in sources.iter_mut().enumerate() {
        let lane = lane as i64;
        let first = lane & !(width - 1);
        let end = first + width;
        let chosen = match kind {
            0 => first + (operand & (width - 1)),
            1 if lane - operand < first => lane,
            1 => lane - operand,
            2 if lane + operand >= end => lane,
            2 => lane + operand,
            _ if (lane ^ operand) >= end => lane,
            _ => lane ^ operand,
        };
        // Outside the warp (not reachable with these operands): the lane itself.
        *source = if (0..32).contains(&chosen) {
            chosen as u32
        } else {
            lane as u32
        };
    }
    Some(sources)
}

/// Whether a run may hold `instruction`: a patterned shuffle, or arithmetic on numbers that
/// reads nothing but its operands and cannot trap on the values of lanes that do not run.
pub(crate) fn widenable(instruction: LLVMValueRef, shuffle: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    if is_patterned_shuffle(instruction, shuffle) {
        return true;
    }
    // SAFETY: `instruction` is a live instruction.
    let ty = unsafe { LLVMTypeOf(instruction) };
    if !number_type(ty) {
        return false;
    }
    let operands_ok = || {
        // SAFETY: the operands of a live instruction.
        (0..unsafe { LLVMGetNumOperands(instruction) } as u32).all(|index| {
            let operand = unsafe { LLVMGetOperand(instruction, index) };
            number_type(unsafe { LLVMTypeOf(operand) })
        })
    };
    match opcode(instruction) {
        LLVMAdd | LLVMSub | LLVMMul | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr
        | LLVMXor | LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMICmp | LLVMFCmp
        | LLVMSelect | LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP
        | LLVMSIToFP | LLVMFPTrunc | LLVMFPExt | LLVMBitCast | LLVMFNeg | LLVMFreeze => {
            operands_ok()
        }
        LLVMCall => {
            let Some(name) = callee_name(instruction) else {
                return false;
            };
            // SAFETY: a call's last operand is its callee.
            let arguments = unsafe { LLVMGetNumArgOperands(instruction) };
            INTRINSICS.iter().any(|prefix| name.starts_with(prefix))
                && (0..arguments).all(|index| {
                    // SAFETY: an argument of a live call.
                    let operand = unsafe { LLVMGetOperand(instruction, index) };
                    number_type(unsafe { LLVMTypeOf(operand) })
                })
        }
        _ => false,
    }
}

/// Integers of at most 64 bits, `half`, `float` and `double`.
fn number_type(ty: LLVMTypeRef) -> bool {
    // SAFETY: a live type.
    unsafe {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(ty) <= 64,
            LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind => true,
            _ => false,
        }
    }
}

/// Bits of a number type.
fn bits(ty: LLVMTypeRef) -> u32 {
    // SAFETY: a live type.
    unsafe {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(ty),
            LLVMTypeKind::LLVMHalfTypeKind => 16,
            LLVMTypeKind::LLVMFloatTypeKind => 32,
            _ => 64,
        }
    }
}

/// The instructions of `body` that only compute shuffles' lane arguments (the load of the
/// work-item's lane from its record, and what leads to it): a run leaves them in place, and
/// its function needs none of them (its lanes are its vectors' elements).
pub(crate) fn lane_side(body: &[LLVMValueRef], shuffle: LLVMValueRef) -> HashSet<LLVMValueRef> {
    use LLVMOpcode::*;
    let mut side = HashSet::new();
    for instruction in body.iter().rev() {
        if !matches!(
            opcode(*instruction),
            LLVMLoad | LLVMGetElementPtr | LLVMTrunc | LLVMZExt | LLVMSExt | LLVMAnd
        ) {
            continue;
        }
        let all_users = users(*instruction);
        let only_lanes = !all_users.is_empty()
            && all_users.iter().all(|user| {
                if side.contains(user) {
                    return true;
                }
                if !is_patterned_shuffle(*user, shuffle) {
                    return false;
                }
                // Used as the lane argument only.
                // SAFETY: a live call's arguments.
                (0..5).all(|index| {
                    index == 1 || unsafe { LLVMGetOperand(*user, index) } != *instruction
                })
            });
        if only_lanes {
            side.insert(*instruction);
        }
    }
    side
}

/// The largest run at the start of `segment` (from its first patterned shuffle): the window
/// ending latest whose inputs and outputs fit in a word each and that holds two shuffles or
/// more. `None` when there is none.
fn best_window(
    segment: &[LLVMValueRef],
    shuffle: LLVMValueRef,
    lane_side: &HashSet<LLVMValueRef>,
) -> Option<Window> {
    let shuffles: Vec<usize> = segment
        .iter()
        .enumerate()
        .filter(|(_, instruction)| is_patterned_shuffle(**instruction, shuffle))
        .map(|(index, _)| index)
        .collect();
    // The window's end: a shuffle, or a few instructions past one (the conversion of its
    // result, the step after the last shuffle), latest first.
    const PAST_SHUFFLE: usize = 8;
    for first in 0..shuffles.len() {
        let mut ends: Vec<usize> = shuffles[first + 1..]
            .iter()
            .flat_map(|position| *position..(position + PAST_SHUFFLE + 1).min(segment.len()))
            .collect();
        ends.sort_unstable();
        ends.dedup();
        for end in ends.into_iter().rev() {
            if let Some(window) = window(segment, shuffles[first], end, shuffle, lane_side) {
                return Some(window);
            }
        }
    }
    None
}

/// The run from the shuffle at `first` to `end` of `segment`, if it is one: the shuffles
/// there and everything after `first` that uses their results, plus the instructions before
/// that only feed it and take fewer bits in than they give; `None` when its inputs or
/// outputs need more than a word, or an instruction left in place uses the run.
fn window(
    segment: &[LLVMValueRef],
    first: usize,
    end: usize,
    shuffle: LLVMValueRef,
    lane_side: &HashSet<LLVMValueRef>,
) -> Option<Window> {
    let mut members: HashSet<LLVMValueRef> = HashSet::new();
    for instruction in &segment[first..=end] {
        if lane_side.contains(instruction) || !widenable(*instruction, shuffle) {
            continue;
        }
        let member = is_patterned_shuffle(*instruction, shuffle)
            || operands(*instruction)
                .iter()
                .any(|operand| members.contains(operand));
        if member {
            members.insert(*instruction);
        }
    }
    // The instructions left in place among the run must not use it (they would need its
    // results before the run ends).
    for instruction in &segment[first..=end] {
        if !members.contains(instruction)
            && operands(*instruction)
                .iter()
                .any(|operand| members.contains(operand))
        {
            return None;
        }
    }
    // Pull in what only feeds the run and is wider than its own inputs (the conversion of
    // an `int` to the shuffle's `i64`).
    for instruction in segment[..first].iter().rev() {
        if lane_side.contains(instruction) || !widenable(*instruction, shuffle) {
            continue;
        }
        let all_users = users(*instruction);
        if all_users.is_empty() || !all_users.iter().all(|user| members.contains(user)) {
            continue;
        }
        let before: u32 = bits_of(*instruction);
        let after: u32 = operands(*instruction)
            .iter()
            .filter(|operand| !is_constant(**operand) && !members.contains(*operand))
            .map(|operand| bits_of(*operand))
            .sum();
        if after < before {
            members.insert(*instruction);
        }
    }
    let ordered: Vec<LLVMValueRef> = segment
        .iter()
        .filter(|instruction| members.contains(*instruction))
        .copied()
        .collect();
    if ordered
        .iter()
        .filter(|instruction| is_patterned_shuffle(**instruction, shuffle))
        .count()
        < 2
    {
        return None;
    }
    let mut inputs: Vec<(LLVMValueRef, u32)> = Vec::new();
    let mut seen = HashSet::new();
    for instruction in &ordered {
        let lane = is_patterned_shuffle(*instruction, shuffle);
        let values = operands(*instruction);
        for (index, operand) in values.iter().enumerate() {
            // A shuffle's lane, kind, operand and width are not inputs: the lanes are the
            // vectors' elements, the rest constants.
            if lane && index > 0 {
                continue;
            }
            if members.contains(operand) || is_constant(*operand) || !seen.insert(*operand) {
                continue;
            }
            inputs.push((*operand, bits_of(*operand)));
        }
    }
    // An output that every user outside truncates to one width (a shuffle's `i64` read
    // back as an `int`) needs that width only.
    let mut outputs = Vec::new();
    for instruction in &ordered {
        let outside: Vec<LLVMValueRef> = users(*instruction)
            .into_iter()
            .filter(|user| !members.contains(user))
            .collect();
        if outside.is_empty() {
            continue;
        }
        let truncated: Option<Vec<u32>> = outside
            .iter()
            .map(|user| (opcode(*user) == LLVMOpcode::LLVMTrunc).then(|| bits_of(*user)))
            .collect();
        let width = match truncated {
            Some(widths) if widths.windows(2).all(|pair| pair[0] == pair[1]) => {
                widths.first().copied().unwrap_or(bits_of(*instruction))
            }
            _ => bits_of(*instruction),
        };
        outputs.push((*instruction, width));
    }
    let total = |values: &[(LLVMValueRef, u32)]| values.iter().map(|(_, b)| *b).sum::<u32>();
    if total(&inputs) > WORD_BITS || total(&outputs) > WORD_BITS {
        return None;
    }
    Some(Window {
        members: ordered,
        inputs,
        outputs,
        last: end,
    })
}

/// The operands of an instruction that are values (a call's arguments, not its callee).
pub(crate) fn operands(instruction: LLVMValueRef) -> Vec<LLVMValueRef> {
    // SAFETY: the operands of a live instruction; a call's callee is its last.
    unsafe {
        let count = if is_call(instruction) {
            LLVMGetNumArgOperands(instruction)
        } else {
            LLVMGetNumOperands(instruction) as u32
        };
        (0..count)
            .map(|index| LLVMGetOperand(instruction, index))
            .collect()
    }
}

pub(crate) fn is_constant(value: LLVMValueRef) -> bool {
    // SAFETY: a live value.
    unsafe { !LLVMIsAConstant(value).is_null() }
}

pub(crate) fn bits_of(value: LLVMValueRef) -> u32 {
    // SAFETY: a live value.
    let ty = unsafe { LLVMTypeOf(value) };
    if number_type(ty) {
        bits(ty)
    } else {
        // Never a word's worth: such a value cannot be packed.
        WORD_BITS + 1
    }
}

/// Builds the run's function and replaces the run in its kernel by a pack of its inputs,
/// a call of [`RUN`] and the unpacking of its outputs.
fn replace<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    window: &Window,
    shuffle: LLVMValueRef,
    name: &str,
    index: u32,
) -> FunctionValue<'ctx> {
    let raw_context = context.raw();
    let (function, run) = run_function(module, context, name);
    // SAFETY: every value and type below is of the live module; the builders are disposed.
    unsafe {
        let builder = LLVMCreateBuilderInContext(raw_context);
        let (words, loaded, live_lanes) = run_prologue(builder, raw_context, function);
        let unpacked = unpack_all(builder, loaded, &window.inputs, Shape::Vector);
        let mut vectors: HashMap<LLVMValueRef, LLVMValueRef> = window
            .inputs
            .iter()
            .map(|(input, _)| *input)
            .zip(unpacked)
            .collect();
        for member in &window.members {
            let widened = widen(module, builder, *member, shuffle, &vectors, live_lanes);
            vectors.insert(*member, widened);
        }
        run_epilogue(builder, raw_context, words, &window.outputs, &vectors);

        // The kernel: pack the inputs, call, unpack the outputs, right after the run's last
        // instruction (every input is defined before its use there, every output used after).
        let last = *window.members.last().unwrap_or(&std::ptr::null_mut());
        let after = LLVMGetNextInstruction(last);
        LLVMPositionBuilderBefore(builder, after);
        let results = call_run(
            builder,
            raw_context,
            run,
            (&window.inputs, &window.outputs),
            index,
        );
        for ((output, _), value) in window.outputs.iter().zip(results) {
            LLVMReplaceAllUsesWith(*output, value);
        }
        LLVMDisposeBuilder(builder);
        // The run's instructions are used only among themselves now.
        for member in window.members.iter().rev() {
            LLVMInstructionEraseFromParent(*member);
        }
    }
    function
}

/// Declares `name`, a run's function `void (ptr words, i32 live)`, and returns it with
/// [`RUN`] (declared if it is not yet).
pub(crate) fn run_function<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    name: &str,
) -> (FunctionValue<'ctx>, FunctionValue<'ctx>) {
    let i64_type = context.i64_type();
    let pointer = context.ptr_type(inkwell::AddressSpace::default());
    let function = module.add_function(
        name,
        context
            .void_type()
            .fn_type(&[pointer.into(), context.i32_type().into()], false),
        Some(Linkage::Internal),
    );
    let run = match module.get_function(RUN) {
        Some(run) => run,
        None => module.add_function(
            RUN,
            i64_type.fn_type(&[i64_type.into(), context.i32_type().into()], false),
            Some(Linkage::External),
        ),
    };
    (function, run)
}

/// The entry block of a run's function: returns its words pointer, the warp's 32 words
/// loaded as a vector, and the live lanes as a `<32 x i1>` (lane `j` is live when bit `j` of
/// the second parameter is set). The builder is left at the end of the entry block.
///
/// # Safety
/// `function` is a run's function of `context`, with no blocks yet.
pub(crate) unsafe fn run_prologue(
    builder: LLVMBuilderRef,
    raw_context: LLVMContextRef,
    function: FunctionValue<'_>,
) -> (LLVMValueRef, LLVMValueRef, LLVMValueRef) {
    // SAFETY: the caller's.
    unsafe {
        let i64_raw = LLVMInt64TypeInContext(raw_context);
        let i32_raw = LLVMIntTypeInContext(raw_context, 32);
        let vector_i64 = LLVMVectorType(i64_raw, LANES);
        let entry =
            LLVMAppendBasicBlockInContext(raw_context, function.as_value_ref(), c"entry".as_ptr());
        LLVMPositionBuilderAtEnd(builder, entry);
        let words = LLVMGetParam(function.as_value_ref(), 0);
        let loaded = LLVMBuildLoad2(builder, vector_i64, words, c"words".as_ptr());
        LLVMSetAlignment(loaded, 8);
        let live = LLVMGetParam(function.as_value_ref(), 1);
        let mut lane_bits: Vec<LLVMValueRef> = (0..LANES)
            .map(|lane| LLVMConstInt(i32_raw, 1u64 << lane, 0))
            .collect();
        let lane_bits = LLVMConstVector(lane_bits.as_mut_ptr(), LANES);
        let vector_i32 = LLVMVectorType(i32_raw, LANES);
        let splat_live = broadcast(builder, live);
        let masked = LLVMBuildBinOp(
            builder,
            LLVMOpcode::LLVMAnd,
            splat_live,
            lane_bits,
            c"".as_ptr(),
        );
        let live_lanes = LLVMBuildICmp(
            builder,
            inkwell::llvm_sys::LLVMIntPredicate::LLVMIntNE,
            masked,
            LLVMConstNull(vector_i32),
            c"live".as_ptr(),
        );
        (words, loaded, live_lanes)
    }
}

/// A scalar value repeated in each of 32 lanes, at the builder's position.
///
/// # Safety
/// The builder is positioned; `value` is a live scalar.
pub(crate) unsafe fn broadcast(builder: LLVMBuilderRef, value: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: the caller's.
    unsafe {
        let ty = LLVMTypeOf(value);
        let vector = LLVMVectorType(ty, LANES);
        let i32_raw = LLVMIntTypeInContext(LLVMGetTypeContext(ty), 32);
        let mut zeros = vec![LLVMConstInt(i32_raw, 0, 0); LANES as usize];
        LLVMBuildShuffleVector(
            builder,
            LLVMBuildInsertElement(
                builder,
                LLVMGetPoison(vector),
                value,
                LLVMConstInt(i32_raw, 0, 0),
                c"".as_ptr(),
            ),
            LLVMGetPoison(vector),
            LLVMConstVector(zeros.as_mut_ptr(), LANES),
            c"".as_ptr(),
        )
    }
}

/// In the kernel, at the builder's position: packs `inputs` (each with its bits) into a
/// word, calls [`RUN`] with it and the run's `index`, and returns the scalar value of each of
/// `outputs` unpacked from the word the call leaves.
///
/// # Safety
/// The builder is positioned in the kernel; the inputs are live and defined there.
pub(crate) unsafe fn call_run(
    builder: LLVMBuilderRef,
    raw_context: LLVMContextRef,
    run: FunctionValue<'_>,
    (inputs, outputs): (&Packed, &Packed),
    index: u32,
) -> Vec<LLVMValueRef> {
    // SAFETY: the caller's.
    unsafe {
        let i32_raw = LLVMIntTypeInContext(raw_context, 32);
        let typed: Vec<(LLVMValueRef, LLVMTypeRef, u32)> = inputs
            .iter()
            .map(|(input, width)| (*input, LLVMTypeOf(*input), *width))
            .collect();
        let word = pack(builder, raw_context, &typed, Shape::Scalar);
        let mut arguments = [word, LLVMConstInt(i32_raw, u64::from(index), 0)];
        let result = LLVMBuildCall2(
            builder,
            LLVMGlobalGetValueType(run.as_value_ref()),
            run.as_value_ref(),
            arguments.as_mut_ptr(),
            2,
            c"run.out".as_ptr(),
        );
        unpack_all(builder, result, outputs, Shape::Scalar)
    }
}

/// Each of `values` (a scalar value and its bits, packed from bit 0 up) unpacked from `word`
/// in `shape`.
///
/// # Safety
/// The builder is positioned; `word` is a live `i64` in `shape`; the values are live.
pub(crate) unsafe fn unpack_all(
    builder: LLVMBuilderRef,
    word: LLVMValueRef,
    values: &[(LLVMValueRef, u32)],
    shape: Shape,
) -> Vec<LLVMValueRef> {
    let mut offset = 0u32;
    values
        .iter()
        .map(|(value, width)| {
            // SAFETY: the caller's.
            let unpacked =
                unsafe { unpack(builder, word, (LLVMTypeOf(*value), *width, offset), shape) };
            offset += width;
            unpacked
        })
        .collect()
}

/// The end of a run's function: packs the vectors of `outputs` (each with its bits) into the
/// warp's words, stores them over `words` and returns.
///
/// # Safety
/// The builder is positioned in the run's function; `vectors` holds each output's vector.
pub(crate) unsafe fn run_epilogue(
    builder: LLVMBuilderRef,
    raw_context: LLVMContextRef,
    words: LLVMValueRef,
    outputs: &[(LLVMValueRef, u32)],
    vectors: &HashMap<LLVMValueRef, LLVMValueRef>,
) {
    // SAFETY: the caller's.
    unsafe {
        let outputs: Vec<(LLVMValueRef, LLVMTypeRef, u32)> = outputs
            .iter()
            .map(|(output, width)| (vectors[output], LLVMTypeOf(*output), *width))
            .collect();
        let packed = pack(builder, raw_context, &outputs, Shape::Vector);
        let stored = LLVMBuildStore(builder, packed, words);
        LLVMSetAlignment(stored, 8);
        LLVMBuildRetVoid(builder);
    }
}

/// The vector of `value` in a run: the run's own, an input's, or a constant's.
///
/// # Safety
/// `value` is live, and a constant unless `vectors` holds it.
pub(crate) unsafe fn vector_of(
    vectors: &HashMap<LLVMValueRef, LLVMValueRef>,
    value: LLVMValueRef,
) -> LLVMValueRef {
    match vectors.get(&value) {
        Some(vector) => *vector,
        // SAFETY: the caller's.
        None => unsafe { splat_value(value) },
    }
}

/// Values of one lane (each with its bits) as a run's word holds them, from bit 0 up.
pub(crate) type Packed = [(LLVMValueRef, u32)];

/// Whether [`pack`] and [`unpack`] work on one lane's values or on vectors of the warp's.
#[derive(Clone, Copy)]
pub(crate) enum Shape {
    Scalar,
    Vector,
}

impl Shape {
    /// `ty` in this shape (`ty` or `<32 x ty>`).
    ///
    /// # Safety
    /// `ty` is a live type.
    unsafe fn of(self, ty: LLVMTypeRef) -> LLVMTypeRef {
        match self {
            // SAFETY: the caller's.
            Shape::Vector => unsafe { LLVMVectorType(ty, LANES) },
            Shape::Scalar => ty,
        }
    }

    /// The `i64` constant `value` in this shape.
    ///
    /// # Safety
    /// `i64_type` is a live `i64`.
    unsafe fn word(self, i64_type: LLVMTypeRef, value: u64) -> LLVMValueRef {
        // SAFETY: the caller's.
        unsafe {
            let constant = LLVMConstInt(i64_type, value, 0);
            match self {
                Shape::Vector => splat(constant),
                Shape::Scalar => constant,
            }
        }
    }
}

/// Packs `values` (each a value in `shape`, its scalar type and the bits it takes, from bit
/// 0 up) into one `i64` per lane: a float by its bits, an integer truncated to its width.
///
/// # Safety
/// The builder is positioned; the values are live, of `context` and of their types in
/// `shape`; the widths total at most 64.
pub(crate) unsafe fn pack(
    builder: LLVMBuilderRef,
    context: LLVMContextRef,
    values: &[(LLVMValueRef, LLVMTypeRef, u32)],
    shape: Shape,
) -> LLVMValueRef {
    // SAFETY: the caller's.
    unsafe {
        let i64_type = LLVMInt64TypeInContext(context);
        let mut word = shape.word(i64_type, 0);
        let mut offset = 0u32;
        for (value, ty, width) in values {
            let narrow = shape.of(LLVMIntTypeInContext(context, *width));
            let as_integer = if !is_integer(*ty) {
                LLVMBuildCast(
                    builder,
                    LLVMOpcode::LLVMBitCast,
                    *value,
                    narrow,
                    c"".as_ptr(),
                )
            } else if *width < bits(*ty) {
                LLVMBuildCast(builder, LLVMOpcode::LLVMTrunc, *value, narrow, c"".as_ptr())
            } else {
                *value
            };
            let wide = if *width < 64 {
                let wide_type = shape.of(i64_type);
                LLVMBuildCast(
                    builder,
                    LLVMOpcode::LLVMZExt,
                    as_integer,
                    wide_type,
                    c"".as_ptr(),
                )
            } else {
                as_integer
            };
            let shifted = LLVMBuildBinOp(
                builder,
                LLVMOpcode::LLVMShl,
                wide,
                shape.word(i64_type, u64::from(offset)),
                c"".as_ptr(),
            );
            word = LLVMBuildBinOp(
                builder,
                LLVMOpcode::LLVMOr,
                word,
                shifted,
                c"run.word".as_ptr(),
            );
            offset += width;
        }
        word
    }
}

/// The value of scalar type `ty` that [`pack`] put at `offset` in `word`, `width` bits of it
/// (an integer narrower than its type comes back zero-extended: only truncations use it).
///
/// # Safety
/// The builder is positioned; `word` is a live `i64` in `shape`.
pub(crate) unsafe fn unpack(
    builder: LLVMBuilderRef,
    word: LLVMValueRef,
    (ty, width, offset): (LLVMTypeRef, u32, u32),
    shape: Shape,
) -> LLVMValueRef {
    // SAFETY: the caller's.
    unsafe {
        let context = LLVMGetTypeContext(ty);
        let i64_type = LLVMInt64TypeInContext(context);
        let shifted = LLVMBuildBinOp(
            builder,
            LLVMOpcode::LLVMLShr,
            word,
            shape.word(i64_type, u64::from(offset)),
            c"".as_ptr(),
        );
        let narrow = if width < 64 {
            let narrow_type = shape.of(LLVMIntTypeInContext(context, width));
            LLVMBuildCast(
                builder,
                LLVMOpcode::LLVMTrunc,
                shifted,
                narrow_type,
                c"".as_ptr(),
            )
        } else {
            shifted
        };
        if !is_integer(ty) {
            LLVMBuildCast(
                builder,
                LLVMOpcode::LLVMBitCast,
                narrow,
                shape.of(ty),
                c"".as_ptr(),
            )
        } else if width < bits(ty) {
            LLVMBuildCast(
                builder,
                LLVMOpcode::LLVMZExt,
                narrow,
                shape.of(ty),
                c"".as_ptr(),
            )
        } else {
            narrow
        }
    }
}

/// The vector form of one of the run's instructions, at the builder's position.
///
/// # Safety
/// `instruction` is a live instruction that [`widenable`] takes; `vectors` holds the vector
/// of each of its operands that the run computes or reads.
pub(crate) unsafe fn widen(
    module: &Module<'_>,
    builder: LLVMBuilderRef,
    instruction: LLVMValueRef,
    shuffle: LLVMValueRef,
    vectors: &HashMap<LLVMValueRef, LLVMValueRef>,
    live: LLVMValueRef,
) -> LLVMValueRef {
    use LLVMOpcode::*;
    // SAFETY: the caller's.
    unsafe {
        let operand = |index: u32| vector_of(vectors, LLVMGetOperand(instruction, index));
        let ty = LLVMVectorType(LLVMTypeOf(instruction), LANES);
        if let Some(sources) = source_lanes(instruction, shuffle) {
            let i32_raw = LLVMTypeOf(LLVMGetOperand(instruction, 2));
            let mut mask: Vec<LLVMValueRef> = sources
                .iter()
                .map(|source| LLVMConstInt(i32_raw, u64::from(*source), 0))
                .collect();
            // Lanes that returned offer 0, at every step as at the first.
            let offered = operand(0);
            let value = LLVMBuildSelect(
                builder,
                live,
                offered,
                LLVMConstNull(LLVMTypeOf(offered)),
                c"offered".as_ptr(),
            );
            return LLVMBuildShuffleVector(
                builder,
                value,
                LLVMGetPoison(LLVMTypeOf(value)),
                LLVMConstVector(mask.as_mut_ptr(), LANES),
                c"shfl".as_ptr(),
            );
        }
        let code = opcode(instruction);
        match code {
            LLVMICmp => LLVMBuildICmp(
                builder,
                LLVMGetICmpPredicate(instruction),
                operand(0),
                operand(1),
                c"".as_ptr(),
            ),
            LLVMFCmp => LLVMBuildFCmp(
                builder,
                LLVMGetFCmpPredicate(instruction),
                operand(0),
                operand(1),
                c"".as_ptr(),
            ),
            LLVMSelect => {
                LLVMBuildSelect(builder, operand(0), operand(1), operand(2), c"".as_ptr())
            }
            LLVMFNeg => LLVMBuildFNeg(builder, operand(0), c"".as_ptr()),
            LLVMFreeze => LLVMBuildFreeze(builder, operand(0), c"".as_ptr()),
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP
            | LLVMFPTrunc | LLVMFPExt | LLVMBitCast => {
                LLVMBuildCast(builder, code, operand(0), ty, c"".as_ptr())
            }
            LLVMCall => {
                let callee = LLVMGetCalledValue(instruction);
                let id = LLVMGetIntrinsicID(callee);
                let mut overloads = [ty];
                let declaration =
                    LLVMGetIntrinsicDeclaration(module.as_mut_ptr(), id, overloads.as_mut_ptr(), 1);
                let count = LLVMGetNumArgOperands(instruction);
                let mut arguments: Vec<LLVMValueRef> = (0..count)
                    .map(|index| {
                        let value = LLVMGetOperand(instruction, index);
                        // `abs`, `ctlz`, `cttz`: the `i1` flag stays a scalar.
                        if !LLVMIsAConstantInt(value).is_null()
                            && LLVMGetIntTypeWidth(LLVMTypeOf(value)) == 1
                            && is_integer(LLVMTypeOf(instruction))
                            && LLVMGetIntTypeWidth(LLVMTypeOf(instruction)) != 1
                        {
                            value
                        } else {
                            operand(index)
                        }
                    })
                    .collect();
                LLVMBuildCall2(
                    builder,
                    LLVMGlobalGetValueType(declaration),
                    declaration,
                    arguments.as_mut_ptr(),
                    count,
                    c"".as_ptr(),
                )
            }
            _ => LLVMBuildBinOp(builder, code, operand(0), operand(1), c"".as_ptr()),
        }
    }
}

/// A constant repeated in each of 32 lanes.
///
/// # Safety
/// `value` is a live constant.
pub(crate) unsafe fn splat_value(value: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: the caller's.
    unsafe {
        if LLVMIsPoison(value) != 0 || LLVMIsUndef(value) != 0 {
            return LLVMGetPoison(LLVMVectorType(LLVMTypeOf(value), LANES));
        }
        splat(value)
    }
}

/// # Safety
/// `value` is a live scalar constant.
pub(crate) unsafe fn splat(value: LLVMValueRef) -> LLVMValueRef {
    let mut lanes = vec![value; LANES as usize];
    // SAFETY: the caller's; 32 constants of one type.
    unsafe { LLVMConstVector(lanes.as_mut_ptr(), LANES) }
}

fn is_integer(ty: LLVMTypeRef) -> bool {
    // SAFETY: a live type.
    unsafe { LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMIntegerTypeKind }
}
