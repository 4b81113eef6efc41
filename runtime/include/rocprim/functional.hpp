/* oxhip: rocPRIM's <rocprim/functional.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_FUNCTIONAL_HPP
#define OXHIP_ROCPRIM_FUNCTIONAL_HPP

#include "rocprim.hpp"

#endif /* OXHIP_ROCPRIM_FUNCTIONAL_HPP */
