/* oxhip devicelibs: malloc and free for amdgcn device code.
 *
 * nvptx needs nothing here (the CUDA driver provides malloc and free to PTX) and the CPU
 * target uses the C library's. On amdgcn the heap is one zero-initialised arena in the
 * code object (OXHIP_HEAP_BYTES, 128 MiB: the loader allocates it when the image is
 * loaded, and only images whose kernels call malloc keep it, since everything
 * unreferenced is dropped when devicelibs is linked).
 *
 * Blocks come in power-of-two sizes from 32 bytes up; each starts with a 16-byte header
 * holding its size class, so the payload is 16-byte aligned. A freed block goes onto its
 * class's free list, a lock-free stack whose head carries a tag that changes on every
 * update, so that a pop that raced with a pop and a push (ABA) fails its
 * compare-and-swap instead of corrupting the list. New blocks are cut from the arena
 * with one atomic add. Free lists never give memory back to the arena.
 *
 * The same file compiles for the host (OXHIP_HEAP_HOST_TEST), where tests/heap.rs
 * hammers it from many threads.
 */

#if defined(__AMDGCN__) || defined(OXHIP_HEAP_HOST_TEST)

typedef unsigned long long heap_u64;
typedef unsigned int heap_u32;

#ifndef OXHIP_HEAP_BYTES
#define OXHIP_HEAP_BYTES (128ull << 20)
#endif
#define HEAP_UNIT 16ull
#define HEAP_CLASSES 40

#if defined(OXHIP_HEAP_HOST_TEST)
#define HEAP_EXPORT
#define HEAP_GLOBAL
#define malloc oxhip_heap_malloc
#define free oxhip_heap_free
#else
#define HEAP_EXPORT __attribute__((visibility("hidden")))
#define HEAP_GLOBAL __attribute__((address_space(1)))
#endif

/* The arena, in 16-byte units so that every block is 16-byte aligned. */
static HEAP_GLOBAL heap_u64 heap_arena[OXHIP_HEAP_BYTES / sizeof(heap_u64)] __attribute__((aligned(16)));
/* Bytes of the arena handed out so far. */
static HEAP_GLOBAL heap_u64 heap_used;
/* Per class: (tag << 32) | (unit index of the first free block + 1); 0 is empty. */
static HEAP_GLOBAL heap_u64 heap_free_lists[HEAP_CLASSES];

/* Header of a block: its class, and the free list's link while the block is free. */
struct heap_header {
  heap_u32 size_class;
  heap_u32 magic;
  heap_u64 next;
};
#define HEAP_MAGIC 0x0a11c8edu

static struct heap_header *heap_block(heap_u64 unit) {
  return (struct heap_header *)((char *)heap_arena + unit * HEAP_UNIT);
}

HEAP_EXPORT void *malloc(__SIZE_TYPE__ size) {
  if (size > OXHIP_HEAP_BYTES) return 0;
  heap_u32 size_class = 0;
  while ((32ull << size_class) < (heap_u64)size + HEAP_UNIT) ++size_class;
  heap_u64 block_bytes = 32ull << size_class;
  HEAP_GLOBAL heap_u64 *list = &heap_free_lists[size_class];
  heap_u64 head = __atomic_load_n(list, __ATOMIC_ACQUIRE);
  while ((head & 0xffffffffull) != 0) {
    heap_u64 unit = (head & 0xffffffffull) - 1;
    heap_u64 next = __atomic_load_n(&heap_block(unit)->next, __ATOMIC_RELAXED);
    heap_u64 replacement = (((head >> 32) + 1) << 32) | (next & 0xffffffffull);
    if (__atomic_compare_exchange_n(list, &head, replacement, 1, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
      return (char *)heap_block(unit) + HEAP_UNIT;
  }
  heap_u64 offset = __atomic_fetch_add(&heap_used, block_bytes, __ATOMIC_RELAXED);
  if (offset + block_bytes > OXHIP_HEAP_BYTES) return 0;
  struct heap_header *header = heap_block(offset / HEAP_UNIT);
  header->size_class = size_class;
  header->magic = HEAP_MAGIC;
  return (char *)header + HEAP_UNIT;
}

HEAP_EXPORT void free(void *pointer) {
  if (!pointer) return;
  struct heap_header *header = (struct heap_header *)((char *)pointer - HEAP_UNIT);
  heap_u64 unit = (heap_u64)((char *)header - (char *)heap_arena) / HEAP_UNIT;
  /* A pointer that is not one of ours is ignored rather than corrupting a list. */
  if ((char *)header < (char *)heap_arena || unit * HEAP_UNIT >= OXHIP_HEAP_BYTES || header->magic != HEAP_MAGIC ||
      header->size_class >= HEAP_CLASSES)
    return;
  HEAP_GLOBAL heap_u64 *list = &heap_free_lists[header->size_class];
  heap_u64 head = __atomic_load_n(list, __ATOMIC_RELAXED);
  heap_u64 replacement;
  do {
    __atomic_store_n(&header->next, head & 0xffffffffull, __ATOMIC_RELAXED);
    replacement = (((head >> 32) + 1) << 32) | (unit + 1);
  } while (!__atomic_compare_exchange_n(list, &head, replacement, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED));
}

#if defined(OXHIP_HEAP_HOST_TEST)
#undef malloc
#undef free
#endif

#endif
