// The open-addressing key table: power-of-two capacity, linear probing, load factor <= 1/2.
#include "Internal.h"

#include <string.h>

static void table_init(ims_context *ctx, ims_slot *slots, uint32_t capacity) {
  memset(slots, 0, sizeof(ims_slot) * capacity);
  ctx->slots = slots;
  ctx->mask = capacity - 1;
  ctx->count_limit = capacity / 2;
  ctx->shift = ims_table_shift(capacity);
  ctx->count = 0;
}

/// Re-inserts every key into a table of `capacity` slots, in the order its first binding
/// entered the journal (which keeps "undo clears the newest key" valid), and points each
/// record at its key's new slot.
static void rehash(ims_context *ctx, uint32_t capacity) {
  ims_slot *old = ctx->slots;
  table_init(ctx, ims_alloc(sizeof(ims_slot) * capacity), capacity);
  for (uint32_t r = 0; r < ctx->height; r++) {
    ims_record *record = &ctx->records[r];
    const void *key = old[record->slot].key;
    int64_t probed = ims_probe(ctx, key);
    ims_slot *slot = ims_probe_slot(ctx, probed);
    if (!ims_probe_found(probed)) {
      slot->key = key;
      ctx->count += 1;
    }
    uint32_t i = ims_slot_index(ctx, slot);
    // Records come in journal order, so the last one written is the key's newest.
    slot->record = r;
    slot->payload = record->payload;
    slot->gate = ims_gate(r, record->flags);
    record->slot = i;
  }
  if (old != ctx->inline_slots) free(old);
  ctx->outermost_slow = 1;
}

void ims_table_reserve(ims_context *ctx, uint32_t extra) {
  uint64_t needed = ((uint64_t)ctx->count + extra) * 2;
  uint64_t capacity = (uint64_t)ctx->mask + 1;
  if (needed <= capacity) return;
  while (capacity < needed) capacity *= 2;
  if (capacity > (1ull << 31)) ims_fatal("implicit key table cannot grow beyond 2^31 slots");
  rehash(ctx, (uint32_t)capacity);
}

void ims_table_release(ims_context *ctx) {
  if (ctx->slots != ctx->inline_slots) free(ctx->slots);
}

void ims_table_setup(ims_context *ctx) {
  table_init(ctx, ctx->inline_slots, sizeof(ctx->inline_slots) / sizeof(ims_slot));
}
