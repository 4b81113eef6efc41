/* A stand-in for ROCm's HSA runtime that checks and records what oxhip's AMD backend asks of
 * it, for tests/tests/amd_backend.rs. It is not an emulator: no AMD instruction runs. It has
 * one CPU agent and one GPU agent (`OXHIP_STANDIN_ISA`, default gfx942:sramecc+:xnack-), or two
 * (`OXHIP_STANDIN_GPUS=2`, each with its own device pool, which the other may be allowed to
 * reach: access "disallowed by default", as ROCm reports between GPUs),
 * memory pools backed by malloc, signals, copies done with memcpy once their dependencies
 * are 0, and queues whose packet processor (a thread per queue) takes packets in order,
 * honours the barrier bit and barrier-AND dependencies, and for a kernel dispatch writes one
 * line to the log (`OXHIP_STANDIN_LOG`): the packet's fields and the kernarg bytes in hex.
 * Then it completes the packet. Everything it cannot accept (a header that is not a known
 * packet type, a slot used before it was released, a kernarg address it never handed out)
 * is written to the log as `ERROR ...` and fails the packet's queue through the error
 * callback, as a real queue would fail.
 *
 * Written for oxhip from hsa.h's declarations; it is test code only. */

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef uint32_t status_t;
typedef struct { uint64_t handle; } handle_t;
typedef struct {
  uint32_t type, features;
  void *base_address;
  handle_t doorbell_signal;
  uint32_t size, reserved1;
  uint64_t id;
} queue_t;

enum { OK = 0, ERROR = 0x1000, ERROR_INVALID_ARGUMENT = 0x1001, ERROR_INVALID_AGENT = 0x1004,
       ERROR_INVALID_SYMBOL_NAME = 0x1013, ERROR_EXCEPTION = 0x1016 };

#define CPU_AGENT 0x1000u
#define GPU_AGENT 0x2000u
#define GPU_AGENT_2 0x2100u
#define KERNARG_POOL 0x3001u
#define FINE_POOL 0x3002u
#define DEVICE_POOL 0x3003u
#define GROUP_POOL 0x3004u
#define DEVICE_POOL_2 0x3005u
#define ISA_HANDLE 0x4000u

static int is_gpu(handle_t agent) { return agent.handle == GPU_AGENT || agent.handle == GPU_AGENT_2; }
static const char *agent_word(handle_t agent) {
  return agent.handle == GPU_AGENT ? "gpu" : agent.handle == GPU_AGENT_2 ? "gpu2" : "cpu";
}
static int two_gpus(void) {
  const char *gpus = getenv("OXHIP_STANDIN_GPUS");
  return gpus && !strcmp(gpus, "2");
}

static FILE *log_file;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void say(const char *format, ...) {
  pthread_mutex_lock(&log_lock);
  if (!log_file) {
    const char *path = getenv("OXHIP_STANDIN_LOG");
    log_file = path ? fopen(path, "a") : stderr;
    if (!log_file) log_file = stderr;
  }
  va_list args;
  va_start(args, format);
  vfprintf(log_file, format, args);
  va_end(args);
  fputc('\n', log_file);
  fflush(log_file);
  pthread_mutex_unlock(&log_lock);
}

static const char *isa_name(void) {
  const char *isa = getenv("OXHIP_STANDIN_ISA");
  return isa ? isa : "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-";
}

/* ---- allocations: every pointer handed out, so that kernargs can be checked ---- */
typedef struct { void *start; size_t size; uint64_t pool; } allocation_t;
static allocation_t allocations[65536];
static int allocation_count;
static pthread_mutex_t allocation_lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t pool_of(const void *pointer) {
  uint64_t pool = 0;
  pthread_mutex_lock(&allocation_lock);
  for (int i = 0; i < allocation_count; i++) {
    const char *start = allocations[i].start;
    if ((const char *)pointer >= start && (const char *)pointer < start + allocations[i].size)
      pool = allocations[i].pool;
  }
  pthread_mutex_unlock(&allocation_lock);
  return pool;
}

/* ---- signals ---- */
typedef struct { _Atomic int64_t value; uint64_t start, end; } signal_t;
static signal_t *signal_of(handle_t handle) { return (signal_t *)(uintptr_t)handle.handle; }

static uint64_t now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (uint64_t)time.tv_sec * 1000000000ull + (uint64_t)time.tv_nsec;
}

status_t hsa_signal_create(int64_t initial, uint32_t consumers, const handle_t *agents, handle_t *out) {
  (void)consumers, (void)agents;
  signal_t *signal = calloc(1, sizeof *signal);
  atomic_store(&signal->value, initial);
  out->handle = (uint64_t)(uintptr_t)signal;
  return OK;
}
status_t hsa_signal_destroy(handle_t handle) {
  free(signal_of(handle));
  return OK;
}
void hsa_signal_store_screlease(handle_t handle, int64_t value) {
  atomic_store_explicit(&signal_of(handle)->value, value, memory_order_release);
}
int64_t hsa_signal_load_scacquire(handle_t handle) {
  return atomic_load_explicit(&signal_of(handle)->value, memory_order_acquire);
}
int64_t hsa_signal_wait_scacquire(handle_t handle, uint32_t condition, int64_t compare, uint64_t timeout,
                                  uint32_t state) {
  (void)state;
  uint64_t deadline = now() + timeout; /* the stand-in's ticks are nanoseconds */
  for (;;) {
    int64_t value = hsa_signal_load_scacquire(handle);
    int met = condition == 0 ? value == compare : condition == 1 ? value != compare
              : condition == 2 ? value < compare : value >= compare;
    if (met || now() >= deadline) return value;
    usleep(50);
  }
}
static void complete(handle_t handle) {
  if (!handle.handle) return;
  signal_t *signal = signal_of(handle);
  signal->end = now();
  atomic_fetch_sub(&signal->value, 1);
}
static void wait_zero(uint64_t handle) {
  if (!handle) return;
  while (atomic_load(&((signal_t *)(uintptr_t)handle)->value) > 0) usleep(20);
}

/* ---- system, agents, ISAs, pools ---- */
static int initialised;
status_t hsa_init(void) {
  initialised++;
  say("INIT");
  return OK;
}
status_t hsa_shut_down(void) {
  initialised--;
  say("SHUT_DOWN");
  return OK;
}
status_t hsa_status_string(status_t status, const char **text) {
  *text = status == OK ? "HSA_STATUS_SUCCESS" : "a stand-in error";
  return OK;
}
status_t hsa_system_get_info(uint32_t attribute, void *value) {
  switch (attribute) {
  case 0: *(uint16_t *)value = 1; return OK;          /* version major */
  case 1: *(uint16_t *)value = 1; return OK;          /* version minor */
  case 3: *(uint64_t *)value = 1000000000; return OK; /* timestamp frequency: ns */
  default: return ERROR_INVALID_ARGUMENT;
  }
}
status_t hsa_iterate_agents(status_t (*callback)(handle_t, void *), void *data) {
  handle_t cpu = {CPU_AGENT}, gpu = {GPU_AGENT};
  status_t status = callback(cpu, data);
  if (status != OK) return status;
  /* OXHIP_STANDIN_AGENTS=cpu: a system with no GPU agent, which the backend must decline. */
  const char *agents = getenv("OXHIP_STANDIN_AGENTS");
  if (agents && !strcmp(agents, "cpu")) return OK;
  status = callback(gpu, data);
  if (status != OK || !two_gpus()) return status;
  handle_t second = {GPU_AGENT_2};
  return callback(second, data);
}
status_t hsa_agent_get_info(handle_t agent, uint32_t attribute, void *value) {
  int gpu = is_gpu(agent);
  if (!gpu && agent.handle != CPU_AGENT) return ERROR_INVALID_AGENT;
  switch (attribute) {
  case 0: memset(value, 0, 64); strcpy(value, gpu ? "gfx942" : "stand-in CPU"); return OK;
  case 2: *(uint32_t *)value = gpu ? 1 : 0; return OK;  /* kernel dispatch */
  case 6: *(uint32_t *)value = 64; return OK;
  case 7: ((uint16_t *)value)[0] = ((uint16_t *)value)[1] = ((uint16_t *)value)[2] = 1024; return OK;
  case 8: *(uint32_t *)value = 1024; return OK;
  case 9: ((uint32_t *)value)[0] = ((uint32_t *)value)[1] = ((uint32_t *)value)[2] = 0xffffffffu; return OK;
  case 14: *(uint32_t *)value = 4096; return OK;
  case 17: *(uint32_t *)value = gpu ? 1 : 0; return OK;
  case 18: memset(value, 0, 16); ((uint32_t *)value)[1] = 4 << 20; return OK;
  case 0xA002: *(uint32_t *)value = 4; return OK;       /* compute units */
  case 0xA003: *(uint32_t *)value = 2100; return OK;
  case 0xA006: *(uint32_t *)value = (0x43 << 8) | (0 << 3); return OK;
  case 0xA007: *(uint32_t *)value = 8192; return OK;
  case 0xA008: *(uint32_t *)value = 1300; return OK;
  case 0xA009: memset(value, 0, 64); strcpy(value, "oxhip HSA stand-in"); return OK;
  case 0xA00A: *(uint32_t *)value = 32; return OK;
  case 0xA00F: *(uint32_t *)value = 0; return OK;
  case 0xA011:
    memset(value, 0, 21);
    strcpy(value, agent.handle == GPU_AGENT_2 ? "GPU-fedcba9876543210" : "GPU-0123456789abcdef");
    return OK;
  case 0xA012: *(uint32_t *)value = 1; return OK;
  case 0xA015: *(uint64_t *)value = 1ull << 30; return OK;
  default: return ERROR_INVALID_ARGUMENT;
  }
}
status_t hsa_agent_iterate_isas(handle_t agent, status_t (*callback)(handle_t, void *), void *data) {
  if (!is_gpu(agent)) return ERROR_INVALID_AGENT;
  handle_t isa = {ISA_HANDLE};
  return callback(isa, data);
}
status_t hsa_isa_get_info_alt(handle_t isa, uint32_t attribute, void *value) {
  if (isa.handle != ISA_HANDLE) return ERROR_INVALID_ARGUMENT;
  if (attribute == 0) { *(uint32_t *)value = (uint32_t)strlen(isa_name()); return OK; }
  if (attribute == 1) { memcpy(value, isa_name(), strlen(isa_name())); return OK; }
  return ERROR_INVALID_ARGUMENT;
}
status_t hsa_amd_agent_iterate_memory_pools(handle_t agent, status_t (*callback)(handle_t, void *), void *data) {
  uint64_t cpu[] = {KERNARG_POOL, FINE_POOL}, gpu[] = {DEVICE_POOL, GROUP_POOL},
           gpu2[] = {DEVICE_POOL_2, GROUP_POOL};
  uint64_t *pools = agent.handle == GPU_AGENT ? gpu : agent.handle == GPU_AGENT_2 ? gpu2 : cpu;
  for (int i = 0; i < 2; i++) {
    handle_t pool = {pools[i]};
    status_t status = callback(pool, data);
    if (status != OK) return status;
  }
  return OK;
}
status_t hsa_amd_memory_pool_get_info(handle_t pool, uint32_t attribute, void *value) {
  switch (attribute) {
  case 0: *(uint32_t *)value = pool.handle == GROUP_POOL ? 3 : 0; return OK;
  case 1: *(uint32_t *)value = pool.handle == KERNARG_POOL ? 1 | 2 : pool.handle == FINE_POOL ? 2 : 4; return OK;
  case 2: *(size_t *)value = pool.handle == GROUP_POOL ? 65536 : (size_t)1 << 30; return OK;
  case 5: *(uint8_t *)value = pool.handle != GROUP_POOL; return OK;
  default: return ERROR_INVALID_ARGUMENT;
  }
}
status_t hsa_amd_agent_memory_pool_get_info(handle_t agent, handle_t pool, uint32_t attribute, void *value) {
  if (attribute != 0) return ERROR_INVALID_ARGUMENT;
  /* A GPU's access to the other GPU's device pool: 2, disallowed by default (it needs
   * hsa_amd_agents_allow_access); everything else: 1, allowed by default. */
  int peer = (agent.handle == GPU_AGENT && pool.handle == DEVICE_POOL_2) ||
             (agent.handle == GPU_AGENT_2 && pool.handle == DEVICE_POOL);
  *(uint32_t *)value = peer ? 2 : 1;
  return OK;
}
status_t hsa_amd_memory_pool_allocate(handle_t pool, size_t size, uint32_t flags, void **out) {
  (void)flags;
  if (pool.handle == GROUP_POOL) return ERROR_INVALID_ARGUMENT;
  void *pointer = NULL;
  if (posix_memalign(&pointer, 4096, size ? size : 1)) return ERROR;
  memset(pointer, 0xcd, size);
  pthread_mutex_lock(&allocation_lock);
  if (allocation_count < 65536) allocations[allocation_count++] = (allocation_t){pointer, size, pool.handle};
  pthread_mutex_unlock(&allocation_lock);
  *out = pointer;
  return OK;
}
status_t hsa_amd_memory_pool_free(void *pointer) {
  pthread_mutex_lock(&allocation_lock);
  for (int i = 0; i < allocation_count; i++)
    if (allocations[i].start == pointer) allocations[i] = allocations[--allocation_count];
  pthread_mutex_unlock(&allocation_lock);
  free(pointer);
  return OK;
}
status_t hsa_amd_agents_allow_access(uint32_t count, const handle_t *agents, const uint32_t *flags, const void *pointer) {
  (void)flags;
  char names[64] = "";
  for (uint32_t i = 0; i < count && i < 8; i++) {
    strcat(names, i ? "," : "");
    strcat(names, agent_word(agents[i]));
  }
  say("ALLOW %u agents pool=%#llx to=%s", count, (unsigned long long)pool_of(pointer), names);
  return OK;
}
status_t hsa_amd_memory_lock(void *pointer, size_t size, handle_t *agents, int count, void **agent_pointer) {
  (void)size, (void)agents, (void)count;
  *agent_pointer = pointer;
  return OK;
}
status_t hsa_amd_memory_unlock(void *pointer) {
  (void)pointer;
  return OK;
}
status_t hsa_amd_memory_fill(void *pointer, uint32_t value, size_t count) {
  if ((uintptr_t)pointer % 4) return ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < count; i++) ((uint32_t *)pointer)[i] = value;
  say("FILL %zu words", count);
  return OK;
}
status_t hsa_amd_memory_async_copy(void *dst, handle_t dst_agent, const void *src, handle_t src_agent, size_t size,
                                   uint32_t dependencies, const handle_t *signals, handle_t completion) {
  for (uint32_t i = 0; i < dependencies; i++) wait_zero(signals[i].handle);
  memcpy(dst, src, size);
  say("COPY %zu bytes %s->%s deps=%u", size, agent_word(src_agent), agent_word(dst_agent),
      dependencies);
  complete(completion);
  return OK;
}

/* ---- queues and the packet processor ---- */
typedef struct {
  queue_t queue;
  _Atomic uint64_t write_index, read_index;
  void (*callback)(status_t, queue_t *, void *);
  void *data;
  pthread_t thread;
  _Atomic int stop;
  int profiling;
} standin_queue_t;

static void fail(standin_queue_t *q, const char *why) {
  say("ERROR %s", why);
  if (q->callback) q->callback(ERROR_EXCEPTION, &q->queue, q->data);
}

static void *process(void *argument) {
  standin_queue_t *q = argument;
  uint8_t *ring = q->queue.base_address;
  for (;;) {
    uint64_t index = atomic_load(&q->read_index);
    _Atomic uint32_t *first = (_Atomic uint32_t *)(ring + (index % q->queue.size) * 64);
    uint32_t word = atomic_load_explicit(first, memory_order_acquire);
    uint16_t header = word & 0xffff;
    if ((header & 0xff) == 1 /* invalid: not yet published */) {
      if (atomic_load(&q->stop)) return NULL;
      usleep(20);
      continue;
    }
    uint8_t *packet = (uint8_t *)first;
    uint64_t completion;
    memcpy(&completion, packet + 56, 8);
    if ((header & 0xff) == 2) {
      uint16_t setup = word >> 16, group[3];
      uint32_t grid[3], private_size, group_size;
      uint64_t object, kernarg;
      memcpy(group, packet + 4, 6);
      memcpy(grid, packet + 12, 12);
      memcpy(&private_size, packet + 24, 4);
      memcpy(&group_size, packet + 28, 4);
      memcpy(&object, packet + 32, 8);
      memcpy(&kernarg, packet + 40, 8);
      if (pool_of((void *)(uintptr_t)kernarg) != KERNARG_POOL) fail(q, "kernarg address not from the kernarg pool");
      char hex[2 * 1024 + 1] = {0};
      uint32_t kernarg_size = 0;
      memcpy(&kernarg_size, (uint8_t *)(uintptr_t)object + 8, 4); /* the descriptor's kernarg_size */
      for (uint32_t i = 0; i < kernarg_size && i < 1024; i++)
        sprintf(hex + 2 * i, "%02x", ((uint8_t *)(uintptr_t)kernarg)[i]);
      say("DISPATCH queue=%llu header=%#x setup=%u block=%u,%u,%u grid=%u,%u,%u private=%u group=%u kernarg=%s",
          (unsigned long long)q->queue.id, header, setup, group[0], group[1], group[2], grid[0], grid[1], grid[2],
          private_size, group_size, hex);
      /* OXHIP_STANDIN_FAULT=N: the Nth dispatch (from 1) faults as a trap would: the queue
       * reports an exception through its callback and takes no more packets; the packet's
       * signal is never completed. */
      static _Atomic int dispatches;
      const char *fault = getenv("OXHIP_STANDIN_FAULT");
      if (fault && atomic_fetch_add(&dispatches, 1) + 1 == atoi(fault)) {
        say("FAULT queue=%llu", (unsigned long long)q->queue.id);
        if (q->callback) q->callback(ERROR_EXCEPTION, &q->queue, q->data);
        while (!atomic_load(&q->stop)) usleep(1000);
        return NULL;
      }
    } else if ((header & 0xff) == 3) {
      uint64_t dependencies[5];
      memcpy(dependencies, packet + 8, 40);
      int count = 0;
      for (int i = 0; i < 5; i++)
        if (dependencies[i]) { wait_zero(dependencies[i]); count++; }
      say("BARRIER queue=%llu header=%#x deps=%d", (unsigned long long)q->queue.id, header, count);
    } else {
      char why[64];
      snprintf(why, sizeof why, "unknown packet type in header %#x", header);
      fail(q, why);
    }
    if (completion) {
      signal_t *signal = (signal_t *)(uintptr_t)completion;
      signal->start = now();
      handle_t handle = {completion};
      complete(handle);
    }
    /* Release the slot: an invalid header, then the read index. */
    atomic_store_explicit(first, 1, memory_order_release);
    atomic_store(&q->read_index, index + 1);
  }
}

static _Atomic uint64_t queue_ids;
status_t hsa_queue_create(handle_t agent, uint32_t size, uint32_t type, void (*callback)(status_t, queue_t *, void *),
                          void *data, uint32_t private_size, uint32_t group_size, queue_t **out) {
  (void)type, (void)private_size, (void)group_size;
  if (!is_gpu(agent) || size == 0 || (size & (size - 1))) return ERROR_INVALID_ARGUMENT;
  standin_queue_t *q = calloc(1, sizeof *q);
  if (posix_memalign(&q->queue.base_address, 64, (size_t)size * 64)) return ERROR;
  for (uint32_t i = 0; i < size; i++) ((uint32_t *)q->queue.base_address)[i * 16] = 1;
  q->queue.size = size;
  q->queue.id = atomic_fetch_add(&queue_ids, 1);
  hsa_signal_create(0, 0, NULL, &q->queue.doorbell_signal);
  q->callback = callback;
  q->data = data;
  pthread_create(&q->thread, NULL, process, q);
  say("QUEUE %llu size=%u", (unsigned long long)q->queue.id, size);
  *out = &q->queue;
  return OK;
}
status_t hsa_queue_destroy(queue_t *queue) {
  standin_queue_t *q = (standin_queue_t *)queue;
  atomic_store(&q->stop, 1);
  pthread_join(q->thread, NULL);
  say("DESTROY %llu", (unsigned long long)queue->id);
  return OK;
}
uint64_t hsa_queue_add_write_index_scacq_screl(const queue_t *queue, uint64_t value) {
  return atomic_fetch_add(&((standin_queue_t *)queue)->write_index, value);
}
uint64_t hsa_queue_load_read_index_scacquire(const queue_t *queue) {
  return atomic_load(&((standin_queue_t *)queue)->read_index);
}
status_t hsa_amd_profiling_set_profiler_enabled(queue_t *queue, int enable) {
  ((standin_queue_t *)queue)->profiling = enable;
  return OK;
}
status_t hsa_amd_profiling_get_dispatch_time(handle_t agent, handle_t signal, uint64_t *time) {
  (void)agent;
  time[0] = signal_of(signal)->start;
  time[1] = signal_of(signal)->end;
  return OK;
}

/* ---- code objects: the descriptor of a kernel is found by reading the ELF's symbols ---- */
#include <elf.h>
typedef struct { uint8_t *image; size_t size; } reader_t;
typedef struct { uint8_t *image; size_t size; } executable_t;

status_t hsa_code_object_reader_create_from_memory(const void *image, size_t size, handle_t *out) {
  const Elf64_Ehdr *header = image;
  if (size < sizeof *header || memcmp(header->e_ident, ELFMAG, 4) || header->e_machine != 224) return ERROR_INVALID_ARGUMENT;
  reader_t *reader = malloc(sizeof *reader);
  reader->image = (uint8_t *)image;
  reader->size = size;
  out->handle = (uint64_t)(uintptr_t)reader;
  /* A copy of each code object next to the log, for the test to read its metadata. */
  static _Atomic int readers;
  const char *log_path = getenv("OXHIP_STANDIN_LOG");
  int number = atomic_fetch_add(&readers, 1);
  if (log_path) {
    char path[4096];
    snprintf(path, sizeof path, "%s.code-object-%d", log_path, number);
    FILE *copy = fopen(path, "wb");
    if (copy) {
      fwrite(image, 1, size, copy);
      fclose(copy);
    }
  }
  say("READER %d %zu bytes e_flags=%#x", number, size, header->e_flags);
  return OK;
}
status_t hsa_code_object_reader_destroy(handle_t reader) {
  free((void *)(uintptr_t)reader.handle);
  return OK;
}
status_t hsa_executable_create_alt(uint32_t profile, uint32_t rounding, const char *options, handle_t *out) {
  (void)options;
  if (profile != 1 || rounding != 0) return ERROR_INVALID_ARGUMENT;
  out->handle = (uint64_t)(uintptr_t)calloc(1, sizeof(executable_t));
  return OK;
}
status_t hsa_executable_load_agent_code_object(handle_t exe, handle_t agent, handle_t reader, const char *options, void *out) {
  (void)options, (void)out;
  if (!is_gpu(agent)) return ERROR_INVALID_AGENT;
  executable_t *executable = (void *)(uintptr_t)exe.handle;
  reader_t *source = (void *)(uintptr_t)reader.handle;
  /* "Loading": a private copy, whose symbols are then addresses inside it. */
  executable->image = malloc(source->size);
  memcpy(executable->image, source->image, source->size);
  executable->size = source->size;
  return OK;
}
status_t hsa_executable_freeze(handle_t exe, const char *options) {
  (void)exe, (void)options;
  return OK;
}
status_t hsa_executable_destroy(handle_t exe) {
  executable_t *executable = (void *)(uintptr_t)exe.handle;
  free(executable->image);
  free(executable);
  return OK;
}
typedef struct { uint8_t *address; uint64_t size; int kernel; } symbol_t;
status_t hsa_executable_get_symbol_by_name(handle_t exe, const char *name, const handle_t *agent, handle_t *out) {
  (void)agent;
  executable_t *executable = (void *)(uintptr_t)exe.handle;
  const Elf64_Ehdr *header = (void *)executable->image;
  const Elf64_Shdr *sections = (void *)(executable->image + header->e_shoff);
  for (int i = 0; i < header->e_shnum; i++) {
    if (sections[i].sh_type != SHT_DYNSYM && sections[i].sh_type != SHT_SYMTAB) continue;
    const Elf64_Sym *symbols = (void *)(executable->image + sections[i].sh_offset);
    const char *strings = (void *)(executable->image + sections[sections[i].sh_link].sh_offset);
    for (size_t s = 0; s < sections[i].sh_size / sizeof *symbols; s++) {
      if (strcmp(strings + symbols[s].st_name, name)) continue;
      /* The symbol's file offset: its address minus its section's address plus offset. */
      const Elf64_Shdr *home = &sections[symbols[s].st_shndx];
      symbol_t *symbol = malloc(sizeof *symbol);
      symbol->address = executable->image + home->sh_offset + (symbols[s].st_value - home->sh_addr);
      if (home->sh_type == SHT_NOBITS) symbol->address = calloc(1, symbols[s].st_size + 1);
      symbol->size = symbols[s].st_size;
      symbol->kernel = strlen(name) > 3 && !strcmp(name + strlen(name) - 3, ".kd");
      out->handle = (uint64_t)(uintptr_t)symbol;
      say("SYMBOL %s size=%llu", name, (unsigned long long)symbol->size);
      return OK;
    }
  }
  say("SYMBOL %s missing", name);
  return ERROR_INVALID_SYMBOL_NAME;
}
status_t hsa_executable_symbol_get_info(handle_t handle, uint32_t attribute, void *value) {
  symbol_t *symbol = (void *)(uintptr_t)handle.handle;
  switch (attribute) {
  case 9: *(uint32_t *)value = (uint32_t)symbol->size; return OK;
  case 21: *(uint64_t *)value = (uint64_t)(uintptr_t)symbol->address; return OK;
  case 22: *(uint64_t *)value = symbol->kernel ? (uint64_t)(uintptr_t)symbol->address : 0; return OK;
  default: return ERROR_INVALID_ARGUMENT;
  }
}
