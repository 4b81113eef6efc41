//! Floating point in device code: clang's `-ffast-math` family and nvcc's
//! `--use_fast_math`, `-ftz`, `-prec-div`, `-prec-sqrt` and `-fmad`, resolved against each
//! other (an explicit `-ftz=false` wins over `--use_fast_math`, wherever it is).

use super::parse::{parse_bool, Args};
use super::table::OptId;
use super::{F32Division, Invocation};
use crate::error::DriverError;

/// Reads the floating-point options into `inv`.
pub(super) fn read(args: &Args, inv: &mut Invocation) -> Result<(), DriverError> {
    for opt in args.read(&[OptId::FastMath, OptId::NoFastMath]) {
        inv.fast_math = opt.id == OptId::FastMath;
    }
    inv.use_fast_math = args.has(&[OptId::UseFastMath]);
    // What was written; the defaults come from `--use_fast_math` and `-ffast-math` below.
    let mut flush_denormals = None;
    for opt in args.read(&[
        OptId::FlushDenormals,
        OptId::NoFlushDenormals,
        OptId::FlushToZero,
    ]) {
        flush_denormals = Some(match opt.id {
            OptId::FlushToZero => parse_bool(opt.spelling, opt.value())?,
            id => id == OptId::FlushDenormals,
        });
    }
    let mut approx_transcendentals = None;
    for opt in args.read(&[OptId::ApproxTranscendentals, OptId::NoApproxTranscendentals]) {
        approx_transcendentals = Some(opt.id == OptId::ApproxTranscendentals);
    }
    let mut prec_div = None;
    for opt in args.read(&[OptId::PrecDiv]) {
        prec_div = Some(parse_bool(opt.spelling, opt.value())?);
    }
    let mut prec_sqrt = None;
    for opt in args.read(&[OptId::PrecSqrt]) {
        prec_sqrt = Some(parse_bool(opt.spelling, opt.value())?);
    }
    for opt in args.read(&[OptId::Fmad]) {
        inv.fmad = Some(parse_bool(opt.spelling, opt.value())?);
    }
    // nvcc: `--use_fast_math` implies `--ftz=true --prec-div=false --prec-sqrt=false
    // --fmad=true` and the intrinsics for the single-precision functions. clang: `-ffast-math`
    // implies `-fgpu-approx-transcendentals`, and its `afn` flags make `/` and `sqrtf`
    // approximate, but it leaves denormals alone.
    let use_fast_math = inv.use_fast_math;
    inv.flush_denormals = flush_denormals.unwrap_or(use_fast_math);
    inv.approx_transcendentals = approx_transcendentals.unwrap_or(use_fast_math || inv.fast_math);
    // The CUDA guide's list for `--use_fast_math` maps `x/y` to `__fdividef(x,y)`
    // (`div.approx`); `-prec-div=false` alone is the full-range `div.full`.
    inv.f32_division = if prec_div.unwrap_or(!use_fast_math) {
        F32Division::Ieee
    } else if use_fast_math {
        F32Division::Approx
    } else {
        F32Division::Full
    };
    inv.approx_sqrt = !prec_sqrt.unwrap_or(!(use_fast_math || inv.fast_math));
    if use_fast_math && inv.fmad.is_none() {
        inv.fmad = Some(true);
    }
    Ok(())
}
