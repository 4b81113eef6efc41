//! How LLVM reports trouble to us: the per-context diagnostic handler (errors become
//! [`CodegenError::Backend`]) and the process-wide fatal-error handler.
//!
//! Without a diagnostic handler LLVM prints error diagnostics itself and exits, so every context
//! gets one.
//! Fatal errors (`report_fatal_error`, e.g. "Cannot select") never return to the caller; the
//! handler names the target being compiled on the failing thread and exits with status 1.

use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::Once;

use inkwell::context::Context;
use inkwell::llvm_sys::core::{
    LLVMContextSetDiagnosticHandler, LLVMDisposeMessage, LLVMGetDiagInfoDescription,
    LLVMGetDiagInfoSeverity,
};
use inkwell::llvm_sys::error_handling::LLVMInstallFatalErrorHandler;
use inkwell::llvm_sys::prelude::LLVMDiagnosticInfoRef;
use inkwell::llvm_sys::LLVMDiagnosticSeverity;

use crate::CodegenError;

thread_local! {
    /// What the fatal-error handler names: the target this thread is compiling for.
    static CURRENT_TARGET: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Records the target of the compile running on this thread until dropped.
pub(crate) struct CurrentTarget {
    previous: Option<String>,
}

impl CurrentTarget {
    pub(crate) fn enter(description: &str) -> CurrentTarget {
        let previous = CURRENT_TARGET.with(|current| current.replace(Some(description.to_owned())));
        CurrentTarget { previous }
    }
}

impl Drop for CurrentTarget {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CURRENT_TARGET.with(|current| *current.borrow_mut() = previous);
    }
}

extern "C" {
    // libc's `_exit`: ends the process without running atexit handlers or LLVM's static
    // destructors, which could crash while another thread is still inside LLVM.
    fn _exit(status: c_int) -> !;
    // libc's `write`, for the fatal-error message (see `on_fatal_error`).
    fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
}

extern "C" fn on_fatal_error(reason: *const c_char) {
    let reason = if reason.is_null() {
        "unknown error".into()
    } else {
        // SAFETY: LLVM passes a NUL-terminated string that lives for the duration of this call.
        unsafe { CStr::from_ptr(reason) }.to_string_lossy()
    };
    let target = CURRENT_TARGET
        .try_with(|current| current.borrow().clone())
        .ok()
        .flatten()
        .unwrap_or_else(|| "an unknown target".to_owned());
    // This is the one place the library writes to stderr: LLVM does not return after this
    // handler, so there is no caller to hand an error value to. The bytes go straight to
    // file descriptor 2: the driver's main thread holds Rust's stderr lock for its whole
    // run, so locking `std::io::stderr()` from this (job) thread would wait forever.
    let message = format!("error: LLVM failed while compiling for {target}: {reason}\n");
    let mut bytes = message.as_bytes();
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a live buffer of `bytes.len()` bytes.
        let written = unsafe { write(2, bytes.as_ptr().cast(), bytes.len()) };
        if written <= 0 {
            break;
        }
        bytes = &bytes[written as usize..];
    }
    // SAFETY: `_exit` has no preconditions.
    unsafe { _exit(1) }
}

/// Makes LLVM fatal errors print `error: LLVM failed while compiling for <target>: <reason>`
/// and exit with status 1 (instead of LLVM's crash report and `abort`). Idempotent.
pub fn install_fatal_error_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // SAFETY: the handler is a plain function that lives for the whole process.
        unsafe { LLVMInstallFatalErrorHandler(Some(on_fatal_error)) }
    });
}

/// Collects the error diagnostics of one LLVM context.
#[derive(Default)]
pub(crate) struct Collector {
    // Boxed so that its address, which LLVM keeps, is stable.
    errors: Box<RefCell<Vec<String>>>,
}

extern "C" fn on_diagnostic(info: LLVMDiagnosticInfoRef, data: *mut c_void) {
    // SAFETY: `info` is valid during this call.
    let severity = unsafe { LLVMGetDiagInfoSeverity(info) };
    if severity != LLVMDiagnosticSeverity::LLVMDSError {
        return;
    }
    // SAFETY: `info` is valid during this call; the description is ours to dispose of.
    let message = unsafe {
        let raw = LLVMGetDiagInfoDescription(info);
        let message = CStr::from_ptr(raw).to_string_lossy().into_owned();
        LLVMDisposeMessage(raw);
        message
    };
    // SAFETY: `data` is the `RefCell` that `Collector::attach` registered; the collector outlives
    // the context, and LLVM calls this on the thread that owns both.
    let errors = unsafe { &*data.cast::<RefCell<Vec<String>>>() };
    if let Ok(mut errors) = errors.try_borrow_mut() {
        errors.push(message);
    }
}

impl Collector {
    /// Routes `context`'s diagnostics here. The collector must outlive the context.
    pub(crate) fn attach(&self, context: &Context) {
        let data: *const RefCell<Vec<String>> = &*self.errors;
        // SAFETY: `data` stays valid as long as `self`, which the caller keeps alive longer than
        // the context.
        unsafe {
            LLVMContextSetDiagnosticHandler(
                context.raw(),
                Some(on_diagnostic),
                data.cast_mut().cast::<c_void>(),
            );
        }
    }

    /// Takes the errors reported so far.
    pub(crate) fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.errors.borrow_mut())
    }

    /// Fails with the errors reported so far, if any.
    pub(crate) fn check(&self, description: &str) -> Result<(), CodegenError> {
        let messages = self.take();
        if messages.is_empty() {
            Ok(())
        } else {
            Err(CodegenError::Backend {
                target: description.to_owned(),
                messages,
            })
        }
    }
}
