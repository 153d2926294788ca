// The async path's thread marks, serials and the verified task layout
// (see ImplicitsTaskSupport.h).
#include "Internal.h"

#include <pthread.h>
#include <stdatomic.h>

_Thread_local uint8_t ims_thread_ran_tasks = 0;

#if defined(__APPLE__)
static bool is_main_thread(void) { return pthread_main_np() != 0; }
#else
// The thread that loaded the library: the main thread, for an executable linking it.
static pthread_t main_thread;
__attribute__((constructor)) static void record_main_thread(void) { main_thread = pthread_self(); }
static bool is_main_thread(void) { return pthread_equal(pthread_self(), main_thread) != 0; }
#endif

// Whether the calling thread is the main thread, asked once per thread (0 not yet asked,
// 1 no, 2 yes): every outermost scope wants to know.
static _Thread_local uint8_t main_thread_state;

static bool thread_is_main(void) {
  if (main_thread_state == 0) main_thread_state = is_main_thread() ? 2 : 1;
  return main_thread_state == 2;
}

void ims_note_thread_context(void) {
  ims_context *ctx = ims_current;
  if (ctx->depth != 0) {
    ctx->runs_tasks = ims_thread_ran_tasks || thread_is_main();
    ims_reading = ctx->runs_tasks ? &ims_empty_context : ctx;
  }
}

// Task serials have their own space: bit 63 set, so they never equal a thread frame's.
static _Atomic uint64_t next_task_serial = 1;

uint64_t ims_task_serial_next(void) {
  return (1ull << 63) | atomic_fetch_add_explicit(&next_task_serial, 1, memory_order_relaxed);
}

_Atomic uint64_t ims_task_layout_word = 0;
