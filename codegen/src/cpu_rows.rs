//! Row loops that keep the work-item's coordinates in registers, so that LLVM can vectorise
//! them.
//!
//! `cpu::lower` writes `__oxhip_cpu_row.K` as a loop that stores each work-item's
//! `threadIdx.x`, lane and linear index into the work-item record and calls `K`, which reads
//! them back through the thread-local `__oxhip_cpu_item`. Storing the record's address in that
//! variable lets it escape, so LLVM must keep three stores per work-item, and a loop with
//! stores to one address whatever the iteration is not vectorised.
//!
//! Here, after `K` and every `alwaysinline` function are inlined into the row loop: when
//! nothing the loop still calls can read `__oxhip_cpu_item` (directly or through its own
//! calls), the loop's loads of the variable become the record pointer itself and the store
//! at its entry goes. The record then no longer escapes (it is a `noalias` parameter), so the
//! optimiser keeps the coordinates in registers and stores them once after the loop.
//! Row loops that call such a function keep the variable as it is.
//!
//! The group entry points of split kernels (`__oxhip_cpu_group.K`, `cpu_regions`) get the same
//! treatment: they store the address of their own copy of the record (an alloca), which then
//! becomes registers, and the stores of coordinates no region reads go. Their call of the
//! runtime's `exchange` (marked [`RUNTIME_CALL`]) cannot read the image's variable. The
//! generic loop of a kernel split at barriers only calls the regions function, not inlined,
//! through `K.regions.item` (marked [`OWN_RECORD_CALL`]), which points the variable at a
//! record of its own and restores it, so it does not read the group entry point's copy
//! either.
//!
//! Not at `-O0` (nothing is inlined there) or under ASan (kernels stay calls, see
//! `lib.rs`'s `prepare_for_sanitizer`).

use std::collections::{HashMap, HashSet};

use inkwell::llvm_sys::core::{
    LLVMGetBasicBlockParent, LLVMGetCallSiteStringAttribute, LLVMGetCalledValue, LLVMGetFirstUse,
    LLVMGetInstructionParent, LLVMGetNextUse, LLVMGetOperand, LLVMGetUser,
    LLVMInstructionEraseFromParent, LLVMIsAFunction, LLVMIsAInstruction, LLVMIsDeclaration,
    LLVMReplaceAllUsesWith,
};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::{LLVMAttributeFunctionIndex, LLVMOpcode};
use inkwell::module::Module;
use inkwell::targets::TargetMachine;
use inkwell::values::AsValueRef;

use crate::cpu::{GROUP_PREFIX, ITEM, OWN_RECORD_CALL, ROW_PREFIX, RUNTIME_CALL};
use crate::cpu_regions::{instructions, is_call, opcode};
use crate::CodegenError;

/// Rewrites the row loops of `module` as described in the module documentation.
pub(crate) fn keep_coordinates_private(
    module: &Module<'_>,
    machine: &TargetMachine,
    description: &str,
) -> Result<(), CodegenError> {
    let Some(item) = module.get_global(ITEM) else {
        return Ok(());
    };
    let is_loop = |function: &inkwell::values::FunctionValue<'_>| {
        let name = function.get_name().to_bytes();
        name.starts_with(ROW_PREFIX.as_bytes()) || name.starts_with(GROUP_PREFIX.as_bytes())
    };
    let has_rows = module
        .get_functions()
        .any(|function| function.count_basic_blocks() > 0 && is_loop(&function));
    if !has_rows {
        return Ok(());
    }
    crate::run_pipeline(module, "always-inline", machine, description)?;
    let item = item.as_value_ref();
    // Every user of the variable, by function; a use outside an instruction (a constant
    // expression) could be anywhere, so then nothing is rewritten.
    let mut uses: HashMap<LLVMValueRef, Vec<LLVMValueRef>> = HashMap::new();
    // SAFETY: walks the use list of a live global.
    unsafe {
        let mut current = LLVMGetFirstUse(item);
        while !current.is_null() {
            let user = LLVMGetUser(current);
            if LLVMIsAInstruction(user).is_null() {
                return Ok(());
            }
            let function = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
            uses.entry(function).or_default().push(user);
            current = LLVMGetNextUse(current);
        }
    }
    let readers = reaching(module, uses.keys().copied().collect());
    for function in module.get_functions() {
        if !is_loop(&function) || function.count_basic_blocks() == 0 {
            continue;
        }
        let raw = function.as_value_ref();
        let calls_reader = instructions(raw).filter(|i| is_call(*i)).any(|call| {
            if is_runtime_call(call) {
                return false;
            }
            // SAFETY: `call` is a call instruction of the live module.
            let called = unsafe { LLVMGetCalledValue(call) };
            // SAFETY: `called` is a value of the live module.
            let direct = unsafe { !LLVMIsAFunction(called).is_null() };
            // An indirect call or inline assembly could do anything; a declaration cannot
            // name the image's internal variable.
            // SAFETY: as above.
            !direct || (unsafe { LLVMIsDeclaration(called) } == 0 && readers.contains(&called))
        });
        let Some(own) = uses.get(&raw) else {
            continue;
        };
        let only_loads_and_stores = own.iter().all(|user| match opcode(*user) {
            LLVMOpcode::LLVMLoad => true,
            // Storing to the variable, not storing its address somewhere.
            LLVMOpcode::LLVMStore => {
                // SAFETY: `user` is a store instruction, operand 1 is its address.
                let address = unsafe { LLVMGetOperand(*user, 1) };
                address == item
            }
            _ => false,
        });
        let stores: Vec<LLVMValueRef> = own
            .iter()
            .copied()
            .filter(|user| opcode(*user) == LLVMOpcode::LLVMStore)
            .collect();
        if calls_reader || !only_loads_and_stores || stores.len() != 1 {
            continue;
        }
        // SAFETY: `stores[0]` is a store; operand 0 is the value it stores: the record
        // parameter of a row entry point, the group entry point's private copy of it.
        let record = unsafe { LLVMGetOperand(stores[0], 0) };
        for user in own {
            // SAFETY: `user` is a load or store of the live function; a load of the variable
            // yields the record pointer the entry point stored there, and nothing else in the
            // function reads it, so the store goes.
            unsafe {
                if opcode(*user) == LLVMOpcode::LLVMLoad {
                    LLVMReplaceAllUsesWith(*user, record);
                }
                LLVMInstructionEraseFromParent(*user);
            }
        }
    }
    Ok(())
}

/// Whether `call` is the group entry point's call of the runtime's `exchange`
/// ([`RUNTIME_CALL`]), which gets the record as an argument and cannot read the variable, or
/// of a regions function with a record of its own ([`OWN_RECORD_CALL`]), which sets the
/// variable before it reads it and restores it.
fn is_runtime_call(call: LLVMValueRef) -> bool {
    [RUNTIME_CALL, OWN_RECORD_CALL].iter().any(|key| {
        // SAFETY: `call` is a call instruction of the live module; the key outlives the call.
        unsafe {
            !LLVMGetCallSiteStringAttribute(
                call,
                LLVMAttributeFunctionIndex,
                key.as_ptr().cast(),
                key.len() as u32,
            )
            .is_null()
        }
    })
}

/// `functions` and every defined function that calls one of them, directly or through others.
fn reaching(module: &Module<'_>, functions: Vec<LLVMValueRef>) -> HashSet<LLVMValueRef> {
    let mut callers: HashMap<LLVMValueRef, Vec<LLVMValueRef>> = HashMap::new();
    for function in module.get_functions() {
        let raw = function.as_value_ref();
        for call in instructions(raw).filter(|i| is_call(*i)) {
            // SAFETY: `call` is a call instruction of the live module.
            let called = unsafe { LLVMGetCalledValue(call) };
            callers.entry(called).or_default().push(raw);
        }
    }
    let mut reached: HashSet<LLVMValueRef> = functions.iter().copied().collect();
    let mut work = functions;
    while let Some(function) = work.pop() {
        for caller in callers.get(&function).into_iter().flatten() {
            if reached.insert(*caller) {
                work.push(*caller);
            }
        }
    }
    reached
}
