//! Issuing an operation to a stream: recorded into the stream's capture when it is
//! capturing (`capture`), run on the stream's device otherwise (`ops::execute`).

use crate::api::ops::{execute, Operation};
use crate::api::HipStream;
use crate::backend::{self, Backend};
use crate::error::RuntimeError;

/// Records the operation `build` makes into the graph of `stream` if it is capturing, or
/// runs it on the stream's device now.
pub(crate) fn submit(
    stream: HipStream,
    build: impl FnOnce(&dyn Backend, usize) -> Result<Operation, RuntimeError>,
) -> Result<(), RuntimeError> {
    let (backend, device, _in_use) = crate::api::live::stream_device(stream)?;
    let mut build = Some(build);
    let mut make = || {
        build.take().map_or_else(
            || {
                Err(RuntimeError::Internal {
                    reason: "an operation was built twice".to_owned(),
                })
            },
            |build| build(backend, device),
        )
    };
    let operation = match crate::api::capture::record(stream as usize, &mut make) {
        crate::api::capture::Recorded::Yes(result) => return result,
        crate::api::capture::Recorded::Run(operation) => operation,
        crate::api::capture::Recorded::No => make()?,
    };
    execute(&operation, backend, device, Some(stream as usize))
}

/// Runs the operation synchronously on the current device (the blocking API calls).
pub(crate) fn run_blocking(operation: &Operation) -> Result<(), RuntimeError> {
    crate::api::capture::check_legacy_stream()?;
    let (backend, device) = backend::current()?;
    execute(operation, backend, device, None)
}
