//! CUDA header → HIP header correspondences (not part of `cuda2hip.tsv`).
//! A small table of data: each CUDA header maps to a HIP header (optionally a different one
//! with `--roc` or `--miopen`) and says when a later include of the same library is a
//! duplicate to remove; or the header is removed.
//!
//! The rows hipify-clang knows follow its rules (`CUDA_INCLUDE_MAP` and `Exclude` in HIPIFY's
//! `src/`): only a library's main headers are de-duplicated, `cublas_v2.h` after `cublas.h` is
//! a duplicate but not the other way round, and `cuda_runtime_api.h` or `vector_types.h` map
//! to their own HIP headers. Rows for headers hipify-clang leaves alone are oxhip's own.

use crate::Options;

/// What to do with one `#include`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HeaderAction {
    /// Write this header instead, unless `dedup` says it is a duplicate.
    Replace { header: &'static str, dedup: Dedup },
    /// Remove the directive: HIP has no counterpart and needs none.
    Remove,
}

/// When an include is a duplicate of an earlier one of the same library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dedup {
    /// Never: every include is translated.
    Never,
    /// A library's main header: the first include of `key` is translated, later ones
    /// are removed.
    Main(&'static str),
    /// The `_v2` main header (`cublas_v2.h`, `cusparse_v2.h`): removed after another `_v2`
    /// include or after the plain main header `main`.
    V2 {
        main: &'static str,
        v2: &'static str,
    },
    /// cuRAND: de-duplicated by the header written, for the few headers hipify-clang
    /// tracks (resolved by [`action`]).
    Rand,
}

struct HeaderRow {
    cuda: &'static str,
    hip: &'static str,
    /// Used with `--roc` or `--miopen`; `""` means the same as `hip`.
    roc: &'static str,
    dedup: Dedup,
}

const fn row(cuda: &'static str, hip: &'static str, roc: &'static str, dedup: Dedup) -> HeaderRow {
    HeaderRow {
        cuda,
        hip,
        roc,
        dedup,
    }
}

pub(crate) const RUNTIME: &str = "hip/hip_runtime.h";
const NEVER: Dedup = Dedup::Never;
const RAND: Dedup = Dedup::Rand;
const RAND_KERNEL: &str = "hiprand/hiprand_kernel.h";
const SOLVER: Dedup = Dedup::Main("solver");

static HEADERS: &[HeaderRow] = &[
    // hipify-clang's rows.
    row("cuda.h", RUNTIME, "", Dedup::Main("runtime")),
    row("cuda_runtime.h", RUNTIME, "", Dedup::Main("runtime")),
    row("cuda_runtime_api.h", "hip/hip_runtime_api.h", "", NEVER),
    row(
        "channel_descriptor.h",
        "hip/channel_descriptor.h",
        "",
        NEVER,
    ),
    row("device_functions.h", "hip/device_functions.h", "", NEVER),
    row("driver_types.h", "hip/driver_types.h", "", NEVER),
    row("cuda_fp16.h", "hip/hip_fp16.h", "", NEVER),
    row("cuda_texture_types.h", "hip/hip_texture_types.h", "", NEVER),
    row("vector_types.h", "hip/hip_vector_types.h", "", NEVER),
    row("cuda_profiler_api.h", "hip/hip_runtime_api.h", "", NEVER),
    row(
        "cooperative_groups.h",
        "hip/hip_cooperative_groups.h",
        "",
        Dedup::Main("cg"),
    ),
    row("library_types.h", "hip/library_types.h", "", NEVER),
    row("math_constants.h", "hip/hip_math_constants.h", "", NEVER),
    row(
        "cuComplex.h",
        "hip/hip_complex.h",
        "",
        Dedup::Main("complex"),
    ),
    row("cublas.h", "hipblas.h", "rocblas.h", Dedup::Main("blas")),
    row(
        "cublas_v2.h",
        "hipblas.h",
        "rocblas.h",
        Dedup::V2 {
            main: "blas",
            v2: "blas_v2",
        },
    ),
    row("cublas_api.h", "hipblas.h", "rocblas.h", NEVER),
    row("cublasLt.h", "hipblaslt.h", "", NEVER),
    row("curand.h", "hiprand/hiprand.h", "rocrand/rocrand.h", RAND),
    row(
        "curand_kernel.h",
        RAND_KERNEL,
        "rocrand/rocrand_kernel.h",
        RAND,
    ),
    row(
        "curand_discrete.h",
        RAND_KERNEL,
        "rocrand/rocrand_discrete.h",
        RAND,
    ),
    row(
        "curand_discrete2.h",
        RAND_KERNEL,
        "rocrand/rocrand_discrete.h",
        RAND,
    ),
    row(
        "curand_globals.h",
        RAND_KERNEL,
        "rocrand/rocrand_common.h",
        RAND,
    ),
    row(
        "curand_lognormal.h",
        RAND_KERNEL,
        "rocrand/rocrand_log_normal.h",
        RAND,
    ),
    row(
        "curand_mrg32k3a.h",
        RAND_KERNEL,
        "rocrand/rocrand_mrg32k3a.h",
        RAND,
    ),
    row(
        "curand_mtgp32.h",
        RAND_KERNEL,
        "rocrand/rocrand_mtgp32.h",
        RAND,
    ),
    row(
        "curand_mtgp32_host.h",
        "hiprand/hiprand_mtgp32_host.h",
        "rocrand/rocrand_mtgp32.h",
        RAND,
    ),
    row(
        "curand_mtgp32_kernel.h",
        RAND_KERNEL,
        "rocrand/rocrand_mtgp32.h",
        RAND,
    ),
    row(
        "curand_mtgp32dc_p_11213.h",
        "rocrand/rocrand_mtgp32_11213.h",
        "rocrand/rocrand_mtgp32_11213.h",
        RAND,
    ),
    row(
        "curand_normal.h",
        RAND_KERNEL,
        "rocrand/rocrand_normal.h",
        RAND,
    ),
    row(
        "curand_normal_static.h",
        RAND_KERNEL,
        "rocrand/rocrand_normal.h",
        RAND,
    ),
    row(
        "curand_philox4x32_x.h",
        RAND_KERNEL,
        "rocrand/rocrand_philox4x32_10.h",
        RAND,
    ),
    row(
        "curand_poisson.h",
        RAND_KERNEL,
        "rocrand/rocrand_poisson.h",
        RAND,
    ),
    row(
        "curand_precalc.h",
        RAND_KERNEL,
        "rocrand/rocrand_xorwow_precomputed.h",
        RAND,
    ),
    row(
        "curand_uniform.h",
        RAND_KERNEL,
        "rocrand/rocrand_uniform.h",
        RAND,
    ),
    row("cudnn.h", "hipDNN.h", "miopen/miopen.h", Dedup::Main("dnn")),
    // hipify-clang has no rocFFT mode: cuFFT stays hipFFT with `--roc`.
    row("cufft.h", "hipfft/hipfft.h", "", Dedup::Main("fft")),
    row("cufftXt.h", "hipfft/hipfftXt.h", "", NEVER),
    row(
        "cusparse.h",
        "hipsparse.h",
        "rocsparse.h",
        Dedup::Main("sparse"),
    ),
    row(
        "cusparse_v2.h",
        "hipsparse.h",
        "rocsparse.h",
        Dedup::V2 {
            main: "sparse",
            v2: "sparse_v2",
        },
    ),
    row(
        "cusolverDn.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        SOLVER,
    ),
    row(
        "cusolverMg.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        SOLVER,
    ),
    row(
        "cusolverRf.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        SOLVER,
    ),
    row(
        "cusolverSp.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        SOLVER,
    ),
    row(
        "cusolverSp_LOWLEVEL_PREVIEW.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        SOLVER,
    ),
    row(
        "cusolver_common.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        SOLVER,
    ),
    row("cub/cub.cuh", "hipcub/hipcub.hpp", "", NEVER),
    // hipify-clang writes `hiprtc.h`; HIP's header is `hip/hiprtc.h` (docs/hipify.md,
    // "Differences from hipify-clang").
    row("nvrtc.h", "hip/hiprtc.h", "", NEVER),
    // Caffe2's headers with a HIP counterpart (the others are unsupported and stay).
    row(
        "caffe2/operators/spatial_batch_norm_op.h",
        "caffe2/operators/hip/spatial_batch_norm_op_miopen.hip",
        "",
        NEVER,
    ),
    row(
        "caffe2/core/common_cudnn.h",
        "caffe2/core/hip/common_miopen.h",
        "",
        NEVER,
    ),
    // oxhip's own rows: headers hipify-clang leaves unchanged, which do not exist without CUDA.
    row("builtin_types.h", RUNTIME, "", Dedup::Main("runtime")),
    row(
        "cuda_device_runtime_api.h",
        RUNTIME,
        "",
        Dedup::Main("runtime"),
    ),
    row("nvfunctional", RUNTIME, "", Dedup::Main("runtime")),
    row("cudaProfiler.h", "hip/hip_runtime_api.h", "", NEVER),
    row("cuda_fp16.hpp", "hip/hip_fp16.h", "", NEVER),
    row("cuda_bf16.h", "hip/hip_bf16.h", "", Dedup::Main("bf16")),
    row("cuda_bf16.hpp", "hip/hip_bf16.h", "", Dedup::Main("bf16")),
    row("cuda_fp8.h", "hip/hip_fp8.h", "", Dedup::Main("fp8")),
    row("texture_types.h", "hip/hip_texture_types.h", "", NEVER),
    row("surface_types.h", "hip/surface_types.h", "", NEVER),
    row("cuda_gl_interop.h", "hip/hip_gl_interop.h", "", NEVER),
    // HIP has no separate headers for these; oxhip's hip_cooperative_groups.h holds them.
    row(
        "cooperative_groups/reduce.h",
        "hip/hip_cooperative_groups.h",
        "",
        Dedup::Main("cg"),
    ),
    row(
        "cooperative_groups/scan.h",
        "hip/hip_cooperative_groups.h",
        "",
        Dedup::Main("cg"),
    ),
    row(
        "cooperative_groups/memcpy_async.h",
        "hip/hip_cooperative_groups.h",
        "",
        Dedup::Main("cg"),
    ),
    row("cufftw.h", "hipfft/hipfftw.h", "", NEVER),
];

/// Headers HIP needs no counterpart for: their declarations come with `hip/hip_runtime.h`.
/// The first two are hipify-clang's; the rest are oxhip's (hipify-clang keeps them, and
/// they exist only in a CUDA installation).
static REMOVED: &[&str] = &[
    "device_launch_parameters.h",
    "texture_fetch_functions.h",
    "device_atomic_functions.h",
    "sm_20_atomic_functions.h",
    "sm_32_intrinsics.h",
    "sm_60_atomic_functions.h",
    "host_defines.h",
    "crt/host_defines.h",
    "math_functions.h",
    "cuda_runtime_wrapper.h",
];

/// What to do with the header named `name` (without `<>` or quotes), or `None` to keep it.
pub(crate) fn action(name: &str, options: &Options) -> Option<HeaderAction> {
    if REMOVED.contains(&name) {
        return Some(HeaderAction::Remove);
    }
    if let Some(row) = HEADERS.iter().find(|it| it.cuda == name) {
        // hipify-clang's `isToRoc`: `--miopen` implies the ROC libraries too.
        let use_roc = options.roc || options.miopen;
        let header = if use_roc && !row.roc.is_empty() {
            row.roc
        } else {
            row.hip
        };
        let dedup = match row.dedup {
            Dedup::Rand => match header {
                "hiprand/hiprand.h"
                | RAND_KERNEL
                | "rocrand/rocrand_discrete.h"
                | "rocrand/rocrand_mtgp32.h"
                | "rocrand/rocrand_normal.h" => Dedup::Main(header),
                _ => Dedup::Never,
            },
            other => other,
        };
        return Some(HeaderAction::Replace { header, dedup });
    }
    // Every other CUB header collapses into hipCUB's main header.
    if name.starts_with("cub/") && name.ends_with(".cuh") {
        return Some(HeaderAction::Replace {
            header: "hipcub/hipcub.hpp",
            dedup: Dedup::Main("cub"),
        });
    }
    None
}

#[cfg(test)]
mod header_files {
    use super::HEADERS;

    /// Every `hip/…` header the map writes is one oxhip's runtime provides, so a translated
    /// include finds its header (`surface_types.h` once became a `hip/hip_surface_types.h`
    /// that neither oxhip nor ROCm has).
    #[test]
    fn every_hip_header_written_exists() {
        let include = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/include");
        let missing: Vec<&str> = HEADERS
            .iter()
            .flat_map(|row| [row.hip, row.roc])
            .filter(|header| header.starts_with("hip/"))
            .filter(|header| !include.join(header).is_file())
            .collect();
        assert!(
            missing.is_empty(),
            "no such header in runtime/include: {missing:?}"
        );
    }
}
