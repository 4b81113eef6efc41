/* oxhip: hipCUB (namespace hipcub), written for oxhip in portable device code: the same
 * templates serve AMD GPUs, NVIDIA GPUs and the CPU device from one host compile
 * (docs/libraries.md). CUDA's <cub/cub.cuh> (and every other cub/*.cuh) becomes this header
 * through oxhipify and in oxhip's CUDA compiles, and `cub::` names `hipcub::`.
 *
 * Each part has its own header under hipcub/ (util.hpp, warp/, block/, device/,
 * iterator/), at the paths hipCUB programs include; this one includes them all. A logical
 * warp is 32 threads or fewer on every target, so every TempStorage has one size in the
 * host pass and every device pass.
 */
#ifndef OXHIP_HIPCUB_HPP
#define OXHIP_HIPCUB_HPP

/* rocPRIM's headers, which hipCUB includes, bring these in; programs rely on it. */
#include <cassert>
#include <chrono>
#include <iostream>

#include "util.hpp"
#include "util_traits.hpp"
#include "util_allocator.hpp"
#include "iterator/discard_output_iterator.hpp"
#include "thread/thread_operators.hpp"
#include "warp/warp_reduce.hpp"
#include "warp/warp_scan.hpp"
#include "warp/warp_exchange.hpp"
#include "warp/warp_load.hpp"
#include "warp/warp_store.hpp"
#include "warp/warp_merge_sort.hpp"
#include "block/block_reduce.hpp"
#include "block/block_scan.hpp"
#include "block/block_exchange.hpp"
#include "block/block_load.hpp"
#include "block/block_store.hpp"
#include "block/block_radix_sort.hpp"
#include "block/block_discontinuity.hpp"
#include "block/block_adjacent_difference.hpp"
#include "block/block_histogram.hpp"
#include "block/block_shuffle.hpp"
#include "block/block_merge_sort.hpp"
#include "block/block_run_length_decode.hpp"
#include "device/device_reduce.hpp"
#include "device/device_scan.hpp"
#include "device/device_radix_sort.hpp"
#include "device/device_segmented_radix_sort.hpp"
#include "device/device_segmented_sort.hpp"
#include "device/device_segmented_reduce.hpp"
#include "device/device_select.hpp"
#include "device/device_partition.hpp"
#include "device/device_run_length_encode.hpp"
#include "device/device_histogram.hpp"
#include "device/device_merge_sort.hpp"
#include "device/device_adjacent_difference.hpp"
#include "device/device_for.hpp"
#include "device/device_spmv.hpp"
#include "device/device_memcpy.hpp"
#include "device/device_copy.hpp"
#include "iterator/cache_modified_output_iterator.hpp"

#endif /* OXHIP_HIPCUB_HPP */
