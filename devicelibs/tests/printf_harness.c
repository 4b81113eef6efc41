/* The device side of printf (lib/printf.c built for the host with OXHIP_PRINTF_HOST_TEST),
 * called as clang 22 lowers device printf on amdgcn, next to the host's own snprintf of the
 * same call.
 *
 *   printf_harness DIR
 *
 * writes, for each run, DIR/<run>.buffer (the whole buffer: header and record area) and
 * DIR/<run>.expected (what the host's printf prints for the same calls), and checks the
 * buffer's structure itself (header, every slot complete, items well-formed, drop counts,
 * return values). Prints "printf: ok" or the problems. The runs:
 *   sequence  every case once, one thread: the decoded text must equal the expected text.
 *   threads   8 threads x 1000 calls over all cases with varying values, room for all:
 *             the decoded lines must be the expected lines, in some order.
 *   overflow  the same calls with room for 5000 records: 3000 dropped and counted, each
 *             dropped call returns -1, the decoded lines are 5000 of the expected.
 *   cut       records longer than a slot (runtime/src/backend/hsa/printf.rs checks the
 *             decoded text; this file only writes it).
 * Then printf with no buffer must do nothing and return -1.
 * runtime/src/backend/hsa/printf.rs decodes the files with its `drain`; tests/printf.rs
 * runs this program for the device side alone.
 */
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

typedef unsigned long long u64;

u64 __ockl_printf_begin(u64 version);
u64 __ockl_printf_append_args(u64 descriptor, unsigned count, u64 a0, u64 a1, u64 a2, u64 a3, u64 a4,
                              u64 a5, u64 a6, unsigned is_last);
u64 __ockl_printf_append_string_n(u64 descriptor, const char *text, u64 length, unsigned is_last);
extern u64 oxhip_printf_test_buffer;

#define SLOT 512u
#define HEADER 64u
#define THREADS 8
#define CALLS 1000
#define OVERFLOW_RECORDS 5000

static int failures;

static void fail(const char *what, u64 got, u64 expected) {
  printf("printf: %s: got %llu, expected %llu\n", what, got, expected);
  __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
}

/* One argument as clang's lowering passes it: a %s argument of a constant format as a
 * string, anything else as one 64-bit word after the default argument promotions. */
struct argument {
  int is_string;
  const char *text;
  u64 word;
};

static struct argument promoted_int(int value) { return (struct argument){0, 0, (u64)(unsigned)value}; }
static struct argument promoted_unsigned(unsigned value) { return (struct argument){0, 0, (u64)value}; }
static struct argument word64(unsigned long long value) { return (struct argument){0, 0, value}; }
static struct argument pointer(const void *value) { return (struct argument){0, 0, (u64)(uintptr_t)value}; }
static struct argument string(const char *value) { return (struct argument){1, value, 0}; }
static struct argument floating(double value) {
  u64 bits;
  memcpy(&bits, &value, 8);
  return (struct argument){0, 0, bits};
}
/* long double is double on amdgcn; the host's snprintf gets the long double. */
static struct argument long_floating(long double value) { return floating((double)value); }

/* char * only ever goes to %s here, and pointers for %p are void *, as clang decides by
 * the conversion. */
#define ARG(x)                                                                                                 \
  _Generic((x),                                                                                                \
      char *: string,                                                                                          \
      const char *: string,                                                                                    \
      void *: pointer,                                                                                         \
      int *: pointer,                                                                                          \
      float: floating,                                                                                         \
      double: floating,                                                                                        \
      long double: long_floating,                                                                              \
      unsigned: promoted_unsigned,                                                                             \
      long: word64,                                                                                            \
      unsigned long: word64,                                                                                   \
      long long: word64,                                                                                       \
      unsigned long long: word64,                                                                              \
      default: promoted_int)(x)

#define ARGS_1(a) ARG(a)
#define ARGS_2(a, ...) ARG(a), ARGS_1(__VA_ARGS__)
#define ARGS_3(a, ...) ARG(a), ARGS_2(__VA_ARGS__)
#define ARGS_4(a, ...) ARG(a), ARGS_3(__VA_ARGS__)
#define ARGS_5(a, ...) ARG(a), ARGS_4(__VA_ARGS__)
#define ARGS_6(a, ...) ARG(a), ARGS_5(__VA_ARGS__)
#define ARGS_7(a, ...) ARG(a), ARGS_6(__VA_ARGS__)
#define ARGS_8(a, ...) ARG(a), ARGS_7(__VA_ARGS__)
#define ARGS_9(a, ...) ARG(a), ARGS_8(__VA_ARGS__)
#define ARGS_10(a, ...) ARG(a), ARGS_9(__VA_ARGS__)
#define ARGS_11(a, ...) ARG(a), ARGS_10(__VA_ARGS__)
#define ARGS_12(a, ...) ARG(a), ARGS_11(__VA_ARGS__)
#define ARGS_13(a, ...) ARG(a), ARGS_12(__VA_ARGS__)
#define ARGS_14(a, ...) ARG(a), ARGS_13(__VA_ARGS__)
#define COUNT(...) COUNT_(__VA_ARGS__, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define COUNT_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, n, ...) n
#define CAT(a, b) CAT_(a, b)
#define CAT_(a, b) a##b
#define ARGS(...) CAT(ARGS_, COUNT(__VA_ARGS__))(__VA_ARGS__)

/* What one thread printed: the host's text, and what the device calls returned. */
struct sink {
  char *expected;
  size_t length, capacity;
  int group;          /* pass up to 7 consecutive words per append_args call */
  u64 returned_zero;  /* calls that returned 0 (written) */
  u64 returned_minus; /* calls that returned -1 (dropped) */
  u64 returned_other;
};

static void expect(struct sink *sink, const char *text, int length) {
  if (length < 0) {
    fail("host snprintf failed", (u64)length, 0);
    return;
  }
  if (sink->length + (size_t)length + 1 > sink->capacity) {
    sink->capacity = (sink->length + (size_t)length + 1) * 2;
    sink->expected = realloc(sink->expected, sink->capacity);
    if (!sink->expected) abort();
  }
  memcpy(sink->expected + sink->length, text, (size_t)length);
  sink->length += (size_t)length;
}

/* clang's call sequence for printf(format, args...). */
static void device_printf(struct sink *sink, const char *format, const struct argument *args, int count) {
  u64 d = __ockl_printf_begin(0);
  d = __ockl_printf_append_string_n(d, format, strlen(format) + 1, count == 0);
  for (int i = 0; i < count;) {
    if (args[i].is_string) {
      const char *text = args[i].text;
      d = __ockl_printf_append_string_n(d, text, text ? strlen(text) + 1 : 0, i == count - 1);
      i++;
      continue;
    }
    u64 words[7] = {0};
    unsigned n = 0;
    while (i < count && !args[i].is_string && n < (sink->group ? 7u : 1u)) words[n++] = args[i++].word;
    d = __ockl_printf_append_args(d, n, words[0], words[1], words[2], words[3], words[4], words[5], words[6],
                                  i == count);
  }
  int result = (int)d; /* printf's value: the low 32 bits of the last call's */
  if (result == 0)
    sink->returned_zero++;
  else if (result == -1)
    sink->returned_minus++;
  else
    sink->returned_other++;
}

/* printf(format, ...) on the device, and the same call's text from the host's snprintf.
 * The arguments are evaluated twice: keep them free of side effects. */
#define PRINTF(sink, format, ...)                                                                              \
  do {                                                                                                         \
    char text_[4096];                                                                                          \
    expect(sink, text_, snprintf(text_, sizeof text_, format, __VA_ARGS__));                                   \
    const struct argument args_[] = {ARGS(__VA_ARGS__)};                                                       \
    device_printf(sink, format, args_, (int)(sizeof args_ / sizeof args_[0]));                                 \
  } while (0)

#define CASES 16

static const char *const words[] = {"alpha", "", "a somewhat longer string argument", "%d not a conversion", "z"};

/* Case `which` with values derived from `v`; every case prints one line. */
static void printf_case(struct sink *sink, int which, u64 v) {
  int i = (int)(v * 2654435761u);
  const char *word = words[v % 5];
  double x = (double)(long long)(v * 7919 % 100003) / 7.0 - 3000.0;
  switch (which) {
  case 0:
    PRINTF(sink, "%d %i %u|%+d|% d|%05d|%-5d|%hhd %hd %hhu %hu\n", i, -i, (unsigned)i, i, i, i % 1000, i % 100,
           i, i, i, i);
    break;
  case 1:
    PRINTF(sink, "%o %#o %x %#X|%lx %llo|%lu %lld %ld %'d\n", (unsigned)i, (unsigned)i, (unsigned)i,
           (unsigned)i, (unsigned long)v * 0x9e3779b97f4a7c15ul, (unsigned long long)v << 40,
           (unsigned long)-(long)v, -(long long)v * 1000003, (long)v, i);
    break;
  case 2:
    PRINTF(sink, "%zu %zd %jd %ju %td|%lli %hhx %#llx\n", (size_t)v, (ssize_t)-(long)v, (intmax_t)i,
           (uintmax_t)v * 3, (ptrdiff_t)(i - 5), (long long)i * -3, i, (unsigned long long)v);
    break;
  case 3:
    PRINTF(sink, "%c|%5c|%-3c|%c\n", 'A' + (int)(v % 26), 'b', (char)('0' + v % 10), (unsigned char)'~');
    break;
  case 4:
    PRINTF(sink, "%s|%10s|%-10s|%.2s|%s|%s\n", word, "right", word, "truncate", (const char *)0, "end");
    break;
  case 5:
    PRINTF(sink, "%f %F %.3f %10.2f %-10.1f| %+.0f %#.0f %08.3f\n", x, -x, x / 3, x, x, x, x, x / 1000);
    break;
  case 6:
    PRINTF(sink, "%e %E %.2e %g %G %g %#g %.10g\n", x, x * 1e100, -x, x, x * 1e-20, 1e-5, x, x / 3);
    break;
  case 7:
    PRINTF(sink, "%a %A %.3a %la\n", x, -x, x, 1.0 / 3);
    break;
  case 8:
    PRINTF(sink, "%f %e %g %F %f %e\n", INFINITY, -INFINITY, (double)NAN, (double)-NAN, -0.0, 5e-324);
    break;
  case 9:
    PRINTF(sink, "%p %p %20p %-20p|\n", (void *)(uintptr_t)(v * 4096 + 0x1000), (void *)0,
           (void *)(uintptr_t)0xdeadbeefu, (void *)(uintptr_t)v);
    break;
  case 10:
    PRINTF(sink, "%*d|%-*d|%.*f|%*.*e|%*s|%.*s|\n", 6, i % 1000, 6, i % 1000, (int)(v % 5), x, 14, 3, x, -8,
           "neg", 3, word);
    break;
  case 11:
    PRINTF(sink, "100%% done, %d%% left %5%|\n", (int)(v % 101));
    break;
  case 12:
    PRINTF(sink, "%Lf %Le %Lg|%f %g\n", (long double)x, (long double)x, (long double)x, (float)x, 1.1f);
    break;
  case 13: {
    int written = 0;
    PRINTF(sink, "before%n after %d\n", &written, i);
    break;
  }
  case 14:
    /* Strings and words interleaved; with the longest word the record takes 440 bytes. */
    PRINTF(sink, "%s:%d:%s:%d:%s:%d:%s:%d:%s:%d:%s:%d\n", word, 1, word, 2, word, 3, word, 4, word, 5, word,
           (int)v);
    break;
  default: {
    /* No arguments: the format's call is the last. */
    char text[64];
    expect(sink, text, snprintf(text, sizeof text, "no conversions at all\n"));
    device_printf(sink, "no conversions at all\n", 0, 0);
    break;
  }
  }
}

/* The buffer's header words. */
static u64 header(const unsigned char *buffer, int index) {
  u64 value;
  memcpy(&value, buffer + 8 * index, 8);
  return value;
}

/* Every record of the buffer is complete and its items well-formed; returns how many
 * records carry a cut mark. */
static u64 check_records(const char *run, const unsigned char *buffer, u64 records) {
  u64 cut = 0;
  for (u64 r = 0; r < records; r++) {
    const unsigned char *slot = buffer + HEADER + r * SLOT;
    unsigned state, length;
    memcpy(&state, slot, 4);
    memcpy(&length, slot + 4, 4);
    if (state != 1 || length < 16 || length > SLOT) {
      printf("printf: %s: record %llu: state %u, length %u\n", run, r, state, length);
      failures++;
      return cut;
    }
    unsigned at = 8, items = 0;
    while (at < length) {
      u64 item;
      memcpy(&item, slot + at, 8);
      u64 tag = item >> 56, payload = item & ((1ull << 56) - 1);
      int ok = (tag == 1 && payload > 0) || (tag == 2 && payload == 0) ||
               (tag == 3 && payload == 8) || (tag == 4 && payload == 0);
      if (items == 0 && tag != 1) ok = 0;
      if (tag == 1 && at + 8 + payload <= SLOT && slot[at + 8 + payload - 1] != 0) ok = 0; /* NUL last */
      if (tag == 4 && at + 8 != length) ok = 0; /* the cut mark ends the record */
      if (!ok || at + 8 + ((payload + 7) & ~7ull) > length) {
        printf("printf: %s: record %llu: bad item at %u (tag %llu, payload %llu)\n", run, r, at, tag, payload);
        failures++;
        return cut;
      }
      cut += tag == 4;
      at += 8 + (unsigned)((payload + 7) & ~7ull);
      items++;
    }
  }
  return cut;
}

static void write_file(const char *dir, const char *name, const void *bytes, size_t length) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *file = fopen(path, "wb");
  if (!file || fwrite(bytes, 1, length, file) != length || fclose(file) != 0) {
    printf("printf: cannot write %s\n", path);
    exit(1);
  }
}

static unsigned char *new_buffer(u64 records) {
  size_t size = HEADER + records * SLOT;
  unsigned char *buffer = calloc(1, size);
  if (!buffer) abort();
  u64 capacity = records * SLOT;
  memcpy(buffer, &capacity, 8);
  return buffer;
}

struct worker {
  struct sink sink;
  u64 thread;
};

static void *worker(void *argument) {
  struct worker *worker = argument;
  for (u64 call = 0; call < CALLS; call++) printf_case(&worker->sink, (int)(call % CASES), worker->thread * CALLS + call);
  return 0;
}

/* 8 threads x 1000 calls into a buffer of `records` slots. */
static void run_threads(const char *dir, const char *run, u64 records) {
  unsigned char *buffer = new_buffer(records);
  __atomic_store_n(&oxhip_printf_test_buffer, (u64)(uintptr_t)buffer, __ATOMIC_RELEASE);
  struct worker workers[THREADS];
  pthread_t threads[THREADS];
  memset(workers, 0, sizeof workers);
  for (int t = 0; t < THREADS; t++) {
    workers[t].thread = (u64)t;
    workers[t].sink.group = t % 2;
    pthread_create(&threads[t], 0, worker, &workers[t]);
  }
  for (int t = 0; t < THREADS; t++) pthread_join(threads[t], 0);
  __atomic_store_n(&oxhip_printf_test_buffer, 0, __ATOMIC_RELEASE);

  u64 calls = (u64)THREADS * CALLS;
  u64 written = calls < records ? calls : records;
  u64 zero = 0, minus = 0, other = 0;
  struct sink all = {0};
  for (int t = 0; t < THREADS; t++) {
    zero += workers[t].sink.returned_zero;
    minus += workers[t].sink.returned_minus;
    other += workers[t].sink.returned_other;
    expect(&all, workers[t].sink.expected, (int)workers[t].sink.length);
    free(workers[t].sink.expected);
  }
  if (header(buffer, 0) != records * SLOT) fail("capacity", header(buffer, 0), records * SLOT);
  if (header(buffer, 1) != calls * SLOT) fail("next", header(buffer, 1), calls * SLOT);
  if (header(buffer, 2) != calls - written) fail("dropped", header(buffer, 2), calls - written);
  if (zero != written) fail("calls returning 0", zero, written);
  if (minus != calls - written) fail("calls returning -1", minus, calls - written);
  if (other != 0) fail("calls returning something else", other, 0);
  u64 cut = check_records(run, buffer, written);
  if (cut != 0) fail("cut records", cut, 0);
  char name[64];
  snprintf(name, sizeof name, "%s.buffer", run);
  write_file(dir, name, buffer, HEADER + records * SLOT);
  snprintf(name, sizeof name, "%s.expected", run);
  write_file(dir, name, all.expected, all.length);
  free(all.expected);
  free(buffer);
}

static void run_sequence(const char *dir) {
  unsigned char *buffer = new_buffer(2 * CASES);
  oxhip_printf_test_buffer = (u64)(uintptr_t)buffer;
  struct sink sink = {0};
  for (int which = 0; which < CASES; which++) printf_case(&sink, which, 12345);
  sink.group = 1;
  for (int which = 0; which < CASES; which++) printf_case(&sink, which, 7);
  oxhip_printf_test_buffer = 0;
  if (sink.returned_zero != 2 * CASES) fail("sequence: calls returning 0", sink.returned_zero, 2 * CASES);
  if (header(buffer, 1) != 2 * CASES * SLOT) fail("sequence: next", header(buffer, 1), 2 * CASES * SLOT);
  if (check_records("sequence", buffer, 2 * CASES) != 0) fail("sequence: cut records", 1, 0);
  write_file(dir, "sequence.buffer", buffer, HEADER + 2 * CASES * SLOT);
  write_file(dir, "sequence.expected", sink.expected, sink.length);
  free(sink.expected);
  free(buffer);
}

/* Records longer than a slot. The format "%s\n" takes 8 + 8 bytes after the slot's 8,
 * leaving 488 - 8 for the cut mark = 480: a string item of up to 472 bytes fits. */
static void run_cut(const char *dir) {
  unsigned char *buffer = new_buffer(8);
  oxhip_printf_test_buffer = (u64)(uintptr_t)buffer;
  struct sink sink = {0};
  char text[1024];
  memset(text, 'x', sizeof text);
  text[471] = 0; /* 471 bytes and the NUL: fits exactly */
  PRINTF(&sink, "%s\n", text);
  text[471] = 'x';
  text[472] = 0; /* one more: cut to 471 */
  PRINTF(&sink, "%s\n", text);
  text[472] = 'x';
  text[900] = 0;
  PRINTF(&sink, "long: %s and %d\n", text, 5);
  char format[700];
  memset(format, 'f', sizeof format);
  format[699] = 0;
  device_printf(&sink, format, 0, 0);
  PRINTF(&sink, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d\n", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
  /* 14 words of 16 bytes fit; 40 do not. */
  const char *many = "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,"
                     "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d\n";
  struct argument numbers[40];
  for (int n = 0; n < 40; n++) numbers[n] = promoted_int(n);
  device_printf(&sink, many, numbers, 40);
  oxhip_printf_test_buffer = 0;
  if (sink.returned_zero != 6) fail("cut: calls returning 0", sink.returned_zero, 6);
  if (check_records("cut", buffer, 6) != 4) fail("cut: cut records", 0, 4);
  write_file(dir, "cut.buffer", buffer, HEADER + 8 * SLOT);
  free(sink.expected);
  free(buffer);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: printf_harness DIR\n");
    return 2;
  }
  run_sequence(argv[1]);
  run_threads(argv[1], "threads", (u64)THREADS * CALLS);
  run_threads(argv[1], "overflow", OVERFLOW_RECORDS);
  run_cut(argv[1]);
  /* No buffer: nothing written, and printf returns -1. */
  struct sink sink = {0};
  printf_case(&sink, 4, 1);
  printf_case(&sink, 0, 1);
  if (sink.returned_minus != 2) fail("no buffer: calls returning -1", sink.returned_minus, 2);
  free(sink.expected);
  if (failures == 0) printf("printf: ok\n");
  return failures == 0 ? 0 : 1;
}
