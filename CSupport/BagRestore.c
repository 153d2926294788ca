// Restoring a bag into a thread's context, and ending the restored bag's frame: one
// barrier frame holding the bag, read through the bag's own key table (built by its second
// restore) or with its bindings copied in (see ImplicitsCSupport.h, "Bags", and
// CSupport/README.md, "Bag restore").
#include "Internal.h"

#include <stddef.h>
#include <string.h>

/// `ims_frame_push_bag` when its fast path does not apply: a frame and `ims_declare_all`.
__attribute__((noinline)) static uint64_t push_bag_slow(ims_context **slot, const ims_binding *bindings,
                                                        uint32_t count, uintptr_t holder,
                                                        const char *file, uint32_t line) {
  // A bag restored over another bag's table: the outer bag's bindings go in first, so that
  // the journal holds what the new frame hides.
  if (*slot != NULL && (*slot)->swapped_table != NULL) ims_bag_materialize(*slot);
  uint64_t serial = ims_frame_push(slot, true, file, line);
  if (holder != 0) ims_declare_all(*slot, bindings, count, holder);
  return serial;
}

/// The copying fast path: a bag (1 to what the inline storage holds) restored outside any
/// scope (a callback: the journal is empty) into `ctx`, which has room for the frame and no
/// other bag's table in place. Its first restore on a thread, or a bag without a table.
/// Returns the frame's serial, or 0 having done nothing.
IMS_HOT uint64_t push_bag_copy_fast(ims_context *ctx,
                                                                         const ims_binding *bindings,
                                                                         uint32_t count, uintptr_t holder,
                                                                         const char *file, uint32_t line) {
  // (The empty context has no frame capacity: creating a context goes the slow way. A held
  // bag has bindings: `ims_declare_all` refuses an empty one.)
  if (__builtin_expect(ctx->depth == ctx->frame_capacity || ctx->height != 0 || count == 0 ||
                           !ims_fits_empty(ctx, count) || ctx->swapped_table != NULL,
                       0)) {
    return 0;
  }
  // A barrier over an empty journal: the floor becomes 0.
  ims_frame *frame = ims_frame_open(ctx, true, file, line);
  frame->held = holder;
  const ims_binding *end = bindings + count;
  const ims_binding *rest = ims_declare_new_into_empty(ctx, bindings, end, IMS_FLAG_BORROWED);
  if (__builtin_expect(rest != end, 0)) ims_declare_rest(ctx, 0, rest, end, IMS_FLAG_BORROWED);
  // The borrowed records stay as they are until the frame ends (see `ims_declare_all`).
  frame->own_from = ctx->height;
  IMS_CHECK(ctx);
  return frame->serial;
}

/// The table of `count` bindings, or IMS_BAG_TABLE_NEVER when one is a lazy declaration.
static uintptr_t bag_table_build(const ims_binding *bindings, uint32_t count) {
  for (uint32_t i = 0; i < count; i++) {
    if (bindings[i].flags & IMS_FLAG_LAZY) return IMS_BAG_TABLE_NEVER;
  }
  // Load factor <= 1/2, as a context's table: probes as short as the thread's own.
  uint64_t capacity = 2;
  while (capacity < (uint64_t)count * 2) capacity *= 2;
  if (capacity > (1ull << 31)) return IMS_BAG_TABLE_NEVER;
  ims_bag_table *table = ims_alloc(sizeof(ims_bag_table) + sizeof(ims_slot) * capacity);
  memset(table->slots, 0, sizeof(ims_slot) * capacity);
  table->bindings = bindings;
  table->count = count;
  table->mask = (uint32_t)capacity - 1;
  table->shift = ims_table_shift((uint32_t)capacity);
  for (uint32_t i = 0; i < count; i++) {
    int64_t probed = ims_probe_table(table->slots, table->mask, table->shift, bindings[i].key, false);
    ims_slot *slot = (ims_slot *)((char *)table->slots + (probed >= 0 ? probed : ~probed));
    // A repeated key: the later binding wins, as when the bag is copied in.
    slot->key = bindings[i].key;
    slot->payload = bindings[i].payload;
    slot->record = IMS_NONE;
    slot->gate = UINT32_MAX;
  }
  return (uintptr_t)table;
}

void ims_bag_table_free(uintptr_t cell) { free((void *)cell); }

/// Builds the table of a bag restored once before and installs it in its cell (another
/// thread may install its own first, which is then used). Returns the cell's state after.
__attribute__((noinline)) static uintptr_t bag_table_install(uintptr_t *cell, const ims_binding *bindings,
                                                             uint32_t count) {
  uintptr_t built = bag_table_build(bindings, count);
  uintptr_t expected = IMS_BAG_TABLE_ONCE;
  if (!__atomic_compare_exchange_n(cell, &expected, built, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    ims_bag_table_release(built);
    return expected;
  }
  return built;
}

/// Restores a bag by pointing `ctx`'s table at the bag's own: a barrier frame holding the
/// bag, and the table fields swapped, whatever the bag's size. `ctx` has room for a frame
/// and no other bag's table in place.
IMS_HOT uint64_t push_bag_swapping(
    ims_context *ctx, const ims_bag_table *table, uintptr_t holder, const char *file, uint32_t line) {
  ims_frame *frame = ims_frame_open(ctx, true, file, line);
  frame->held = holder;
  ctx->saved_slots = ctx->slots;
  ctx->saved_mask = ctx->mask;
  ctx->saved_shift = ctx->shift;
  ctx->slots = (ims_slot *)table->slots;
  ctx->mask = table->mask;
  ctx->shift = table->shift;
  // A new key at any count goes to `ims_declare_slow`, which copies the bag in first.
  ctx->count_limit = 0;
  ctx->swapped_table = table;
  IMS_CHECK(ctx);
  return frame->serial;
}

/// Whether a bag may be restored into `ctx` by swapping tables.
static inline bool can_swap(const ims_context *ctx, bool may_be_null) {
  // The empty context has no frame capacity: creating a context goes the copying way.
  return !(may_be_null && ctx == NULL) && ctx->depth != ctx->frame_capacity && ctx->swapped_table == NULL;
}

/// A restore off the table fast path (`ctx` is `*slot`): counts the restore in the bag's
/// cell (the first marks it, the second builds the table), then reads the table, or copies
/// the bindings in (fast when outside any scope), or takes the general way.
IMS_HOT uint64_t push_bag_untabled(
    ims_context **slot, ims_context *ctx, const ims_binding *bindings, uint32_t count, uintptr_t holder,
    uintptr_t *table_cell, const char *file, uint32_t line, bool may_be_null) {
  bool has_context = !(may_be_null && ctx == NULL);
  if (holder != 0 && table_cell != NULL) {
    uintptr_t state = __atomic_load_n(table_cell, __ATOMIC_ACQUIRE);
    if (state == IMS_BAG_TABLE_UNUSED) {
      // This restore copies; if another thread moved the cell on meanwhile, so be it.
      __atomic_compare_exchange_n(table_cell, &state, IMS_BAG_TABLE_ONCE, false, __ATOMIC_RELAXED,
                                  __ATOMIC_RELAXED);
    } else if (state == IMS_BAG_TABLE_ONCE) {
      state = bag_table_install(table_cell, bindings, count);
      if (state > IMS_BAG_TABLE_NEVER && has_context && can_swap(ctx, false)) {
        return push_bag_swapping(ctx, (const ims_bag_table *)state, holder, file, line);
      }
    }
  }
  if (holder != 0 && has_context) {
    uint64_t serial = push_bag_copy_fast(ctx, bindings, count, holder, file, line);
    if (serial != 0) return serial;
  }
  return push_bag_slow(slot, bindings, count, holder, file, line);
}

/// `ims_frame_push_bag`'s fast path, inlined into both entry points: a bag restored
/// before, with its table built, into a context with room for a frame. True with the
/// frame's serial in `serial`. The table cell is read once: a built table never changes.
IMS_HOT bool push_bag_fast(ims_context *ctx, uintptr_t holder,
                                                                uintptr_t *table_cell, const char *file,
                                                                uint32_t line, bool may_be_null,
                                                                uint64_t *serial) {
  uintptr_t table = table_cell != NULL ? __atomic_load_n(table_cell, __ATOMIC_ACQUIRE) : IMS_BAG_TABLE_UNUSED;
  if (__builtin_expect(table > IMS_BAG_TABLE_NEVER && holder != 0 && can_swap(ctx, may_be_null), 1)) {
    *serial = push_bag_swapping(ctx, (const ims_bag_table *)table, holder, file, line);
    return true;
  }
  return false;
}

uint64_t ims_frame_push_bag(ims_context **slot, const ims_binding *bindings, uint32_t count,
                            uintptr_t holder, uintptr_t *table_cell, const char *file, uint32_t line) {
  ims_context *ctx = *slot;
  uint64_t serial;
  if (push_bag_fast(ctx, holder, table_cell, file, line, true, &serial)) return serial;
  return push_bag_untabled(slot, ctx, bindings, count, holder, table_cell, file, line, true);
}

/// A bag's storage as `_BagStorage` (Swift) lays it out: the object's header (two words),
/// the bag's header, then its bindings. Checked by `BagLayoutTests`.
typedef struct bag_storage {
  void *object_header[2];
  intptr_t count;
  void *task_map;
  uintptr_t table; // see IMS_BAG_TABLE_UNUSED
  ims_binding bindings[];
} bag_storage;

/// `ims_thread_push_bag` off its table fast path. Apart, and with four arguments, so that
/// the fast path is reached by a jump and saves no register; the thread-local slot is read
/// only on the general way.
__attribute__((noinline)) static uint64_t thread_push_bag_untabled(ims_context *ctx, bag_storage *storage,
                                                                   const char *file, uint32_t line) {
  return push_bag_untabled(&ims_current, ctx, storage->bindings, (uint32_t)storage->count,
                           (uintptr_t)storage, &storage->table, file, line, false);
}

uint64_t ims_thread_push_bag(ims_context *ctx, uintptr_t holder, const char *file, uint32_t line) {
  bag_storage *storage = (bag_storage *)holder;
  uint64_t serial;
  // A storage object is never at 0: `push_bag_fast`'s test of `holder` folds.
  __builtin_assume(holder != 0);
  if (push_bag_fast(ctx, holder, &storage->table, file, line, false, &serial)) return serial;
  return thread_push_bag_untabled(ctx, storage, file, line);
}

size_t ims_bag_storage_offset(int field) {
  switch (field) {
  case 0: return offsetof(bag_storage, count);
  case 1: return offsetof(bag_storage, table);
  default: return offsetof(bag_storage, bindings);
  }
}

void ims_bag_materialize(ims_context *ctx) {
  const ims_bag_table *table = ctx->swapped_table;
  ims_table_swap_back(ctx);
  // The bag's frame: the innermost holding an object. Frames above it hold nothing and
  // have no records (the first declaration would have come here); the bag's bindings go
  // in below them, as if copied when the bag was restored.
  uint32_t index = ims_innermost_bag_frame(ctx);
  if (index == IMS_NONE) ims_journal_corrupted();
  ims_frame *frame = &ctx->frames[index];
  ims_declare_bindings(ctx, frame->own_from, table->bindings, table->count, IMS_FLAG_BORROWED);
  frame->own_from = ctx->height;
  for (uint32_t above = index + 1; above < ctx->depth; above++) {
    ctx->frames[above].height = ctx->height;
    ctx->frames[above].own_from = ctx->height;
  }
  IMS_CHECK(ctx);
}

/// `ims_frame_end_bag` over a bag restored inside other scopes (its records may shadow
/// outer ones, so each is undone as `end()` undoes any record), or when the frame is the
/// outermost one of a context that must give back storage.
__attribute__((noinline)) static ims_end_step end_bag_slow(ims_context **slot, ims_context *ctx,
                                                           ims_frame *frame) {
  uintptr_t held = frame->held;
  frame->held = 0;
  while (ctx->height > frame->height) ims_record_undo_top(ctx);
  frame->own_from = frame->height;
  IMS_CHECK(ctx);
  ims_frame_close(slot, ctx, frame);
  return (ims_end_step){held, true};
}

/// Ends the frame of a bag whose table stands in for the context's (never written: frames
/// above it had no records): the own table goes back and the frame closes.
IMS_HOT ims_end_step end_bag_swapped(ims_context **slot, ims_context *ctx,
                                                                          ims_frame *frame) {
  uintptr_t held = frame->held;
  frame->held = 0;
  ims_table_swap_back(ctx);
  IMS_CHECK(ctx);
  ims_frame_close(slot, ctx, frame);
  return (ims_end_step){held, true};
}

/// `ims_frame_end_bag` when the frame is the outermost one of a context that must give back
/// storage (the close may free it).
__attribute__((noinline)) static ims_end_step end_bag_outermost(ims_context **slot, ims_context *ctx,
                                                                ims_frame *frame) {
  if (ctx->swapped_table == NULL) return end_bag_slow(slot, ctx, frame);
  return end_bag_swapped(slot, ctx, frame);
}

ims_end_step ims_frame_end_bag(ims_context **slot, ims_context *ctx, ims_frame *frame) {
  // `outermost_slow` is 0 or 1 (see `ims_frame_close`). Below, the close's own test folds.
  if (__builtin_expect(ctx->depth <= ctx->outermost_slow, 0)) return end_bag_outermost(slot, ctx, frame);
  if (__builtin_expect(ctx->swapped_table != NULL, 1)) return end_bag_swapped(slot, ctx, frame);
  if (__builtin_expect(frame->height != 0, 0)) return end_bag_slow(slot, ctx, frame);
  uintptr_t held = frame->held;
  frame->held = 0;
  // Copied in with nothing below: each of its keys went into an empty table, so clearing
  // every key it took empties the table (order does not matter when all go).
  ims_slot *slots = ctx->slots;
  const ims_record *record = ctx->records, *end = ctx->records + ctx->height;
  // A held bag has at least one binding (`ims_declare_all` refuses an empty one): no
  // test before the first.
#pragma clang loop unroll_count(2)
  do {
    slots[record->slot].key = NULL;
  } while (++record != end);
  ctx->count = 0;
  ctx->height = 0;
  frame->own_from = 0;
  IMS_CHECK(ctx);
  ims_frame_close(slot, ctx, frame);
  return (ims_end_step){held, true};
}

