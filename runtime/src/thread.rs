//! Per-thread runtime state: the current device, the last error, the detail message of
//! the last failure, and the stack of launch configurations pushed by `<<<>>>`.
//!
//! The configuration store is a stack, not a slot: clang pushes the configuration
//! before it evaluates the kernel arguments, so an argument that itself launches a
//! kernel nests a push/pop pair inside the outer one (hip-abi.md §0.4, §1.4).
//! Nothing here talks to a backend.

use std::cell::{Cell, RefCell};
use std::ffi::{c_void, CString};

use crate::error::{HipError, RuntimeError};
use crate::types::Dim3;

/// One `<<<grid, block, shared, stream>>>` configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CallConfiguration {
    pub(crate) grid: Dim3,
    pub(crate) block: Dim3,
    pub(crate) shared_mem: usize,
    pub(crate) stream: *mut c_void,
}

thread_local! {
    static CURRENT_DEVICE: Cell<i32> = const { Cell::new(0) };
    static LAST_ERROR: Cell<HipError> = const { Cell::new(HipError::Success) };
    static LAST_MESSAGE: RefCell<CString> = RefCell::new(CString::default());
    static CONFIGURATIONS: RefCell<Vec<CallConfiguration>> = const { RefCell::new(Vec::new()) };
}

pub(crate) fn current_device() -> i32 {
    CURRENT_DEVICE.try_with(Cell::get).unwrap_or(0)
}

pub(crate) fn set_current_device(device: i32) {
    let _ = CURRENT_DEVICE.try_with(|current| current.set(device));
}

/// Records the outcome of an API call: failures other than `hipErrorNotReady` become
/// the sticky last error (as in CUDA and current HIP), and the message is kept for
/// `oxhipGetLastErrorMessage`.
pub(crate) fn record(result: &Result<(), RuntimeError>) -> HipError {
    match result {
        Ok(()) => HipError::Success,
        Err(error) => {
            let code = error.code();
            if code != HipError::ErrorNotReady {
                let _ = LAST_ERROR.try_with(|last| last.set(code));
                let text = CString::new(error.to_string().replace('\0', " ")).unwrap_or_default();
                let _ = LAST_MESSAGE.try_with(|message| *message.borrow_mut() = text);
            }
            code
        }
    }
}

/// Returns the last error and resets it to `hipSuccess` (`hipGetLastError`).
pub(crate) fn take_last_error() -> HipError {
    LAST_ERROR
        .try_with(|last| last.replace(HipError::Success))
        .unwrap_or(HipError::Success)
}

/// Returns the last error without resetting it (`hipPeekAtLastError`).
pub(crate) fn peek_last_error() -> HipError {
    LAST_ERROR.try_with(Cell::get).unwrap_or(HipError::Success)
}

/// Runs `f` with the detail message of the last failure on this thread.
pub(crate) fn with_last_message<T>(f: impl FnOnce(&CString) -> T) -> Option<T> {
    LAST_MESSAGE.try_with(|message| f(&message.borrow())).ok()
}

pub(crate) fn push_configuration(configuration: CallConfiguration) {
    let _ = CONFIGURATIONS.try_with(|stack| stack.borrow_mut().push(configuration));
}

pub(crate) fn pop_configuration() -> Option<CallConfiguration> {
    CONFIGURATIONS
        .try_with(|stack| stack.borrow_mut().pop())
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn configuration(x: u32) -> CallConfiguration {
        CallConfiguration {
            grid: Dim3 { x, y: 1, z: 1 },
            block: Dim3 { x: 64, y: 1, z: 1 },
            shared_mem: 0,
            stream: std::ptr::null_mut(),
        }
    }

    #[test]
    fn configurations_nest_per_thread() {
        push_configuration(configuration(1));
        push_configuration(configuration(2));
        let other_thread = std::thread::spawn(|| pop_configuration().is_some())
            .join()
            .unwrap();
        assert!(
            !other_thread,
            "another thread saw this thread's configuration"
        );
        assert_eq!(pop_configuration().map(|c| c.grid.x), Some(2));
        assert_eq!(pop_configuration().map(|c| c.grid.x), Some(1));
        assert_eq!(pop_configuration(), None);
    }

    #[test]
    fn last_error_is_sticky_until_taken() {
        let failure = Err(RuntimeError::InvalidValue { argument: "ptr" });
        assert_eq!(record(&failure), HipError::ErrorInvalidValue);
        assert_eq!(record(&Ok(())), HipError::Success);
        assert_eq!(peek_last_error(), HipError::ErrorInvalidValue);
        assert_eq!(take_last_error(), HipError::ErrorInvalidValue);
        assert_eq!(take_last_error(), HipError::Success);
        let message = with_last_message(|m| m.to_str().unwrap().to_owned()).unwrap();
        assert_eq!(message, "invalid argument `ptr`");
    }
}
