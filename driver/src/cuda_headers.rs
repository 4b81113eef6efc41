//! What CUDA sources see of CUDA's headers when oxhip compiles them: the version and
//! header-guard macros that the compile defines (`bind`) and that the translation
//! therefore leaves alone (`overlay`).

/// What CUDA sources see of CUDA's version and header guards: the CUDA 12.6 API, whose
/// names oxhip translates (`cuda2hip.tsv` goes up to 12.6). `__CUDA_RUNTIME_H__` is what
/// widely copied helper headers test before defining their error-checking functions.
/// `__cuda_cuda_h__` (the driver API header's guard) stays undefined: `CUresult` and
/// `cudaError_t` both become `hipError_t`, and the helpers' second overload would clash.
pub(crate) const CUDA_MACROS: &[&str] = &[
    "__CUDA_RUNTIME_H__",
    "CUDART_VERSION=12060",
    "CUDA_VERSION=12060",
    "__CUDACC_VER_MAJOR__=12",
    "__CUDACC_VER_MINOR__=6",
    "__CUDACC_VER_BUILD__=0",
];
