// The async path's thread marks, serials and the verified task layout
// (see ImplicitsTaskSupport.h).
#include "Internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
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

// MARK: The main thread: marked once the main actor's executor is asked for
//
// Main-actor jobs can run on the main thread inside the scopes its synchronous code
// opened (a run loop inside `main`'s root scope); code in them must read the task's
// context. Whatever runs a job on the main actor (a `Task { @MainActor in }`, a hop to
// the main actor, an isolation check) first asks the Swift runtime for the main executor
// (`swift_task_getMainExecutor`), so a hook there marks the main thread's context
// (sticky) from whichever thread asks, before such a job can run. Until then the main
// thread reads like any other thread. (`swift_task_enqueueMainExecutor`'s hook is no
// signal: since Swift 6.2 main-actor jobs are enqueued through the Swift-side executor.)

/// The Swift runtime's `SerialExecutorRef`: two words, returned in two registers.
typedef struct ims_executor_ref {
  void *identity;
  uintptr_t implementation;
} ims_executor_ref;
typedef IMS_SWIFTCALL ims_executor_ref (*ims_main_executor_original)(void);
typedef IMS_SWIFTCALL ims_executor_ref (*ims_main_executor_hook)(ims_main_executor_original original);
/// The Swift runtime's hook (libswift_Concurrency, stable ABI): called instead of the
/// default `swift_task_getMainExecutor`, with that default as `original`.
/// Weakly linked on Apple platforms: an OS runtime without it leaves the main thread
/// unmarked until task code of this library runs on it (DocC, Async).
extern ims_main_executor_hook swift_task_getMainExecutor_hook IMS_WEAK_RUNTIME_SYMBOL;

/// Whether the runtime has the hook (always, where the toolchain ships the runtime).
static bool main_executor_hook_available(void) {
#if defined(__APPLE__)
  return &swift_task_getMainExecutor_hook != NULL;
#else
  return true;
#endif
}

// MARK: A status record to find the task's record list (see _TaskLayout)

/// The runtime's `TaskExecutorRef`: two words, passed in two registers.
typedef struct ims_task_executor_ref {
  void *identity;
  uintptr_t implementation;
} ims_task_executor_ref;
extern IMS_SWIFTCALL void *swift_task_pushTaskExecutorPreference(ims_task_executor_ref executor)
    IMS_WEAK_RUNTIME_SYMBOL;
extern IMS_SWIFTCALL void swift_task_popTaskExecutorPreference(void *record) IMS_WEAK_RUNTIME_SYMBOL;

bool ims_task_layout_entry_points_available(void) {
#if defined(__APPLE__)
  return &swift_task_hasTaskGroupStatusRecord != NULL && &swift_task_pushTaskExecutorPreference != NULL &&
         &swift_task_popTaskExecutorPreference != NULL && &swift_task_getJobTaskId != NULL;
#else
  return true;
#endif
}

// An executor preference is added unconditionally (a cancellation handler is not added to
// a cancelled task, so finding the records through one depended on the verifying task).
// The preference for no executor changes nothing while it is there: no job is enqueued
// between the two calls.
void *ims_add_probe_status_record(void) {
  ims_task_executor_ref none = {NULL, 0};
  return swift_task_pushTaskExecutorPreference(none);
}

void ims_remove_probe_status_record(void *record) { swift_task_popTaskExecutorPreference(record); }

static ims_main_executor_hook previous_main_hook;
/// Set (sequentially consistent) the first time the main executor is asked for.
static _Atomic uint8_t main_executor_used;
/// The main thread's context and its `ims_reading`, once it created the context.
static ims_context *_Atomic main_context;
static const ims_context **_Atomic main_reading;

static void mark_main_context(void) {
  ims_context *ctx = atomic_load(&main_context);
  if (ctx != NULL) ims_mark_context_runs_tasks(ctx, atomic_load(&main_reading));
}

static IMS_SWIFTCALL ims_executor_ref get_main_executor(ims_main_executor_original original) {
  if (!atomic_load_explicit(&main_executor_used, memory_order_relaxed)) {
    atomic_store(&main_executor_used, 1);
    // Orders this store before the load in mark_main_context against the main thread's
    // registration in ims_thread_context_created: one of the two sees the other.
    atomic_thread_fence(memory_order_seq_cst);
    mark_main_context();
  }
  return previous_main_hook != NULL ? previous_main_hook(original) : original();
}

// Installed when the library loads, before any main-actor job can exist; chains to a hook
// installed earlier, and is taken out again if the library is unloaded.
__attribute__((constructor)) static void install_main_executor_hook(void) {
  if (!main_executor_hook_available()) return;
  previous_main_hook = swift_task_getMainExecutor_hook;
  swift_task_getMainExecutor_hook = get_main_executor;
}
__attribute__((destructor)) static void remove_main_executor_hook(void) {
  if (main_executor_hook_available() && swift_task_getMainExecutor_hook == get_main_executor) {
    swift_task_getMainExecutor_hook = previous_main_hook;
  }
}

void ims_thread_context_created(ims_context *ctx) {
  bool main = is_main_thread();
  if (main) {
    atomic_store(&main_reading, &ims_reading);
    atomic_store(&main_context, ctx);
  }
  bool defers = ims_thread_ran_tasks || (main && atomic_load(&main_executor_used));
  __atomic_store_n(&ctx->runs_tasks, defers, __ATOMIC_RELAXED);
  __atomic_store_n(&ims_reading, defers ? &ims_empty_context : ctx, __ATOMIC_RELAXED);
  // A main-executor request between the registration and the stores above may have
  // marked the context and been overwritten by them; the fences (here and in
  // get_main_executor) make sure that
  // either its mark lands after our stores or this load sees its flag.
  atomic_thread_fence(memory_order_seq_cst);
  if (main && !defers && atomic_load(&main_executor_used)) mark_main_context();
}

// Task serials have their own space: bit 63 set, so they never equal a thread frame's.
// Each thread takes blocks of them; the blocks come from one counter.
enum { serial_block = 1 << 16 };
static _Atomic uint64_t next_serial_block = 0;
_Thread_local uint64_t ims_task_serial_cursor = 0;
_Thread_local uint64_t ims_task_serial_end = 0;

uint64_t ims_task_serial_refill(void) {
  uint64_t first = (1ull << 63) | atomic_fetch_add_explicit(&next_serial_block, serial_block, memory_order_relaxed);
  ims_task_serial_end = first + serial_block;
  return first;
}

_Atomic uint64_t ims_task_layout_word = 0;

bool ims_task_layout_disabled_by_environment(void) {
  const char *value = getenv("IMPLICITS_TASK_LAYOUT");
  return value != NULL && strcmp(value, "runtime") == 0;
}
