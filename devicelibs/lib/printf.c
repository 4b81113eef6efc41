/* oxhip devicelibs: the device side of printf on amdgcn.
 *
 * clang 22 lowers printf in amdgcn device code (the default "hostcall" printf kind) to
 *   d = __ockl_printf_begin(0);
 *   d = __ockl_printf_append_string_n(d, format, strlen(format) + 1, is_last);
 * then, for each argument in order, either
 *   d = __ockl_printf_append_args(d, 1, word, 0, 0, 0, 0, 0, 0, is_last);
 * with the argument as a 64-bit word (after the default promotions: an int, char or short
 * is converted to int and zero-extended from 32 bits, unsigned int is zero-extended, a long
 * or pointer is itself, a float is promoted to double and passed as its bits), or, for the
 * argument of a %s of a constant format,
 *   d = __ockl_printf_append_string_n(d, s, s ? strlen(s) + 1 : 0, is_last);
 * is_last is 1 on the last call only, and printf returns the low 32 bits of what that call
 * returns. clang 22 passes one word per append_args call; the count may be up to 7, and
 * every word is taken. With a format that is not a constant, a %s argument comes as a word
 * (its address), which the host cannot read.
 *
 * oxhip's runtime passes a buffer in the kernel's hidden hostcall argument (code object v5:
 * implicit argument offset 80). Reading it makes clang list `hidden_hostcall_buffer` in the
 * kernel's metadata, and the runtime fills what the metadata lists. The buffer (decoded by
 * runtime/src/backend/hsa/printf.rs, which documents the same layout; all little-endian):
 *   u64 capacity   bytes of the record area (offset 0)
 *   u64 next       bytes of the record area taken so far, bumped atomically (offset 8)
 *   u64 dropped    printf calls that found no room (offset 16)
 *   zeros up to byte 64, then the record area: slots of SLOT (512) bytes.
 * Each printf call takes one slot with one atomic add on `next`; every lane of a wavefront
 * that calls printf takes its own slot and writes it alone, so no lane waits for another.
 * A slot starts with u32 state (0 until the record is complete, then 1) and u32 length
 * (bytes of the record, these 8 included), stored together last with release order; then
 * items, each an u64 header ((tag << 56) | payload bytes) and the payload, zero-padded to a
 * multiple of 8:
 *   tag 1, a string of `payload` bytes, its NUL included (the format first, then the %s
 *          arguments);
 *   tag 2, a null string (payload 0);
 *   tag 3, one argument word (payload 8);
 *   tag 4, the record was cut short here (payload 0): what followed did not fit the slot.
 * The last 8 bytes of a slot are kept for the cut mark. A string that does not fit is kept
 * in part (NUL-terminated) before the mark.
 *
 * The descriptor passed from call to call holds the record's state, so that an append
 * writes to the buffer and never reads it (the buffer is host memory, far from the GPU):
 *   bits 16..63  the slot's offset in the record area
 *   bit 12       the record was cut; later appends add nothing
 *   bits 0..11   bytes of the slot used so far (8 to SLOT)
 * 0 is no record: no buffer (the runtime passed none), or no room. printf then prints
 * nothing and returns -1; a record that was written, whole or cut, makes it return 0.
 *
 * The same file compiles for the host with OXHIP_PRINTF_HOST_TEST, where the buffer is the
 * variable oxhip_printf_test_buffer; tests/printf_harness.c calls it from many threads as
 * clang's lowering does.
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

#define DESCRIPTOR_USED 0xfffull
#define DESCRIPTOR_CUT (1ull << 12)
#define DESCRIPTOR_SLOT_SHIFT 16
/* Slot offsets must fit the descriptor's 48 bits. */
#define DESCRIPTOR_MAX_OFFSET (1ull << 47)

#if defined(OXHIP_PRINTF_HOST_TEST)
#define PRINTF_EXPORT
#define PRINTF_GLOBAL
/* The host test sets the buffer every thread's calls go to. */
printf_u64 oxhip_printf_test_buffer;
static printf_u64 printf_buffer(void) { return __atomic_load_n(&oxhip_printf_test_buffer, __ATOMIC_RELAXED); }
#else
#define PRINTF_EXPORT __attribute__((visibility("hidden")))
/* The buffer is in global memory (fine-grained host memory): global pointers keep the
 * compiler from the flat accesses' checks for private and group addresses. */
#define PRINTF_GLOBAL __attribute__((address_space(1)))
static printf_u64 printf_buffer(void) {
  /* The hidden hostcall buffer argument, 80 bytes into the implicit arguments. */
  const __attribute__((address_space(4))) printf_u64 *implicit =
      (const __attribute__((address_space(4))) printf_u64 *)__builtin_amdgcn_implicitarg_ptr();
  return implicit[10];
}
#endif

typedef PRINTF_GLOBAL printf_u64 printf_word;

static printf_u64 printf_used(printf_u64 descriptor) { return descriptor & DESCRIPTOR_USED; }

/* The slot's first byte. */
static printf_u64 printf_slot(printf_u64 descriptor) {
  return printf_buffer() + PRINTF_HEADER + (descriptor >> DESCRIPTOR_SLOT_SHIFT);
}

/* Bytes left for items: the slot less what is used and the cut mark's 8. */
static printf_u64 printf_room(printf_u64 descriptor) { return PRINTF_SLOT - 8 - printf_used(descriptor); }

static void printf_store(printf_u64 descriptor, printf_u64 offset, printf_u64 value) {
  *(printf_word *)(printf_slot(descriptor) + offset) = value;
}

/* The record did not fit its slot: marks the place, and what follows is dropped. */
static printf_u64 printf_cut(printf_u64 descriptor) {
  printf_store(descriptor, printf_used(descriptor), TAG_CUT << 56);
  return (descriptor + 8) | DESCRIPTOR_CUT;
}

/* The last call publishes the record: state 1 and the length, in one release store. */
static printf_u64 printf_finish(printf_u64 descriptor, printf_u32 is_last) {
  if (!is_last) return descriptor;
  if (descriptor == 0) return ~0ull;
  printf_u64 complete = 1ull | (printf_used(descriptor) << 32);
  __atomic_store_n((printf_word *)printf_slot(descriptor), complete, __ATOMIC_RELEASE);
  return 0;
}

/* A new slot, or 0 when there is no buffer or no room. */
PRINTF_EXPORT printf_u64 __ockl_printf_begin(printf_u64 version) {
  (void)version;
  printf_u64 buffer = printf_buffer();
  if (buffer == 0) return 0;
  printf_word *header = (printf_word *)buffer;
  printf_u64 capacity = header[0];
  printf_u64 at = __atomic_fetch_add(&header[1], PRINTF_SLOT, __ATOMIC_RELAXED);
  if (at > capacity || capacity - at < PRINTF_SLOT || at >= DESCRIPTOR_MAX_OFFSET) {
    __atomic_fetch_add(&header[2], 1ull, __ATOMIC_RELAXED);
    return 0;
  }
  printf_u64 descriptor = (at << DESCRIPTOR_SLOT_SHIFT) | 8;
  /* State 0 until the last call, even if the host left something here. */
  printf_store(descriptor, 0, 0);
  return descriptor;
}

static printf_u64 printf_append_word(printf_u64 descriptor, printf_u64 word) {
  if (descriptor & DESCRIPTOR_CUT) return descriptor;
  if (printf_room(descriptor) < 16) return printf_cut(descriptor);
  printf_u64 used = printf_used(descriptor);
  printf_store(descriptor, used, (TAG_WORD << 56) | 8);
  printf_store(descriptor, used + 8, word);
  return descriptor + 16;
}

PRINTF_EXPORT printf_u64 __ockl_printf_append_args(printf_u64 descriptor, printf_u32 count, printf_u64 a0,
                                                   printf_u64 a1, printf_u64 a2, printf_u64 a3, printf_u64 a4,
                                                   printf_u64 a5, printf_u64 a6, printf_u32 is_last) {
  if (descriptor != 0) {
    /* Unrolled, so that the words stay in registers. */
    if (count > 0) descriptor = printf_append_word(descriptor, a0);
    if (count > 1) descriptor = printf_append_word(descriptor, a1);
    if (count > 2) descriptor = printf_append_word(descriptor, a2);
    if (count > 3) descriptor = printf_append_word(descriptor, a3);
    if (count > 4) descriptor = printf_append_word(descriptor, a4);
    if (count > 5) descriptor = printf_append_word(descriptor, a5);
    if (count > 6) descriptor = printf_append_word(descriptor, a6);
  }
  return printf_finish(descriptor, is_last);
}

PRINTF_EXPORT printf_u64 __ockl_printf_append_string_n(printf_u64 descriptor, const char *text, printf_u64 length,
                                                       printf_u32 is_last) {
  if (descriptor == 0 || (descriptor & DESCRIPTOR_CUT)) return printf_finish(descriptor, is_last);
  printf_u64 used = printf_used(descriptor);
  printf_u64 room = printf_room(descriptor);
  if (text == 0 || length == 0) {
    if (room < 8) return printf_finish(printf_cut(descriptor), is_last);
    printf_store(descriptor, used, TAG_NULL_STRING << 56);
    return printf_finish(descriptor + 8, is_last);
  }
  /* The whole string, or what fits with a NUL of ours after it, then the cut mark. */
  printf_u64 payload = length;
  printf_u64 copied = length;
  int cut = 0;
  if (length > room || 8 + ((length + 7) & ~7ull) > room) {
    cut = 1;
    if (room < 16) return printf_finish(printf_cut(descriptor), is_last);
    payload = (room - 8) & ~7ull;
    copied = payload - 1;
  }
  printf_store(descriptor, used, (TAG_STRING << 56) | payload);
  /* Whole words: one store per 8 bytes of host memory, the padding zero. */
  for (printf_u64 at = 0; at < payload; at += 8) {
    printf_u64 word = 0;
    for (printf_u64 i = 0; i < 8; i++)
      if (at + i < copied) word |= (printf_u64)(unsigned char)text[at + i] << (8 * i);
    printf_store(descriptor, used + 8 + at, word);
  }
  descriptor += 8 + ((payload + 7) & ~7ull);
  if (cut) descriptor = printf_cut(descriptor);
  return printf_finish(descriptor, is_last);
}

#endif
