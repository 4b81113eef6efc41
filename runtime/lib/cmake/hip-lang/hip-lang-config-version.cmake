# The same version as the hip package's, which reads it from hip/hip_version.h.
include("${CMAKE_CURRENT_LIST_DIR}/../hip/hip-config-version.cmake")
