// The open-addressing key table: power-of-two capacity, linear probing, load factor <= 1/2.
#include "Internal.h"

#include <string.h>

static uint32_t log2_u32(uint32_t x) { return 31u - (uint32_t)__builtin_clz(x); }

static void table_init(ims_context *ctx, ims_slot *slots, uint32_t capacity) {
  memset(slots, 0, sizeof(ims_slot) * capacity);
  ctx->slots = slots;
  ctx->mask = capacity - 1;
  ctx->shift = 64u - log2_u32(capacity);
  ctx->count = 0;
}

static ims_slot *place(ims_context *ctx, const void *key) {
  uint32_t i = ims_hash(ctx, key);
  while (ctx->slots[i].key != NULL) i = (i + 1) & ctx->mask;
  ims_slot *slot = &ctx->slots[i];
  slot->key = key;
  ctx->count += 1;
  return slot;
}

/// Doubles the table and re-inserts the visible keys in the order their first binding
/// entered the journal, which keeps "undo clears the newest key" valid after growth.
static void grow(ims_context *ctx) {
  uint32_t capacity = (ctx->mask + 1) * 2;
  if (capacity == 0) ims_fatal("implicit key table cannot grow beyond 2^31 slots");
  ims_slot *old = ctx->slots;
  table_init(ctx, ims_alloc(sizeof(ims_slot) * capacity), capacity);
  for (uint32_t r = 0; r < ctx->height; r++) {
    const ims_record *record = &ctx->records[r];
    if (record->previous != IMS_NONE) continue; // shadows a key that is already placed
    ims_slot *slot = place(ctx, record->key);
    (void)slot;
  }
  // Every key now has a slot; point each at its visible (newest) record.
  for (uint32_t r = 0; r < ctx->height; r++) {
    const ims_record *record = &ctx->records[r];
    ims_slot *slot = ims_table_find(ctx, record->key);
    slot->record = r;
    slot->payload = record->payload;
  }
  if (old != ctx->inline_slots) free(old);
}

ims_slot *ims_table_insert(ims_context *ctx, const void *key) {
  if ((ctx->count + 1) * 2 > ctx->mask + 1) grow(ctx);
  return place(ctx, key);
}

void ims_table_release(ims_context *ctx) {
  if (ctx->slots != ctx->inline_slots) free(ctx->slots);
}

void ims_table_setup(ims_context *ctx) {
  table_init(ctx, ctx->inline_slots, sizeof(ctx->inline_slots) / sizeof(ims_slot));
}
