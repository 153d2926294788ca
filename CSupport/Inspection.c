// Read-only views of the context for dumps, tests and benchmarks; never on a hot path.
#include "Internal.h"

uint32_t ims_lookup_record(const ims_context *ctx, const void *key) {
  if (ctx == NULL) return IMS_NONE;
  const ims_slot *slot = ims_table_find(ctx, key);
  return (slot && slot->record >= ctx->floor) ? slot->record : IMS_NONE;
}

uint32_t ims_next_visible(const ims_context *ctx, uint32_t *cursor) {
  if (ctx == NULL) return IMS_NONE;
  while (*cursor <= ctx->mask) {
    const ims_slot *slot = &ctx->slots[(*cursor)++];
    if (slot->key != NULL && slot->record >= ctx->floor) return slot->record;
  }
  return IMS_NONE;
}

const ims_record *ims_record_at(const ims_context *ctx, uint32_t index) {
  return (ctx && index < ctx->height) ? &ctx->records[index] : NULL;
}

uint32_t ims_table_capacity(const ims_context *ctx) { return ctx ? ctx->mask + 1 : 0; }

static uint32_t probe_length(const ims_context *ctx, uint32_t index) {
  uint32_t home = ims_hash(ctx, ctx->slots[index].key);
  return ((index - home) & ctx->mask) + 1;
}

uint32_t ims_max_probe_length(const ims_context *ctx) {
  if (ctx == NULL) return 0;
  uint32_t longest = 0;
  for (uint32_t i = 0; i <= ctx->mask; i++) {
    if (ctx->slots[i].key == NULL) continue;
    uint32_t length = probe_length(ctx, i);
    if (length > longest) longest = length;
  }
  return longest;
}

const char *ims_check_invariants(const ims_context *ctx) {
  if (ctx == NULL) return NULL;
  uint32_t capacity = ctx->mask + 1;
  if ((capacity & ctx->mask) != 0) return "table capacity is not a power of two";
  if (ctx->count * 2 > capacity) return "table load factor exceeds 1/2";
  if (ctx->depth == 0) return "a context exists with no open frame";
  if (ctx->height > ctx->record_capacity) return "journal height exceeds its capacity";
  if (ctx->depth > ctx->frame_capacity) return "frame depth exceeds its capacity";
  if (ctx->floor > ctx->height) return "visibility floor above the journal height";

  uint32_t previous_height = 0;
  for (uint32_t f = 0; f < ctx->depth; f++) {
    const ims_frame *frame = &ctx->frames[f];
    if (frame->height < previous_height) return "frame heights are not monotonic";
    if (frame->height > ctx->height) return "frame height above the journal height";
    previous_height = frame->height;
  }

  uint32_t occupied = 0;
  for (uint32_t i = 0; i < capacity; i++) {
    const ims_slot *slot = &ctx->slots[i];
    if (slot->key == NULL) continue;
    occupied++;
    // Linear probing: every slot between the key's home and its position is occupied.
    uint32_t home = ims_hash(ctx, slot->key);
    for (uint32_t j = home; j != i; j = (j + 1) & ctx->mask) {
      if (ctx->slots[j].key == NULL) return "probe sequence has a hole (key unreachable)";
    }
    if (slot->record >= ctx->height) return "slot points past the journal";
    const ims_record *record = &ctx->records[slot->record];
    if (record->key != slot->key) return "slot and its record name different keys";
    if (record->payload != slot->payload) return "slot payload differs from its record";
    for (uint32_t r = slot->record + 1; r < ctx->height; r++) {
      if (ctx->records[r].key == slot->key) return "slot does not point at the newest record";
    }
  }
  if (occupied != ctx->count) return "table count differs from occupied slots";

  for (uint32_t r = 0; r < ctx->height; r++) {
    const ims_record *record = &ctx->records[r];
    if (record->frame >= ctx->depth) return "record belongs to a closed frame";
    if (r < ctx->frames[record->frame].height) return "record lies below its frame";
    if (record->frame + 1 < ctx->depth && r >= ctx->frames[record->frame + 1].height)
      return "record lies above its frame";
    if (record->previous == IMS_NONE) {
      if (ims_table_find(ctx, record->key) == NULL) return "declared key missing from the table";
    } else {
      if (record->previous >= r) return "record shadows a later record";
      if (ctx->records[record->previous].key != record->key) return "record shadows another key";
    }
  }
  return NULL;
}
