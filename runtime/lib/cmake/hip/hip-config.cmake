# oxhip's `hip` package: find_package(hip) as with ROCm's, for projects that compile HIP as
# C++ (docs/cmake.md).
#
#   hip::amdhip64  the runtime, oxhip's shared library liboxhip_runtime.so, with the HIP headers
#   hip::host      plain C++ that calls the runtime API: hip::amdhip64 and __HIP_PLATFORM_AMD__
#   hip::device    C++ sources with kernels: hip::host, `-x hip` and an `--offload-arch=` per
#                  entry of GPU_TARGETS (which AMDGPU_TARGETS sets when GPU_TARGETS is not
#                  set); an empty list leaves the choice to oxhip (the GPUs present, else its
#                  default list). The C++ compiler must be oxhip, as the toolchain file sets.
#
# Paths come from the toolchain file's OXHIP_BIN_DIR and OXHIP_LIB_DIR, else from this file's
# place in an installed prefix (<prefix>/lib/cmake/hip).

get_filename_component(_oxhip_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(DEFINED OXHIP_BIN_DIR)
  set(_oxhip_bin_dir "${OXHIP_BIN_DIR}")
else()
  set(_oxhip_bin_dir "${_oxhip_prefix}/bin")
endif()
if(DEFINED OXHIP_LIB_DIR)
  set(_oxhip_lib_dir "${OXHIP_LIB_DIR}")
else()
  set(_oxhip_lib_dir "${_oxhip_prefix}/lib")
endif()

set(hip_INCLUDE_DIR "${_oxhip_prefix}/include")
set(hip_INCLUDE_DIRS "${hip_INCLUDE_DIR}")
set(hip_LIB_INSTALL_DIR "${_oxhip_lib_dir}")
set(hip_BIN_INSTALL_DIR "${_oxhip_bin_dir}")
set(hip_HIPCC_EXECUTABLE "${_oxhip_bin_dir}/oxhip")
set(hip_HIPCONFIG_EXECUTABLE "${_oxhip_bin_dir}/oxhipconfig")
set(HIP_CLANG_ROOT "/usr/lib/llvm-22")
set(HIP_PLATFORM "amd")
set(HIP_COMPILER "clang")
set(HIP_RUNTIME "rocclr")
foreach(_oxhip_file IN ITEMS "${hip_INCLUDE_DIR}/hip/hip_runtime.h" "${_oxhip_lib_dir}/liboxhip_runtime.so" "${hip_HIPCC_EXECUTABLE}")
  if(NOT EXISTS "${_oxhip_file}")
    set(hip_FOUND FALSE)
    set(hip_NOT_FOUND_MESSAGE "oxhip's `hip` package: ${_oxhip_file} is missing (in a cargo build tree, configure with the toolchain file `oxhipconfig --cmake-toolchain` names)")
    unset(_oxhip_file)
    return()
  endif()
endforeach()
unset(_oxhip_file)

if(NOT DEFINED GPU_TARGETS AND DEFINED AMDGPU_TARGETS)
  set(GPU_TARGETS "${AMDGPU_TARGETS}")
endif()
set(GPU_TARGETS "${GPU_TARGETS}" CACHE STRING "GPU targets of hip::device (gfx…, sm_…, host; empty: oxhip's default)")
set(AMDGPU_TARGETS "${GPU_TARGETS}" CACHE STRING "Same as GPU_TARGETS")

if(NOT TARGET hip::amdhip64)
  add_library(hip::amdhip64 SHARED IMPORTED)
  # The library has no SONAME: CMake links it as -loxhip_runtime, so the program records the
  # name, not the path, and oxhip links it in place of its static runtime.
  set_target_properties(hip::amdhip64 PROPERTIES
    IMPORTED_LOCATION "${_oxhip_lib_dir}/liboxhip_runtime.so"
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${hip_INCLUDE_DIR}")

  add_library(hip::host INTERFACE IMPORTED)
  set_target_properties(hip::host PROPERTIES
    INTERFACE_LINK_LIBRARIES hip::amdhip64
    INTERFACE_COMPILE_DEFINITIONS "__HIP_PLATFORM_AMD__=1")

  add_library(hip::device INTERFACE IMPORTED)
  set_target_properties(hip::device PROPERTIES
    INTERFACE_LINK_LIBRARIES hip::host
    INTERFACE_COMPILE_OPTIONS "$<$<COMPILE_LANGUAGE:CXX>:SHELL:-x hip>")
  set_property(TARGET hip::device APPEND PROPERTY INTERFACE_LINK_OPTIONS
    "$<$<LINK_LANGUAGE:CXX>:--hip-link>")
  foreach(_oxhip_target IN LISTS GPU_TARGETS)
    set_property(TARGET hip::device APPEND PROPERTY INTERFACE_COMPILE_OPTIONS
      "$<$<COMPILE_LANGUAGE:CXX>:--offload-arch=${_oxhip_target}>")
    set_property(TARGET hip::device APPEND PROPERTY INTERFACE_LINK_OPTIONS
      "$<$<LINK_LANGUAGE:CXX>:--offload-arch=${_oxhip_target}>")
  endforeach()
  unset(_oxhip_target)
endif()

set(hip_LIBRARIES hip::host hip::device)
set(hip_FOUND TRUE)
unset(_oxhip_prefix)
unset(_oxhip_bin_dir)
unset(_oxhip_lib_dir)
