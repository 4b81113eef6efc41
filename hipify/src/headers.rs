//! CUDA header → HIP header correspondences (not part of `cuda2hip.tsv`).
//! A small table of data: each CUDA header maps to a HIP header (optionally a different one
//! with `--roc` or `--miopen`) and a "library key" so that a library's main header is written
//! once per file however many of its CUDA headers were included; or it is removed.

use crate::Options;

/// What to do with one `#include`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HeaderAction {
    /// Write this header instead; the key names the library for de-duplication.
    Replace {
        header: &'static str,
        key: &'static str,
    },
    /// Remove the directive: HIP has no counterpart and needs none.
    Remove,
}

struct HeaderRow {
    cuda: &'static str,
    hip: &'static str,
    /// Used with `--roc` (or `--miopen` for cuDNN); `""` means the same as `hip`.
    roc: &'static str,
    key: &'static str,
}

const fn row(
    cuda: &'static str,
    hip: &'static str,
    roc: &'static str,
    key: &'static str,
) -> HeaderRow {
    HeaderRow {
        cuda,
        hip,
        roc,
        key,
    }
}

const RUNTIME: &str = "hip/hip_runtime.h";

static HEADERS: &[HeaderRow] = &[
    row("cuda_runtime.h", RUNTIME, "", "hip_runtime"),
    row("cuda.h", RUNTIME, "", "hip_runtime"),
    row(
        "cuda_runtime_api.h",
        "hip/hip_runtime_api.h",
        "",
        "hip_runtime_api",
    ),
    row("builtin_types.h", RUNTIME, "", "hip_runtime"),
    row("driver_types.h", RUNTIME, "", "hip_runtime"),
    row("vector_types.h", RUNTIME, "", "hip_runtime"),
    row("cuda_device_runtime_api.h", RUNTIME, "", "hip_runtime"),
    row(
        "cuda_profiler_api.h",
        "hip/hip_runtime_api.h",
        "",
        "hip_runtime_api",
    ),
    row(
        "cudaProfiler.h",
        "hip/hip_runtime_api.h",
        "",
        "hip_runtime_api",
    ),
    row("cuda_fp16.h", "hip/hip_fp16.h", "", "hip_fp16"),
    row("cuda_fp16.hpp", "hip/hip_fp16.h", "", "hip_fp16"),
    row("cuda_bf16.h", "hip/hip_bf16.h", "", "hip_bf16"),
    row("cuda_bf16.hpp", "hip/hip_bf16.h", "", "hip_bf16"),
    row("cuda_fp8.h", "hip/hip_fp8.h", "", "hip_fp8"),
    row(
        "cuda_texture_types.h",
        "hip/hip_texture_types.h",
        "",
        "hip_texture_types",
    ),
    row(
        "texture_types.h",
        "hip/hip_texture_types.h",
        "",
        "hip_texture_types",
    ),
    row(
        "surface_types.h",
        "hip/hip_surface_types.h",
        "",
        "hip_surface_types",
    ),
    row(
        "cuda_gl_interop.h",
        "hip/hip_gl_interop.h",
        "",
        "hip_gl_interop",
    ),
    row(
        "cooperative_groups.h",
        "hip/hip_cooperative_groups.h",
        "",
        "hip_cooperative_groups",
    ),
    // HIP has no separate headers for these; oxhip's hip_cooperative_groups.h holds them.
    row(
        "cooperative_groups/reduce.h",
        "hip/hip_cooperative_groups.h",
        "",
        "hip_cooperative_groups",
    ),
    row(
        "cooperative_groups/scan.h",
        "hip/hip_cooperative_groups.h",
        "",
        "hip_cooperative_groups",
    ),
    row(
        "cooperative_groups/memcpy_async.h",
        "hip/hip_cooperative_groups.h",
        "",
        "hip_cooperative_groups",
    ),
    row("cuComplex.h", "hip/hip_complex.h", "", "hip_complex"),
    row("nvrtc.h", "hip/hiprtc.h", "", "hiprtc"),
    row("nvfunctional", "hip/hip_runtime.h", "", "hip_runtime"),
    row("cublas.h", "hipblas.h", "rocblas.h", "hipblas"),
    row("cublas_v2.h", "hipblas.h", "rocblas.h", "hipblas"),
    row("cublas_api.h", "hipblas.h", "rocblas.h", "hipblas"),
    row("cublasLt.h", "hipblaslt.h", "", "hipblaslt"),
    row(
        "curand.h",
        "hiprand/hiprand.h",
        "rocrand/rocrand.h",
        "hiprand",
    ),
    row(
        "curand_kernel.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_discrete.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_discrete2.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_globals.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_lognormal.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_mrg32k3a.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_mtgp32.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_mtgp32_host.h",
        "hiprand/hiprand_mtgp32_host.h",
        "rocrand/rocrand_mtgp32_11213.h",
        "hiprand_mtgp32_host",
    ),
    row(
        "curand_mtgp32_kernel.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_normal.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_philox4x32_x.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_poisson.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_precalc.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row(
        "curand_uniform.h",
        "hiprand/hiprand_kernel.h",
        "rocrand/rocrand_kernel.h",
        "hiprand_kernel",
    ),
    row("cufft.h", "hipfft/hipfft.h", "rocfft/rocfft.h", "hipfft"),
    row(
        "cufftXt.h",
        "hipfft/hipfftXt.h",
        "rocfft/rocfft.h",
        "hipfftxt",
    ),
    row("cufftw.h", "hipfft/hipfftw.h", "rocfft/rocfft.h", "hipfftw"),
    row("cusparse.h", "hipsparse.h", "rocsparse.h", "hipsparse"),
    row("cusparse_v2.h", "hipsparse.h", "rocsparse.h", "hipsparse"),
    row(
        "cusolverDn.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        "hipsolver",
    ),
    row(
        "cusolverSp.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        "hipsolver",
    ),
    row(
        "cusolverRf.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        "hipsolver",
    ),
    row(
        "cusolver_common.h",
        "hipsolver.h",
        "rocsolver/rocsolver.h",
        "hipsolver",
    ),
    row("cudnn.h", "hipDNN.h", "miopen/miopen.h", "hipdnn"),
    row("cub/cub.cuh", "hipcub/hipcub.hpp", "", "hipcub"),
];

/// Headers HIP needs no counterpart for: their declarations come with `hip/hip_runtime.h`.
static REMOVED: &[&str] = &[
    "device_launch_parameters.h",
    "device_functions.h",
    "device_atomic_functions.h",
    "sm_20_atomic_functions.h",
    "sm_32_intrinsics.h",
    "sm_60_atomic_functions.h",
    "host_defines.h",
    "crt/host_defines.h",
    "math_functions.h",
    "texture_fetch_functions.h",
    "cuda_runtime_wrapper.h",
];

/// What to do with the header named `name` (without `<>` or quotes), or `None` to keep it.
pub(crate) fn action(name: &str, options: &Options) -> Option<HeaderAction> {
    if REMOVED.contains(&name) {
        return Some(HeaderAction::Remove);
    }
    if let Some(row) = HEADERS.iter().find(|it| it.cuda == name) {
        let use_roc = if row.key == "hipdnn" {
            options.miopen
        } else {
            options.roc
        };
        let header = if use_roc && !row.roc.is_empty() {
            row.roc
        } else {
            row.hip
        };
        return Some(HeaderAction::Replace {
            header,
            key: row.key,
        });
    }
    // Every CUB header collapses into hipCUB's main header.
    if name.starts_with("cub/") && name.ends_with(".cuh") {
        return Some(HeaderAction::Replace {
            header: "hipcub/hipcub.hpp",
            key: "hipcub",
        });
    }
    None
}

/// The library key of a header that is already HIP, so that a CUDA include after it is
/// recognised as a duplicate.
pub(crate) fn key_of_hip_header(name: &str) -> Option<&'static str> {
    HEADERS
        .iter()
        .find(|it| it.hip == name || it.roc == name)
        .map(|it| it.key)
}
