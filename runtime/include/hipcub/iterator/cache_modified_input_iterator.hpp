/* oxhip: hipCUB's ArgIndexInputIterator and CacheModifiedInputIterator live in
 * discard_output_iterator.hpp (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_ITERATOR_CACHE_MODIFIED_INPUT_ITERATOR_HPP
#define OXHIP_HIPCUB_ITERATOR_CACHE_MODIFIED_INPUT_ITERATOR_HPP

#include "discard_output_iterator.hpp"

#endif /* OXHIP_HIPCUB_ITERATOR_CACHE_MODIFIED_INPUT_ITERATOR_HPP */
