/* oxhip: hipCUB's WarpLoad (docs/libraries.md): a logical warp of 1 to 32 lanes (a power of
 * two) reads W * ITEMS_PER_THREAD consecutive items from its own iterator. WARP_LOAD_STRIPED
 * leaves them striped (lane l holds ranks l, l + W, ...), every other algorithm blocked (lane l
 * holds ranks l * N ...): DIRECT and VECTORIZE read the blocked ranks directly, TRANSPOSE reads
 * striped (coalesced) and transposes through WarpExchange's shared memory, on every target.
 */
#ifndef OXHIP_HIPCUB_WARP_LOAD_HPP
#define OXHIP_HIPCUB_WARP_LOAD_HPP

#include "../util.hpp"
#include "warp_exchange.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

enum WarpLoadAlgorithm {
  WARP_LOAD_DIRECT,
  WARP_LOAD_STRIPED,
  WARP_LOAD_VECTORIZE,
  WARP_LOAD_TRANSPOSE
};

template <class InputT, int ITEMS_PER_THREAD, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,
          int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpLoad {
  enum { Width = LOGICAL_WARP_THREADS, Items = ITEMS_PER_THREAD };
  typedef WarpExchange<InputT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS> Exchange;

 public:
  struct EmptyStorage {
    unsigned char unused;
  };
  typedef typename std::conditional<ALGORITHM == WARP_LOAD_TRANSPOSE,
                                    typename Exchange::TempStorage, EmptyStorage>::type
      TempStorage;

  __device__ __forceinline__ explicit WarpLoad(TempStorage& storage)
      : storage_(&storage), lane_(detail::logical_lane<Width>()) {}

  template <class InputIt>
  __device__ __forceinline__ void Load(InputIt block_itr, InputT (&items)[Items]) {
    load<false>(block_itr, items, Width * Items);
  }
  template <class InputIt>
  __device__ __forceinline__ void Load(InputIt block_itr, InputT (&items)[Items],
                                       int valid_items) {
    load<true>(block_itr, items, valid_items);
  }
  template <class InputIt, class DefaultT>
  __device__ __forceinline__ void Load(InputIt block_itr, InputT (&items)[Items], int valid_items,
                                       DefaultT oob_default) {
    for (int i = 0; i < Items; ++i) items[i] = oob_default;
    load<true>(block_itr, items, valid_items);
  }

 private:
  /* Items past valid_items keep the values they had. */
  template <bool Guarded, class InputIt>
  __device__ __forceinline__ void load(InputIt block_itr, InputT (&items)[Items],
                                       int valid_items) {
    if (ALGORITHM == WARP_LOAD_STRIPED) {
      for (int i = 0; i < Items; ++i)
        if (!Guarded || i * Width + lane_ < valid_items) items[i] = block_itr[i * Width + lane_];
    } else if (ALGORITHM == WARP_LOAD_TRANSPOSE) {
      InputT striped[Items];
      for (int i = 0; i < Items; ++i)
        if (!Guarded || i * Width + lane_ < valid_items) striped[i] = block_itr[i * Width + lane_];
      InputT blocked[Items];
      Exchange(*reinterpret_cast<typename Exchange::TempStorage*>(storage_))
          .StripedToBlocked(striped, blocked);
      for (int i = 0; i < Items; ++i)
        if (!Guarded || lane_ * Items + i < valid_items) items[i] = blocked[i];
    } else {
      for (int i = 0; i < Items; ++i)
        if (!Guarded || lane_ * Items + i < valid_items) items[i] = block_itr[lane_ * Items + i];
    }
  }

  TempStorage* storage_;
  int lane_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_WARP_LOAD_HPP */
