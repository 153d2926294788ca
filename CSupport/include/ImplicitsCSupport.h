// ImplicitsCSupport — the C core of the Implicits runtime. Design and costs: CSupport/README.md.
//
// One context per thread, reached through one C11 `_Thread_local` pointer. A context is
//   - a key table: open addressing, power-of-two capacity, linear probing, keyed by the
//     key type's metadata pointer; each slot caches the visible binding of its key;
//   - a journal: every declaration appends a record that remembers the binding it
//     shadows and the slot of its key, so ending a frame is "pop records back to the
//     frame's height" without hashing anything;
//   - a frame stack: one entry per open scope (its journal height and serial).
//
// Removal needs no tombstones: records are undone in exactly the reverse order they were
// made, so undoing a first binding always clears the most recently inserted key, which
// leaves the table exactly as it was before that key went in. Growth re-inserts keys in
// journal order to keep that property, and fixes up the slot index of every record.
//
// A context never retains or releases: it stores payload words (an object pointer or the
// bits of a trivial value) plus flags, and the Swift front releases what it pops. Only
// task frames (TaskFrame.c) take and give up references in C.
// Hot paths are `static inline` so that `@inlinable` Swift code compiles a read down to
// "load TLS, hash, probe, load". Slow paths (growth, bulk operations, dumps, teardown)
// live in the .c files; of the bulk operations only `ims_capture` is inline.
//
// Build with `-Xcc -DIMPLICITS_INTERNAL_CHECKS` to check every invariant of a context after
// each mutation (slow: O(n) per operation; CI runs the runtime tests once that way).

#ifndef IMPLICITS_C_SUPPORT_H
#define IMPLICITS_C_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Hot paths: inlined into the Swift callers even where the optimiser would not bother
/// (each call would cost more than the work: argument set-up, saved registers).
#define IMS_HOT static inline __attribute__((always_inline))

#define IMS_NONE UINT32_MAX

/// Record and binding flags.
enum {
  /// The payload is a +1 reference the Swift front must release when the record is popped.
  IMS_FLAG_OBJECT = 1u << 0,
  /// The payload is a reference to a box holding a value that does not fit a word.
  IMS_FLAG_BOXED = 1u << 1,
  /// The record does not own its payload (its frame holds the owner, e.g. a restored
  /// bag): never released on pop.
  IMS_FLAG_BORROWED = 1u << 2,
  /// The payload is a lazy declaration's cell (an object the Swift front tags, see
  /// LazyCell.swift), not the value: a read must resolve it first, so its slot's `gate`
  /// keeps the read fast path away until it is resolved.
  IMS_FLAG_LAZY = 1u << 3,
};

/// A slot of the key table: the visible binding of one key. 32 bytes, so that a slot's
/// address is one shift of its index.
typedef struct ims_slot {
  const void *key;   // NULL: empty slot
  uintptr_t payload; // what a read decodes: records[record].payload, or a resolved lazy value
  uint32_t record;   // journal index of the visible binding
  uint32_t mark;     // capture de-duplication: the epoch of the capture that took it
  // `record + 1` when a read may decode `payload` as it is; 0 while the binding is a lazy
  // declaration not resolved in this slot. The read fast path's one visibility compare,
  // `gate > floor`, then also sends lazy bindings to the miss path: a hit checks no tag.
  uint32_t gate;
  uint32_t unused;
} ims_slot;

/// A journal record: one declaration (32 bytes). The key is `slots[slot].key`; the value
/// type is known from the key (the Swift front derives it for dumps).
typedef struct ims_record {
  uintptr_t payload;
  const char *file;  // declaring file (static string), may be NULL
  uint32_t line;
  uint32_t flags;
  uint32_t previous; // record of the binding this one shadows, or IMS_NONE
  uint32_t slot;     // index of the key's slot (fixed up when the table grows)
} ims_record;

/// A binding outside any context: what a bag holds, one per key (32 bytes).
typedef struct ims_binding {
  const void *key;
  uintptr_t payload;
  const char *file;
  uint32_t line;
  uint32_t flags;
} ims_binding;

/// An open scope.
typedef struct ims_frame {
  uint64_t serial;   // unique in the process and never reused
  uint32_t height;   // journal height when the frame opened
  uint32_t floor;    // visibility floor to restore when the frame ends
  const char *file;  // where the scope was created, may be NULL
  uint32_t line;
  // The frame's own declarations start here: re-declaring a key whose visible record is at
  // or above it replaces that record in place. `height` for a plain frame; above it after
  // a bag restore, whose borrowed records (owning nothing) stay untouched until the frame
  // ends and are then undone in one pass (`ims_frame_unwind_borrowed`).
  uint32_t own_from;
  uintptr_t held;    // a +1 object the frame keeps alive until it ends (a bag's storage), or 0
} ims_frame;

/// Inline storage of a context (see `ims_context`).
#define IMS_INLINE_SLOTS 128
#define IMS_INLINE_RECORDS 64
#define IMS_INLINE_FRAMES 4

/// A context: the thread's, or one a task owns.
typedef struct ims_context {
  ims_slot *slots;
  uint32_t mask;     // capacity - 1
  uint32_t shift;    // 64 - log2(capacity), for Fibonacci hashing
  uint32_t count;    // occupied slots
  uint32_t floor;    // bindings made by records below this are hidden (bag restore)
  // Non-zero when tasks may run on this thread while the context is open (see
  // ImplicitsTaskSupport.h): the read fast path then defers to the current task. Next to
  // the fields every read loads.
  uint32_t runs_tasks;
  uint32_t count_limit; // (mask + 1) / 2: a new key at this count grows the table first
  ims_record *records;
  uint32_t height;
  uint32_t record_capacity;
  ims_frame *frames; // frames[-1] is a sentinel (serial 0)
  uint32_t depth;
  uint32_t frame_capacity;
  uint64_t serial_base; // this context's uid << 40: frame serials are unique per process
  uint64_t serial_last; // the last frame serial handed out (`serial_base` | a count)
  uint32_t capture_epoch; // see ims_capture
  // 1 (never more) when ending the outermost frame must release storage: a task's context, or
  // one that grew beyond its inline storage. The thread's own context otherwise stays
  // in place, empty, when its outermost frame ends (nothing allocated, nothing to undo).
  uint32_t outermost_slow;
  // While a restored bag's own table stands in for this context's (`ims_thread_push_bag`):
  // that table (NULL otherwise), and the context's own table to put back. Reads see the
  // bag's table through `slots`, `mask` and `shift` as they are; anything that would write
  // (a declaration, a capture, a dump) first copies the bag's bindings in
  // (`ims_bag_materialize`).
  const struct ims_bag_table *swapped_table;
  uint32_t saved_mask;
  uint32_t saved_shift;
  ims_slot *saved_slots;
  // Inline storage used until the context outgrows it: room for 64 keys, so that a bag of
  // up to 64 values restored outside any scope (a callback) allocates nothing. 6.3 KB;
  // the thread's context is thread-local, so every thread of the process carries it.
  ims_slot inline_slots[IMS_INLINE_SLOTS];
  ims_record inline_records[IMS_INLINE_RECORDS];
  // [0] is the sentinel below the frame stack (`frames[-1]`, serial 0: see
  // `ims_frame_is_top`); the stack starts at [1].
  ims_frame inline_frames[1 + IMS_INLINE_FRAMES];
} ims_context;

/// The calling thread's context; `&ims_empty_context` (no frame, no keys) when no scope is
/// open on this thread, so a read needs no NULL check. The only thread-local variable of
/// the core. It takes the default TLS model, which the linker turns into one
/// %fs-relative load in an executable; a shared library loaded with `dlopen` reaches it
/// through `__tls_get_addr` and never needs static TLS space.
/// (Code in a task keeps its values in task-local frames instead: Sources/Implicits/Async.)
extern _Thread_local ims_context *ims_current;

/// The context of every thread without an open scope: never written.
extern ims_context ims_empty_context;

/// What the read fast path probes: the thread's context, or the empty context while the
/// thread's context defers to tasks (`runs_tasks`, see ImplicitsTaskSupport.h), so a
/// read's miss path asks which task runs. Kept in step by whoever changes either; the
/// read hit path pays no check for the task question.
extern _Thread_local const ims_context *ims_reading;

#if defined(IMPLICITS_INTERNAL_CHECKS)
/// Stops with a message when `ctx` breaks an invariant (IMPLICITS_INTERNAL_CHECKS builds).
void ims_check_or_stop(const ims_context *ctx);
#define IMS_CHECK(ctx) ims_check_or_stop(ctx)
#else
#define IMS_CHECK(ctx) ((void)0)
#endif

/// Fibonacci hashing: the top bits of the key times 2^64/φ. (64-bit arithmetic throughout
/// the probe: no zero-extensions on the read path.)
static inline uint64_t ims_hash_with_shift(const void *key, uint32_t shift) {
  return ((uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull) >> shift;
}

static inline uint64_t ims_hash(const ims_context *ctx, const void *key) {
  return ims_hash_with_shift(key, ctx->shift);
}

/// The probe loop, the only one. Returns the byte offset of `key`'s slot in the table when
/// the table holds the key; otherwise `~offset` (negative) of the empty slot where linear
/// probing places it. Terminates because the load factor stays <= 1/2. Two exits with
/// values of different signs: after inlining, the caller's "found?" test folds into the
/// exit taken, and the hit path addresses the slot with the offset as is. `expect_found`
/// (a constant at each call) lays the loop out for the exit the caller expects.
IMS_HOT int64_t ims_probe_table(const ims_slot *slots, uint64_t mask, uint32_t shift, const void *key,
                                bool expect_found) {
  uint64_t i = ims_hash_with_shift(key, shift);
  for (;;) {
    int64_t offset = (int64_t)(i * sizeof(ims_slot));
    // The index is below 2^31: the offset is non-negative.
    __builtin_assume(offset >= 0);
    const void *found = ((const ims_slot *)((const char *)slots + offset))->key;
    if (expect_found) {
      if (__builtin_expect(found == key, 1)) return offset;
      if (found == NULL) return ~offset;
    } else {
      if (__builtin_expect(found == NULL, 1)) return ~offset;
      if (found == key) return offset;
    }
    i = (i + 1) & mask;
  }
}

/// `ims_probe_table` on `ctx`'s table, for a key expected to be there.
IMS_HOT int64_t ims_probe(const ims_context *ctx, const void *key) {
  return ims_probe_table(ctx->slots, ctx->mask, ctx->shift, key, true);
}

/// Whether `ims_probe` found the key.
static inline bool ims_probe_found(int64_t probed) { return probed >= 0; }

/// The slot `ims_probe` returned, found or empty.
static inline ims_slot *ims_probe_slot(const ims_context *ctx, int64_t probed) {
  return (ims_slot *)((char *)ctx->slots + (probed >= 0 ? probed : ~probed));
}

/// The index of `slot` in `ctx`'s table.
static inline uint32_t ims_slot_index(const ims_context *ctx, const ims_slot *slot) {
  return (uint32_t)(slot - ctx->slots);
}

/// The `gate` of a slot whose visible record is `index` with `flags` (see `ims_slot`).
static inline uint32_t ims_gate(uint32_t index, uint32_t flags) {
  return (flags & IMS_FLAG_LAZY) ? 0 : index + 1;
}

/// The slot of `key`'s visible binding in `ctx` (which may be NULL), or NULL. O(1) expected.
IMS_HOT const ims_slot *ims_visible_slot(const ims_context *ctx, const void *key) {
  if (__builtin_expect(ctx == NULL, 0)) return NULL;
  int64_t probed = ims_probe(ctx, key);
  if (__builtin_expect(!ims_probe_found(probed), 0)) return NULL;
  const ims_slot *slot = (const ims_slot *)((const char *)ctx->slots + probed);
  return __builtin_expect(slot->record < ctx->floor, 0) ? NULL : slot;
}

/// The payload of the visible binding of `key` in `ctx` (may be NULL), or NULL.
/// Returning a pointer spares the caller an address-taken local (and with it a
/// stack-protector check on every read).
IMS_HOT const uintptr_t *ims_lookup_payload_in(const ims_context *ctx, const void *key) {
  const ims_slot *slot = ims_visible_slot(ctx, key);
  return slot == NULL ? NULL : &slot->payload;
}

/// The read fast path: the payload of `key`'s visible binding on the calling thread, or
/// NULL (also for a lazy declaration not resolved yet: the miss path resolves it).
/// No NULL check of the context: a thread without scopes has the empty one.
IMS_HOT const uintptr_t *ims_lookup_payload(const void *key) {
  // The precedence rule: on a thread that runs tasks, code in a task must not read the
  // thread's context; `ims_reading` is then the empty context, and the caller's miss path
  // asks which task runs.
  // Relaxed: the main thread's `ims_reading` may be switched by the thread that enqueues
  // the first main-actor job (ImplicitsTaskSupport.h); a plain load all the same.
  const ims_context *ctx = __atomic_load_n(&ims_reading, __ATOMIC_RELAXED);
  int64_t probed = ims_probe(ctx, key);
  if (__builtin_expect(!ims_probe_found(probed), 0)) return NULL;
  const ims_slot *slot = (const ims_slot *)((const char *)ctx->slots + probed);
  return __builtin_expect(slot->gate <= ctx->floor, 0) ? NULL : &slot->payload;
}

/// The calling thread's context slot (what `ims_frame_push`/`ims_frame_end_next` update).
static inline ims_context **ims_thread_slot(void) { return &ims_current; }

/// The calling thread's context for the hot paths: never NULL, `&ims_empty_context` (with
/// no open frame) when no scope is open.
__attribute__((returns_nonnull)) static inline ims_context *ims_thread_current(void) {
  return ims_current;
}

/// Makes a context whose reads look into a restored bag's table a plain one: copies the
/// bag's bindings into its own table and journal, as a restore without a table does.
void ims_bag_materialize(ims_context *ctx);

/// The calling thread's context, or NULL when no scope is open on the thread; a plain one
/// (its own table and journal show every visible binding), for the paths that look at
/// records: dumps, captures, bags of the whole context.
static inline ims_context *ims_thread_context(void) {
  ims_context *ctx = ims_current;
  if (ctx->depth == 0) return NULL;
  if (__builtin_expect(ctx->swapped_table != NULL, 0)) ims_bag_materialize(ctx);
  return ctx;
}

// MARK: - Frames (Context.c)

IMS_HOT ims_frame *ims_frame_open(ims_context *ctx, bool is_barrier, const char *file, uint32_t line);

/// `ims_frame_push` when the context must be created or its frame stack grown.
uint64_t ims_frame_push_slow(ims_context **slot, bool is_barrier, const char *file, uint32_t line);

/// Opens a frame in `*slot`, creating the context when `*slot` is NULL or the empty context.
/// `is_barrier` hides every binding made before it until the frame ends.
/// Returns the frame's serial (unique in the process, never reused).
IMS_HOT uint64_t ims_frame_push(ims_context **slot, bool is_barrier, const char *file, uint32_t line) {
  ims_context *ctx = *slot;
  // The empty context has no frame capacity: creating a context takes the slow path too.
  // A barrier over a restored bag's table must hide the bag's values, which the table
  // shows above any floor: the slow path copies the bag in first.
  if (__builtin_expect(ctx == NULL || ctx->depth == ctx->frame_capacity ||
                           (is_barrier && ctx->swapped_table != NULL), 0)) {
    return ims_frame_push_slow(slot, is_barrier, file, line);
  }
  return ims_frame_open(ctx, is_barrier, file, line)->serial;
}

/// `ims_frame_push` once the caller checked that `ctx` has room for a frame (and, for a
/// barrier, no bag table in place): writes the frame and returns it.
IMS_HOT ims_frame *ims_frame_open(ims_context *ctx, bool is_barrier, const char *file, uint32_t line) {
  ims_frame *frame = &ctx->frames[ctx->depth++];
  frame->serial = ++ctx->serial_last;
  frame->height = ctx->height;
  frame->floor = ctx->floor;
  frame->file = file;
  frame->line = line;
  frame->own_from = ctx->height;
  // `held` is 0 already: a frame is closed only once it holds nothing.
  if (is_barrier) ctx->floor = ctx->height;
  IMS_CHECK(ctx);
  return frame;
}

/// Whether `serial` is the innermost open frame of `ctx` (which may be NULL): the check
/// `end()` and `nested()` make before anything slower.
IMS_HOT bool ims_frame_is_top(const ims_context *ctx, uint64_t serial) {
  // Below every frame stack sits a sentinel frame whose serial, 0, no scope has: with no
  // frame open, `frames[-1]` is the sentinel and the compare fails without a depth test.
  return ctx != NULL && ctx->frames[(int64_t)ctx->depth - 1].serial == serial;
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

/// Stops with a message: a record's slot does not point back at it (corrupted context).
_Noreturn void ims_journal_corrupted(void);

/// The cell of a lazy declaration's payload: the Swift front tags its address (the top 16
/// bits, see LazyCell.swift) so that reads off the thread path recognise it.
static inline uintptr_t ims_lazy_cell(uintptr_t payload) {
  return payload & (((uintptr_t)1 << 48) - 1);
}

/// Undoes the newest record of `ctx`'s journal and returns it: its slot shows the binding
/// it shadowed again, or is emptied. Undo is LIFO, so a first binding is always the most
/// recently inserted key and linear probing needs no tombstone.
IMS_HOT const ims_record *ims_record_undo_top(ims_context *ctx) {
  uint32_t index = ctx->height - 1;
  const ims_record *record = &ctx->records[index];
  ims_slot *slot = &ctx->slots[record->slot];
  if (__builtin_expect(slot->record != index, 0)) ims_journal_corrupted();
  if (record->previous == IMS_NONE) {
    // Only the key says whether a slot is empty: nothing reads the rest of an empty slot,
    // and a declaration that takes it writes the rest.
    slot->key = NULL;
    ctx->count -= 1;
  } else {
    const ims_record *previous = &ctx->records[record->previous];
    slot->record = record->previous;
    slot->payload = previous->payload;
    slot->gate = ims_gate(record->previous, previous->flags);
  }
  ctx->height = index;
  return record;
}

/// One step of ending a frame (`ims_frame_end_next`): the object the caller must release
/// (0 for none), and whether the step also closed the frame. Two words, returned in two
/// registers. (Not a tag bit in `release`: an Objective-C tagged pointer, a valid object
/// payload on Apple platforms, may have any low bit set.)
typedef struct ims_end_step {
  uintptr_t release;
  bool closed;
} ims_end_step;

/// The last step of `ims_frame_end_next` for a frame holding a bag, once the frame's own
/// records are undone: puts the context's own table back when the bag's table stands in
/// for it, or undoes the bag's borrowed records, `[frame->height, frame->own_from)`, in one
/// pass (they own nothing); closes the frame and returns the bag for the caller to release.
/// `ctx` is `*slot` and `frame` its innermost frame.
ims_end_step ims_frame_end_bag(ims_context **slot, ims_context *ctx, ims_frame *frame);

/// Closes the innermost frame of `*slot` when `ims_frame_end_next` finds it undone: the
/// outermost frame (a task's context is freed and `*slot` set to NULL; the thread's
/// context gives back what it allocated and stays, empty, so nothing stays behind and the
/// next outermost scope costs no set-up), and misuse.
void ims_frame_pop_slow(ims_context **slot);

/// Closes the innermost frame of `*slot`, whose records are undone and which holds nothing.
IMS_HOT void ims_frame_close(ims_context **slot, ims_context *ctx, const ims_frame *frame) {
  // `outermost_slow` is 0 or 1: one compare says "not the outermost frame, or no slow end".
  if (__builtin_expect(ctx->depth > ctx->outermost_slow, 1)) {
    ctx->floor = frame->floor;
    ctx->depth -= 1;
    IMS_CHECK(ctx);
    return;
  }
  ims_frame_pop_slow(slot);
}

/// Ends the innermost frame of `*slot` (which must have one) a step at a time: pops its
/// records, stopping at each owned payload, and returns the next object the caller must
/// release (a lazy declaration's cell untagged; the frame's held object comes last), or
/// 0 once the frame is undone and closed. Owned payloads are object pointers, never 0.
/// When the step that returns one leaves nothing more to undo, it closes the frame too
/// (`closed`), so that a frame with one value (or a restored bag) ends in one step.
/// Undoing a record needs no hashing: the record knows its slot.
IMS_HOT ims_end_step ims_frame_end_next(ims_context **slot) {
  ims_context *ctx = *slot;
  ims_frame *frame = &ctx->frames[ctx->depth - 1];
  while (ctx->height > frame->own_from) {
    const ims_record *record = ims_record_undo_top(ctx);
    IMS_CHECK(ctx);
    uint32_t ownership = record->flags & (IMS_FLAG_OBJECT | IMS_FLAG_BORROWED | IMS_FLAG_LAZY);
    uintptr_t owned;
    if (ownership == IMS_FLAG_OBJECT) {
      owned = record->payload;
    } else if (ownership == (IMS_FLAG_OBJECT | IMS_FLAG_LAZY)) {
      owned = ims_lazy_cell(record->payload);
    } else {
      continue;
    }
    // Nothing more to undo (a held bag's frame always has borrowed records left here).
    if (ctx->height == frame->height) {
      ims_frame_close(slot, ctx, frame);
      return (ims_end_step){owned, true};
    }
    return (ims_end_step){owned, false};
  }
  // A restored bag: its table goes, or its borrowed records in one pass; the frame closes,
  // and the caller releases the bag.
  if (__builtin_expect(frame->held != 0, 0)) return ims_frame_end_bag(slot, ctx, frame);
  // Undone: `height == own_from == frame->height` (only a held bag moves `own_from` up).
  ims_frame_close(slot, ctx, frame);
  return (ims_end_step){0, true};
}

/// The bits identifying the calling thread's context in frame serials (its uid << 40).
uint64_t ims_thread_serial_base(void);

// MARK: - Declarations (Journal.c)

/// Returned by `ims_declare` when `ctx` has no open frame (never a payload to release).
#define IMS_DECLARE_NO_FRAME ((uintptr_t)1)

/// `ims_declare` for re-declarations in the same frame, growth, and misuse.
uintptr_t ims_declare_slow(ims_context *ctx, const void *key, uintptr_t payload, uint32_t flags,
                           const char *file, uint32_t line);

/// Appends the record of a new binding in `slot` (whose key is set) to the innermost frame
/// of `ctx`; `previous` is the record it shadows or IMS_NONE. The journal must have room.
IMS_HOT void ims_record_append(ims_context *ctx, ims_slot *slot, uintptr_t payload,
                               uint32_t flags, const char *file, uint32_t line, uint32_t previous) {
  uint32_t index = ctx->height;
  ims_record *record = &ctx->records[index];
  record->payload = payload;
  record->file = file;
  record->line = line;
  record->flags = flags;
  record->previous = previous;
  record->slot = ims_slot_index(ctx, slot);
  ctx->height = index + 1;
  slot->record = index;
  slot->payload = payload;
  slot->gate = ims_gate(index, flags);
}

/// Binds `key` to `payload` in the innermost frame of `ctx`. A key already declared in
/// that frame is replaced in place. Returns the payload the caller must release (the
/// replaced one, when owned), 0 when there is nothing to release, or
/// IMS_DECLARE_NO_FRAME (having declared nothing) when `ctx` has no open frame.
///
/// Inline for the common case: a new binding that needs no growth of the journal or table.
IMS_HOT uintptr_t ims_declare(ims_context *ctx, const void *key, uintptr_t payload, uint32_t flags,
                              const char *file, uint32_t line) {
  if (__builtin_expect(ctx == NULL || ctx->depth == 0 || ctx->height == ctx->record_capacity, 0)) {
    return ims_declare_slow(ctx, key, payload, flags, file, line);
  }
  // Laid out for a new key (a shadowing declaration takes one jump more).
  int64_t probed = ims_probe_table(ctx->slots, ctx->mask, ctx->shift, key, false);
  ims_slot *slot = ims_probe_slot(ctx, probed);
  uint32_t previous;
  if (ims_probe_found(probed)) {
    if (__builtin_expect(slot->record >= ctx->frames[ctx->depth - 1].own_from, 0)) {
      return ims_declare_slow(ctx, key, payload, flags, file, line);
    }
    previous = slot->record;
  } else {
    // The empty slot that ended the probe is where linear probing places the key.
    if (__builtin_expect(ctx->count >= ctx->count_limit, 0)) {
      return ims_declare_slow(ctx, key, payload, flags, file, line);
    }
    slot->key = key;
    ctx->count += 1;
    previous = IMS_NONE;
  }
  ims_record_append(ctx, slot, payload, flags, file, line, previous);
  IMS_CHECK(ctx);
  return 0;
}

// MARK: - Bags (BagRestore.c; declaring their bindings: Journal.c)

/// Declares `count` bindings in the innermost frame of `ctx` (which must have one): a bag
/// restore in one call. With a `holder` (a +1 object owning the payloads, the bag's
/// storage), the records borrow their payloads and the frame keeps the holder until it
/// ends (`ims_frame_end_next` hands it back last): one retain per restore instead of
/// one per value. Without one (0), the records own their payloads. Later duplicates of a
/// key replace earlier ones in place. Grows the journal and table at most once each.
void ims_declare_all(ims_context *ctx, const ims_binding *bindings, uint32_t count, uintptr_t holder);

/// A bag's own key table, built the second time the bag is restored on a thread: the
/// bag's bindings laid out as a context's table (each slot's `record` is IMS_NONE and its
/// `gate` UINT32_MAX: visible above any floor, and never "declared in this frame" to
/// `ims_declare`). Immutable once built, so every thread may read it at once.
typedef struct ims_bag_table {
  uint32_t mask;
  uint32_t shift;
  // The bag's bindings (in its storage, which outlives the table) and their count: what
  // `ims_bag_materialize` copies in.
  const ims_binding *bindings;
  uint32_t count;
  uint32_t unused;
  ims_slot slots[];
} ims_bag_table;

/// The states of a bag's table cell (a `uintptr_t` in the bag's storage) before a table
/// is in it: never restored on a thread; restored once (copied: a bag restored once pays
/// nothing for a table); never to have one (it holds a lazy declaration, which a read
/// resolves by writing to its slot). Anything above `IMS_BAG_TABLE_NEVER` is an
/// `ims_bag_table *`.
#define IMS_BAG_TABLE_UNUSED ((uintptr_t)0)
#define IMS_BAG_TABLE_ONCE ((uintptr_t)1)
#define IMS_BAG_TABLE_NEVER ((uintptr_t)2)

/// Frees a built table (`cell` above IMS_BAG_TABLE_NEVER).
void ims_bag_table_free(uintptr_t cell);

/// Frees the table a bag's cell holds, if any (the bag's storage is being destroyed).
/// Inline: most bags are never restored twice on a thread, and their end pays one compare.
static inline void ims_bag_table_release(uintptr_t cell) {
  if (__builtin_expect(cell > IMS_BAG_TABLE_NEVER, 0)) ims_bag_table_free(cell);
}

/// Restores a bag (`ims_frame_push_bag`, ImplicitsCSupportTesting.h) on the calling thread's context `ctx` (`ims_thread_current()`; the
/// caller reads it, often once for a loop, where here the read would count as a call around
/// which every argument is saved) for the bag whose storage is `holder`: a +1
/// `_BagStorage`, whose count, table cell and bindings are read from it. A bag restored
/// before takes the table path: no call, no saved register.
uint64_t ims_thread_push_bag(ims_context *ctx, uintptr_t holder, const char *file, uint32_t line);

/// Caches `forced`, the value of the lazy declaration whose cell payload is `lazy`, in the
/// slot of `key` in `ctx` when that slot's visible binding is that declaration; later reads
/// of the slot take the fast path. Does nothing otherwise.
void ims_resolve_lazy(ims_context *ctx, const void *key, uintptr_t lazy, uintptr_t forced);

// The block copy of `ims_capture`.
_Static_assert(offsetof(ims_binding, payload) == sizeof(void *) &&
                   offsetof(ims_binding, file) - offsetof(ims_binding, payload) == offsetof(ims_record, file) &&
                   offsetof(ims_binding, line) - offsetof(ims_binding, payload) == offsetof(ims_record, line) &&
                   offsetof(ims_binding, flags) - offsetof(ims_binding, payload) == offsetof(ims_record, flags) &&
                   offsetof(ims_record, payload) == 0 && sizeof(ims_binding) == 32,
               "a record must begin with the fields of a binding after its key");

/// Copies the visible bindings of `keys` in `ctx` (which must have an open frame) into
/// `out` (room for `count`, which must not be 0), each key once, in order; absent keys are
/// left out. The copies own nothing yet (`IMS_FLAG_BORROWED` cleared): the caller takes a
/// reference to each payload that holds an object. Returns how many were copied.
///
/// A bulk operation, but inline: its one caller (the Swift capture) allocates the bag and
/// retains the copies, and sharing that function's saved registers saves a call's worth.
IMS_HOT size_t ims_capture(ims_context *ctx, const void *const *keys, size_t count, ims_binding *out) {
  // Captures mark slots: never a bag's shared table.
  if (__builtin_expect(ctx->swapped_table != NULL, 0)) ims_bag_materialize(ctx);
  // A slot whose mark equals this capture's epoch was taken already: duplicates cost one
  // compare, and no pass is needed to clear the marks afterwards.
  uint32_t epoch = ++ctx->capture_epoch;
  if (__builtin_expect(epoch == 0, 0)) {
    for (uint32_t i = 0; i <= ctx->mask; i++) ctx->slots[i].mark = 0;
    epoch = ctx->capture_epoch = 1;
  }
  // The table in registers: the loop makes no call (the caller retains afterwards).
  ims_slot *slots = ctx->slots;
  const ims_record *records = ctx->records;
  uint64_t mask = ctx->mask;
  uint32_t shift = ctx->shift, visible_from = ctx->floor;
  ims_binding *next = out;
  // Inlined into its caller, `out` is the bag's address plus its header: keep `next` one
  // pointer, not that sum recomputed for every key.
  __asm__("" : "+r"(next));
  const void *const *end = keys + count;
  do {
    const void *key = *keys;
    int64_t probed = ims_probe_table(slots, mask, shift, key, true);
    if (!ims_probe_found(probed)) continue;
    ims_slot *slot = (ims_slot *)((char *)slots + probed);
    if (slot->record < visible_from || slot->mark == epoch) continue;
    slot->mark = epoch;
    // The record, not the slot: the slot may cache a lazy declaration's value, while the
    // bag must hold the declaration (its cell) with its flags and site. A record begins
    // with a binding's fields after the key: one block copy. The bag will own the payload.
    next->key = key;
    __builtin_memcpy(&next->payload, &records[slot->record], sizeof(ims_binding) - sizeof(next->key));
    next->flags &= ~(uint32_t)IMS_FLAG_BORROWED;
    next++;
  } while (++keys != end);
  return (size_t)(next - out);
}

// MARK: - Inspection (Inspection.c)

/// The journal index of the visible binding of `key` in `ctx`, or IMS_NONE.
uint32_t ims_lookup_record(const ims_context *ctx, const void *key);

/// Iterates visible bindings in slot order: returns the next record index, advancing
/// `cursor` (start at 0), or IMS_NONE at the end. Hidden bindings are skipped.
uint32_t ims_next_visible(const ims_context *ctx, uint32_t *cursor);

/// The binding of record `index` (its key, payload, site and flags); false when out of range.
bool ims_binding_at(const ims_context *ctx, uint32_t index, ims_binding *binding);

/// The index of the frame holding record `index` (0 = outermost).
uint32_t ims_frame_of(const ims_context *ctx, uint32_t index);

/// Writes `message` to standard error and flushes it (diagnostics before stopping).
void ims_write_stderr(const char *message);

#endif
