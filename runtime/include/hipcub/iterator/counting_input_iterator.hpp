/* oxhip: hipCUB's input iterators live in util.hpp (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_ITERATOR_COUNTING_INPUT_ITERATOR_HPP
#define OXHIP_HIPCUB_ITERATOR_COUNTING_INPUT_ITERATOR_HPP

#include "../util.hpp"

#endif /* OXHIP_HIPCUB_ITERATOR_COUNTING_INPUT_ITERATOR_HPP */
