/* oxhip: hipCUB's CacheModifiedOutputIterator (docs/libraries.md): a pointer whose writes go
 * through ThreadStore with a cache modifier, which every target stores as a plain write. It
 * lives in discard_output_iterator.hpp beside CacheModifiedInputIterator.
 */
#ifndef OXHIP_HIPCUB_ITERATOR_CACHE_MODIFIED_OUTPUT_ITERATOR_HPP
#define OXHIP_HIPCUB_ITERATOR_CACHE_MODIFIED_OUTPUT_ITERATOR_HPP

#include "discard_output_iterator.hpp"

#endif /* OXHIP_HIPCUB_ITERATOR_CACHE_MODIFIED_OUTPUT_ITERATOR_HPP */
