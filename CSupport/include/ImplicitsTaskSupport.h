// The C pieces of the async path: the precedence mark that keeps task code off the
// thread's context, atomics on task-frame fields, frame serials, and the Swift runtime's
// task entry points.
#ifndef IMPLICITS_TASK_SUPPORT_H
#define IMPLICITS_TASK_SUPPORT_H

#include "ImplicitsCSupport.h"

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
  // Once set, the thread's context is marked: it was then, or was created later and read
  // the flag (`ims_thread_context_created`); it never changes while the thread lives.
  if (__builtin_expect(ims_thread_ran_tasks, 1)) return;
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

/// The calling thread's block of task-frame serials: the next one, and the end of the
/// block. Task frames take serials from their thread's block (no shared counter to
/// contend on between parallel tasks); a block is taken from a process-wide counter.
extern _Thread_local uint64_t ims_task_serial_cursor;
extern _Thread_local uint64_t ims_task_serial_end;
/// Takes a new block for the calling thread and returns its first serial.
uint64_t ims_task_serial_refill(void);

/// A serial for a task frame, unique in the process and never reused (bit 63 set, so it
/// never equals a thread frame's).
static inline uint64_t ims_task_serial_next(void) {
  uint64_t serial = ims_task_serial_cursor;
  if (__builtin_expect(serial == ims_task_serial_end, 0)) serial = ims_task_serial_refill();
  ims_task_serial_cursor = serial + 1;
  return serial;
}

// MARK: - Two words of the current task, at offsets verified once per process

/// Where the current task keeps the head of its task-local item stack, its stack
/// allocator's last allocation and its newest status record, and two answers checked
/// against the runtime: `_TaskLayoutWord` in Swift has the layout. Published once, by
/// compare-and-swap; the check bits are added by atomic or.
extern _Atomic uint64_t ims_task_layout_word;
static inline uint64_t ims_task_layout(void) {
  return __atomic_load_n((const uint64_t *)&ims_task_layout_word, __ATOMIC_ACQUIRE);
}
/// Publishes `word` unless a word was published already; returns the word in force.
static inline uint64_t ims_publish_task_layout(uint64_t word) {
  uint64_t expected = 0;
  if (__atomic_compare_exchange_n((uint64_t *)&ims_task_layout_word, &expected, word, false, __ATOMIC_ACQ_REL,
                                  __ATOMIC_ACQUIRE))
    return word;
  return expected;
}
/// Adds check bits to the published word.
static inline void ims_task_layout_add_check(uint64_t bits) {
  __atomic_fetch_or((uint64_t *)&ims_task_layout_word, bits, __ATOMIC_ACQ_REL);
}
/// Whether the environment asks for the runtime's entry points only
/// (`IMPLICITS_TASK_LAYOUT=runtime`): how CI tests the path taken where the layout differs,
/// and a switch for users who meet a runtime whose layout verifies wrongly.
bool ims_task_layout_disabled_by_environment(void);

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

// MARK: - Task frames
//
// A scope opened in a task binds one task-local value, a frame, of a type this module
// defines with value witnesses of its own (TaskFrame.c): the runtime moves a frame by its
// used bytes, copies it for another task (`Task {}`) by retaining what it holds, and
// destroys it by releasing only the slots in use and the maps it owns. A Swift struct
// would retain and release every reference field on each of those.

/// One declaration in a frame. Same layout as Swift's `_TaskBinding` (checked once per
/// process): `object` is the +1 reference the payload needs, or NULL.
typedef struct ims_task_slot {
  const void *key;
  void *object;
  uintptr_t bits;
  const char *file;
  uint32_t line;
  uint32_t flags;
} ims_task_slot;

enum { IMS_TASK_FRAME_SLOTS = 4 };

/// What a frame is, for its value witness `destroy`, which the Swift runtime calls.
enum {
  /// A scope's own frame, open. The runtime destroying it means the scope was never
  /// ended: its task finished, or a task-local binding made before the scope was removed
  /// (a `TaskLocal.withValue` returned) while it was open. `destroy` stops with a message.
  IMS_TASK_FRAME_OPEN = 0,
  /// A scope's own frame that `end()` is having the runtime pop (the runtime-entry-points
  /// path).
  IMS_TASK_FRAME_ENDING = 1,
  /// A copy the runtime made for another task (`Task {}`, a task-group child).
  IMS_TASK_FRAME_COPY = 2,
  /// Destroyed (IMPLICITS_INTERNAL_CHECKS builds only: see `ims_task_frame_check_alive`).
  IMS_TASK_FRAME_DESTROYED = 3,
  /// A scope's own frame that `end()` unlinked while the child task of an `async let`
  /// started inside it was still running (verified layout): its owner no longer sees it,
  /// the child still reads it in place. Kept (`ims_kept_frame_add`) until the children it
  /// waits for are done.
  IMS_TASK_FRAME_KEPT = 4,
};

/// A task frame (`_FrameRef` in Swift). Only the owner task writes it, by appending:
/// `count` and `overflow` are published with release ordering.
typedef struct ims_task_frame {
  /// The task that opened the frame; NULL in a copy (a copy is nobody's own, whichever
  /// task later lives at its creator's address).
  void *owner;
  /// The identity of the owner task (`_SwiftTask.identity`: its task id, never reused),
  /// which the scopes it opens carry; 0 in a copy.
  uint64_t owner_id;
  uint64_t serial;
  /// The storage of the frame innermost when this one opened (walked only through frames
  /// of the owner, which outlive this one).
  void *parent;
  const char *file;
  uint32_t line;
  /// 0 for a task's outermost frame.
  uint32_t depth;
  uint32_t count;
  /// Whether the frame holds a reference to `base` (it borrows the enclosing frame's
  /// sealed map when that frame is its own task's and so outlives it).
  uint32_t base_owned;
  /// `_TaskMap`s: everything visible below the frame; declarations past the slots
  /// (published); the owner's cache of the sealed frame; the maps it replaced.
  void *base;
  void *overflow;
  void *sealed_cache;
  void *retired;
  /// The task allocator's last allocation when the frame opened (verified layout): the
  /// frame may end once the allocator is back there, nothing allocated inside the scope
  /// being alive.
  void *allocation_mark;
  /// The task's newest status record when the frame opened (verified layout): an `async
  /// let` started inside the scope adds one, and `end()` looks at those added since.
  void *record_mark;
  /// `IMS_TASK_FRAME_OPEN`, `_ENDING`, `_COPY`, `_DESTROYED` or `_KEPT`.
  uint32_t kind;
  /// Where the layout does not verify: whether the task was in a task group's body when the
  /// frame opened, by the runtime's answer (`ims_task_group_body_answer`); elsewhere on the
  /// runtime-entry-points path `IMS_GROUP_BODY_NOT_ASKED`. Not written in frames the library
  /// links (the verified layout), which never read it.
  uint32_t group_body_at_open;
  /// A kept frame (`IMS_TASK_FRAME_KEPT`): the largest task id among the `async let`
  /// children that were running when `end()` unlinked it, and the next kept frame of the
  /// same table bucket.
  uint64_t waited_child_id;
  struct ims_task_frame *next_kept;
  ims_task_slot slots[IMS_TASK_FRAME_SLOTS];
} ims_task_frame;

static inline ims_task_slot *ims_task_frame_slot(ims_task_frame *frame, uint32_t index) {
  return &frame->slots[index];
}
/// Bytes of a task-local item's header (the runtime's `[next | flags, key, value type]`), in
/// front of the bound value (`_TaskLocalItem` in Swift).
enum { IMS_TASK_ITEM_HEADER_SIZE = 3 * sizeof(void *) };

/// What `end()` finds about a frame (`ims_task_frame_end_check`).
typedef enum ims_task_frame_end {
  /// The frame is the task's newest binding and nothing allocated or recorded since it
  /// opened is alive: it may be unlinked.
  IMS_TASK_FRAME_END_FREE = 0,
  /// It is not the newest binding, or an allocation made since it opened is alive.
  IMS_TASK_FRAME_END_WORK_ALIVE = 1,
  /// A status record was added since it opened: look for an `async let` not awaited.
  IMS_TASK_FRAME_END_RECORDS_ADDED = 2,
} ims_task_frame_end;

/// What `end()` finds about `frame` in the current task `task`, given where the task's
/// item stack head, allocator's last allocation and newest status record are. Word
/// compares, no branches on optionals.
static inline ims_task_frame_end ims_task_frame_end_check(const ims_task_frame *frame, const char *task,
                                                          size_t head_offset, size_t last_offset,
                                                          size_t records_offset) {
  uintptr_t head = *(const uintptr_t *)(task + head_offset);
  uintptr_t last = *(const uintptr_t *)(task + last_offset);
  uintptr_t records = *(const uintptr_t *)(task + records_offset);
  if ((head + IMS_TASK_ITEM_HEADER_SIZE != (uintptr_t)frame) | (last != (uintptr_t)frame->allocation_mark)) {
    return IMS_TASK_FRAME_END_WORK_ALIVE;
  }
  return records != (uintptr_t)frame->record_mark ? IMS_TASK_FRAME_END_RECORDS_ADDED : IMS_TASK_FRAME_END_FREE;
}

#if defined(IMPLICITS_INTERNAL_CHECKS)
/// Stops: `frame` was read after it was destroyed.
_Noreturn void ims_task_frame_read_after_destroy(const ims_task_frame *frame);
#endif

/// In IMPLICITS_INTERNAL_CHECKS builds, stops when `frame` was destroyed: every read goes
/// through here. A child task that outlives the scope it reads would read a frame whose
/// item the task allocator (or the item cache) took back; neither poisons what it takes
/// back, so AddressSanitizer sees nothing, and the frame's bytes stay as they were until
/// the memory is reused. `ims_task_frame_destroy` marks the frame in these builds.
static inline void ims_task_frame_check_alive(const ims_task_frame *frame) {
#if defined(IMPLICITS_INTERNAL_CHECKS)
  if (__atomic_load_n(&frame->kind, __ATOMIC_RELAXED) == IMS_TASK_FRAME_DESTROYED) {
    ims_task_frame_read_after_destroy(frame);
  }
#else
  (void)frame;
#endif
}

static inline uint32_t ims_task_frame_published_count(const ims_task_frame *frame) {
  return __atomic_load_n(&frame->count, __ATOMIC_ACQUIRE);
}
static inline void ims_task_frame_publish_count(ims_task_frame *frame, uint32_t count) {
  __atomic_store_n(&frame->count, count, __ATOMIC_RELEASE);
}
static inline void *ims_task_frame_published_overflow(const ims_task_frame *frame) {
  return __atomic_load_n(&frame->overflow, __ATOMIC_ACQUIRE);
}
static inline void ims_task_frame_publish_overflow(ims_task_frame *frame, void *map) {
  __atomic_store_n(&frame->overflow, map, __ATOMIC_RELEASE);
}

// MARK: - Pointer authentication (arm64e)
//
// On arm64e the Swift runtime authenticates the function and table pointers it finds in
// type metadata, each with its own schema (swift/ABI/MetadataValues.h,
// SpecialPointerAuthDiscriminators; swift/Runtime/Config.h). The task frame's metadata is
// built here, so its pointers are signed here, by the compiler, with those schemas: a
// pointer signed with C's default schema (or not at all) stops the process when the runtime
// first copies or destroys a frame. Unverified on an Apple machine: see DocC, *Async*.
#if __has_feature(ptrauth_calls) && !defined(__swift__)
#include <ptrauth.h>
/// A value witness: the function-pointer key, the witness's address, and the stable string
/// hash of the witness's name (`Destroy`: 0x04f8, ...), which is how the runtime's
/// discriminators are defined (`ptrauth_string_discriminator` computes the same hash).
#define IMS_PTRAUTH_VALUE_WITNESS(name) \
  __ptrauth(ptrauth_key_function_pointer, 1, ptrauth_string_discriminator(#name))
/// The value witness table pointer in metadata: the process-independent data key, its
/// address, and `SpecialPointerAuthDiscriminators::ValueWitnessTable`, 0x2e3f: the schema
/// the toolchain's swiftc signs that pointer with in the metadata it emits for arm64e
/// (.ci/arm64e-ir.sh reads it from swiftc's IR and compares), and the string hash of
/// "value_witness_table_t" (`ptrauth_string_discriminator`, as the witnesses' are of their
/// names).
#define IMS_PTRAUTH_VALUE_WITNESS_TABLE __ptrauth(ptrauth_key_process_independent_data, 1, 0x2e3f)
#else
// Elsewhere, and in Swift's view of these declarations (Swift only takes the metadata's
// address; an imported `__ptrauth` field would change how it treats the struct).
#define IMS_PTRAUTH_VALUE_WITNESS(name)
#define IMS_PTRAUTH_VALUE_WITNESS_TABLE
#endif

struct ims_value_witnesses;

/// Type metadata as the runtime lays it out: a layout-string word and the value witness
/// table in front of the kind word, which the metadata pointer addresses.
typedef struct ims_type_metadata {
  const void *layout_string;
  const struct ims_value_witnesses *IMS_PTRAUTH_VALUE_WITNESS_TABLE witnesses;
  uintptr_t kind;
} ims_type_metadata;
extern const ims_type_metadata ims_task_frame_metadata;

/// The frame's type metadata, passed to `swift_task_localValuePush`.
static inline const void *ims_task_frame_type(void) { return &ims_task_frame_metadata.kind; }
/// Releases what the frame holds (what its value witness `destroy` does to a frame that
/// was ended or copied).
void ims_task_frame_destroy(ims_task_frame *frame);

// MARK: - Kept frames (verified layout)
//
// `end()` of a scope whose `async let` child is still running (Swift awaits it when its
// block ends, after the `end()`) unlinks the frame, so the owner no longer sees it, and
// keeps it here, since the child reads it in place. Only the owner can tell when the
// children are done (it reads its own status records), so it looks here each time it
// opens or ends a scope (`ims_task_has_kept_frames`: one load, two compares). A task that
// does neither again leaves its frames until a task allocated at its address later does,
// which shows the owner ended, and its `async let` children with it (task ids are never
// reused). Buckets by task address; each one a chain through `next_kept`, under one lock,
// and a word naming the task whose frames the chain holds, read without the lock.

enum { IMS_KEPT_FRAME_BUCKETS = 256 };
/// Per bucket: NULL when nothing is kept in it, the address of the one task whose frames
/// it keeps, or `IMS_KEPT_FRAME_OWNERS_SEVERAL`. Stored under the table's lock; while a
/// task's frame is in the chain the word is that task or `SEVERAL`.
extern void *ims_kept_frame_owners[IMS_KEPT_FRAME_BUCKETS];
/// Frames of more than one task are kept in the bucket (never a task's address: tasks are
/// 16-byte aligned).
#define IMS_KEPT_FRAME_OWNERS_SEVERAL ((void *)1)

static inline size_t ims_kept_frame_bucket(const void *task) {
  // Tasks are 16-byte aligned heap or allocator blocks: the bits above the alignment.
  return ((uintptr_t)task >> 4) % IMS_KEPT_FRAME_BUCKETS;
}
/// Whether frames of `task` may be kept (a relaxed load: only `task` itself adds its
/// frames, so it sees its own, and no store drops its address while they are kept). A
/// task that merely shares the bucket with another's frames gets false: no lock for it.
static inline bool ims_task_has_kept_frames(const void *task) {
  void *owners = __atomic_load_n(&ims_kept_frame_owners[ims_kept_frame_bucket(task)], __ATOMIC_RELAXED);
  return (owners == task) | (owners == IMS_KEPT_FRAME_OWNERS_SEVERAL);
}
/// Marks `frame`, unlinked by its owner's `end()`, as kept for the children up to
/// `waited_child_id` (the kind atomically: a child may be checking it, see
/// `ims_task_frame_check_alive`).
static inline void ims_task_frame_mark_kept(ims_task_frame *frame, uint64_t waited_child_id) {
  frame->waited_child_id = waited_child_id;
  __atomic_store_n(&frame->kind, IMS_TASK_FRAME_KEPT, __ATOMIC_RELAXED);
}
/// Keeps `frame` (marked kept, its owner the current task).
void ims_kept_frame_add(ims_task_frame *frame);
/// Takes out of the table every kept frame whose owner is at `task`'s address (its own, or
/// an ended task's that lived there), chained through `next_kept`.
ims_task_frame *ims_kept_frames_take(const void *task);

// MARK: - Task-local items of frames (verified layout)
//
// Where the task layout is verified, a frame's task-local item (the runtime's
// `[next | flags, key, value type]` header, then the frame) is not allocated from the
// task's stack allocator but from a small per-thread cache of blocks, and linked and
// unlinked by the library. The task allocator requires every allocation to be freed in
// reverse order; a scope is ended by user code, so a scope left open by the function that
// opened it would make the runtime abort inside its own allocator ("freed pointer was not
// the last allocation") when that function returns. Outside the allocator, an unended
// frame stays bound until its task finishes, where the runtime destroys it and the frame's
// `destroy` witness reports it, naming the scope (a frame `end()` unlinked never reaches
// the runtime). The cache also costs a few loads where the allocator's entry points each
// ask again for the current task.

/// Bytes of an item: the runtime's three-word header, then the frame.
enum { IMS_TASK_ITEM_SIZE = IMS_TASK_ITEM_HEADER_SIZE + sizeof(ims_task_frame) };
enum { IMS_TASK_ITEM_CACHE_LIMIT = 32 };

/// Free item blocks of this thread, chained through their first word, and their count
/// plus one: 0 until the thread registers the destructor that frees its cache at exit,
/// `UINT32_MAX` once that ran.
extern _Thread_local void *ims_task_item_cache;
extern _Thread_local uint32_t ims_task_item_cache_count;

/// A block for an item: from the thread's cache, or malloc'ed.
void *ims_task_item_alloc_slow(void);
static inline void *ims_task_item_alloc(void) {
  void *item = ims_task_item_cache;
  if (__builtin_expect(item == NULL, 0)) return ims_task_item_alloc_slow();
  ims_task_item_cache = *(void **)item;
  ims_task_item_cache_count -= 1;
  return item;
}
/// Gives back a block from `ims_task_item_alloc` (on any thread).
void ims_task_item_free_slow(void *item);
static inline void ims_task_item_free(void *item) {
  uint32_t count = ims_task_item_cache_count;
  // One compare: not registered yet (0), full, or the thread is exiting.
  if (__builtin_expect(count - 1 >= IMS_TASK_ITEM_CACHE_LIMIT, 0)) {
    ims_task_item_free_slow(item);
    return;
  }
  *(void **)item = ims_task_item_cache;
  ims_task_item_cache = item;
  ims_task_item_cache_count = count + 1;
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

/// On Apple platforms the concurrency runtime is the OS's: an entry point that may be newer
/// than the oldest supported release is weakly linked (NULL where the OS lacks it) and its
/// use checked, so that a program still launches there. Linux ships the toolchain's runtime.
#if defined(__APPLE__)
#define IMS_WEAK_RUNTIME_SYMBOL __attribute__((weak_import))
#else
#define IMS_WEAK_RUNTIME_SYMBOL
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
/// The 64-bit id of the task `job` (the runtime takes ids from a process-wide counter).
/// Weakly linked on Apple platforms, like the entry points below.
IMS_SWIFTCALL uint64_t swift_task_getJobTaskId(void *job) IMS_WEAK_RUNTIME_SYMBOL;
/// What a task scope records as its owner (`ImplicitScope._owner`): the task's id with bit
/// 63 set (never 0, a thread scope's owner; never another task's, unlike its address).
/// A runtime without the id entry point gets the address.
static inline uint64_t ims_task_identity(void *task) {
#if defined(__APPLE__)
  if (&swift_task_getJobTaskId == NULL) return (uint64_t)(uintptr_t)task;
#endif
  return swift_task_getJobTaskId(task) | (1ull << 63);
}
/// Whether the runtime reports `child` as a task created after the task `parent`: its id is
/// larger (ids come from one increasing counter). `end()` checks the child word of an
/// `async let`'s status record with it, against what the runtime itself says of the task it
/// names. Only called where `ims_task_layout_entry_points_available()` (the id entry point
/// is among them).
static inline bool ims_task_created_after(void *child, void *parent) {
  return swift_task_getJobTaskId(child) > swift_task_getJobTaskId(parent);
}
/// Frees the current task's most recent `swift_task_alloc` allocation.
IMS_SWIFTCALL void swift_task_dealloc(void *pointer);
/// Adds a status record to the current task whatever its state (an executor preference
/// for no executor, `swift_task_pushTaskExecutorPreference`) and returns it: `_TaskLayout`
/// adds one to find where the task keeps its status records. Remove it with
/// `ims_remove_probe_status_record`.
void *ims_add_probe_status_record(void);
void ims_remove_probe_status_record(void *record);
/// Whether the current task is in a task group's body: what `swift_task_localValuePush`
/// records in an item (bindings made there are copied into the group's children).
/// Weakly linked on Apple platforms (it came with the Swift 6 runtime's copying of such
/// bindings): `ims_task_layout_entry_points_available()` says whether it is there.
IMS_SWIFTCALL bool swift_task_hasTaskGroupStatusRecord(void) IMS_WEAK_RUNTIME_SYMBOL;
/// What `ims_task_group_body_answer` says.
enum {
  IMS_GROUP_BODY_NO = 0,
  IMS_GROUP_BODY_YES = 1,
  /// The runtime lacks `swift_task_hasTaskGroupStatusRecord`, or the question was not asked.
  IMS_GROUP_BODY_NOT_ASKED = 2,
};
/// Whether the current task is in a task group's body, by the runtime's own answer (about
/// 210 instructions: asked only where the layout does not verify).
static inline uint32_t ims_task_group_body_answer(void) {
#if defined(__APPLE__)
  if (&swift_task_hasTaskGroupStatusRecord == NULL) return IMS_GROUP_BODY_NOT_ASKED;
#endif
  return swift_task_hasTaskGroupStatusRecord() ? IMS_GROUP_BODY_YES : IMS_GROUP_BODY_NO;
}
/// Whether `swift_task_hasTaskGroupStatusRecord`, the executor-preference entry points and
/// `swift_task_getJobTaskId` exist in this process's runtime; without them the library binds
/// frames through the runtime's push, which asks the group question itself, and reads no
/// status record.
bool ims_task_layout_entry_points_available(void);

// MARK: - The finished-child probe
//
// `end()` takes an `async let` child whose task-local head is cleared as finished. That a
// finished child's head is cleared is checked once per process, before anything relies
// on it, with a child the library creates itself: when the layout verifies, a probe task
// binds a value, starts an `async let`, awaits its result and reads the child's head
// (`_TaskLayout.FinishedChildProbe`). The probe runs on a thread of its own (its task has
// an executor preference for it), so the task that verified the layout can wait for its
// answer without needing a thread of the global pool, which its own wait may hold.

/// Runs one job of the probe (Swift: `UnownedJob.runSynchronously`).
typedef void (*ims_probe_job_runner)(void *job);
/// Starts the probe's thread, which runs the jobs enqueued for it with `runner` until the
/// probe finished and its queue is empty. Once per process: false for every later call,
/// and when the thread could not be created (the probe then counts as finished, with no
/// answer published).
bool ims_probe_thread_start(ims_probe_job_runner runner);
/// Hands a job of the probe's tasks to its thread.
void ims_probe_thread_enqueue(void *job);
/// Called by the probe once its answer is published (or it found none).
void ims_probe_finished(void);
/// Waits until the probe finished, at most `timeout_ms`; returns whether it did.
bool ims_probe_wait(uint32_t timeout_ms);

#endif
