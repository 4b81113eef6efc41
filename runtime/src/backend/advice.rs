//! Advice for managed memory where the memory does not move: the CPU device, and AMD GPUs,
//! whose managed allocations are fine-grained host memory every agent reads in place. The
//! advice and the last prefetch are recorded per allocation so that
//! `hipMemRangeGetAttribute` returns what was given, as HIP does; nothing migrates.

use super::{Location, RangeValue};
use crate::error::{HipError, RuntimeError};

/// What was advised for one managed allocation.
#[derive(Clone, Debug, Default)]
pub(crate) struct Advice {
    read_mostly: bool,
    coarse_grain: bool,
    preferred: Option<Location>,
    accessed_by: Vec<Location>,
    last_prefetch: Option<Location>,
}

fn invalid(argument: &'static str) -> RuntimeError {
    RuntimeError::InvalidValue { argument }
}

impl Advice {
    /// Records `hipMemoryAdvise` `advice` (HIP's numbers).
    pub(crate) fn apply(&mut self, advice: i32, target: Location) -> Result<(), RuntimeError> {
        match advice {
            1 => self.read_mostly = true,
            2 => self.read_mostly = false,
            3 => self.preferred = Some(target),
            4 => self.preferred = None,
            5 => {
                if !self.accessed_by.contains(&target) {
                    self.accessed_by.push(target);
                }
            }
            6 => self.accessed_by.retain(|location| *location != target),
            100 => self.coarse_grain = true,
            101 => self.coarse_grain = false,
            _ => return Err(invalid("advice")),
        }
        Ok(())
    }

    /// A prefetch moves nothing; it is remembered for `LastPrefetchLocation`.
    pub(crate) fn prefetched(&mut self, target: Location) {
        self.last_prefetch = Some(target);
    }

    /// One `hipMemRangeAttribute` (HIP's numbers).
    pub(crate) fn attribute(&self, attribute: i32) -> Result<RangeValue, RuntimeError> {
        Ok(match attribute {
            1 => RangeValue::Int(i32::from(self.read_mostly)),
            2 => RangeValue::Location(self.preferred),
            3 => RangeValue::Locations(self.accessed_by.clone()),
            4 => RangeValue::Location(self.last_prefetch),
            // hipMemRangeCoherencyModeFineGrain 0, CoarseGrain 1.
            100 => RangeValue::Int(i32::from(self.coarse_grain)),
            _ => return Err(invalid("attribute")),
        })
    }
}

/// The error for a range that is not inside one managed allocation.
pub(crate) fn not_managed(ptr: usize, size: usize) -> RuntimeError {
    RuntimeError::status(
        HipError::ErrorInvalidValue,
        format!("{ptr:#x} ({size} bytes) is not a range of managed memory"),
    )
}
