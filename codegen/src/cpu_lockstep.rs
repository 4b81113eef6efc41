//! Lockstep points for warp-synchronous code on the CPU target.
//!
//! Much CUDA and HIP code written before `__syncwarp` existed lets the lanes of a warp
//! exchange values through shared memory with nothing between the steps but `volatile`
//! or `__threadfence_block()`:
//!
//! ```c
//! s[i] = v;  __threadfence_block();
//! s[i] += s[i - 1];  __threadfence_block();
//! s[i] += s[i - 2];  ...
//! ```
//!
//! It relies on a warp's lanes running in lockstep: every lane's loads of one statement
//! happen before any lane's store. GPUs do that in practice; the CPU device, which runs a
//! group's work-items one after another, gave wrong results (HeCBench `bscan`, `fpdc`).
//!
//! `__threadfence_block()` calls `__oxhip_cpu_step` on this target (`hip/oxhip/cpu.h`). In
//! every function that holds a `volatile` load or store or calls `__oxhip_cpu_step`, and in
//! every function calling such a function, a call to `__oxhip_cpu_step` is put before each
//! `volatile` access and each store to a `__shared__` variable. Stores to global memory get
//! none: lanes that loop a different number of times between two steps (one byte written per
//! loop, say) would otherwise fall out of step, where a GPU reconverges them.
//! (`__threadfence()` is only a fence: the pattern needs no more than the block's scope.)
//! Functions calling the step reach a cross-work-item operation, so their kernels run
//! as fibers; the runtime's step suspends the calling fiber once, and the scheduler resumes the
//! group's fibers round-robin in order, so every work-item does its accesses of one step
//! before any does those of the next: the loads of `s[i] += s[i - 1]` (before the step put
//! at its store) all happen before the stores. Spin loops on a `volatile` flag set by another
//! work-item of the group make progress for the same reason.
//!
//! Some warp-synchronous code has not even `volatile`: a kernel with no barrier at all writes
//! a tile to shared memory and reads it back transposed, each lane reading what others wrote
//! (HeCBench `dct8x8`, after NVIDIA's DCT sample). A GPU's lanes run each statement together,
//! so the loads follow every lane's stores. [`insert_phases`] gives such kernels (no
//! cross-work-item operation, stores and loads of shared memory) a group barrier wherever
//! their shared-memory accesses turn from stores to loads or back, on every path: running the
//! group phase by phase is one of the schedules a GPU may pick for the source, and the one in
//! which the lanes' exchanges work. The barriers make the kernel a barrier-split one
//! (`cpu_regions`), whose phases are plain loops over the work-items. The analysis runs on
//! clang's unoptimised IR, where a pointer into a tile lives in an `alloca`: a pointer is into
//! shared memory when it is derived (GEPs, casts, phis, selects) from a `__shared__` variable
//! or loaded from an `alloca` that such a pointer was stored into.

use std::collections::{HashMap, HashSet};

use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::values::{AsValueRef, FunctionValue, GlobalValue, InstructionValue};

use inkwell::llvm_sys::core::{
    LLVMCountBasicBlocks, LLVMGetBasicBlockTerminator, LLVMGetCalledValue, LLVMGetConstOpcode,
    LLVMGetFirstBasicBlock, LLVMGetFirstInstruction, LLVMGetNextBasicBlock, LLVMGetNextInstruction,
    LLVMGetNumOperands, LLVMGetOperand, LLVMGetVolatile, LLVMIsAAllocaInst, LLVMIsAConstantExpr,
    LLVMIsAFunction, LLVMIsAGetElementPtrInst, LLVMIsAGlobalVariable,
};
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use inkwell::llvm_sys::LLVMOpcode;

use crate::cpu;
use crate::cpu_regions::{instructions, opcode, successors};

/// The lockstep operation's name (slot 32 of `struct __oxhip_cpu_ops`).
pub(crate) const STEP: &str = "__oxhip_cpu_step";

/// Puts the lockstep points into every function that needs them.
pub(crate) fn insert<'ctx>(module: &Module<'ctx>, context: &'ctx Context) {
    let functions: Vec<FunctionValue<'ctx>> = module
        .get_functions()
        .filter(|function| function.count_basic_blocks() > 0)
        .filter(|function| !function.get_name().to_bytes().starts_with(b"__oxhip_cpu_"))
        .collect();
    let step_type = context.void_type().fn_type(&[], false);
    let declared = module.get_function(STEP).map(|step| step.as_value_ref());
    // Functions that synchronise through memory themselves, then their callers.
    let mut marked: HashSet<LLVMValueRef> = HashSet::new();
    let mut callers: HashMap<LLVMValueRef, Vec<LLVMValueRef>> = HashMap::new();
    for function in &functions {
        let raw = function.as_value_ref();
        for instruction in instructions(raw) {
            if volatile(instruction) {
                marked.insert(raw);
            } else if let Some(called) = direct_callee(instruction) {
                if Some(called) == declared {
                    marked.insert(raw);
                }
                callers.entry(called).or_default().push(raw);
            }
        }
    }
    let mut work: Vec<LLVMValueRef> = marked.iter().copied().collect();
    while let Some(function) = work.pop() {
        for caller in callers.get(&function).into_iter().flatten() {
            if marked.insert(*caller) {
                work.push(*caller);
            }
        }
    }
    if marked.is_empty() {
        return;
    }
    let step = module
        .get_function(STEP)
        .unwrap_or_else(|| module.add_function(STEP, step_type, None));
    let builder = context.create_builder();
    for function in functions
        .iter()
        .filter(|f| marked.contains(&f.as_value_ref()))
    {
        for point in
            instructions(function.as_value_ref()).filter(|instruction| needs_step(*instruction))
        {
            // SAFETY: `point` is an instruction of the live module.
            let point = unsafe { InstructionValue::new(point) };
            builder.position_before(&point);
            builder
                .build_call(step, &[], "")
                .expect("a call of a void function without arguments builds");
        }
    }
}

fn volatile(instruction: LLVMValueRef) -> bool {
    matches!(opcode(instruction), LLVMOpcode::LLVMLoad | LLVMOpcode::LLVMStore)
        // SAFETY: `instruction` is a load or store of the live module.
        && unsafe { LLVMGetVolatile(instruction) != 0 }
}

/// The function a direct call calls.
fn direct_callee(instruction: LLVMValueRef) -> Option<LLVMValueRef> {
    if !matches!(
        opcode(instruction),
        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke
    ) {
        return None;
    }
    // SAFETY: `instruction` is a call of the live module.
    let called = unsafe { LLVMGetCalledValue(instruction) };
    // SAFETY: `called` is a value of the live module.
    (!unsafe { LLVMIsAFunction(called) }.is_null()).then_some(called)
}

fn needs_step(instruction: LLVMValueRef) -> bool {
    if volatile(instruction) {
        return true;
    }
    // A store to shared memory, which the other work-items of the group read.
    // SAFETY: operand 1 of a store is its address.
    opcode(instruction) == LLVMOpcode::LLVMStore
        && shared(unsafe { LLVMGetOperand(instruction, 1) })
}

/// Whether `pointer` is into a `__shared__` variable (`cpu::is_shared_variable`).
fn shared(mut pointer: LLVMValueRef) -> bool {
    // SAFETY: walks the operands of values of the live module; a global variable is wrapped
    // as one.
    unsafe {
        while !LLVMIsAGetElementPtrInst(pointer).is_null()
            || (!LLVMIsAConstantExpr(pointer).is_null()
                && LLVMGetConstOpcode(pointer) == LLVMOpcode::LLVMGetElementPtr)
        {
            pointer = LLVMGetOperand(pointer, 0);
        }
        !LLVMIsAGlobalVariable(pointer).is_null()
            && cpu::is_shared_variable(GlobalValue::new(pointer))
    }
}

/// A shared-memory load, store, or a call that may do both (bits of a phase's accesses).
const LOAD: u8 = 1;
const STORE: u8 = 2;
const BOTH: u8 = LOAD | STORE;

/// Puts group barriers (`barrier`, `__oxhip_cpu_barrier`) into the `kernels` that exchange
/// values through shared memory without any cross-work-item operation (none of which reaches
/// a function of `reach`): see the module documentation. Returns how many kernels got them.
pub(crate) fn insert_phases<'ctx>(
    module: &Module<'ctx>,
    context: &'ctx Context,
    kernels: &[FunctionValue<'ctx>],
    reach: &HashSet<LLVMValueRef>,
    barrier: &str,
) -> usize {
    let mut touching: HashMap<LLVMValueRef, bool> = HashMap::new();
    let mut plans: Vec<(FunctionValue<'ctx>, Vec<LLVMValueRef>)> = Vec::new();
    for kernel in kernels {
        let raw = kernel.as_value_ref();
        if reach.contains(&raw) {
            continue;
        }
        let pointers = SharedPointers::of(raw);
        let kinds: HashMap<LLVMValueRef, u8> = instructions(raw)
            .filter_map(|instruction| {
                let kind = access(instruction, &pointers, &mut touching);
                (kind != 0).then_some((instruction, kind))
            })
            .collect();
        let all = kinds.values().fold(0, |all, kind| all | kind);
        if all != BOTH {
            continue;
        }
        let points = phase_points(raw, &kinds);
        if !points.is_empty() {
            plans.push((*kernel, points));
        }
    }
    if plans.is_empty() {
        return 0;
    }
    let barrier = module.get_function(barrier).unwrap_or_else(|| {
        module.add_function(barrier, context.void_type().fn_type(&[], false), None)
    });
    let builder = context.create_builder();
    for (_, points) in &plans {
        for point in points {
            // SAFETY: `point` is an instruction of the live module.
            let point = unsafe { InstructionValue::new(*point) };
            builder.position_before(&point);
            builder
                .build_call(barrier, &[], "")
                .expect("a call of a void function without arguments builds");
        }
    }
    plans.len()
}

/// The instructions before which `function` needs a barrier: where, on some path since the
/// start or the last barrier, the shared-memory accesses of the other kind (or any, before a
/// call that may do both) happened. `kinds` holds the accesses.
///
/// A loop whose accesses are all of one kind (clang's unoptimised `for` loops that fill or read
/// a tile) gets its barrier before it, at the end of the blocks that enter it, rather than one
/// per iteration, which the state its back edge brings would otherwise ask for.
fn phase_points(function: LLVMValueRef, kinds: &HashMap<LLVMValueRef, u8>) -> Vec<LLVMValueRef> {
    let blocks = blocks(function);
    let index: HashMap<LLVMBasicBlockRef, usize> = blocks
        .iter()
        .enumerate()
        .map(|(i, block)| (*block, i))
        .collect();
    let edges: Vec<Vec<usize>> = blocks
        .iter()
        .map(|block| {
            successors(*block)
                .iter()
                .filter_map(|s| index.get(s).copied())
                .collect()
        })
        .collect();
    let mut block_kind = vec![0u8; blocks.len()];
    for (instruction, kind) in kinds {
        // SAFETY: `instruction` is an instruction of `function`.
        let block = unsafe { inkwell::llvm_sys::core::LLVMGetInstructionParent(*instruction) };
        if let Some(&i) = index.get(&block) {
            block_kind[i] |= kind;
        }
    }
    // The blocks that enter a loop of one kind of access, with the kinds they must not bring.
    let mut entering = vec![0u8; blocks.len()];
    for (header, body) in loops(&edges) {
        let kind = body.iter().fold(0, |all, &i| all | block_kind[i]);
        if kind == LOAD || kind == STORE {
            for (i, next) in edges.iter().enumerate() {
                if next.contains(&header) && !body.contains(&i) {
                    entering[i] |= BOTH & !kind;
                }
            }
        }
    }
    let exit = |i: usize, state: u8| -> (u8, Vec<LLVMValueRef>) {
        let (state, mut points) = walk(blocks[i], state, kinds);
        if state & entering[i] != 0 {
            // SAFETY: every block of a verified function has a terminator.
            points.push(unsafe { LLVMGetBasicBlockTerminator(blocks[i]) });
            return (0, points);
        }
        (state, points)
    };
    // Which kinds of access may have happened since the last barrier, at each block's start.
    let mut entry = vec![0u8; blocks.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..blocks.len() {
            let (state, _) = exit(i, entry[i]);
            for &next in &edges[i] {
                if entry[next] | state != entry[next] {
                    entry[next] |= state;
                    changed = true;
                }
            }
        }
    }
    (0..blocks.len())
        .flat_map(|i| exit(i, entry[i]).1)
        .collect()
}

/// The natural loops of a control-flow graph (block 0 its entry): each header with the blocks
/// of its loop, found from the back edges of a depth-first walk.
fn loops(edges: &[Vec<usize>]) -> Vec<(usize, HashSet<usize>)> {
    if edges.is_empty() {
        return Vec::new();
    }
    let mut predecessors = vec![Vec::new(); edges.len()];
    for (from, next) in edges.iter().enumerate() {
        for &to in next {
            predecessors[to].push(from);
        }
    }
    let mut on_stack = vec![false; edges.len()];
    let mut visited = vec![false; edges.len()];
    let mut bodies: HashMap<usize, HashSet<usize>> = HashMap::new();
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    visited[0] = true;
    on_stack[0] = true;
    while let Some(&mut (block, ref mut next)) = stack.last_mut() {
        if let Some(&to) = edges[block].get(*next) {
            *next += 1;
            if on_stack[to] {
                // A back edge block -> to: the loop is `to` and what reaches `block` without
                // passing through `to`.
                let body = bodies.entry(to).or_insert_with(|| HashSet::from([to]));
                let mut work = vec![block];
                while let Some(b) = work.pop() {
                    if body.insert(b) {
                        work.extend(predecessors[b].iter().copied());
                    }
                }
            } else if !visited[to] {
                visited[to] = true;
                on_stack[to] = true;
                stack.push((to, 0));
            }
        } else {
            on_stack[block] = false;
            stack.pop();
        }
    }
    bodies.into_iter().collect()
}

/// Runs one block from state `state`: the state at its end and the barriers it needs.
fn walk(
    block: LLVMBasicBlockRef,
    mut state: u8,
    kinds: &HashMap<LLVMValueRef, u8>,
) -> (u8, Vec<LLVMValueRef>) {
    let mut points = Vec::new();
    // SAFETY: walks the instructions of a live block.
    let mut instruction = unsafe { LLVMGetFirstInstruction(block) };
    while !instruction.is_null() {
        if let Some(&kind) = kinds.get(&instruction) {
            if state != 0 && (kind == BOTH || state & !kind & BOTH != 0) {
                points.push(instruction);
                state = kind;
            } else {
                state |= kind;
            }
        }
        // SAFETY: as above.
        instruction = unsafe { LLVMGetNextInstruction(instruction) };
    }
    (state, points)
}

pub(crate) fn blocks(function: LLVMValueRef) -> Vec<LLVMBasicBlockRef> {
    // SAFETY: walks the blocks of a live function.
    unsafe {
        let mut all = Vec::with_capacity(LLVMCountBasicBlocks(function) as usize);
        let mut block = LLVMGetFirstBasicBlock(function);
        while !block.is_null() {
            all.push(block);
            block = LLVMGetNextBasicBlock(block);
        }
        all
    }
}

/// What `instruction` does to shared memory: [`LOAD`], [`STORE`], [`BOTH`] (a call given a
/// pointer into shared memory, or calling a function that touches a shared variable), or 0.
fn access(
    instruction: LLVMValueRef,
    pointers: &SharedPointers,
    touching: &mut HashMap<LLVMValueRef, bool>,
) -> u8 {
    match opcode(instruction) {
        // SAFETY: operand 0 of a load, and operand 1 of a store, is its address.
        LLVMOpcode::LLVMLoad if pointers.derived(unsafe { LLVMGetOperand(instruction, 0) }) => LOAD,
        LLVMOpcode::LLVMStore if pointers.derived(unsafe { LLVMGetOperand(instruction, 1) }) => {
            STORE
        }
        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke => {
            // SAFETY: a call's operands are its arguments, then its callee.
            let operands = unsafe { LLVMGetNumOperands(instruction) }.max(1) as u32;
            let given = (0..operands - 1)
                .any(|i| pointers.derived(unsafe { LLVMGetOperand(instruction, i) }));
            let touches =
                direct_callee(instruction).is_some_and(|callee| touches_shared(callee, touching));
            if given || touches {
                BOTH
            } else {
                0
            }
        }
        _ => 0,
    }
}

/// Whether `function`, or a function it calls, loads or stores through a pointer into a
/// shared variable it names.
fn touches_shared(function: LLVMValueRef, touching: &mut HashMap<LLVMValueRef, bool>) -> bool {
    if let Some(&known) = touching.get(&function) {
        return known;
    }
    touching.insert(function, false); // recursion: what is known so far
    let pointers = SharedPointers::of(function);
    let touches =
        instructions(function).any(|instruction| access(instruction, &pointers, touching) != 0);
    touching.insert(function, touches);
    touches
}

/// The pointers into shared memory of one function (see the module documentation).
struct SharedPointers {
    /// The allocas a pointer into shared memory was stored into.
    allocas: HashSet<LLVMValueRef>,
}

impl SharedPointers {
    fn of(function: LLVMValueRef) -> SharedPointers {
        let stores: Vec<(LLVMValueRef, LLVMValueRef)> = instructions(function)
            .filter(|instruction| opcode(*instruction) == LLVMOpcode::LLVMStore)
            // SAFETY: a store's operands are its value and its address.
            .map(|store| unsafe { (LLVMGetOperand(store, 0), LLVMGetOperand(store, 1)) })
            // SAFETY: `address` is a live value.
            .filter(|(_, address)| !unsafe { LLVMIsAAllocaInst(*address) }.is_null())
            .collect();
        let mut pointers = SharedPointers {
            allocas: HashSet::new(),
        };
        loop {
            let found: Vec<LLVMValueRef> = stores
                .iter()
                .filter(|(value, address)| {
                    !pointers.allocas.contains(address) && pointers.derived(*value)
                })
                .map(|(_, address)| *address)
                .collect();
            if found.is_empty() {
                return pointers;
            }
            pointers.allocas.extend(found);
        }
    }

    /// Whether `value` is a pointer into shared memory.
    fn derived(&self, value: LLVMValueRef) -> bool {
        let mut seen = HashSet::new();
        self.derived_from(value, &mut seen)
    }

    fn derived_from(&self, mut value: LLVMValueRef, seen: &mut HashSet<LLVMValueRef>) -> bool {
        if !seen.insert(value) {
            return false;
        }
        // SAFETY: inspects values of the live module and their operands.
        unsafe {
            if !LLVMIsAConstantExpr(value).is_null() {
                return match LLVMGetConstOpcode(value) {
                    LLVMOpcode::LLVMGetElementPtr
                    | LLVMOpcode::LLVMBitCast
                    | LLVMOpcode::LLVMAddrSpaceCast => {
                        self.derived_from(LLVMGetOperand(value, 0), seen)
                    }
                    _ => false,
                };
            }
            if !LLVMIsAGlobalVariable(value).is_null() {
                return cpu::is_shared_variable(GlobalValue::new(value));
            }
            if inkwell::llvm_sys::core::LLVMIsAInstruction(value).is_null() {
                return false;
            }
            match opcode(value) {
                LLVMOpcode::LLVMGetElementPtr
                | LLVMOpcode::LLVMBitCast
                | LLVMOpcode::LLVMAddrSpaceCast => {
                    value = LLVMGetOperand(value, 0);
                    self.derived_from(value, seen)
                }
                LLVMOpcode::LLVMLoad => {
                    let address = LLVMGetOperand(value, 0);
                    !LLVMIsAAllocaInst(address).is_null() && self.allocas.contains(&address)
                }
                LLVMOpcode::LLVMPHI => (0..LLVMGetNumOperands(value) as u32)
                    .any(|i| self.derived_from(LLVMGetOperand(value, i), seen)),
                LLVMOpcode::LLVMSelect => {
                    (1..3).any(|i| self.derived_from(LLVMGetOperand(value, i), seen))
                }
                _ => false,
            }
        }
    }
}
