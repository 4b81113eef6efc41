/* oxhip: rocPRIM's <rocprim/type_traits.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_TYPE_TRAITS_HPP
#define OXHIP_ROCPRIM_TYPE_TRAITS_HPP

#include "rocprim.hpp"

#endif /* OXHIP_ROCPRIM_TYPE_TRAITS_HPP */
