// A counting malloc for InstructionCounts: the executable defines the allocation functions,
// so every allocation of the process (the Swift runtime's included) goes through here and
// on to glibc's implementation. On other platforms the counter stays at zero.
#include "MallocCounter.h"

#include <stdatomic.h>
#include <stddef.h>

static _Atomic uint64_t allocations = 0;

uint64_t mc_allocations(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define MC_HAVE_CALLGRIND 1
#endif
#endif

// Instrumentation (not just collection) is switched because it is global: every thread
// running the measured loop is counted, not only the one that called start.
void mc_callgrind_start(void) {
#ifdef MC_HAVE_CALLGRIND
  CALLGRIND_START_INSTRUMENTATION;
#endif
}

void mc_callgrind_stop(void) {
#ifdef MC_HAVE_CALLGRIND
  CALLGRIND_STOP_INSTRUMENTATION;
#endif
}

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count();
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}
#endif
