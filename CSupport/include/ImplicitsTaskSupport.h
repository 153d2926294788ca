// The C pieces of the async path: the precedence mark that keeps task code off the
// thread's context, atomics on task-frame fields, frame serials, and the Swift runtime's
// task entry points. Included at the end of ImplicitsCSupport.h (it uses ims_context).
#ifndef IMPLICITS_TASK_SUPPORT_H
#define IMPLICITS_TASK_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// MARK: - Which context: the thread's or the task's

/// Non-zero once task code of this library ran on the calling thread (sticky). Read on
/// slow paths only; default TLS model, like `ims_current`.
extern _Thread_local uint8_t ims_thread_ran_tasks;

/// Marks `ctx`, a thread's own context, as deferring to the current task: sets
/// `runs_tasks` and points the thread's `reading` (its `ims_reading`) at the empty context.
/// Sticky: the thread's context stays in place between outermost scopes. Relaxed atomics:
/// the main thread's mark may come from the thread that enqueues a main-actor job
/// (TaskSupport.c).
static inline void ims_mark_context_runs_tasks(ims_context *ctx, const ims_context **reading) {
  __atomic_store_n(&ctx->runs_tasks, 1, __ATOMIC_RELAXED);
  __atomic_store_n(reading, &ims_empty_context, __ATOMIC_RELAXED);
}

/// Records that task code runs on the calling thread: from now on the thread's context
/// defers reads to the current task (`ims_context.runs_tasks`).
static inline void ims_mark_runs_tasks(void) {
  ims_thread_ran_tasks = 1;
  ims_context *ctx = ims_current;
  // Before its first scope a thread has the (never written) empty context; creating its
  // own context reads `ims_thread_ran_tasks`.
  if (ctx != &ims_empty_context && !ctx->runs_tasks) ims_mark_context_runs_tasks(ctx, &ims_reading);
}

/// Whether the calling thread's context must defer to the current task (one load from
/// the context the caller already reads).
static inline bool ims_thread_runs_tasks(void) {
  return __atomic_load_n(&ims_current->runs_tasks, __ATOMIC_RELAXED) != 0;
}

/// Whether the thread's context `ctx`, created now, must defer to tasks: task code of
/// this library ran on the thread, or it is the main thread and a job was enqueued on the
/// main executor. Sets `runs_tasks` and `ims_reading`. Called once per thread (the
/// context stays in place); on the main thread it also lets later main-actor enqueues
/// mark the context.
void ims_thread_context_created(ims_context *ctx);

/// A serial for a task frame, unique in the process and never reused.
uint64_t ims_task_serial_next(void);

// MARK: - Two words of the current task, at offsets verified once per process

/// Where the current task keeps the head of its task-local item stack and its stack
/// allocator's last allocation (`_TaskLayout` in Swift): 0 not verified yet, 1 the layout
/// differs (the async path then uses the runtime's entry points only), otherwise
/// `head_offset << 16 | allocation_offset`, and in bits 32-33 whether following a child
/// task's parent marker agrees with the runtime's lookup (0 not checked yet, 1 yes, 2 no).
/// Published with release ordering.
extern _Atomic uint64_t ims_task_layout_word;
static inline uint64_t ims_task_layout(void) {
  return __atomic_load_n((const uint64_t *)&ims_task_layout_word, __ATOMIC_ACQUIRE);
}
static inline void ims_set_task_layout(uint64_t word) {
  __atomic_store_n((uint64_t *)&ims_task_layout_word, word, __ATOMIC_RELEASE);
}

// MARK: - Atomics on the fields of a task frame that its task writes while children read

static inline uint32_t ims_load_acquire_u32(const uint32_t *p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline void ims_store_release_u32(uint32_t *p, uint32_t value) {
  __atomic_store_n(p, value, __ATOMIC_RELEASE);
}
static inline void *ims_load_acquire_ptr(void *const *p) {
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline void ims_store_release_ptr(void **p, void *value) {
  __atomic_store_n(p, value, __ATOMIC_RELEASE);
}
/// Installs `desired` when `*p` is NULL; returns whether it did.
static inline bool ims_install_ptr(void **p, void *desired) {
  void *expected = 0;
  return __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE);
}

// MARK: - Swift runtime entry points (stable ABI since Swift 5.5)
//
// Declared with the calling convention the runtime defines them with (swiftcall); Swift
// code may not name these reserved symbols with `@_silgen_name`.

#if __has_attribute(swiftcall)
#define IMS_SWIFTCALL __attribute__((swiftcall))
#else
#define IMS_SWIFTCALL
#endif

/// The task running on this thread, or NULL.
IMS_SWIFTCALL void *swift_task_getCurrent(void);
/// Binds the value at `value` (taken: the runtime moves it out) of type `value_type`
/// under `key` in the current task. The binding is allocated with the task's stack
/// allocator: it must be popped before anything allocated after it is freed.
IMS_SWIFTCALL void swift_task_localValuePush(const void *key, void *value, const void *value_type);
/// Unbinds and destroys the current task's most recent task-local binding.
IMS_SWIFTCALL void swift_task_localValuePop(void);
/// The storage of the innermost binding of `key` visible in the current task, or NULL.
IMS_SWIFTCALL void *swift_task_localValueGet(const void *key);
/// Allocates from the current task's stack allocator (LIFO with every other allocation).
IMS_SWIFTCALL void *swift_task_alloc(size_t size);
/// Frees the current task's most recent `swift_task_alloc` allocation.
IMS_SWIFTCALL void swift_task_dealloc(void *pointer);

#endif
