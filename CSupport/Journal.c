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

void ims_declare_all(ims_context *ctx, const ims_binding *bindings, uint32_t count, uintptr_t holder) {
  if (ctx == NULL || ctx->depth == 0) ims_fatal("bag restored without an open frame");
  ims_frame *frame = &ctx->frames[ctx->depth - 1];
  if (holder != 0 && frame->held != 0) ims_fatal("a frame can hold one bag only");
  // A held bag's frame keeps borrowed records until its end (see `ims_frame_end_next`).
  if (holder != 0 && count == 0) ims_fatal("a bag's storage restored without bindings");
  uint32_t extra_flags = holder != 0 ? IMS_FLAG_BORROWED : 0;
  const ims_binding *binding = bindings, *end = bindings + count;
  // A bag restored outside any scope (a callback): the common case, and the cheapest.
  if (ctx->height == 0 && fits_empty(ctx, count)) {
    binding = declare_new_into_empty(ctx, bindings, end, extra_flags);
  } else {
    // Checked here, not in the callees: a small bag into a context with room (the common
    // case) makes no call at all.
    if ((uint64_t)ctx->height + count > ctx->record_capacity) ims_journal_reserve(ctx, count);
    if (((uint64_t)ctx->count + count) * 2 > (uint64_t)ctx->mask + 1) ims_table_reserve(ctx, count);
  }
  if (binding != end) declare_rest(ctx, frame->own_from, binding, end, extra_flags);
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
  uint64_t serial = ims_frame_push(slot, true, file, line);
  if (holder != 0) ims_declare_all(*slot, bindings, count, holder);
  return serial;
}

/// `ims_frame_push_bag`, inlined into both entry points.
__attribute__((always_inline)) static inline uint64_t push_bag(ims_context **slot,
                                                               const ims_binding *bindings,
                                                               uint32_t count, uintptr_t holder,
                                                               const char *file, uint32_t line,
                                                               bool may_be_null) {
  ims_context *ctx = *slot;
  // The fast path: a bag (1 to what the inline storage holds) restored outside any scope,
  // with room for the frame. `count - 1` wraps for 0, which `ims_declare_all` refuses.
  // (The empty context has no frame capacity: creating a context goes the slow way.)
  // A thread's slot is never NULL (the empty context stands for none).
  if (__builtin_expect(holder == 0 || (may_be_null && ctx == NULL) || ctx->depth == ctx->frame_capacity ||
                           ctx->height != 0 || count - 1 >= ctx->record_capacity ||
                           (uint64_t)count * 2 > (uint64_t)ctx->mask + 1, 0)) {
    return push_bag_slow(slot, bindings, count, holder, file, line);
  }
  // A barrier over an empty journal: the floor becomes 0. (The checks above make the
  // inlined push's own room check fold away.)
  uint64_t serial = ims_frame_push(slot, true, file, line);
  ims_frame *frame = &ctx->frames[ctx->depth - 1];
  frame->held = holder;
  const ims_binding *end = bindings + count;
  const ims_binding *rest = declare_new_into_empty(ctx, bindings, end, IMS_FLAG_BORROWED);
  if (__builtin_expect(rest != end, 0)) declare_rest(ctx, 0, rest, end, IMS_FLAG_BORROWED);
  // The borrowed records stay as they are until the frame ends (see `ims_declare_all`).
  frame->own_from = ctx->height;
  IMS_CHECK(ctx);
  return serial;
}

uint64_t ims_frame_push_bag(ims_context **slot, const ims_binding *bindings, uint32_t count,
                            uintptr_t holder, const char *file, uint32_t line) {
  return push_bag(slot, bindings, count, holder, file, line, true);
}

uint64_t ims_thread_push_bag(const ims_binding *bindings, uint32_t count, uintptr_t holder,
                             const char *file, uint32_t line) {
  return push_bag(&ims_current, bindings, count, holder, file, line, false);
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

ims_end_step ims_frame_end_bag(ims_context **slot, ims_context *ctx, ims_frame *frame) {
  // `outermost_slow` is 0 or 1 (see `ims_frame_close`).
  if (__builtin_expect(frame->height != 0 || ctx->depth <= ctx->outermost_slow, 0)) {
    return end_bag_slow(slot, ctx, frame);
  }
  uintptr_t held = frame->held;
  frame->held = 0;
  // Nothing below the bag: each of its keys went into an empty table, so clearing every
  // key it took empties the table (order does not matter when all go).
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
  // Not the outermost frame of a slow context (checked above): the close's own test folds.
  ims_frame_close(slot, ctx, frame);
  return (ims_end_step){held, true};
}

void ims_resolve_lazy(ims_context *ctx, const void *key, uintptr_t lazy, uintptr_t forced) {
  ims_slot *slot = (ims_slot *)ims_visible_slot(ctx, key);
  if (slot == NULL) return;
  const ims_record *record = &ctx->records[slot->record];
  if (!(record->flags & IMS_FLAG_LAZY) || record->payload != lazy) return;
  // The cell owns `forced` and the record owns the cell: the slot may show it for as long
  // as it shows this record (undoing or replacing the record rewrites payload and gate).
  slot->payload = forced;
  slot->gate = slot->record + 1;
  IMS_CHECK(ctx);
}

// The block copy of `ims_capture`.
_Static_assert(offsetof(ims_binding, payload) == sizeof(void *) &&
                   offsetof(ims_binding, file) - offsetof(ims_binding, payload) == offsetof(ims_record, file) &&
                   offsetof(ims_binding, line) - offsetof(ims_binding, payload) == offsetof(ims_record, line) &&
                   offsetof(ims_binding, flags) - offsetof(ims_binding, payload) == offsetof(ims_record, flags) &&
                   offsetof(ims_record, payload) == 0 && sizeof(ims_binding) == 32,
               "a record must begin with the fields of a binding after its key");

size_t ims_capture(ims_context *ctx, const void *const *keys, size_t count, ims_binding *out) {
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
    memcpy(&next->payload, &records[slot->record], sizeof(ims_binding) - sizeof(next->key));
    next->flags &= ~(uint32_t)IMS_FLAG_BORROWED;
    next++;
  } while (++keys != end);
  return (size_t)(next - out);
}
