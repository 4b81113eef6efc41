/* oxhip devicelibs: the device side of printf on amdgcn.
 *
 * clang lowers printf in amdgcn device code to one call of __ockl_printf_begin, then one
 * __ockl_printf_append_string_n for the format, and for each argument in order either
 * __ockl_printf_append_args (up to seven 64-bit words: integers zero- or sign-extended,
 * floats promoted to double and passed as their bits) or __ockl_printf_append_string_n
 * (a %s argument: its bytes with the terminating NUL, or a null pointer and length 0); the
 * last call has is_last = 1. The descriptor returned by each call is passed to the next.
 *
 * oxhip's runtime passes a buffer in the kernel's hidden hostcall argument (code object v5:
 * implicit argument offset 80). Its layout (runtime/src/backend/hsa/printf.rs decodes it):
 *   u64 capacity   bytes of the record area
 *   u64 next       bytes of the record area taken so far (bumped atomically)
 *   u64 dropped    printf calls that found no room
 *   ... up to HEADER bytes, then the record area.
 * Each printf call takes one slot of SLOT bytes with one atomic add on `next` (lanes of a
 * wavefront each take their own). A slot starts with u32 state (0 while written, 1 when
 * complete, stored last with release order) and u32 length (bytes used, header included),
 * then items, each an u64 header ((tag << 56) | payload bytes) and the payload padded to 8:
 *   tag 1, a string (the format first, then %s arguments) of `payload` bytes, NUL included;
 *   tag 2, a null string;
 *   tag 3, one 64-bit argument word;
 *   tag 4, the record was cut short here (it did not fit its slot).
 * A null buffer (no runtime support) makes printf print nothing. The same file compiles for
 * the host (OXHIP_PRINTF_HOST_TEST), where the runtime's tests (runtime/src/backend/hsa/
 * printf.rs) call it from many threads as clang's lowering does and decode what it wrote.
 */

#if defined(__AMDGCN__) || defined(OXHIP_PRINTF_HOST_TEST)

typedef unsigned long long printf_u64;
typedef unsigned int printf_u32;

#define PRINTF_HEADER 64ull
#define PRINTF_SLOT 512ull
#define TAG_STRING 1ull
#define TAG_NULL_STRING 2ull
#define TAG_WORD 3ull
#define TAG_CUT 4ull

#if defined(OXHIP_PRINTF_HOST_TEST)
#define PRINTF_EXPORT
/* The host test sets the buffer every thread's calls go to. */
printf_u64 oxhip_printf_test_buffer;
static printf_u64 printf_buffer(void) { return oxhip_printf_test_buffer; }
#else
#define PRINTF_EXPORT __attribute__((visibility("hidden")))
static printf_u64 printf_buffer(void) {
  /* The hidden hostcall buffer argument; reading it makes clang keep it in the kernel's
   * metadata, so the runtime knows to fill it. */
  const __attribute__((address_space(4))) printf_u64 *implicit =
      (const __attribute__((address_space(4))) printf_u64 *)__builtin_amdgcn_implicitarg_ptr();
  return implicit[10];
}
#endif

/* The slot's address, or 0 when there is no buffer or no room. */
PRINTF_EXPORT printf_u64 __ockl_printf_begin(printf_u64 version) {
  (void)version;
  printf_u64 buffer = printf_buffer();
  if (buffer == 0) return 0;
  printf_u64 *header = (printf_u64 *)buffer;
  printf_u64 capacity = header[0];
  printf_u64 at = __atomic_fetch_add(&header[1], PRINTF_SLOT, __ATOMIC_RELAXED);
  if (at + PRINTF_SLOT > capacity) {
    __atomic_fetch_add(&header[2], 1ull, __ATOMIC_RELAXED);
    return 0;
  }
  printf_u32 *slot = (printf_u32 *)(buffer + PRINTF_HEADER + at);
  slot[0] = 0;
  slot[1] = 8;
  return (printf_u64)slot;
}

/* Room for an item of `payload` bytes in the slot (8 bytes always stay free for the cut
 * mark), or 0. */
static unsigned char *printf_item(printf_u64 descriptor, printf_u64 tag, printf_u64 payload) {
  printf_u32 *slot = (printf_u32 *)descriptor;
  printf_u64 used = slot[1];
  printf_u64 size = 8 + ((payload + 7) & ~7ull);
  if (used + size > PRINTF_SLOT - 8) return 0;
  unsigned char *base = (unsigned char *)descriptor;
  *(printf_u64 *)(base + used) = (tag << 56) | payload;
  slot[1] = (printf_u32)(used + size);
  return base + used + 8;
}

/* The record did not fit its slot: what follows is dropped, and the host says so. */
static void printf_mark_cut(printf_u64 descriptor) {
  printf_u32 *slot = (printf_u32 *)descriptor;
  *(printf_u64 *)((unsigned char *)descriptor + slot[1]) = TAG_CUT << 56;
  slot[1] += 8;
}

static int printf_is_cut(printf_u64 descriptor) {
  printf_u32 *slot = (printf_u32 *)descriptor;
  unsigned char *base = (unsigned char *)descriptor;
  return slot[1] > 8 && (*(printf_u64 *)(base + slot[1] - 8) >> 56) == TAG_CUT;
}

static printf_u64 printf_finish(printf_u64 descriptor, printf_u32 is_last) {
  if (is_last) {
    __atomic_store_n((printf_u32 *)descriptor, 1u, __ATOMIC_RELEASE);
    return 0;
  }
  return descriptor;
}

PRINTF_EXPORT printf_u64 __ockl_printf_append_args(printf_u64 descriptor, printf_u32 count, printf_u64 a0,
                                                   printf_u64 a1, printf_u64 a2, printf_u64 a3, printf_u64 a4,
                                                   printf_u64 a5, printf_u64 a6, printf_u32 is_last) {
  if (descriptor == 0) return 0;
  printf_u64 words[7] = {a0, a1, a2, a3, a4, a5, a6};
  for (printf_u32 i = 0; i < count && i < 7 && !printf_is_cut(descriptor); i++) {
    unsigned char *item = printf_item(descriptor, TAG_WORD, 8);
    if (item)
      *(printf_u64 *)item = words[i];
    else
      printf_mark_cut(descriptor);
  }
  return printf_finish(descriptor, is_last);
}

PRINTF_EXPORT printf_u64 __ockl_printf_append_string_n(printf_u64 descriptor, const char *text, printf_u64 length,
                                                       printf_u32 is_last) {
  if (descriptor == 0) return 0;
  if (printf_is_cut(descriptor)) return printf_finish(descriptor, is_last);
  if (text == 0 || length == 0) {
    if (!printf_item(descriptor, TAG_NULL_STRING, 0)) printf_mark_cut(descriptor);
    return printf_finish(descriptor, is_last);
  }
  unsigned char *item = printf_item(descriptor, TAG_STRING, length);
  if (item) {
    for (printf_u64 i = 0; i < length; i++) item[i] = (unsigned char)text[i];
    return printf_finish(descriptor, is_last);
  }
  /* Too long for what is left of the slot: the part that fits, NUL-terminated, then the cut
   * mark. */
  printf_u32 *slot = (printf_u32 *)descriptor;
  printf_u64 left = PRINTF_SLOT - 8 - slot[1];
  if (left >= 16) {
    printf_u64 keep = ((left - 8) & ~7ull) - 1;
    unsigned char *part = printf_item(descriptor, TAG_STRING, keep + 1);
    if (part) {
      for (printf_u64 i = 0; i < keep; i++) part[i] = (unsigned char)text[i];
      part[keep] = 0;
    }
  }
  printf_mark_cut(descriptor);
  return printf_finish(descriptor, is_last);
}

#endif
