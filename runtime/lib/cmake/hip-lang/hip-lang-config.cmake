# oxhip's `hip-lang` package: CMake's HIP language loads it from the HIP root
# (CMAKE_HIP_COMPILER_ROCM_ROOT/lib/cmake/hip-lang) after identifying the compiler, and links
# the target named by _CMAKE_HIP_DEVICE_RUNTIME_TARGET into every HIP target.
#
# oxhip links its runtime itself (statically into executables, the shared runtime into
# `-shared` libraries) and includes hip/hip_runtime.h before every HIP source, so the device
# runtime target carries nothing; it exists for the language and for projects that name it.

if(NOT TARGET hip-lang::device)
  add_library(hip-lang::device INTERFACE IMPORTED)
  add_library(hip-lang::host INTERFACE IMPORTED)
endif()
set(_CMAKE_HIP_DEVICE_RUNTIME_TARGET "hip-lang::device")
set(hip-lang_FOUND TRUE)
