//! Locks that outlive a panic. A panic on another thread (a user's callback, a host
//! function) must not turn every later API call into a second panic: the runtime's state is
//! kept consistent at every unlock, so a poisoned lock is taken as it is.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Locks `mutex`, poisoned or not.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Waits on `condvar` with `guard`, poisoned or not.
pub(crate) fn wait<'a, T>(condvar: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
    condvar.wait(guard).unwrap_or_else(PoisonError::into_inner)
}
