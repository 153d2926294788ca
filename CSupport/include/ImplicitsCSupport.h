// ImplicitsCSupport — the C core of the Implicits runtime.
//
// One context per thread, reached through C11 `_Thread_local` storage. A context is
//   - a key table: open addressing, power-of-two capacity, linear probing, keyed by the
//     key type's metadata pointer; each slot caches the visible binding of its key;
//   - a journal: every declaration appends a record that remembers the binding it
//     shadows, so ending a frame is "pop records back to the frame's height";
//   - a frame stack: one entry per open scope (its journal height and serial).
//
// Removal needs no tombstones: records are undone in exactly the reverse order they were
// made, so undoing a first binding always clears the most recently inserted key, which
// leaves the table exactly as it was before that key went in. Growth re-inserts keys in
// journal order to keep that property.
//
// C never retains or releases Swift objects. It stores payload words (an object pointer
// or the bits of a trivial value) plus flags; the Swift front releases what it pops.
// Hot paths are `static inline` so that `@inlinable` Swift code compiles a read down to
// "load TLS, hash, probe, load". Slow paths (growth, dumps, teardown) live in the .c files.

#ifndef IMPLICITS_C_SUPPORT_H
#define IMPLICITS_C_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__ELF__)
#define IMS_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define IMS_TLS_MODEL
#endif

/// Hot paths: inlined into the Swift callers even where the optimiser would not bother
/// (each call would cost more than the work: argument set-up, saved registers).
#define IMS_HOT static inline __attribute__((always_inline))

#define IMS_NONE UINT32_MAX

/// Record flags.
enum {
  /// The payload is a +1 reference the Swift front must release when the record is popped.
  IMS_FLAG_OBJECT = 1u << 0,
  /// The payload is a reference to a box holding a value that does not fit a word.
  IMS_FLAG_BOXED = 1u << 1,
  /// The record does not own its payload (a task's chain node does): never released on pop.
  IMS_FLAG_BORROWED = 1u << 2,
};

/// A slot of the key table: the visible binding of one key.
typedef struct ims_slot {
  const void *key;   // NULL: empty slot
  uintptr_t payload; // copy of records[record].payload, kept here for one-load reads
  uint32_t record;   // journal index of the visible binding
  uint32_t reserved;
} ims_slot;

/// A journal record: one declaration.
typedef struct ims_record {
  const void *key;
  uintptr_t payload;
  const void *value_type; // metadata of the value type (for dumps)
  const char *file;       // declaring file (static string), may be NULL
  uint32_t line;
  uint32_t flags;
  uint32_t previous; // record of the binding this one shadows, or IMS_NONE
  uint32_t frame;    // index of the frame the record was made in
} ims_record;

/// An open scope.
typedef struct ims_frame {
  uint64_t serial;   // unique per thread and frame, never reused
  uint32_t height;   // journal height when the frame opened
  uint32_t floor;    // visibility floor to restore when the frame ends
  const char *file;  // where the scope was created, may be NULL
  uint32_t line;
  uint32_t is_barrier; // opened by restoring a bag: outer bindings are hidden
} ims_frame;

/// The per-thread context.
typedef struct ims_context {
  ims_slot *slots;
  uint32_t mask;     // capacity - 1
  uint32_t shift;    // 64 - log2(capacity), for Fibonacci hashing
  uint32_t count;    // occupied slots
  uint32_t floor;    // bindings made by records below this are hidden (bag restore)
  ims_record *records;
  uint32_t height;
  uint32_t record_capacity;
  ims_frame *frames;
  uint32_t depth;
  uint32_t frame_capacity;
  // Inline storage used until the context outgrows it; one malloc per outermost scope.
  ims_slot inline_slots[16];
  ims_record inline_records[8];
  ims_frame inline_frames[4];
} ims_context;

/// The calling thread's context, NULL when no scope is open on this thread.
/// (Tasks keep their own contexts; see the Swift front.)
extern _Thread_local ims_context *ims_current IMS_TLS_MODEL;

static inline uint32_t ims_hash(const ims_context *ctx, const void *key) {
  return (uint32_t)(((uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull) >> ctx->shift);
}

/// The slot of `key`'s visible binding in `ctx` (which may be NULL), or NULL. O(1) expected.
IMS_HOT const ims_slot *ims_visible_slot(const ims_context *ctx, const void *key) {
  if (__builtin_expect(ctx == NULL, 0)) return NULL;
  uint32_t i = ims_hash(ctx, key);
  for (;;) {
    const ims_slot *slot = &ctx->slots[i];
    if (__builtin_expect(slot->key == key, 1)) {
      return __builtin_expect(slot->record < ctx->floor, 0) ? NULL : slot;
    }
    if (slot->key == NULL) return NULL;
    i = (i + 1) & ctx->mask;
  }
}

/// Looks `key` up in `ctx` (which may be NULL). O(1) expected.
/// Returns true and stores the payload when a visible binding exists.
IMS_HOT bool ims_lookup_in(const ims_context *ctx, const void *key, uintptr_t *payload) {
  const ims_slot *slot = ims_visible_slot(ctx, key);
  if (slot == NULL) return false;
  *payload = slot->payload;
  return true;
}

/// Looks `key` up in the calling thread's context: the read fast path.
static inline bool ims_lookup(const void *key, uintptr_t *payload) {
  return ims_lookup_in(ims_current, key, payload);
}

/// The payload of the visible binding of `key` in the calling thread's context, or NULL.
/// Same as `ims_lookup`, but returning a pointer spares the caller an address-taken local
/// (and with it a stack-protector check on every read).
IMS_HOT const uintptr_t *ims_lookup_payload(const void *key) {
  const ims_slot *slot = ims_visible_slot(ims_current, key);
  return slot == NULL ? NULL : &slot->payload;
}

/// The calling thread's context slot (what `ims_frame_push`/`ims_frame_pop` update).
static inline ims_context **ims_thread_slot(void) { return &ims_current; }

/// The calling thread's context, or NULL.
static inline ims_context *ims_thread_context(void) { return ims_current; }

// MARK: - Frames (Context.c)

/// The calling thread's serial bits (thread uid << 40; 0 until its first frame) and the
/// last frame serial it handed out. Exposed for the inline frame fast path only.
extern _Thread_local uint64_t ims_serial_base IMS_TLS_MODEL;
extern _Thread_local uint64_t ims_serial_last IMS_TLS_MODEL;

/// `ims_frame_push` when the context must be created or its frame stack grown.
uint64_t ims_frame_push_slow(ims_context **slot, bool is_barrier, const char *file, uint32_t line);

/// Opens a frame in `*slot`, creating the context when `*slot` is NULL.
/// `is_barrier` hides every binding made before it until the frame ends.
/// Returns the frame's serial (unique in the process, never reused).
IMS_HOT uint64_t ims_frame_push(ims_context **slot, bool is_barrier, const char *file, uint32_t line) {
  ims_context *ctx = *slot;
  if (__builtin_expect(ctx == NULL || ctx->depth == ctx->frame_capacity || ims_serial_base == 0, 0)) {
    return ims_frame_push_slow(slot, is_barrier, file, line);
  }
  ims_frame *frame = &ctx->frames[ctx->depth++];
  frame->serial = ims_serial_base | ++ims_serial_last;
  frame->height = ctx->height;
  frame->floor = ctx->floor;
  frame->file = file;
  frame->line = line;
  frame->is_barrier = is_barrier;
  if (is_barrier) ctx->floor = ctx->height;
  return frame->serial;
}

/// Whether `serial` is the innermost open frame of `ctx` (which may be NULL): the check
/// `end()` and `nested()` make before anything slower.
IMS_HOT bool ims_frame_is_top(const ims_context *ctx, uint64_t serial) {
  return ctx != NULL && ctx->depth != 0 && ctx->frames[ctx->depth - 1].serial == serial;
}

/// Where a frame serial sits in a context's stack.
typedef enum ims_frame_status {
  IMS_FRAME_TOP = 0,     // the innermost open frame: may be ended
  IMS_FRAME_BURIED = 1,  // open, but inner frames are still open
  IMS_FRAME_UNKNOWN = 2, // not open here (ended already, or another thread's or task's)
} ims_frame_status;

/// Checks where `serial` sits in `ctx` (may be NULL); for IMS_FRAME_BURIED stores the
/// innermost open frame in `innermost`.
ims_frame_status ims_frame_find(const ims_context *ctx, uint64_t serial, const ims_frame **innermost);

/// Pops records of the innermost frame of `ctx`, stopping at each owned payload: returns
/// true and stores a payload the caller must release, or false once the frame is empty.
/// `ims_frame_unwind` out of line; the inline version defers to it on a corrupted context.
bool ims_frame_unwind_slow(ims_context *ctx, uintptr_t *owned_payload);

IMS_HOT bool ims_frame_unwind(ims_context *ctx, uintptr_t *owned_payload) {
  if (__builtin_expect(ctx == NULL || ctx->depth == 0, 0)) return false;
  uint32_t bottom = ctx->frames[ctx->depth - 1].height;
  while (ctx->height > bottom) {
    uint32_t index = ctx->height - 1;
    const ims_record *record = &ctx->records[index];
    uint32_t i = ims_hash(ctx, record->key);
    ims_slot *slot;
    for (;;) {
      slot = &ctx->slots[i];
      if (slot->key == record->key) break;
      // Not found: the journal and table disagree; the slow path stops with a message.
      if (__builtin_expect(slot->key == NULL, 0)) return ims_frame_unwind_slow(ctx, owned_payload);
      i = (i + 1) & ctx->mask;
    }
    if (__builtin_expect(slot->record != index, 0)) return ims_frame_unwind_slow(ctx, owned_payload);
    if (record->previous == IMS_NONE) {
      slot->key = NULL;
      slot->payload = 0;
      slot->record = 0;
      ctx->count -= 1;
    } else {
      slot->record = record->previous;
      slot->payload = ctx->records[record->previous].payload;
    }
    ctx->height = index;
    if ((record->flags & (IMS_FLAG_OBJECT | IMS_FLAG_BORROWED)) == IMS_FLAG_OBJECT) {
      *owned_payload = record->payload;
      return true;
    }
  }
  return false;
}

/// `ims_frame_unwind` without an out-parameter: returns the next payload the caller must
/// release, or 0 once the frame is empty (owned payloads are object pointers, never 0).
IMS_HOT uintptr_t ims_frame_unwind_next(ims_context *ctx) {
  uintptr_t owned = 0;
  return ims_frame_unwind(ctx, &owned) ? owned : 0;
}

/// `ims_frame_pop` for the outermost frame (and misuse).
void ims_frame_pop_slow(ims_context **slot);

/// Closes the innermost frame of `*slot` (after `ims_frame_unwind` returned false); frees
/// the context and clears `*slot` when it was the outermost frame, so nothing stays behind.
IMS_HOT void ims_frame_pop(ims_context **slot) {
  ims_context *ctx = *slot;
  if (__builtin_expect(ctx != NULL && ctx->depth > 1, 1)) {
    const ims_frame *frame = &ctx->frames[ctx->depth - 1];
    if (__builtin_expect(ctx->height == frame->height, 1)) {
      ctx->floor = frame->floor;
      ctx->depth -= 1;
      return;
    }
  }
  ims_frame_pop_slow(slot);
}

/// The bits identifying the calling thread in frame serials (thread uid << 40).
uint64_t ims_thread_serial_base(void);

// MARK: - Declarations (Journal.c)

/// `ims_declare` for re-declarations in the same frame, growth, and misuse.
bool ims_declare_slow(ims_context *ctx, const void *key, uintptr_t payload, uint32_t flags,
                      const void *value_type, const char *file, uint32_t line, uintptr_t *replaced,
                      uint32_t *replaced_flags);

/// Appends the record of a new binding of `key` in the innermost frame of `ctx` and points
/// `slot` (the key's table slot) at it; `previous` is the record it shadows or IMS_NONE.
/// The journal must have room.
IMS_HOT void ims_record_append(ims_context *ctx, ims_slot *slot, const void *key, uintptr_t payload,
                               uint32_t flags, const void *value_type, const char *file,
                               uint32_t line, uint32_t previous) {
  uint32_t index = ctx->height;
  ims_record *record = &ctx->records[index];
  record->key = key;
  record->payload = payload;
  record->value_type = value_type;
  record->file = file;
  record->line = line;
  record->flags = flags;
  record->previous = previous;
  record->frame = ctx->depth - 1;
  ctx->height = index + 1;
  slot->record = index;
  slot->payload = payload;
}

/// Binds `key` to `payload` in the innermost frame of `ctx`. A key already declared in
/// that frame is replaced in place: its previous payload and flags are returned through
/// `replaced`/`replaced_flags` (flags 0 when nothing was replaced) for the caller to
/// release. Returns false when `ctx` has no open frame.
///
/// Inline for the common case: a new binding that needs no growth of the journal or table.
IMS_HOT bool ims_declare(ims_context *ctx, const void *key, uintptr_t payload, uint32_t flags,
                               const void *value_type, const char *file, uint32_t line,
                               uintptr_t *replaced, uint32_t *replaced_flags) {
  if (__builtin_expect(ctx == NULL || ctx->depth == 0 || ctx->height == ctx->record_capacity, 0)) {
    return ims_declare_slow(ctx, key, payload, flags, value_type, file, line, replaced, replaced_flags);
  }
  uint32_t frame_index = ctx->depth - 1;
  uint32_t i = ims_hash(ctx, key);
  ims_slot *slot;
  for (;;) {
    slot = &ctx->slots[i];
    if (slot->key == key || slot->key == NULL) break;
    i = (i + 1) & ctx->mask;
  }
  uint32_t previous;
  if (slot->key == key) {
    if (__builtin_expect(slot->record >= ctx->frames[frame_index].height, 0)) {
      return ims_declare_slow(ctx, key, payload, flags, value_type, file, line, replaced, replaced_flags);
    }
    previous = slot->record;
  } else {
    // The empty slot that ended the probe is where linear probing places the key.
    if (__builtin_expect((ctx->count + 1) * 2 > ctx->mask + 1, 0)) {
      return ims_declare_slow(ctx, key, payload, flags, value_type, file, line, replaced, replaced_flags);
    }
    slot->key = key;
    ctx->count += 1;
    previous = IMS_NONE;
  }
  *replaced_flags = 0;
  ims_record_append(ctx, slot, key, payload, flags, value_type, file, line, previous);
  return true;
}

// MARK: - Inspection (Inspection.c)

/// The journal index of the visible binding of `key` in `ctx`, or IMS_NONE.
uint32_t ims_lookup_record(const ims_context *ctx, const void *key);

/// Iterates visible bindings in slot order: returns the next record index, advancing
/// `cursor` (start at 0), or IMS_NONE at the end. Hidden bindings are skipped.
uint32_t ims_next_visible(const ims_context *ctx, uint32_t *cursor);

/// The record at `index`, or NULL.
const ims_record *ims_record_at(const ims_context *ctx, uint32_t index);

/// Checks every structural invariant of `ctx`; returns NULL when they hold, otherwise a
/// static description of the first violation.
const char *ims_check_invariants(const ims_context *ctx);

/// Capacity of the key table (0 for NULL), for tests.
uint32_t ims_table_capacity(const ims_context *ctx);

/// Longest probe sequence in the table, for tests and benchmarks.
uint32_t ims_max_probe_length(const ims_context *ctx);

// MARK: - Locks (Lock.c)

/// A mutex; used only off the hot path (task frames shared with child tasks).
typedef struct ims_lock ims_lock;
ims_lock *ims_lock_create(void);
void ims_lock_destroy(ims_lock *lock);
void ims_lock_acquire(ims_lock *lock);
void ims_lock_release(ims_lock *lock);

/// Writes `message` to standard error and flushes it (diagnostics before stopping).
void ims_write_stderr(const char *message);

// MARK: - Swift runtime entry points used by the async path

/// The task running on this thread, or NULL. (Swift runtime; stable ABI.)
void *swift_task_getCurrent(void);
/// Binds a task-local value; `value` points to a +1 value that the runtime takes.
/// The binding is allocated with the task's stack allocator, so pushes and pops must nest
/// with the task's other allocations (async let, task groups, async frames): the runtime
/// pushes one binding per scope, at creation, and pops it at `end()`.
void swift_task_localValuePush(const void *key, void *value, const void *value_type);
/// Unbinds the most recent task-local value of the current task.
void swift_task_localValuePop(void);

#endif
