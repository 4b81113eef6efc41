# oxhip's CMake toolchain file (docs/cmake.md):
#
#   cmake -DCMAKE_TOOLCHAIN_FILE=$(oxhipconfig --cmake-toolchain) ..
#
# makes oxhip the HIP compiler (`enable_language(HIP)`, `project(x LANGUAGES HIP)`) and the
# C++ compiler, and puts oxhip's own `hip-lang` and `hip` packages first on the package search
# path, so that nothing of a ROCm or CUDA installation is used, whether or not one is present.
#
# The file sits in `<prefix>/lib/cmake/oxhip/` and finds the binaries in `<prefix>/bin`. In a
# cargo build tree, `oxhipconfig --cmake-toolchain` writes a two-line file next to the binaries
# that sets OXHIP_BIN_DIR and OXHIP_LIB_DIR and includes this one from the source tree
# (`runtime/` there has the layout of an installed prefix: `include/`, `lib/cmake/`).
#
# CMake reads a toolchain file again for every try_compile project, so everything here is
# recomputed from the file's own location and the variables of the stub.

get_filename_component(_oxhip_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT DEFINED OXHIP_BIN_DIR)
  set(OXHIP_BIN_DIR "${_oxhip_prefix}/bin")
endif()
if(NOT DEFINED OXHIP_LIB_DIR)
  set(OXHIP_LIB_DIR "${_oxhip_prefix}/lib")
endif()
set(OXHIP_PREFIX "${_oxhip_prefix}")
unset(_oxhip_prefix)
if(NOT EXISTS "${OXHIP_BIN_DIR}/oxhip")
  message(FATAL_ERROR "oxhip toolchain: no `oxhip` in ${OXHIP_BIN_DIR}; take the file that `oxhipconfig --cmake-toolchain` names")
endif()

# HIP: oxhip answers CMake's compiler identification as clang 22 does; the HIP root is
# oxhip's prefix, whose lib/cmake/hip-lang package CMake loads (not ROCm's).
if(NOT CMAKE_HIP_COMPILER)
  set(CMAKE_HIP_COMPILER "${OXHIP_BIN_DIR}/oxhip")
endif()
set(CMAKE_HIP_COMPILER_ROCM_ROOT "${OXHIP_PREFIX}")
# CMake accepts a clang-based HIP compiler only on the amd platform; oxhip builds for NVIDIA
# and CPU targets there too (CMAKE_HIP_ARCHITECTURES may list gfx…, sm_… and host).
set(CMAKE_HIP_PLATFORM amd)
# Without a list, oxhip chooses: the GPUs present, else its default list (docs/driver.md).
if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)
  set(CMAKE_HIP_ARCHITECTURES OFF CACHE STRING "HIP architectures (gfx…, sm_…, host; OFF: oxhip's default)")
endif()

# C++: oxhip as clang++ is, a C++ compiler (`-x c++` before the sources) that can include the
# HIP runtime API; `hip::device` (find_package(hip)) adds `-x hip` for sources with kernels.
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER "${OXHIP_BIN_DIR}/oxhip" -x c++)
endif()

# find_package(hip), find_package(hip-lang): oxhip's packages before any other installation.
list(PREPEND CMAKE_PREFIX_PATH "${OXHIP_PREFIX}")
list(REMOVE_DUPLICATES CMAKE_PREFIX_PATH)
