//! The host end of device `printf` on amdgcn. FIXME(#23): being written; until then the
//! buffer is set up and emptied but its records are not decoded.

/// What one drain of the buffer gave.
pub(crate) struct Drained {
    pub(crate) text: Vec<u8>,
    /// Records that did not fit the buffer.
    pub(crate) dropped: u64,
}

pub(crate) fn initialise(buffer: &mut [u8]) {
    buffer.fill(0);
}

pub(crate) fn drain(_buffer: &[u8]) -> Drained {
    Drained {
        text: Vec::new(),
        dropped: 0,
    }
}

pub(crate) fn reset(buffer: &mut [u8]) {
    buffer.fill(0);
}
