/* oxhip: KeyValuePair, DoubleBuffer and NullType live in util.hpp (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_UTIL_TYPE_HPP
#define OXHIP_HIPCUB_UTIL_TYPE_HPP

#include "util.hpp"

#endif /* OXHIP_HIPCUB_UTIL_TYPE_HPP */
