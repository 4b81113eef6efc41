//! Barrier splitting for the CPU target: kernels whose only cross-work-item operations are
//! `__syncthreads` and warp exchanges (the shuffle and the ballot every warp function is built
//! from) run as loops over the work-items instead of one fiber per work-item.
//!
//! A work-group's execution is a sequence of phases separated by barriers: in each phase,
//! every live work-item runs from where it stopped to its next barrier (or to its end). A
//! fiber per work-item implements that directly, but costs a stack switch per work-item per
//! barrier (about 50 ns on the benchmark machine, see docs/cpu-target.md). Here each kernel
//! `K` that qualifies is rewritten, before the optimisation pipeline, into
//!
//! ```text
//! i32 K.regions(<K's parameters>, i32 state, ptr frame)
//! ```
//!
//! which runs one work-item from resume point `state` (1: the start; `k + 2`: just after
//! barrier `k`) to its next barrier `k'`, returning `k' + 2`, or to its end, returning 0.
//! Values that live across a barrier are kept in the work-item's `frame`. The group function
//! (`codegen::cpu`, `__oxhip_cpu_group.K`) calls it once per live work-item per phase: while
//! all live work-items wait at the same barrier, a copy of it that holds one state's code
//! alone (`cpu_region_copies`), inlined, so that each region becomes a plain loop over the
//! work-items that LLVM optimises like any loop; through one shared call otherwise. The semantics are the fibers' exactly: a barrier
//! releases when every live work-item has reached a barrier, and a work-item that returns no
//! longer counts.
//!
//! Warp exchanges (`__oxhip_cpu_shuffle`, `__oxhip_cpu_ballot`) are stops too, numbered after
//! the barriers (from [`Regions::first_exchange`] on). Before a stop, the work-item stores the
//! exchange's operands in three allocas that always get the frames' first columns (see
//! [`EXCHANGE_SLOT_BYTES`]); after it, it loads the result from there. When every live
//! work-item of the group waits at one exchange, the group function does it between two
//! phases: through the runtime's whole-group `exchange_patterned` (slot 56) for a shuffle
//! with a constant pattern ([`Regions::patterns`]), else itself, in a pass over the group's
//! warps; otherwise it calls the runtime (`exchange`,
//! slot 48 of `struct __oxhip_cpu_ops`), which performs the exchange of each warp whose live
//! lanes all wait at one, releases a barrier that every live work-item waits at, marks the
//! other work-items as waiting (negative states), and says which state the runnable ones
//! share. This keeps the fibers' rules (an exchange completes once every live lane of the
//! warp waits at one, whichever) at a loop iteration per lane and phase instead of two stack
//! switches; cheaper fibers were the alternative, but would still save and restore every
//! lane's registers at each operation.
//!
//! The frames of a group's `n` work-items are a structure of arrays: each slot is a column of
//! `n` elements, so that a loop of the group function over the work-items reads and writes
//! each slot contiguously, and LLVM vectorises it (issue 26: `warp_sum` of
//! benches/cpu_target went from 26 to 7 ms). The copies of the slots carry alias scopes
//! ([`Scopes`]) that say the columns and the states never overlap, which LLVM cannot prove
//! from offsets that are multiples of `n`.
//!
//! How `K.regions` is made:
//!
//! 1. Functions that can reach a barrier are inlined into the kernels (`always-inline`).
//! 2. A kernel qualifies when, after that, it calls `__oxhip_cpu_barrier` or a warp exchange
//!    directly, calls no other cross-work-item operation and nothing that could reach one (no
//!    indirect calls), and has only static allocas of at most [`FRAME_ALIGN`] alignment. Others keep
//!    their fibers. Kernels compiled at `-O0` (`optnone`) keep them too, so that a debugger
//!    steps through the source as written.
//! 3. `byval` parameters the kernel writes get a private copy (work-items share the launch's
//!    argument storage).
//! 4. After a cleanup (SROA, `instcombine`, `simplifycfg`, full unrolling of loops with a
//!    constant trip count) and, in kernels with shuffles, the warp runs (`cpu_warp_runs`: a
//!    chain of shuffles with only arithmetic between them becomes one exchange whose work
//!    the group function does over each warp with vectors, [`Regions::warp_runs`]),
//!    `reg2mem` demotes every SSA value used outside its block (and
//!    every phi) to an alloca; each
//!    block is split after its barrier and exchange calls, whose calls are removed; `reg2mem`
//!    runs again for the values the splits separated. Every value that crosses a stop now
//!    lives in an alloca.
//! 5. The kernel's blocks move into `K.regions`, behind an entry that switches on `state`;
//!    each barrier becomes "return `k + 2`", each `ret void` "return 0".
//! 6. An alloca used by more than one region (the code reachable from one resume point
//!    without crossing a barrier), or by one region that can run again for the same
//!    work-item, gets a slot in the frame: copied in when a region that uses it starts and
//!    out when that region stops, when only loads, stores and memory intrinsics use it (so
//!    SROA still promotes it inside the region), and replaced by the slot itself when its
//!    address escapes. Each region copies in only the slots it uses, and copies out only
//!    those it may write, so a loop of the group function that inlines one region moves only
//!    that region's values. A slot of one scalar is copied as a load and a store of its type
//!    (an `i1` that `reg2mem` made is not a byte), others with `memcpy`.
//!
//! Kernels whose warp exchange calls times instructions pass [`SPLIT_BUDGET`] keep their fibers:
//! the split form's compile time grows faster than that product.

use std::collections::{BTreeSet, HashMap, HashSet};

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::targets::{TargetData, TargetMachine};
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{AsValueRef, FunctionValue, InstructionOpcode};

use inkwell::llvm_sys::core::{
    LLVMConstIntGetZExtValue, LLVMGetAllocatedType, LLVMGetBasicBlockTerminator,
    LLVMGetCalledValue, LLVMGetFirstBasicBlock, LLVMGetFirstInstruction, LLVMGetFirstUse,
    LLVMGetInstructionOpcode, LLVMGetInstructionParent, LLVMGetNextBasicBlock,
    LLVMGetNextInstruction, LLVMGetNextUse, LLVMGetNumArgOperands, LLVMGetNumSuccessors,
    LLVMGetOperand, LLVMGetSuccessor, LLVMGetUser, LLVMGetValueName2, LLVMInsertIntoBuilder,
    LLVMInstructionEraseFromParent, LLVMInstructionRemoveFromParent, LLVMIsAConstantInt,
    LLVMIsAFunction, LLVMIsAInlineAsm, LLVMMoveBasicBlockAfter, LLVMReplaceAllUsesWith,
};
use inkwell::llvm_sys::debuginfo::{LLVMGetSubprogram, LLVMSetSubprogram};
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use inkwell::llvm_sys::LLVMOpcode;

use crate::cpu_region_copies;
use crate::CodegenError;

/// The alignment of each work-item's frame, and the largest alloca alignment handled.
pub(crate) const FRAME_ALIGN: u64 = 64;

/// The barrier-split form of one kernel.
pub(crate) struct Regions<'ctx> {
    /// `i32 K.regions(<K's parameters>, i32 state, ptr frames, i64 index, i64 n)`: runs
    /// work-item `index` of the group's `n`, whose frames are a structure of arrays (see
    /// [`build_regions`]).
    pub(crate) function: FunctionValue<'ctx>,
    /// Bytes of frame per work-item (the columns' total, a multiple of each one's alignment).
    pub(crate) stride: u64,
    /// The largest resume state (`1 +` the number of barriers and warp exchanges).
    pub(crate) last_state: u32,
    /// The first state that resumes after a warp exchange (the others resume after
    /// barriers); absent when the kernel has no warp exchange. The exchange slot's columns
    /// are then the frames' first (see [`EXCHANGE_SLOT_BYTES`]).
    pub(crate) first_exchange: Option<u32>,
    /// `(alias.scope, noalias)` metadata for the group function's accesses to the states
    /// (see [`Scopes`]).
    pub(crate) states_scope: (LLVMValueRef, LLVMValueRef),
    /// The states at which every live work-item of a group can wait after another work-item
    /// of the group has returned ([`after_return`]); only these need a loop of the group
    /// function that tests each work-item's state.
    pub(crate) after_return: HashSet<u32>,
    /// For each warp exchange, in the order of their states: the shuffle's pattern when its
    /// kind, operand and width are constants ([`shuffle_pattern`]; every work-item that waits
    /// there then offers the same), 0 otherwise and for ballots.
    pub(crate) patterns: Vec<u32>,
    /// Which blocks of `function` run each state, for its copies of one state
    /// ([`cpu_region_copies::copy_state`]).
    pub(crate) layout: cpu_region_copies::Layout,
    /// The warp runs (`cpu_warp_runs`): the state that resumes after each, and its function
    /// `void (ptr words, i32 live)`, which computes the run over one warp's 32 words in
    /// place, lanes whose bit of `live` is clear offering 0.
    pub(crate) warp_runs: Vec<(u32, FunctionValue<'ctx>)>,
    /// The states that resume after a ballot: when every live work-item of the group waits
    /// at one of them, the group function does the ballot itself (`cpu::ballot_pass`).
    pub(crate) ballots: Vec<u32>,
}

/// Alias scopes that tell LLVM what it cannot prove on its own: the frames' columns (the
/// slots copied in and out, whose offsets are multiples of the group's size) and the states
/// array after them never overlap. Each copy of a slot is in its column's scope and does not
/// alias the others; the group function's accesses to the states get the last scope. Without
/// them, the loop vectoriser would need a run-time check for every pair of columns a region
/// uses, and gives up. Accesses through slots whose address escapes, and the kernel's own,
/// carry no scope, so they may alias anything, as before.
struct Scopes {
    context: inkwell::llvm_sys::prelude::LLVMContextRef,
    /// One scope per column, then the states'.
    scopes: Vec<inkwell::llvm_sys::prelude::LLVMMetadataRef>,
}

impl Scopes {
    fn new(context: &Context, kernel: &str, columns: usize) -> Scopes {
        use inkwell::llvm_sys::core::{LLVMMDNodeInContext2, LLVMMDStringInContext2};
        let raw = context.raw();
        let string = |text: &str| {
            // SAFETY: the context is live; LLVM copies the bytes.
            unsafe { LLVMMDStringInContext2(raw, text.as_ptr().cast(), text.len()) }
        };
        let node = |mut operands: Vec<inkwell::llvm_sys::prelude::LLVMMetadataRef>| {
            // SAFETY: the operands are live metadata of `raw`.
            unsafe { LLVMMDNodeInContext2(raw, operands.as_mut_ptr(), operands.len()) }
        };
        let domain = node(vec![string(&format!("oxhip.frames.{kernel}"))]);
        let scopes = (0..=columns)
            .map(|column| {
                node(vec![
                    string(&format!("oxhip.frames.{kernel}.{column}")),
                    domain,
                ])
            })
            .collect();
        Scopes {
            context: raw,
            scopes,
        }
    }

    /// `(alias.scope, noalias)` for `column`: its own scope, and every other.
    fn lists(&self, column: usize) -> (LLVMValueRef, LLVMValueRef) {
        use inkwell::llvm_sys::core::{LLVMMDNodeInContext2, LLVMMetadataAsValue};
        let mut own = vec![self.scopes[column]];
        let mut others: Vec<_> = self
            .scopes
            .iter()
            .enumerate()
            .filter(|(index, _)| *index != column)
            .map(|(_, scope)| *scope)
            .collect();
        // SAFETY: the scopes are live metadata of the context.
        unsafe {
            let own = LLVMMDNodeInContext2(self.context, own.as_mut_ptr(), own.len());
            let others = LLVMMDNodeInContext2(self.context, others.as_mut_ptr(), others.len());
            (
                LLVMMetadataAsValue(self.context, own),
                LLVMMetadataAsValue(self.context, others),
            )
        }
    }

    /// Puts `instruction` (a copy of a slot) in `column`'s scope.
    fn tag(&self, instruction: LLVMValueRef, column: usize) {
        let (own, others) = self.lists(column);
        set_scope(instruction, (own, others));
    }

    fn states(&self) -> (LLVMValueRef, LLVMValueRef) {
        self.lists(self.scopes.len() - 1)
    }

    /// A `noalias` list of every scope.
    fn outside(&self) -> LLVMValueRef {
        use inkwell::llvm_sys::core::{LLVMMDNodeInContext2, LLVMMetadataAsValue};
        let mut all = self.scopes.clone();
        // SAFETY: the scopes are live metadata of the context.
        unsafe {
            let all = LLVMMDNodeInContext2(self.context, all.as_mut_ptr(), all.len());
            LLVMMetadataAsValue(self.context, all)
        }
    }

    fn noalias_kind(&self) -> u32 {
        let name = "noalias";
        // SAFETY: the context is live.
        unsafe {
            inkwell::llvm_sys::core::LLVMGetMDKindIDInContext(
                self.context,
                name.as_ptr().cast(),
                name.len() as u32,
            )
        }
    }
}

/// Whether `pointer` is an alloca, or an address computed from one (GEPs, casts, selects and
/// phis of such), or could be: anything else that is not plainly a function argument, a
/// global, a load's result or a GEP on those counts as an alloca, to be safe.
fn based_on_alloca(pointer: LLVMValueRef) -> bool {
    use inkwell::llvm_sys::core::{LLVMIsAArgument, LLVMIsAGlobalValue, LLVMIsAInstruction};
    let mut pending = vec![pointer];
    let mut seen = HashSet::new();
    while let Some(value) = pending.pop() {
        if !seen.insert(value) {
            continue;
        }
        // SAFETY: `value` is a live value of the module.
        unsafe {
            if !LLVMIsAArgument(value).is_null() || !LLVMIsAGlobalValue(value).is_null() {
                continue;
            }
            if LLVMIsAInstruction(value).is_null() {
                return true;
            }
        }
        match opcode(value) {
            LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMIntToPtr => {}
            // SAFETY: operand 0 of these is the pointer they derive from.
            LLVMOpcode::LLVMGetElementPtr
            | LLVMOpcode::LLVMBitCast
            | LLVMOpcode::LLVMAddrSpaceCast => pending.push(unsafe { LLVMGetOperand(value, 0) }),
            _ => return true,
        }
    }
    false
}

/// Sets an instruction's `alias.scope` and `noalias` metadata to `lists` (from [`Scopes`]).
pub(crate) fn set_scope(instruction: LLVMValueRef, lists: (LLVMValueRef, LLVMValueRef)) {
    use inkwell::llvm_sys::core::{
        LLVMGetMDKindIDInContext, LLVMGetTypeContext, LLVMSetMetadata, LLVMTypeOf,
    };
    // SAFETY: `instruction` is a live value; its type's context is the module's.
    let context = unsafe { LLVMGetTypeContext(LLVMTypeOf(instruction)) };
    let kind = |name: &str| {
        // SAFETY: the context is live.
        unsafe { LLVMGetMDKindIDInContext(context, name.as_ptr().cast(), name.len() as u32) }
    };
    // SAFETY: `instruction` is a live memory instruction; the lists are metadata values.
    unsafe {
        LLVMSetMetadata(instruction, kind("alias.scope"), lists.0);
        LLVMSetMetadata(instruction, kind("noalias"), lists.1);
    }
}

/// Every defined function that can reach one of `operations` or an indirect call, directly
/// or through the functions it calls.
pub(crate) fn reaching(module: &Module<'_>, operations: &[&str]) -> HashSet<LLVMValueRef> {
    let targets: HashSet<LLVMValueRef> = operations
        .iter()
        .filter_map(|name| module.get_function(name))
        .map(|function| function.as_value_ref())
        .collect();
    let mut callers: HashMap<LLVMValueRef, Vec<LLVMValueRef>> = HashMap::new();
    let mut reached: HashSet<LLVMValueRef> = HashSet::new();
    let mut work = Vec::new();
    for function in module.get_functions() {
        let raw = function.as_value_ref();
        for instruction in instructions(raw) {
            if !is_call(instruction) {
                continue;
            }
            // SAFETY: `instruction` is a call of the live module.
            let called = unsafe { LLVMGetCalledValue(instruction) };
            // SAFETY: `called` is a value of the live module.
            let (direct, asm) = unsafe {
                (
                    !LLVMIsAFunction(called).is_null(),
                    !LLVMIsAInlineAsm(called).is_null(),
                )
            };
            if direct {
                if targets.contains(&called) && reached.insert(raw) {
                    work.push(raw);
                }
                callers.entry(called).or_default().push(raw);
            } else if !asm && reached.insert(raw) {
                work.push(raw);
            }
        }
    }
    while let Some(function) = work.pop() {
        for caller in callers.get(&function).into_iter().flatten() {
            if reached.insert(*caller) {
                work.push(*caller);
            }
        }
    }
    reached
}

/// Rewrites the `candidates` that qualify (see the module documentation) and returns their
/// regions, keyed by kernel. The kernels themselves are left with no body.
pub(crate) fn split<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    machine: &TargetMachine,
    candidates: &[FunctionValue<'ctx>],
    operations: &Operations<'_>,
    description: &str,
) -> Result<HashMap<FunctionValue<'ctx>, Regions<'ctx>>, CodegenError> {
    let mut result = HashMap::new();
    let barrier = module
        .get_function(operations.barrier)
        .map(|function| function.as_value_ref());
    let exchanges: HashMap<LLVMValueRef, Exchange> = operations
        .exchanges
        .iter()
        .filter_map(|(name, kind)| Some((module.get_function(name)?.as_value_ref(), *kind)))
        .collect();
    if barrier.is_none() && exchanges.is_empty() {
        return Ok(result);
    }
    let all = operations.all();
    let optnone = Attribute::get_named_enum_kind_id("optnone");
    let candidates: Vec<FunctionValue<'ctx>> = candidates
        .iter()
        .copied()
        .filter(|kernel| {
            kernel
                .get_enum_attribute(AttributeLoc::Function, optnone)
                .is_none()
        })
        .collect();
    if candidates.is_empty() {
        return Ok(result);
    }

    // 1. Inline what reaches a barrier.
    let kernel_set: HashSet<LLVMValueRef> = candidates
        .iter()
        .map(|kernel| kernel.as_value_ref())
        .collect();
    let noinline = Attribute::get_named_enum_kind_id("noinline");
    let always_inline = Attribute::get_named_enum_kind_id("alwaysinline");
    let reach = reaching(module, &all);
    for function in module.get_functions() {
        let raw = function.as_value_ref();
        if function.count_basic_blocks() == 0
            || kernel_set.contains(&raw)
            || !reach.contains(&raw)
            || function
                .get_enum_attribute(AttributeLoc::Function, optnone)
                .is_some()
        {
            continue;
        }
        function.remove_enum_attribute(AttributeLoc::Function, noinline);
        function.add_attribute(
            AttributeLoc::Function,
            context.create_enum_attribute(always_inline, 0),
        );
    }
    crate::run_pipeline(module, "always-inline", machine, description)?;

    // 2. Which kernels qualify.
    let reach = reaching(module, &all);
    let others: HashSet<LLVMValueRef> = operations
        .others
        .iter()
        .filter_map(|name| module.get_function(name))
        .map(|function| function.as_value_ref())
        .collect();
    let stops: HashSet<LLVMValueRef> = barrier
        .into_iter()
        .chain(exchanges.keys().copied())
        .collect();
    let target_data = machine.get_target_data();
    let kernels: Vec<FunctionValue<'ctx>> = candidates
        .into_iter()
        .filter(|kernel| qualifies(*kernel, &stops, &others, &reach, &target_data))
        .filter(|kernel| within_budget(*kernel, &exchanges))
        .collect();
    if kernels.is_empty() {
        return Ok(result);
    }

    // 3. Private copies of written `byval` parameters.
    let builder = context.create_builder();
    let fail = |error: inkwell::builder::BuilderError| build_error(description, &error);
    for kernel in &kernels {
        copy_written_byval(context, &builder, &target_data, *kernel).map_err(fail)?;
    }

    // 4. Demote, split at the barriers, demote again. The cleanup first turns the locals
    // clang spilled (parameters among them) back into values (SROA), so that only what the
    // kernel computes and keeps across a stop is demoted. With warp exchanges it also folds
    // what the inlined warp functions leave behind (`instcombine`, `simplifycfg`: the one-word
    // copy loop of a shuffled `int`, the source-lane arithmetic) and unrolls loops with a
    // constant trip count (a warp scan's five steps), so that regions are rarely cycles:
    // `warp_sum`'s frame (benches/cpu_target) went from 144 bytes to 64 and its time from
    // 109 ms to 27 ms. Modules whose split kernels have only barriers keep the light cleanup
    // (it runs on every function): the full one made `hipcub_block_io.hip` compile 1.8 times
    // longer.
    let with_exchanges = kernels
        .iter()
        .any(|kernel| exchange_count(*kernel, &exchanges) > 0);
    let cleanup = if with_exchanges {
        "function(sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg,\
         loop(loop-unroll-full),simplifycfg,sroa,instcombine<no-verify-fixpoint>)"
    } else {
        "function(sroa,early-cse)"
    };
    crate::run_pipeline(module, cleanup, machine, description)?;
    // Runs of shuffles become one exchange each, computed over the whole warp, while the
    // kernels are still in SSA form (`cpu_warp_runs`); then the demotion.
    // Loops whose every branch is decided by votes run for a whole warp too
    // (`cpu_warp_loops`), before the runs of shuffles (which such a loop may hold).
    let mut warp_runs: HashMap<FunctionValue<'ctx>, Vec<FunctionValue<'ctx>>> = HashMap::new();
    if with_exchanges {
        let find = |wanted: Exchange| {
            exchanges
                .iter()
                .find(|(_, kind)| **kind == wanted)
                .map(|(function, _)| *function)
        };
        let shuffle = find(Exchange::Shuffle);
        let ballot = find(Exchange::Ballot);
        for kernel in &kernels {
            let mut runs = Vec::new();
            if let Some(ballot) = ballot {
                let shuffle = shuffle.unwrap_or(std::ptr::null_mut());
                runs = crate::cpu_warp_loops::fuse(module, context, *kernel, ballot, shuffle);
            }
            if let Some(shuffle) = shuffle {
                let first = runs.len() as u32;
                runs.extend(crate::cpu_warp_runs::fuse(
                    module, context, *kernel, shuffle, first,
                ));
            }
            if !runs.is_empty() {
                warp_runs.insert(*kernel, runs);
            }
        }
    }
    // Values of the coordinates and parameters alone are computed again where they are
    // used, not demoted (`cpu_recompute`): before each demotion, since the splits below make
    // more uses cross a block.
    let item = module
        .get_global(crate::cpu::ITEM)
        .map(|item| item.as_value_ref());
    let recompute = |kernels: &[FunctionValue<'ctx>]| {
        if let Some(item) = item {
            for kernel in kernels {
                crate::cpu_recompute::recompute(context, *kernel, item);
            }
        }
    };
    recompute(&kernels);
    crate::run_pipeline(module, "function(reg2mem)", machine, description)?;
    let mut exchanges = exchanges;
    if let Some(run) = module.get_function(crate::cpu_warp_runs::RUN) {
        exchanges.insert(run.as_value_ref(), Exchange::Run);
    }
    let mut splits: HashMap<FunctionValue<'ctx>, Stops> = HashMap::new();
    for kernel in &kernels {
        let calls: Vec<LLVMValueRef> = instructions(kernel.as_value_ref())
            .filter(|instruction| is_call(*instruction))
            .collect();
        let mut found = Stops::default();
        for call in calls {
            // SAFETY: `call` is a call of the live kernel.
            let called = unsafe { LLVMGetCalledValue(call) };
            if Some(called) == barrier {
                found
                    .barriers
                    .push(split_after(context, &builder, call).map_err(fail)?);
            } else if let Some(kind) = exchanges.get(&called) {
                let slot = match found.exchange {
                    Some(slot) => slot,
                    None => *found
                        .exchange
                        .insert(exchange_slot(context, &builder, *kernel).map_err(fail)?),
                };
                let run = match kind {
                    Exchange::Run => {
                        // SAFETY: a run's call has two arguments, the second a constant.
                        let index = unsafe { constant_u32(LLVMGetOperand(call, 1)) };
                        index
                            .and_then(|index| warp_runs.get(kernel)?.get(index as usize))
                            .map(|run| run.as_value_ref())
                    }
                    _ => None,
                };
                found.runs.push(run);
                found.ballots.push(*kind == Exchange::Ballot);
                let (resume, pattern) =
                    stage_exchange(context, &builder, call, *kind, slot).map_err(fail)?;
                found
                    .exchanges
                    .push(split_after(context, &builder, resume).map_err(fail)?);
                found.patterns.push(pattern);
            }
        }
        splits.insert(*kernel, found);
    }
    recompute(&kernels);
    crate::run_pipeline(module, "function(reg2mem)", machine, description)?;

    // 5 and 6.
    for kernel in kernels {
        let stops = splits.remove(&kernel).unwrap_or_default();
        let regions = build_regions(module, context, &target_data, kernel, &stops).map_err(fail)?;
        result.insert(kernel, regions);
    }
    Ok(result)
}

/// The cross-work-item operations, by role.
pub(crate) struct Operations<'a> {
    /// The group barrier (`__oxhip_cpu_barrier`).
    pub(crate) barrier: &'a str,
    /// The warp exchanges (`__oxhip_cpu_ballot`, `__oxhip_cpu_shuffle`) and their kinds.
    pub(crate) exchanges: &'a [(&'a str, Exchange)],
    /// Every other operation: a kernel that can reach one keeps its fibers.
    pub(crate) others: &'a [&'a str],
}

impl Operations<'_> {
    fn all(&self) -> Vec<&str> {
        std::iter::once(self.barrier)
            .chain(self.exchanges.iter().map(|(name, _)| *name))
            .chain(self.others.iter().copied())
            .collect()
    }
}

/// A warp exchange: what a work-item leaves in its frame's exchange slot (see
/// [`EXCHANGE_SLOT_BYTES`]) and what the runtime puts back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exchange {
    /// `i64 __oxhip_cpu_shuffle(i64 value, i32 lane, i32 kind, i32 operand, i32 width)`: the
    /// value of the lane that the caller (`lane`) reads by HIP's rules ([`source_lane`]; the
    /// caller's own outside `0..32`); where the last three are constants,
    /// [`Regions::patterns`] keeps them for the group function ([`shuffle_pattern`]). The
    /// headers leave the source lane to codegen so that it costs nothing in the kernel's IR
    /// before the split: with it computed there, a warp scan's loop body in `block_scan`
    /// (benches/cpu_target) passed LLVM's full-unroll threshold and stayed a loop, twice as
    /// slow.
    Shuffle,
    /// `i64 __oxhip_cpu_ballot(i32 predicate)`: bit `l` set for each lane `l` whose predicate
    /// is not zero.
    Ballot,
    /// `i64 __oxhip_cpu_warp_run(i64 packed, i32 run)`: a run of shuffles that
    /// `cpu_warp_runs` moved into a function over the whole warp. Staged as the identity
    /// shuffle ([`RUN_PATTERN`]): the group function runs the run's function on the words
    /// first ([`Regions::warp_runs`]).
    Run,
}

/// Bytes per work-item of the exchange slot of a kernel split at warp exchanges, the frames'
/// first three columns: for a group of `n`, work-item `i`'s `i64 word` (in: the value a
/// shuffle offers, 0 for a ballot; out: the result) at byte `8 * i`, its `i32 operand` (the
/// source lane of a shuffle, the predicate of a ballot) at `8 * n + 4 * i`, its `i32 kind`
/// (0: shuffle, 1: ballot) at `12 * n + 4 * i`. The group entry point and the runtime's
/// `exchange` (slot 48 of `struct __oxhip_cpu_ops`) read and write them.
pub(crate) const EXCHANGE_SLOT_BYTES: u64 = 16;

/// The `kind` of a ballot in the exchange slot (a shuffle's is 0).
pub(crate) const BALLOT_KIND: u64 = 1;

/// The pattern ([`shuffle_pattern`]) of a warp run's exchange: `up` (kind 1) by 0 over a
/// width of 32, which leaves each lane its own word.
pub(crate) const RUN_PATTERN: u32 = pattern(1, 5, 0);

/// Where a kernel is split: `(block ending at the stop, resume block)` for each barrier and
/// each warp exchange, and the exchange slot's alloca.
#[derive(Default)]
struct Stops {
    barriers: Vec<(LLVMBasicBlockRef, LLVMBasicBlockRef)>,
    exchanges: Vec<(LLVMBasicBlockRef, LLVMBasicBlockRef)>,
    exchange: Option<[LLVMValueRef; 3]>,
    /// Each exchange's pattern (see [`Regions::patterns`]).
    patterns: Vec<u32>,
    /// The function of each exchange that is a warp run (see [`Regions::warp_runs`]).
    runs: Vec<Option<LLVMValueRef>>,
    /// Whether each exchange is a ballot (see [`Regions::ballots`]).
    ballots: Vec<bool>,
}

/// The kernel's exchange slot: three allocas (`i64 word`, `i32 operand`, `i32 kind`) at the
/// very start of its entry block, so that `build_regions` puts them first in the frame, in
/// that order: the columns at `0`, `8 * n` and `12 * n` bytes of the frames, where the group
/// entry point and the runtime look for them.
fn exchange_slot<'ctx>(
    context: &'ctx Context,
    builder: &inkwell::builder::Builder<'ctx>,
    kernel: FunctionValue<'ctx>,
) -> Result<[LLVMValueRef; 3], inkwell::builder::BuilderError> {
    let entry = kernel
        .get_first_basic_block()
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
    match entry.get_first_instruction() {
        Some(first) => builder.position_before(&first),
        None => builder.position_at_end(entry),
    }
    let mut slot = [std::ptr::null_mut(); 3];
    let fields: [(BasicTypeEnum<'ctx>, u32, &str); 3] = [
        (context.i64_type().into(), 8, "exchange.word"),
        (context.i32_type().into(), 4, "exchange.operand"),
        (context.i32_type().into(), 4, "exchange.kind"),
    ];
    for (field, (ty, alignment, name)) in slot.iter_mut().zip(fields) {
        let alloca = builder.build_alloca(ty, name)?;
        if let Some(instruction) = alloca.as_instruction() {
            instruction.set_alignment(alignment).ok();
        }
        *field = alloca.as_value_ref();
    }
    Ok(slot)
}

/// Replaces the exchange `call` by stores of its operands into the exchange slot and a load
/// of the result after it; returns the instruction after which to split (the call is gone)
/// and the shuffle's pattern where it is a constant (0 otherwise, and for a ballot).
fn stage_exchange<'ctx>(
    context: &'ctx Context,
    builder: &inkwell::builder::Builder<'ctx>,
    call: LLVMValueRef,
    kind: Exchange,
    slot: [LLVMValueRef; 3],
) -> Result<(LLVMValueRef, u32), inkwell::builder::BuilderError> {
    let i64_type = context.i64_type();
    let i32_type = context.i32_type();
    // SAFETY: `call` is a live call instruction; its block is valid.
    let call_value = unsafe { inkwell::values::InstructionValue::new(call) };
    builder.position_before(&call_value);
    // SAFETY: the slot's fields are the kernel's exchange allocas, pointers.
    let [word_slot, operand_slot, kind_slot] =
        slot.map(|field| unsafe { inkwell::values::PointerValue::new(field) });
    // SAFETY: a call's operands are its arguments, then the callee.
    let operand = |index: u32| unsafe { LLVMGetOperand(call, index) };
    // SAFETY: `call` is a call instruction.
    let arguments = unsafe { LLVMGetNumArgOperands(call) };
    // SAFETY: a shuffle's operands are `i64` and four `i32`s (see [`Exchange::Shuffle`]).
    let int = |index: u32| unsafe { inkwell::values::IntValue::new(operand(index)) };
    let (word, argument, code, pattern) = match kind {
        Exchange::Shuffle if arguments == 5 => (
            int(0),
            source_lane(builder, context, [int(1), int(2), int(3), int(4)])?,
            0,
            // SAFETY: operands 2 to 4 are live values.
            unsafe { shuffle_pattern(operand(2), operand(3), operand(4)) },
        ),
        // Not the headers' declaration (another parameter list): the second argument is
        // taken as the source lane, and the operands past it are never read.
        Exchange::Shuffle => (int(0), int(1), 0, 0),
        Exchange::Ballot => (i64_type.const_zero(), int(0), BALLOT_KIND, 0),
        // The identity as a pattern (`up` by 0 over the whole warp), so that its source lane
        // and kind, like any patterned shuffle's, are written only where an exchange pass
        // reads them (`cpu::fill_patterned_operands`).
        Exchange::Run => (int(0), i32_type.const_zero(), 0, RUN_PATTERN),
    };
    builder.build_store(word_slot, word)?;
    // A shuffle with a pattern leaves its source lane and kind to the group entry point,
    // which writes them only where a lane-by-lane exchange will read them
    // (`cpu::fill_patterned_operands`): every phase's loop stored them before, and the
    // whole-group exchange, nearly every one of them, never read them.
    if pattern == 0 {
        builder.build_store(operand_slot, argument)?;
        builder.build_store(kind_slot, i32_type.const_int(code, false))?;
    }
    // The result, read after the resume point.
    let next = call_value
        .get_next_instruction()
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
    builder.position_before(&next);
    let result = builder.build_load(i64_type, word_slot, "exchange.result")?;
    // SAFETY: the call returns `i64`, as does the load.
    unsafe { LLVMReplaceAllUsesWith(call, result.as_value_ref()) };
    Ok((call, pattern))
}

/// The lane a shuffle reads, from `[lane, kind, operand, width]` (see [`Exchange::Shuffle`]),
/// as `hip/oxhip/warp.h`'s `__oxhip_shfl_source` computes it on the GPUs: CUDA's rules, under
/// which a source outside the lane's group of `width` lanes is the lane itself, except that
/// `xor` may reach into an earlier group. With constant operands, all but one kind's formula
/// folds away.
pub(crate) fn source_lane<'ctx>(
    builder: &inkwell::builder::Builder<'ctx>,
    context: &'ctx Context,
    [lane, kind, operand, width]: [inkwell::values::IntValue<'ctx>; 4],
) -> Result<inkwell::values::IntValue<'ctx>, inkwell::builder::BuilderError> {
    use inkwell::IntPredicate::{EQ, SGE, SLT};
    let i32_type = context.i32_type();
    let low = builder.build_int_sub(width, i32_type.const_int(1, false), "shfl.low")?;
    let high = builder.build_not(low, "shfl.high")?;
    let first = builder.build_and(lane, high, "shfl.first")?;
    let end = builder.build_int_add(first, width, "shfl.end")?;
    let index = builder.build_and(operand, low, "shfl.index")?;
    let index = builder.build_int_add(first, index, "shfl.idx")?;
    let up = builder.build_int_sub(lane, operand, "shfl.up")?;
    let before = builder.build_int_compare(SLT, up, first, "shfl.before")?;
    let up = builder
        .build_select(before, lane, up, "shfl.up")?
        .into_int_value();
    let down = builder.build_int_add(lane, operand, "shfl.down")?;
    let past = builder.build_int_compare(SGE, down, end, "shfl.past")?;
    let down = builder
        .build_select(past, lane, down, "shfl.down")?
        .into_int_value();
    let xor = builder.build_xor(lane, operand, "shfl.xor")?;
    let past = builder.build_int_compare(SGE, xor, end, "shfl.past")?;
    let xor = builder
        .build_select(past, lane, xor, "shfl.xor")?
        .into_int_value();
    // The kinds' numbers are those of warp.h's `__OXHIP_SHFL_*`: index, up, down, xor.
    let mut source = xor;
    for (number, formula) in [(2, down), (1, up), (0, index)] {
        let chosen = builder.build_int_compare(EQ, kind, i32_type.const_int(number, false), "")?;
        source = builder
            .build_select(chosen, formula, source, "shfl.source")?
            .into_int_value();
    }
    Ok(source)
}

/// A shuffle's pattern from its kind, operand and width (see [`Regions::patterns`]), when all
/// three are constants that the runtime's `split::exchange_patterned` (which decodes it) can
/// take: a kind from 0 to 3, an operand from 0 to 32 and a width that is a power of two up to
/// 32. Bit 1 set, the kind in bits 2-3, log2 of the width in bits 4-6, the operand from bit 8;
/// 0 when it is none of these.
///
/// # Safety
/// The three are live values.
pub(crate) unsafe fn shuffle_pattern(
    kind: LLVMValueRef,
    operand: LLVMValueRef,
    width: LLVMValueRef,
) -> u32 {
    // SAFETY: the caller's.
    let (kind, operand, width) = unsafe {
        (
            constant_u32(kind),
            constant_u32(operand),
            constant_u32(width),
        )
    };
    match (kind, operand, width) {
        (Some(kind @ 0..=3), Some(operand @ 0..=32), Some(width @ 1..=32))
            if width.is_power_of_two() =>
        {
            pattern(kind, width.trailing_zeros(), operand)
        }
        _ => 0,
    }
}

/// The pattern of a shuffle of `kind` by `operand` over `1 << log_width` lanes (see
/// [`shuffle_pattern`]).
pub(crate) const fn pattern(kind: u32, log_width: u32, operand: u32) -> u32 {
    2 | kind << 2 | log_width << 4 | operand << 8
}

/// `value`'s bits when it is an integer constant that fits in 32 bits.
///
/// # Safety
/// `value` is a live value.
unsafe fn constant_u32(value: LLVMValueRef) -> Option<u32> {
    // SAFETY: the caller's.
    unsafe {
        if LLVMIsAConstantInt(value).is_null() {
            return None;
        }
        u32::try_from(LLVMConstIntGetZExtValue(value)).ok()
    }
}

fn build_error(description: &str, error: &inkwell::builder::BuilderError) -> CodegenError {
    CodegenError::Verify {
        target: description.to_owned(),
        message: format!("splitting kernels at barriers: {error}"),
    }
}

/// The instructions of `function`, in block order (collected: callers may change them).
pub(crate) fn instructions(function: LLVMValueRef) -> std::vec::IntoIter<LLVMValueRef> {
    let mut all = Vec::new();
    // SAFETY: walks the blocks and instructions of a live function with LLVM's iterators.
    unsafe {
        let mut block = LLVMGetFirstBasicBlock(function);
        while !block.is_null() {
            let mut instruction = LLVMGetFirstInstruction(block);
            while !instruction.is_null() {
                all.push(instruction);
                instruction = LLVMGetNextInstruction(instruction);
            }
            block = LLVMGetNextBasicBlock(block);
        }
    }
    all.into_iter()
}

pub(crate) fn opcode(instruction: LLVMValueRef) -> LLVMOpcode {
    // SAFETY: `instruction` is an instruction of the live module.
    unsafe { LLVMGetInstructionOpcode(instruction) }
}

pub(crate) fn is_call(instruction: LLVMValueRef) -> bool {
    matches!(
        opcode(instruction),
        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke | LLVMOpcode::LLVMCallBr
    )
}

/// The users of `value` (each once per use).
pub(crate) fn users(value: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut all = Vec::new();
    // SAFETY: walks the use list of a live value.
    unsafe {
        let mut current = LLVMGetFirstUse(value);
        while !current.is_null() {
            all.push(LLVMGetUser(current));
            current = LLVMGetNextUse(current);
        }
    }
    all
}

pub(crate) fn callee_name(call: LLVMValueRef) -> Option<String> {
    // SAFETY: `call` is a call instruction of the live module.
    let called = unsafe { LLVMGetCalledValue(call) };
    // SAFETY: `called` is a live value.
    if unsafe { LLVMIsAFunction(called) }.is_null() {
        return None;
    }
    let mut length = 0usize;
    // SAFETY: LLVM returns a pointer to the name's bytes and their length.
    let name = unsafe { LLVMGetValueName2(called, &mut length) };
    if name.is_null() {
        return None;
    }
    // SAFETY: `name` points at `length` bytes owned by the function.
    let bytes = unsafe { std::slice::from_raw_parts(name.cast::<u8>(), length) };
    Some(String::from_utf8_lossy(bytes).into_owned())
}

fn qualifies(
    kernel: FunctionValue<'_>,
    stops: &HashSet<LLVMValueRef>,
    others: &HashSet<LLVMValueRef>,
    reach: &HashSet<LLVMValueRef>,
    target_data: &TargetData,
) -> bool {
    let raw = kernel.as_value_ref();
    // SAFETY: `raw` is a defined function.
    let entry = unsafe { LLVMGetFirstBasicBlock(raw) };
    let mut barriers = 0usize;
    for instruction in instructions(raw) {
        match opcode(instruction) {
            LLVMOpcode::LLVMAlloca => {
                // SAFETY: an alloca of the live kernel; operand 0 is its element count.
                let (block, count, ty) = unsafe {
                    (
                        LLVMGetInstructionParent(instruction),
                        LLVMGetOperand(instruction, 0),
                        LLVMGetAllocatedType(instruction),
                    )
                };
                // SAFETY: `count` is a live value.
                if block != entry || unsafe { LLVMIsAConstantInt(count) }.is_null() {
                    return false;
                }
                // SAFETY: `ty` is the alloca's (sized) allocated type.
                let ty = unsafe { inkwell::types::AnyTypeEnum::new(ty) };
                let alignment = BasicTypeEnum::try_from(ty)
                    .map(|ty| u64::from(target_data.get_abi_alignment(&ty)))
                    .unwrap_or(u64::MAX);
                if alignment > FRAME_ALIGN || alloca_alignment(instruction) > FRAME_ALIGN {
                    return false;
                }
            }
            LLVMOpcode::LLVMInvoke | LLVMOpcode::LLVMCallBr => return false,
            LLVMOpcode::LLVMCall => {
                // SAFETY: a call of the live kernel.
                let called = unsafe { LLVMGetCalledValue(instruction) };
                // SAFETY: `called` is a live value.
                let (direct, asm) = unsafe {
                    (
                        !LLVMIsAFunction(called).is_null(),
                        !LLVMIsAInlineAsm(called).is_null(),
                    )
                };
                if stops.contains(&called) {
                    barriers += 1;
                } else if others.contains(&called)
                    || (direct && reach.contains(&called))
                    || (!direct && !asm)
                {
                    // Another cross-work-item operation, a function that can reach one, or
                    // an indirect call that might.
                    return false;
                }
            }
            _ => {}
        }
    }
    barriers > 0
}

/// Warp exchange calls times instructions (after inlining, before the cleanup) up to which a
/// kernel is split; past it, it keeps its fibers. The split form's compile time grows faster
/// than that product (more values cross each exchange, more regions to copy them in and
/// out): `warp_functions.hip`'s kernels, with 24 to 88 exchange calls and 4,000 to 20,000
/// instructions, took 24 s to compile all split against 2.4 s as fibers (more than 10
/// minutes before each region copied only its own frame slots), and `cg_large_tiles.hip`'s
/// (9 to 13 calls, about 4,000 instructions) 4.1 s against 1.2 s.
const SPLIT_BUDGET: u64 = 30_000;

fn within_budget(kernel: FunctionValue<'_>, exchanges: &HashMap<LLVMValueRef, Exchange>) -> bool {
    let size = instructions(kernel.as_value_ref()).len() as u64;
    exchange_count(kernel, exchanges) * size <= SPLIT_BUDGET
}

/// The calls of warp exchanges in `kernel`.
fn exchange_count(kernel: FunctionValue<'_>, exchanges: &HashMap<LLVMValueRef, Exchange>) -> u64 {
    instructions(kernel.as_value_ref())
        .filter(|instruction| {
            // SAFETY: `instruction` is a call of the live kernel.
            is_call(*instruction)
                && exchanges.contains_key(&unsafe { LLVMGetCalledValue(*instruction) })
        })
        .count() as u64
}

fn alloca_alignment(alloca: LLVMValueRef) -> u64 {
    // SAFETY: `alloca` is an alloca instruction.
    u64::from(unsafe { inkwell::llvm_sys::core::LLVMGetAlignment(alloca) })
}

/// Whether every use of the pointer `value` only reads through it.
fn read_only(value: LLVMValueRef) -> bool {
    users(value).into_iter().all(|user| match opcode(user) {
        LLVMOpcode::LLVMLoad => true,
        LLVMOpcode::LLVMGetElementPtr => {
            // SAFETY: a GEP's operand 0 is its base.
            let base = unsafe { LLVMGetOperand(user, 0) };
            base == value && read_only(user)
        }
        _ => false,
    })
}

fn copy_written_byval(
    context: &Context,
    builder: &inkwell::builder::Builder<'_>,
    target_data: &TargetData,
    kernel: FunctionValue<'_>,
) -> Result<(), inkwell::builder::BuilderError> {
    let byval = Attribute::get_named_enum_kind_id("byval");
    let align = Attribute::get_named_enum_kind_id("align");
    let Some(entry) = kernel.get_first_basic_block() else {
        return Ok(());
    };
    for (position, parameter) in kernel.get_param_iter().enumerate() {
        let location = AttributeLoc::Param(u32::try_from(position).unwrap_or(u32::MAX));
        let Some(attribute) = kernel
            .get_enum_attribute(location, byval)
            .filter(|attribute| attribute.is_type())
        else {
            continue;
        };
        if read_only(parameter.as_value_ref()) {
            continue;
        }
        let Ok(ty) = BasicTypeEnum::try_from(attribute.get_type_value()) else {
            continue;
        };
        let alignment = kernel
            .get_enum_attribute(location, align)
            .map(|attribute| attribute.get_enum_value())
            .filter(|value| *value > 0)
            .unwrap_or_else(|| u64::from(target_data.get_abi_alignment(&ty)));
        let alignment = u32::try_from(alignment).unwrap_or(8);
        match entry.get_first_instruction() {
            Some(first) => builder.position_before(&first),
            None => builder.position_at_end(entry),
        }
        let copy = builder.build_alloca(ty, "byval.copy")?;
        if let Some(instruction) = copy.as_instruction() {
            instruction.set_alignment(alignment).ok();
        }
        // SAFETY: both are live pointer values of the kernel.
        unsafe { LLVMReplaceAllUsesWith(parameter.as_value_ref(), copy.as_value_ref()) };
        let size = context
            .i64_type()
            .const_int(target_data.get_abi_size(&ty), false);
        builder.build_memcpy(
            copy,
            alignment,
            parameter.into_pointer_value(),
            alignment,
            size,
        )?;
    }
    Ok(())
}

/// Splits `call`'s block after it and removes the call: returns (the block that now ends in
/// a branch to the resume block, the resume block).
fn split_after<'ctx>(
    context: &'ctx Context,
    builder: &inkwell::builder::Builder<'ctx>,
    call: LLVMValueRef,
) -> Result<(LLVMBasicBlockRef, LLVMBasicBlockRef), inkwell::builder::BuilderError> {
    // SAFETY: `call` is an instruction of a live function; its block is valid.
    let block = unsafe { BasicBlock::new(LLVMGetInstructionParent(call)) }
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
    let resume = context.insert_basic_block_after(block, "barrier.resume");
    builder.position_at_end(resume);
    // SAFETY: moves the instructions after `call` (through the terminator) into `resume`,
    // in order, then erases the call; both blocks belong to the same live function.
    unsafe {
        let mut next = LLVMGetNextInstruction(call);
        while !next.is_null() {
            let following = LLVMGetNextInstruction(next);
            LLVMInstructionRemoveFromParent(next);
            LLVMInsertIntoBuilder(builder.as_mut_ptr(), next);
            next = following;
        }
        LLVMInstructionEraseFromParent(call);
    }
    builder.position_at_end(block);
    builder.build_unconditional_branch(resume)?;
    Ok((block.as_mut_ptr(), resume.as_mut_ptr()))
}

pub(crate) fn successors(block: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    // SAFETY: `block` is a block of a live function.
    unsafe {
        let terminator = LLVMGetBasicBlockTerminator(block);
        if terminator.is_null() {
            return Vec::new();
        }
        (0..LLVMGetNumSuccessors(terminator))
            .map(|index| LLVMGetSuccessor(terminator, index))
            .collect()
    }
}

/// A frame slot that stands for an alloca (whose address does not escape) in the regions
/// that use it.
struct Copy<'ctx> {
    alloca: LLVMValueRef,
    /// The alloca's type when it holds one scalar (an integer, a float, a pointer or a
    /// vector), which is then copied as a load and a store of that type: a memcpy of an
    /// `i1` that `reg2mem` demoted reads a byte whose upper bits are unspecified, and the
    /// partial promotion SROA made of it was vectorised wrongly (`warp_split.hip`'s
    /// `votes_after_exit`).
    scalar: Option<BasicTypeEnum<'ctx>>,
    slot: inkwell::values::PointerValue<'ctx>,
    size: u64,
    alignment: u32,
    /// The regions that copy it out: those that may write it and can stop where a later
    /// region may read it ([`Flow`]); the others leave the frame's value as they found it.
    copy_out: HashSet<u32>,
    /// The regions that may read its value on entry: only those copy it in.
    live_in: HashSet<u32>,
}

/// How an alloca's address is used.
struct Usage {
    blocks: HashSet<LLVMBasicBlockRef>,
    /// The blocks that may write it (stores and memory intrinsics).
    written: HashSet<LLVMBasicBlockRef>,
    escapes: bool,
    lifetime_markers: Vec<LLVMValueRef>,
    /// Every instruction that touches its bytes, and how (see [`live_on_entry`]; what an
    /// escaping address is used for is a read).
    touched: HashMap<LLVMValueRef, Touch>,
}

/// How an instruction touches an alloca's bytes (see [`live_on_entry`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Touch {
    /// May read them.
    Read,
    /// Writes all of them and reads none.
    Overwrite,
    /// Writes some of them.
    Partial,
}

/// Records that `instruction` touches the alloca as `touch`; a read wins over a write (a
/// `memmove` from the alloca to itself).
fn note(touched: &mut HashMap<LLVMValueRef, Touch>, instruction: LLVMValueRef, touch: Touch) {
    let entry = touched.entry(instruction).or_insert(touch);
    if touch == Touch::Read {
        *entry = Touch::Read;
    }
}

/// How `alloca` (`size` bytes) is used.
fn usage(alloca: LLVMValueRef, size: u64, target_data: &TargetData) -> Usage {
    let mut usage = Usage {
        blocks: HashSet::new(),
        written: HashSet::new(),
        escapes: false,
        lifetime_markers: Vec::new(),
        touched: HashMap::new(),
    };
    // A store or memory intrinsic that writes all of the alloca through its own address, or
    // part of it.
    let write = |whole: bool| {
        if whole {
            Touch::Overwrite
        } else {
            Touch::Partial
        }
    };
    let mut pending = vec![alloca];
    let mut seen = HashSet::new();
    while let Some(pointer) = pending.pop() {
        if !seen.insert(pointer) {
            continue;
        }
        for user in users(pointer) {
            // SAFETY: `user` is an instruction (allocas are only used by instructions, and so
            // are the instructions derived from them here).
            let block = unsafe { LLVMGetInstructionParent(user) };
            usage.blocks.insert(block);
            match opcode(user) {
                LLVMOpcode::LLVMLoad => note(&mut usage.touched, user, Touch::Read),
                LLVMOpcode::LLVMStore => {
                    // SAFETY: a store's operand 0 is the value stored; its type is sized.
                    let (value, stored) = unsafe {
                        let value = LLVMGetOperand(user, 0);
                        let ty = inkwell::types::AnyTypeEnum::new(
                            inkwell::llvm_sys::core::LLVMTypeOf(value),
                        );
                        (value, target_data.get_store_size(&ty))
                    };
                    if value == pointer {
                        usage.escapes = true;
                    }
                    usage.written.insert(block);
                    let touch = write(pointer == alloca && stored >= size);
                    note(&mut usage.touched, user, touch);
                }
                LLVMOpcode::LLVMGetElementPtr
                | LLVMOpcode::LLVMBitCast
                | LLVMOpcode::LLVMAddrSpaceCast => pending.push(user),
                LLVMOpcode::LLVMCall => match callee_name(user) {
                    Some(name) if name.starts_with("llvm.lifetime.") => {
                        usage.lifetime_markers.push(user);
                    }
                    Some(name)
                        if name.starts_with("llvm.memcpy")
                            || name.starts_with("llvm.memmove")
                            || name.starts_with("llvm.memset") =>
                    {
                        // Perhaps only the source, but counted as a write.
                        usage.written.insert(block);
                        // SAFETY: operand 0 is the destination, 1 the source (or value), 2
                        // the length.
                        let (destination, source, length) = unsafe {
                            (
                                LLVMGetOperand(user, 0),
                                LLVMGetOperand(user, 1),
                                LLVMGetOperand(user, 2),
                            )
                        };
                        if source == pointer {
                            note(&mut usage.touched, user, Touch::Read);
                        }
                        if destination == pointer {
                            // SAFETY: `length` is a live value.
                            let whole_length = unsafe {
                                !LLVMIsAConstantInt(length).is_null()
                                    && LLVMConstIntGetZExtValue(length) >= size
                            };
                            let touch = write(pointer == alloca && whole_length);
                            note(&mut usage.touched, user, touch);
                        }
                    }
                    _ => {
                        usage.escapes = true;
                        note(&mut usage.touched, user, Touch::Read);
                    }
                },
                _ => {
                    usage.escapes = true;
                    note(&mut usage.touched, user, Touch::Read);
                }
            }
        }
    }
    usage
}

/// The blocks on whose entry the alloca that `touched` describes holds a value that may
/// still be read: those from which a path reaches a read of it, or the regions' `exit`,
/// before anything overwrites it whole. A region whose resume point is not among them needs
/// no copy of it in; an alloca live on entry to no region needs no frame slot at all (the
/// header's staging word of a shuffle, written afresh by every region that uses it).
fn live_on_entry(
    function: LLVMValueRef,
    touched: &HashMap<LLVMValueRef, Touch>,
    predecessors: &HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>>,
    exit: LLVMBasicBlockRef,
) -> HashSet<LLVMBasicBlockRef> {
    // The exit copies the alloca out to the frame when the region wrote it: a read of the
    // whole, so that a region that writes part of it copies in the rest first.
    let mut reads = vec![exit];
    let mut overwrites = HashSet::new();
    // SAFETY: walks the blocks of a live function.
    unsafe {
        let mut block = LLVMGetFirstBasicBlock(function);
        while !block.is_null() {
            match first_touch(block, touched) {
                Some(Touch::Read) => reads.push(block),
                Some(Touch::Overwrite) => {
                    overwrites.insert(block);
                }
                _ => {}
            }
            block = LLVMGetNextBasicBlock(block);
        }
    }
    let mut live: HashSet<LLVMBasicBlockRef> = reads.iter().copied().collect();
    while let Some(block) = reads.pop() {
        for before in predecessors.get(&block).into_iter().flatten() {
            if !overwrites.contains(before) && live.insert(*before) {
                reads.push(*before);
            }
        }
    }
    live
}

/// The first read or whole overwrite of the alloca that `touched` describes in `block`, a
/// block of a live function (a partial write does not end the search).
fn first_touch(block: LLVMBasicBlockRef, touched: &HashMap<LLVMValueRef, Touch>) -> Option<Touch> {
    // SAFETY: walks the instructions of a live block.
    unsafe {
        let mut instruction = LLVMGetFirstInstruction(block);
        while !instruction.is_null() {
            if let Some(touch @ (Touch::Read | Touch::Overwrite)) = touched.get(&instruction) {
                return Some(*touch);
            }
            instruction = LLVMGetNextInstruction(instruction);
        }
    }
    None
}

/// What the regions do with one alloca, for the liveness across stops: the states whose
/// region may read it before overwriting it (`reads`), and for each state the stops its
/// region can reach without overwriting it (`passes`; a return passes nothing on).
struct Flow {
    reads: HashSet<u32>,
    passes: HashMap<u32, HashSet<u32>>,
}

impl Flow {
    /// Walks each region from its resume point, block by block, to the first touch of the
    /// alloca that `touched` describes on each path.
    fn of(
        touched: &HashMap<LLVMValueRef, Touch>,
        resumes: &[(u32, LLVMBasicBlockRef)],
        stop_state: &HashMap<LLVMBasicBlockRef, u32>,
        exit: LLVMBasicBlockRef,
    ) -> Flow {
        let mut flow = Flow {
            reads: HashSet::new(),
            passes: HashMap::new(),
        };
        for (state, start) in resumes {
            let mut seen = HashSet::new();
            let mut stack = vec![*start];
            let passes = flow.passes.entry(*state).or_default();
            'blocks: while let Some(block) = stack.pop() {
                if block == exit || !seen.insert(block) {
                    continue;
                }
                match first_touch(block, touched) {
                    Some(Touch::Read) => {
                        flow.reads.insert(*state);
                        continue 'blocks;
                    }
                    Some(Touch::Overwrite) => continue 'blocks,
                    _ => {}
                }
                if let Some(next) = stop_state.get(&block) {
                    passes.insert(*next);
                }
                stack.extend(successors(block));
            }
        }
        flow
    }

    /// The states on whose resume the alloca holds a value that some region may still read:
    /// its own region reads it first, or passes it on untouched to such a state.
    fn live(&self) -> HashSet<u32> {
        let mut live = self.reads.clone();
        loop {
            let before = live.len();
            for (state, passes) in &self.passes {
                if !live.contains(state) && passes.iter().any(|next| live.contains(next)) {
                    live.insert(*state);
                }
            }
            if live.len() == before {
                return live;
            }
        }
    }
}

fn build_regions<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    target_data: &TargetData,
    kernel: FunctionValue<'ctx>,
    stops: &Stops,
) -> Result<Regions<'ctx>, inkwell::builder::BuilderError> {
    // Barriers first, then exchanges: states `2 ..= B + 1` stop at barriers, the rest at
    // exchanges.
    let barriers: Vec<(LLVMBasicBlockRef, LLVMBasicBlockRef)> = stops
        .barriers
        .iter()
        .chain(&stops.exchanges)
        .copied()
        .collect();
    let barriers = barriers.as_slice();
    let i32_type = context.i32_type();
    let i8_type = context.i8_type();
    let pointer = context.ptr_type(inkwell::AddressSpace::default());
    let mut parameter_types: Vec<BasicMetadataTypeEnum<'ctx>> =
        kernel.get_type().get_param_types().into_iter().collect();
    parameter_types.push(i32_type.into());
    parameter_types.push(pointer.into());
    parameter_types.push(context.i64_type().into());
    parameter_types.push(context.i64_type().into());
    let name = format!("{}.regions", kernel.get_name().to_string_lossy());
    let function = module.add_function(
        &name,
        i32_type.fn_type(&parameter_types, false),
        Some(Linkage::Internal),
    );
    let count = kernel.count_params();
    for (index, parameter) in kernel.get_param_iter().enumerate() {
        if let Some(new) = function.get_nth_param(index as u32) {
            new.set_name(&parameter.get_name().to_string_lossy());
            // SAFETY: both are live values of the same type.
            unsafe { LLVMReplaceAllUsesWith(parameter.as_value_ref(), new.as_value_ref()) };
        }
    }
    let state = function
        .get_nth_param(count)
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?
        .into_int_value();
    state.set_name("state");
    let frames = function
        .get_nth_param(count + 1)
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?
        .into_pointer_value();
    frames.set_name("frames");
    let index = function
        .get_nth_param(count + 2)
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?
        .into_int_value();
    index.set_name("index");
    let items = function
        .get_nth_param(count + 3)
        .ok_or(inkwell::builder::BuilderError::UnsetPosition)?
        .into_int_value();
    items.set_name("items");
    // Keep the kernel's attributes that describe the code (target features, denormal
    // modes, and so on).
    for attribute in kernel.attributes(AttributeLoc::Function) {
        function.add_attribute(AttributeLoc::Function, attribute);
    }
    let always_inline = Attribute::get_named_enum_kind_id("alwaysinline");
    function.remove_enum_attribute(AttributeLoc::Function, always_inline);
    function.remove_string_attribute(AttributeLoc::Function, "uniform-work-group-size");

    // Move the blocks, and the debug-info subprogram with them.
    let entry = context.append_basic_block(function, "regions.entry");
    let blocks = kernel.get_basic_blocks();
    let old_entry = blocks[0];
    let mut last = entry;
    for block in &blocks {
        // SAFETY: moves a block of the live kernel into `function` after `last`.
        unsafe { LLVMMoveBasicBlockAfter(block.as_mut_ptr(), last.as_mut_ptr()) };
        last = *block;
    }
    // SAFETY: both functions are live; the subprogram (possibly null) moves to `function`.
    unsafe {
        let subprogram = LLVMGetSubprogram(kernel.as_value_ref());
        if !subprogram.is_null() {
            LLVMSetSubprogram(function.as_value_ref(), subprogram);
            LLVMSetSubprogram(kernel.as_value_ref(), std::ptr::null_mut());
        }
    }

    let builder = context.create_builder();
    // The allocas move into the new entry.
    builder.position_at_end(entry);
    let mut allocas = Vec::new();
    for instruction in instructions(function.as_value_ref()) {
        // SAFETY: an instruction of `function`.
        if opcode(instruction) == LLVMOpcode::LLVMAlloca
            && unsafe { LLVMGetInstructionParent(instruction) } == old_entry.as_mut_ptr()
        {
            // SAFETY: moves a static alloca into the new entry block.
            unsafe {
                LLVMInstructionRemoveFromParent(instruction);
                LLVMInsertIntoBuilder(builder.as_mut_ptr(), instruction);
            }
            allocas.push(instruction);
        }
    }
    // The exchange slot's fields take the frame's first columns, where the group entry point
    // and the runtime look for them.
    let exchange_fields: Vec<LLVMValueRef> = stops.exchange.into_iter().flatten().collect();
    allocas.retain(|alloca| !exchange_fields.contains(alloca));
    allocas.splice(0..0, exchange_fields.iter().copied());

    // Exits: every barrier and every return go to one exit block.
    let exit = context.append_basic_block(function, "regions.exit");
    let unreachable = context.append_basic_block(function, "regions.bad_state");
    let mut incoming: Vec<(inkwell::values::IntValue<'ctx>, BasicBlock<'ctx>)> = Vec::new();
    for (index, (block, _)) in barriers.iter().enumerate() {
        // SAFETY: `block` is a live block of `function` ending in a branch.
        let block = unsafe { BasicBlock::new(*block) }
            .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
        if let Some(terminator) = block.get_terminator() {
            terminator.erase_from_basic_block();
        }
        builder.position_at_end(block);
        builder.build_unconditional_branch(exit)?;
        incoming.push((i32_type.const_int(index as u64 + 2, false), block));
    }
    let mut return_blocks = HashSet::new();
    for block in function.get_basic_blocks() {
        if let Some(terminator) = block.get_terminator() {
            if terminator.get_opcode() == InstructionOpcode::Return {
                terminator.erase_from_basic_block();
                builder.position_at_end(block);
                builder.build_unconditional_branch(exit)?;
                incoming.push((i32_type.const_zero(), block));
                return_blocks.insert(block.as_mut_ptr());
            }
        }
    }

    // Regions: the blocks reachable from each resume point without crossing a barrier.
    let mut resumes: Vec<(u32, LLVMBasicBlockRef)> = vec![(1, old_entry.as_mut_ptr())];
    for (index, (_, resume)) in barriers.iter().enumerate() {
        resumes.push((index as u32 + 2, *resume));
    }
    let barrier_state: HashMap<LLVMBasicBlockRef, u32> = barriers
        .iter()
        .enumerate()
        .map(|(index, (block, _))| (*block, index as u32 + 2))
        .collect();
    let exit_raw = exit.as_mut_ptr();
    let mut region_blocks: HashMap<u32, HashSet<LLVMBasicBlockRef>> = HashMap::new();
    let mut region_next: HashMap<u32, HashSet<u32>> = HashMap::new();
    for (state, start) in &resumes {
        let mut seen = HashSet::new();
        let mut stack = vec![*start];
        while let Some(block) = stack.pop() {
            if block == exit_raw || !seen.insert(block) {
                continue;
            }
            if let Some(next) = barrier_state.get(&block) {
                region_next.entry(*state).or_default().insert(*next);
            }
            stack.extend(successors(block));
        }
        region_blocks.insert(*state, seen);
    }
    let returning: HashSet<u32> = region_blocks
        .iter()
        .filter(|(_, blocks)| !blocks.is_disjoint(&return_blocks))
        .map(|(state, _)| *state)
        .collect();
    let after_return = after_return(&region_next, &returning);
    let cyclic = |state: u32| -> bool {
        let mut seen = HashSet::new();
        let mut stack: Vec<u32> = region_next
            .get(&state)
            .into_iter()
            .flatten()
            .copied()
            .collect();
        while let Some(next) = stack.pop() {
            if next == state {
                return true;
            }
            if seen.insert(next) {
                stack.extend(region_next.get(&next).into_iter().flatten().copied());
            }
        }
        false
    };

    let mut predecessors: HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>> = HashMap::new();
    for block in function.get_basic_blocks() {
        for next in successors(block.as_mut_ptr()) {
            predecessors
                .entry(next)
                .or_default()
                .push(block.as_mut_ptr());
        }
    }

    // The frame.
    builder.position_at_end(entry);
    let mut offset = 0u64;
    let mut max_alignment = 8u64;
    // (alloca, its slot, size, alignment, the regions that use it)
    let mut copies: Vec<Copy<'ctx>> = Vec::new();
    for alloca in allocas {
        // SAFETY: `alloca` is a live static alloca with a constant count.
        let (ty, count) = unsafe {
            (
                inkwell::types::AnyTypeEnum::new(LLVMGetAllocatedType(alloca)),
                LLVMGetOperand(alloca, 0),
            )
        };
        let Ok(ty) = BasicTypeEnum::try_from(ty) else {
            continue;
        };
        // SAFETY: `count` is a constant integer (checked by `qualifies`).
        let count = unsafe { inkwell::llvm_sys::core::LLVMConstIntGetZExtValue(count) };
        let size = target_data.get_abi_size(&ty) * count;
        let usage = usage(alloca, size, target_data);
        let used_by: HashSet<u32> = region_blocks
            .iter()
            .filter(|(_, blocks)| !blocks.is_disjoint(&usage.blocks))
            .map(|(state, _)| *state)
            .collect();
        let in_frame = exchange_fields.contains(&alloca)
            || match used_by.len() {
                0 => false,
                1 => used_by.iter().any(|state| cyclic(*state)),
                _ => true,
            };
        if !in_frame {
            continue;
        }
        // The regions on whose entry the alloca holds a value they may read: the others
        // need no copy of it in, and an alloca no region needs on entry needs no slot (the
        // exchange slot's fields keep theirs, where the runtime looks for them).
        let written_by: HashSet<u32> = region_blocks
            .iter()
            .filter(|(_, blocks)| !blocks.is_disjoint(&usage.written))
            .map(|(state, _)| *state)
            .collect();
        // The regions that copy it in, and those that copy it out.
        let (live_in, copy_out): (HashSet<u32>, HashSet<u32>) = if usage.escapes {
            (used_by.clone(), HashSet::new())
        } else if exchange_fields.contains(&alloca) {
            // The exchange's operands are read at the stop, by the group entry point or the
            // runtime, not by a region: every exit reads them.
            let live = live_on_entry(
                function.as_value_ref(),
                &usage.touched,
                &predecessors,
                exit.as_mut_ptr(),
            );
            let live_in = resumes
                .iter()
                .filter(|(state, start)| used_by.contains(state) && live.contains(start))
                .map(|(state, _)| *state)
                .collect();
            (
                live_in,
                used_by.intersection(&written_by).copied().collect(),
            )
        } else {
            // Only what a later region may read crosses a stop: a value that every region
            // overwrites before reading it (a `phi`'s copy that `reg2mem` made, rewritten on
            // each way into the `phi`) needs no slot, and a region that writes a slot copies
            // it out only when a stop it reaches needs it. A region that writes it on some
            // path and passes it on untouched on another to a stop that needs it copies it
            // in first, so that its copy out writes back what it found.
            let flow = Flow::of(&usage.touched, &resumes, &barrier_state, exit_raw);
            let live = flow.live();
            // Whether a state of `stops` (those of a region) needs the slot.
            let any_live = |stops: Option<&HashSet<u32>>| {
                stops.into_iter().flatten().any(|next| live.contains(next))
            };
            let live_in = used_by
                .iter()
                .filter(|state| {
                    flow.reads.contains(state)
                        || (written_by.contains(state) && any_live(flow.passes.get(state)))
                })
                .copied()
                .collect();
            let copy_out = used_by
                .iter()
                .filter(|state| written_by.contains(state) && any_live(region_next.get(state)))
                .copied()
                .collect();
            (live_in, copy_out)
        };
        if live_in.is_empty() && copy_out.is_empty() && !exchange_fields.contains(&alloca) {
            continue;
        }
        let alignment = alloca_alignment(alloca)
            .max(u64::from(target_data.get_abi_alignment(&ty)))
            .max(1);
        max_alignment = max_alignment.max(alignment);
        offset = offset.div_ceil(alignment) * alignment;
        // Structure of arrays: the slot's column starts at `offset * items`, and this
        // work-item's element of it at `index * pitch` in the column, the size rounded up to
        // the alignment (a 24-byte array aligned to 16 has a pitch of 32), so that every
        // element is as aligned as the alloca was.
        let pitch = size.div_ceil(alignment) * alignment;
        let i64_type = context.i64_type();
        let column =
            builder.build_int_nuw_mul(items, i64_type.const_int(offset, false), "column")?;
        let element =
            builder.build_int_nuw_mul(index, i64_type.const_int(pitch, false), "element")?;
        let position = builder.build_int_nuw_add(column, element, "position")?;
        // SAFETY: inside the frames: `offset + size <= stride` and `index < items`.
        let slot = unsafe { builder.build_gep(i8_type, frames, &[position], "frame.slot")? };
        for marker in &usage.lifetime_markers {
            // SAFETY: a lifetime marker of the alloca; nothing uses its (void) result.
            unsafe { LLVMInstructionEraseFromParent(*marker) };
        }
        let alignment32 = u32::try_from(alignment).unwrap_or(8);
        if usage.escapes {
            // SAFETY: replaces the alloca by its slot (same type: a pointer) and erases it.
            unsafe {
                LLVMReplaceAllUsesWith(alloca, slot.as_value_ref());
                LLVMInstructionEraseFromParent(alloca);
            }
        } else {
            let scalar = (count == 1
                && matches!(
                    ty,
                    BasicTypeEnum::IntType(_)
                        | BasicTypeEnum::FloatType(_)
                        | BasicTypeEnum::PointerType(_)
                        | BasicTypeEnum::VectorType(_)
                ))
            .then_some(ty);
            copies.push(Copy {
                copy_out,
                live_in,
                alloca,
                scalar,
                slot,
                size,
                alignment: alignment32,
            });
        }
        offset += pitch;
    }
    let stride = offset.div_ceil(max_alignment).max(1) * max_alignment;
    let size_value = |size: u64| context.i64_type().const_int(size, false);
    let scopes = Scopes::new(context, &kernel.get_name().to_string_lossy(), copies.len());
    // The kernel's own loads and stores, except those of its allocas, reach global, shared
    // or constant memory, or a slot whose address escaped: never a copied column or the
    // states, which nothing but the copies and the group function can address.
    let outside = scopes.outside();
    for instruction in instructions(function.as_value_ref()) {
        let pointer = match opcode(instruction) {
            // SAFETY: a load's operand 0 and a store's operand 1 are their addresses.
            LLVMOpcode::LLVMLoad => unsafe { LLVMGetOperand(instruction, 0) },
            LLVMOpcode::LLVMStore => unsafe { LLVMGetOperand(instruction, 1) },
            _ => continue,
        };
        if !based_on_alloca(pointer) {
            // SAFETY: a live load or store.
            unsafe {
                inkwell::llvm_sys::core::LLVMSetMetadata(
                    instruction,
                    scopes.noalias_kind(),
                    outside,
                )
            };
        }
    }
    // Each region copies in the slots it uses, after the switch on `state`, and copies them
    // out again at the exit through a second switch on `state`: a loop of the group function
    // that inlines one region (a constant `state`) then copies only that region's values.
    let copy = |region: u32, into_frame: bool| -> Result<(), inkwell::builder::BuilderError> {
        for (column, copy) in copies.iter().enumerate().filter(|(_, copy)| {
            if into_frame {
                copy.copy_out.contains(&region)
            } else {
                copy.live_in.contains(&region)
            }
        }) {
            // SAFETY: `copy.alloca` is a live pointer value.
            let local = unsafe { inkwell::values::PointerValue::new(copy.alloca) };
            let (to, from) = if into_frame {
                (copy.slot, local)
            } else {
                (local, copy.slot)
            };
            if let Some(ty) = copy.scalar {
                // Only the frame's side of the copy is in the column's scope. An `i1` is a
                // byte in the frame: the loop vectoriser widens no access of a type whose
                // size is not its store size, so a column of `i1` made each loop store its
                // lanes one by one.
                let flag = matches!(ty, BasicTypeEnum::IntType(int) if int.get_bit_width() == 1);
                let (load, store) = if flag {
                    let byte = context.i8_type();
                    let (load, store) = if into_frame {
                        let value = builder.build_load(ty, from, "copy")?;
                        let wide = builder.build_int_z_extend(
                            value.into_int_value(),
                            byte,
                            "copy.byte",
                        )?;
                        (
                            value.as_value_ref(),
                            builder.build_store(to, wide)?.as_value_ref(),
                        )
                    } else {
                        let value = builder.build_load(byte, from, "copy.byte")?;
                        let narrow = builder.build_int_truncate(
                            value.into_int_value(),
                            ty.into_int_type(),
                            "copy",
                        )?;
                        (
                            value.as_value_ref(),
                            builder.build_store(to, narrow)?.as_value_ref(),
                        )
                    };
                    (load, store)
                } else {
                    let value = builder.build_load(ty, from, "copy")?;
                    (
                        value.as_value_ref(),
                        builder.build_store(to, value)?.as_value_ref(),
                    )
                };
                // SAFETY: a load and a store just built.
                unsafe {
                    inkwell::llvm_sys::core::LLVMSetAlignment(load, copy.alignment);
                    inkwell::llvm_sys::core::LLVMSetAlignment(store, copy.alignment);
                }
                scopes.tag(if into_frame { store } else { load }, column);
                continue;
            }
            let call = builder.build_memcpy(
                to,
                copy.alignment,
                from,
                copy.alignment,
                size_value(copy.size),
            )?;
            scopes.tag(call.as_value_ref(), column);
        }
        Ok(())
    };
    let mut cases = Vec::new();
    let mut copy_outs = Vec::new();
    for (state_value, start) in &resumes {
        // SAFETY: `start` is a live block of `function`.
        let block = unsafe { BasicBlock::new(*start) }
            .ok_or(inkwell::builder::BuilderError::UnsetPosition)?;
        let copy_in = context.prepend_basic_block(block, &format!("region.{state_value}.in"));
        builder.position_at_end(copy_in);
        copy(*state_value, false)?;
        builder.build_unconditional_branch(block)?;
        let case = i32_type.const_int(u64::from(*state_value), false);
        cases.push((case, copy_in));
        let copy_out = context.append_basic_block(function, &format!("region.{state_value}.out"));
        copy_outs.push((case, copy_out));
    }
    builder.position_at_end(entry);
    builder.build_switch(state, unreachable, &cases)?;
    builder.position_at_end(unreachable);
    builder.build_unreachable()?;

    builder.position_at_end(exit);
    let code = builder.build_phi(i32_type, "next.state")?;
    for (value, block) in &incoming {
        code.add_incoming(&[(value, *block)]);
    }
    let done = context.append_basic_block(function, "regions.done");
    builder.build_switch(state, done, &copy_outs)?;
    for ((_, block), (state_value, _)) in copy_outs.iter().zip(&resumes) {
        builder.position_at_end(*block);
        copy(*state_value, true)?;
        builder.build_unconditional_branch(done)?;
    }
    builder.position_at_end(done);
    builder.build_return(Some(&code.as_basic_value()))?;
    let mut states = HashMap::new();
    for (((state_value, _), (_, copy_in)), (_, copy_out)) in
        resumes.iter().zip(&cases).zip(&copy_outs)
    {
        let mut blocks = region_blocks.remove(state_value).unwrap_or_default();
        blocks.extend([
            entry.as_mut_ptr(),
            copy_in.as_mut_ptr(),
            exit_raw,
            copy_out.as_mut_ptr(),
            done.as_mut_ptr(),
        ]);
        states.insert(
            *state_value,
            cpu_region_copies::StateBlocks {
                blocks,
                copy_in: copy_in.as_mut_ptr(),
                copy_out: copy_out.as_mut_ptr(),
            },
        );
    }
    Ok(Regions {
        layout: cpu_region_copies::Layout {
            entry: entry.as_mut_ptr(),
            exit: exit_raw,
            states,
        },
        after_return,
        states_scope: scopes.states(),
        function,
        stride,
        last_state: barriers.len() as u32 + 1,
        first_exchange: (!stops.exchanges.is_empty()).then_some(stops.barriers.len() as u32 + 2),
        patterns: stops.patterns.clone(),
        // The exchanges' states follow the barriers', from `first_exchange`.
        warp_runs: (stops.barriers.len() as u32 + 2..)
            .zip(&stops.runs)
            // SAFETY: functions of the live module.
            .filter_map(|(state, run)| Some((state, unsafe { FunctionValue::new((*run)?) }?)))
            .collect(),
        ballots: (stops.barriers.len() as u32 + 2..)
            .zip(&stops.ballots)
            .filter(|(_, ballot)| **ballot)
            .map(|(state, _)| state)
            .collect(),
    })
}

/// The states at which a work-item can resume in a phase after another work-item of its group
/// has returned, given the states each region can stop at (`next`) and the regions that can
/// return. In a kernel split at barriers only, every phase moves each live work-item to its
/// next stop (with warp exchanges, work-items left waiting skip phases: the group function
/// uses this only for kernels without them), so
/// after `k` phases a work-item is at a state of `D(k)`, where `D(0) = {1}` and `D(k + 1)` are
/// the stops of `D(k)`'s regions. The first work-item to return does so in phase `q` or later,
/// where `q` is the first phase whose `D(q)` holds a region that can return; the others are then
/// at states of `D(k)` for some `k > q`, which are the states reachable from `D(q + 1)`. The
/// work-items' paths are not followed one by one: two work-items may take different branches,
/// so a state reached only on paths that never pass a return still counts when another path
/// of the same length returns. A kernel that can return only from its last region (no early
/// `return`, no barrier in a loop) gets none.
fn after_return(next: &HashMap<u32, HashSet<u32>>, returning: &HashSet<u32>) -> HashSet<u32> {
    let step = |states: &BTreeSet<u32>| -> BTreeSet<u32> {
        states
            .iter()
            .flat_map(|state| next.get(state).into_iter().flatten().copied())
            .collect()
    };
    let mut states = BTreeSet::from([1u32]);
    let mut seen = HashSet::new();
    // Within this many phases the sets repeat in practice; past it, the first return is taken
    // to be in the first phase, which only gives more states the tested loop.
    let mut phases_left = 4 * (next.len() + 2);
    loop {
        if states.iter().any(|state| returning.contains(state)) {
            break;
        }
        if states.is_empty() || !seen.insert(states.clone()) {
            // No work-item can return (an endless loop of barriers, say).
            return HashSet::new();
        }
        if phases_left == 0 {
            states = BTreeSet::from([1u32]);
            break;
        }
        phases_left -= 1;
        states = step(&states);
    }
    let mut reached: HashSet<u32> = HashSet::new();
    let mut stack: Vec<u32> = step(&states).into_iter().collect();
    while let Some(state) = stack.pop() {
        if reached.insert(state) {
            stack.extend(next.get(&state).into_iter().flatten().copied());
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `after_return` of a kernel given as `(state, its stops, whether its region can
    /// return)`, as sorted text.
    fn check(regions: &[(u32, &[u32], bool)]) -> String {
        let next = regions
            .iter()
            .map(|(state, stops, _)| (*state, stops.iter().copied().collect()))
            .collect();
        let returning = regions
            .iter()
            .filter(|(_, _, returns)| *returns)
            .map(|(state, _, _)| *state)
            .collect();
        let mut states: Vec<u32> = after_return(&next, &returning).into_iter().collect();
        states.sort_unstable();
        format!("{states:?}")
    }

    #[test]
    fn straight_line_barriers_need_no_tested_loop() {
        // s[t] = ..; __syncthreads(); .. __syncthreads(); ..; (end)
        insta::assert_snapshot!(check(&[(1, &[2], false), (2, &[3], false), (3, &[], true)]), @"[]");
    }

    #[test]
    fn an_early_return_gives_every_later_state_the_tested_loop() {
        // if (i >= n) return; __syncthreads(); .. __syncthreads(); ..
        insta::assert_snapshot!(check(&[(1, &[2], true), (2, &[3], false), (3, &[], true)]), @"[2, 3]");
        // A return after the first barrier: state 2 runs before any work-item can return.
        insta::assert_snapshot!(check(&[(1, &[2], false), (2, &[3], true), (3, &[4], false), (4, &[], true)]), @"[3, 4]");
    }

    #[test]
    fn a_barrier_in_a_loop_needs_the_tested_loop_at_its_resume_point() {
        // for (..; j < m; ..) { __syncthreads(); .. } (end): work-items may leave the loop
        // at different trips.
        insta::assert_snapshot!(check(&[(1, &[2], false), (2, &[2], true)]), @"[2]");
    }

    #[test]
    fn a_return_on_another_branch_counts_at_the_same_depth() {
        // if (t < 5) { __syncthreads(); return; } else { __syncthreads(); __syncthreads(); }:
        // a work-item of the first branch returns in the phase in which the others reach
        // state 4, which no path through a return leads to.
        insta::assert_snapshot!(check(&[(1, &[2, 3], false), (2, &[], true), (3, &[4], false), (4, &[], true)]), @"[4]");
    }

    #[test]
    fn no_return_means_no_tested_loop() {
        insta::assert_snapshot!(check(&[(1, &[2], false), (2, &[2], false)]), @"[]");
    }
}
