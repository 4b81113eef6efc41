/* oxhip: hipCUB's thread-level helpers live in thread_operators.hpp (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_THREAD_THREAD_SCAN_HPP
#define OXHIP_HIPCUB_THREAD_THREAD_SCAN_HPP

#include "thread_operators.hpp"

#endif /* OXHIP_HIPCUB_THREAD_THREAD_SCAN_HPP */
