/* oxhip: rocPRIM's <rocprim/iterator/predicate_iterator.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_ITERATOR_PREDICATE_ITERATOR_HPP
#define OXHIP_ROCPRIM_ITERATOR_PREDICATE_ITERATOR_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_ITERATOR_PREDICATE_ITERATOR_HPP */
