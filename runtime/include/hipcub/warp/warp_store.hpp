/* oxhip: hipCUB's WarpStore (docs/libraries.md): a logical warp of 1 to 32 lanes (a power of
 * two) writes W * ITEMS_PER_THREAD consecutive items to its own iterator. WARP_STORE_STRIPED
 * takes striped items (lane l holds ranks l, l + W, ...), every other algorithm blocked ones
 * (lane l holds ranks l * N ...): DIRECT and VECTORIZE write the blocked ranks directly,
 * TRANSPOSE transposes through WarpExchange's shared memory and writes striped (coalesced), on
 * every target.
 */
#ifndef OXHIP_HIPCUB_WARP_STORE_HPP
#define OXHIP_HIPCUB_WARP_STORE_HPP

#include "../util.hpp"
#include "warp_exchange.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

enum WarpStoreAlgorithm {
  WARP_STORE_DIRECT,
  WARP_STORE_STRIPED,
  WARP_STORE_VECTORIZE,
  WARP_STORE_TRANSPOSE
};

template <class T, int ITEMS_PER_THREAD, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,
          int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpStore {
  enum { Width = LOGICAL_WARP_THREADS, Items = ITEMS_PER_THREAD };
  typedef WarpExchange<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS> Exchange;

 public:
  struct EmptyStorage {
    unsigned char unused;
  };
  typedef typename std::conditional<ALGORITHM == WARP_STORE_TRANSPOSE,
                                    typename Exchange::TempStorage, EmptyStorage>::type
      TempStorage;

  __device__ __forceinline__ explicit WarpStore(TempStorage& storage)
      : storage_(&storage), lane_(detail::logical_lane<Width>()) {}

  template <class OutputIt>
  __device__ __forceinline__ void Store(OutputIt block_itr, T (&items)[Items]) {
    store<false>(block_itr, items, Width * Items);
  }
  template <class OutputIt>
  __device__ __forceinline__ void Store(OutputIt block_itr, T (&items)[Items], int valid_items) {
    store<true>(block_itr, items, valid_items);
  }

 private:
  template <bool Guarded, class OutputIt>
  __device__ __forceinline__ void store(OutputIt block_itr, T (&items)[Items], int valid_items) {
    if (ALGORITHM == WARP_STORE_STRIPED) {
      for (int i = 0; i < Items; ++i)
        if (!Guarded || i * Width + lane_ < valid_items) block_itr[i * Width + lane_] = items[i];
    } else if (ALGORITHM == WARP_STORE_TRANSPOSE) {
      T striped[Items];
      Exchange(*reinterpret_cast<typename Exchange::TempStorage*>(storage_))
          .BlockedToStriped(items, striped);
      for (int i = 0; i < Items; ++i)
        if (!Guarded || i * Width + lane_ < valid_items) block_itr[i * Width + lane_] = striped[i];
    } else {
      for (int i = 0; i < Items; ++i)
        if (!Guarded || lane_ * Items + i < valid_items) block_itr[lane_ * Items + i] = items[i];
    }
  }

  TempStorage* storage_;
  int lane_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_WARP_STORE_HPP */
