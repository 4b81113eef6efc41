/* oxhip: rocPRIM's <rocprim/types/tuple.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_TYPES_TUPLE_HPP
#define OXHIP_ROCPRIM_TYPES_TUPLE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_TYPES_TUPLE_HPP */
