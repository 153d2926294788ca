// The undo journal: declarations append records, ending a frame pops them (inline in the
// header); growth, re-declarations and declaring many bindings at once (what a bag restore
// that copies does; the restore itself is in BagRestore.c) live here.
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
IMS_HOT uintptr_t declare_with_room(
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

__attribute__((noinline)) void ims_declare_rest(ims_context *ctx, uint32_t frame_height, const ims_binding *binding,
                                                const ims_binding *end, uint32_t extra_flags) {
  for (; binding != end; binding++) {
    uintptr_t replaced = declare_with_room(ctx, frame_height, binding->key, binding->payload,
                                           binding->flags | extra_flags, binding->file,
                                           binding->line, true);
    // Bags hold distinct keys; an owned duplicate would need the caller to release it.
    if (__builtin_expect(replaced != 0, 0)) ims_fatal("a bag restored without a holder repeats a key");
  }
}

// An empty context (a bag restored outside any scope) is the common case and the cheapest.
void ims_declare_bindings(ims_context *ctx, uint32_t frame_height, const ims_binding *bindings, uint32_t count,
                          uint32_t extra_flags) {
  const ims_binding *binding = bindings, *end = bindings + count;
  if (ctx->height == 0 && ims_fits_empty(ctx, count)) {
    binding = ims_declare_new_into_empty(ctx, bindings, end, extra_flags);
  } else {
    // Checked here, not in the callees: a small bag into a context with room (the common
    // case) makes no call at all.
    if ((uint64_t)ctx->height + count > ctx->record_capacity) ims_journal_reserve(ctx, count);
    if (((uint64_t)ctx->count + count) * 2 > (uint64_t)ctx->mask + 1) ims_table_reserve(ctx, count);
  }
  if (binding != end) ims_declare_rest(ctx, frame_height, binding, end, extra_flags);
}

void ims_declare_all(ims_context *ctx, const ims_binding *bindings, uint32_t count, uintptr_t holder) {
  if (ctx == NULL || ctx->depth == 0) ims_fatal("bag restored without an open frame");
  ims_frame *frame = &ctx->frames[ctx->depth - 1];
  if (holder != 0 && frame->held != 0) ims_fatal("a frame can hold one bag only");
  // A held bag's frame keeps borrowed records until its end (see `ims_frame_end_next`).
  if (holder != 0 && count == 0) ims_fatal("a bag's storage restored without bindings");
  ims_declare_bindings(ctx, frame->own_from, bindings, count, holder != 0 ? IMS_FLAG_BORROWED : 0);
  frame->held = holder;
  // The borrowed records stay as they are until the frame ends (re-declaring one of their
  // keys shadows it), so that ending the frame undoes them in one pass.
  if (holder != 0) frame->own_from = ctx->height;
  IMS_CHECK(ctx);
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
