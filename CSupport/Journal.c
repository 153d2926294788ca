// The undo journal: declarations append records, ending a frame pops them (inline in the
// header); growth, re-declarations and the bulk operations of bags live here.
#include "Internal.h"

#include <stddef.h>
#include <string.h>

void ims_journal_reserve(ims_context *ctx, uint32_t extra) {
  uint64_t needed = (uint64_t)ctx->height + extra;
  uint64_t capacity = ctx->record_capacity;
  if (needed <= capacity) return;
  while (capacity < needed) capacity *= 2;
  if (capacity > UINT32_MAX) ims_fatal("implicit journal cannot grow beyond 2^32 records");
  ims_record *records = ims_alloc(sizeof(ims_record) * capacity);
  memcpy(records, ctx->records, sizeof(ims_record) * ctx->height);
  if (ctx->records != ctx->inline_records) free(ctx->records);
  ctx->records = records;
  ctx->record_capacity = (uint32_t)capacity;
  ctx->outermost_slow = 1;
}

_Noreturn void ims_journal_corrupted(void) {
  ims_fatal("implicit journal and key table disagree (corrupted context)");
}

/// Re-declaration in the innermost frame: replaces the record in place, so a loop of
/// re-declarations does not grow the journal. Returns the payload to release, or 0.
__attribute__((noinline)) static uintptr_t replace_in_place(ims_context *ctx, ims_slot *slot,
                                                           uintptr_t payload, uint32_t flags,
                                                           const char *file, uint32_t line) {
  ims_record *record = &ctx->records[slot->record];
  uintptr_t replaced = record->payload;
  uint32_t replaced_flags = record->flags;
  record->payload = payload;
  record->flags = flags;
  record->file = file;
  record->line = line;
  slot->payload = payload;
  slot->gate = ims_gate(slot->record, flags);
  bool owned = (replaced_flags & (IMS_FLAG_OBJECT | IMS_FLAG_BORROWED)) == IMS_FLAG_OBJECT;
  return owned ? replaced : 0;
}

/// Declares one binding in the innermost frame, whose journal height is `frame_height`;
/// the journal has room for it, and the table too when `table_has_room` (a constant at
/// each call, so the growth check folds away where the caller reserved for every key).
/// Inline: `ims_declare_all` runs it once per bag value.
__attribute__((always_inline)) static inline uintptr_t declare_with_room(
    ims_context *ctx, uint32_t frame_height, const void *key, uintptr_t payload, uint32_t flags,
    const char *file, uint32_t line, bool table_has_room) {
  int64_t probed = ims_probe(ctx, key);
  ims_slot *slot = ims_probe_slot(ctx, probed);
  uint32_t previous = IMS_NONE;
  if (ims_probe_found(probed)) {
    // Re-declaring in the same frame is the rare case (and, for a bag, a duplicate key).
    if (__builtin_expect(slot->record >= frame_height, 0)) {
      return replace_in_place(ctx, slot, payload, flags, file, line);
    }
    previous = slot->record;
  } else {
    if (!table_has_room && __builtin_expect(ctx->count >= ctx->count_limit, 0)) {
      ims_table_reserve(ctx, 1);
      slot = ims_probe_slot(ctx, ims_probe(ctx, key));
    }
    slot->key = key;
    ctx->count += 1;
  }
  ims_record_append(ctx, slot, payload, flags, file, line, previous);
  return 0;
}

uintptr_t ims_declare_slow(ims_context *ctx, const void *key, uintptr_t payload, uint32_t flags,
                           const char *file, uint32_t line) {
  if (ctx == NULL || ctx->depth == 0) return IMS_DECLARE_NO_FRAME;
  // A restored bag's table stands in for the context's (its count limit of 0 and its
  // slots' records send every declaration here): the bag's bindings go in first.
  if (ctx->swapped_table != NULL) ims_bag_materialize(ctx);
  ims_journal_reserve(ctx, 1);
  uintptr_t replaced =
      declare_with_room(ctx, ctx->frames[ctx->depth - 1].own_from, key, payload, flags, file, line, false);
  IMS_CHECK(ctx);
  return replaced;
}

/// Declares bags' bindings in a frame with nothing below it (the journal and table are
/// empty, with room for `end - bindings` keys): every key is new, so each value is one
/// probe for an empty slot, one slot and one record written, with the table, journal and
/// height kept in registers. Returns the first binding not declared: `end`, or a repeated
/// key (none made by this library does), which `declare_rest` takes from there.
_Static_assert(offsetof(ims_record, previous) == offsetof(ims_binding, flags) + sizeof(uint32_t) -
                   offsetof(ims_binding, payload) &&
                   offsetof(ims_record, file) == offsetof(ims_binding, file) - offsetof(ims_binding, payload) &&
                   offsetof(ims_record, line) == offsetof(ims_binding, line) - offsetof(ims_binding, payload) &&
                   offsetof(ims_record, flags) == offsetof(ims_binding, flags) - offsetof(ims_binding, payload),
               "a binding's payload, file, line and flags are laid out as a record's");

__attribute__((always_inline)) static inline const ims_binding *declare_new_into_empty(
    ims_context *ctx, const ims_binding *bindings, const ims_binding *end, uint32_t extra_flags) {
  // The table's fields in registers: the stores below could alias them.
  ims_slot *slots = ctx->slots;
  uint64_t mask = ctx->mask;
  uint32_t shift = ctx->shift;
  ims_record *next_record = ctx->records;
  uint32_t height = 0;
  const ims_binding *binding = bindings;
  for (; binding != end; binding++) {
    const void *key = binding->key;
    int64_t probed = ims_probe_table(slots, mask, shift, key, false);
    if (__builtin_expect(ims_probe_found(probed), 0)) break;
    ims_slot *slot = (ims_slot *)((char *)slots + ~probed);
    uintptr_t payload = binding->payload;
    uint32_t flags = binding->flags | extra_flags;
    ims_record *record = next_record++;
    // payload, file, line and flags: one block, laid out alike in both (asserted above).
    memcpy(record, &binding->payload, offsetof(ims_record, previous));
    record->flags |= extra_flags;
    record->previous = IMS_NONE;
    record->slot = (uint32_t)(slot - slots);
    slot->key = key;
    slot->payload = payload;
    slot->record = height;
    slot->gate = ims_gate(height, flags);
    height += 1;
  }
  ctx->height = height;
  ctx->count = height;
  return binding;
}

/// Whether `count` bindings fit an empty context's journal and table as they are.
static inline bool fits_empty(const ims_context *ctx, uint32_t count) {
  return count <= ctx->record_capacity && (uint64_t)count * 2 <= (uint64_t)ctx->mask + 1;
}

/// Declares `[binding, end)` in the innermost frame, whose own records start at
/// `frame_height`; the journal and table have room for all of them. A repeated key
/// replaces the earlier value in place (the later wins).
__attribute__((noinline)) static void declare_rest(ims_context *ctx, uint32_t frame_height,
                                                   const ims_binding *binding, const ims_binding *end,
                                                   uint32_t extra_flags) {
  for (; binding != end; binding++) {
    uintptr_t replaced = declare_with_room(ctx, frame_height, binding->key, binding->payload,
                                           binding->flags | extra_flags, binding->file,
                                           binding->line, true);
    // Bags hold distinct keys; an owned duplicate would need the caller to release it.
    if (__builtin_expect(replaced != 0, 0)) ims_fatal("a bag restored without a holder repeats a key");
  }
}

/// Declares `count` bindings in the innermost frame of their bag, whose own records start at
/// `frame_height`: into an empty context in one tight pass (a bag restored outside any
/// scope, the common case and the cheapest), otherwise after growing the journal and table
/// once each.
static void declare_bindings(ims_context *ctx, uint32_t frame_height, const ims_binding *bindings,
                             uint32_t count, uint32_t extra_flags) {
  const ims_binding *binding = bindings, *end = bindings + count;
  if (ctx->height == 0 && fits_empty(ctx, count)) {
    binding = declare_new_into_empty(ctx, bindings, end, extra_flags);
  } else {
    // Checked here, not in the callees: a small bag into a context with room (the common
    // case) makes no call at all.
    if ((uint64_t)ctx->height + count > ctx->record_capacity) ims_journal_reserve(ctx, count);
    if (((uint64_t)ctx->count + count) * 2 > (uint64_t)ctx->mask + 1) ims_table_reserve(ctx, count);
  }
  if (binding != end) declare_rest(ctx, frame_height, binding, end, extra_flags);
}

void ims_declare_all(ims_context *ctx, const ims_binding *bindings, uint32_t count, uintptr_t holder) {
  if (ctx == NULL || ctx->depth == 0) ims_fatal("bag restored without an open frame");
  ims_frame *frame = &ctx->frames[ctx->depth - 1];
  if (holder != 0 && frame->held != 0) ims_fatal("a frame can hold one bag only");
  // A held bag's frame keeps borrowed records until its end (see `ims_frame_end_next`).
  if (holder != 0 && count == 0) ims_fatal("a bag's storage restored without bindings");
  declare_bindings(ctx, frame->own_from, bindings, count, holder != 0 ? IMS_FLAG_BORROWED : 0);
  frame->held = holder;
  // The borrowed records stay as they are until the frame ends (re-declaring one of their
  // keys shadows it), so that ending the frame undoes them in one pass.
  if (holder != 0) frame->own_from = ctx->height;
  IMS_CHECK(ctx);
}

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
__attribute__((always_inline)) static inline uint64_t push_bag_copy_fast(ims_context *ctx,
                                                                         const ims_binding *bindings,
                                                                         uint32_t count, uintptr_t holder,
                                                                         const char *file, uint32_t line) {
  // (The empty context has no frame capacity: creating a context goes the slow way. A held
  // bag has bindings: `ims_declare_all` refuses an empty one.)
  if (__builtin_expect(ctx->depth == ctx->frame_capacity || ctx->height != 0 || count == 0 ||
                           !fits_empty(ctx, count) || ctx->swapped_table != NULL,
                       0)) {
    return 0;
  }
  // A barrier over an empty journal: the floor becomes 0.
  ims_frame *frame = ims_frame_open(ctx, true, file, line);
  frame->held = holder;
  const ims_binding *end = bindings + count;
  const ims_binding *rest = declare_new_into_empty(ctx, bindings, end, IMS_FLAG_BORROWED);
  if (__builtin_expect(rest != end, 0)) declare_rest(ctx, 0, rest, end, IMS_FLAG_BORROWED);
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
__attribute__((always_inline)) static inline uint64_t push_bag_swapping(
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
__attribute__((always_inline)) static inline uint64_t push_bag_untabled(
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
__attribute__((always_inline)) static inline bool push_bag_fast(ims_context *ctx, uintptr_t holder,
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
  declare_bindings(ctx, frame->own_from, table->bindings, table->count, IMS_FLAG_BORROWED);
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
__attribute__((always_inline)) static inline ims_end_step end_bag_swapped(ims_context **slot, ims_context *ctx,
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

void ims_resolve_lazy(ims_context *ctx, const void *key, uintptr_t lazy, uintptr_t forced) {
  ims_slot *slot = (ims_slot *)ims_visible_slot(ctx, key);
  // A bag's table holds no lazy declaration (`bag_table_build`), and no record.
  if (slot == NULL || slot->record == IMS_NONE) return;
  const ims_record *record = &ctx->records[slot->record];
  if (!(record->flags & IMS_FLAG_LAZY) || record->payload != lazy) return;
  // The cell owns `forced` and the record owns the cell: the slot may show it for as long
  // as it shows this record (undoing or replacing the record rewrites payload and gate).
  slot->payload = forced;
  slot->gate = slot->record + 1;
  IMS_CHECK(ctx);
}
