// The undo journal: declarations append records, ending a frame pops them.
#include "Internal.h"

#include <string.h>

static void grow_records(ims_context *ctx) {
  uint32_t capacity = ctx->record_capacity * 2;
  if (capacity == 0) ims_fatal("implicit journal cannot grow beyond 2^32 records");
  ims_record *records = ims_alloc(sizeof(ims_record) * capacity);
  memcpy(records, ctx->records, sizeof(ims_record) * ctx->height);
  if (ctx->records != ctx->inline_records) free(ctx->records);
  ctx->records = records;
  ctx->record_capacity = capacity;
}

bool ims_declare_slow(ims_context *ctx, const void *key, uintptr_t payload, uint32_t flags,
                      const void *value_type, const char *file, uint32_t line, uintptr_t *replaced,
                      uint32_t *replaced_flags) {
  if (ctx == NULL || ctx->depth == 0) return false;
  uint32_t frame_index = ctx->depth - 1;
  uint32_t frame_height = ctx->frames[frame_index].height;
  *replaced_flags = 0;

  ims_slot *slot = ims_table_find(ctx, key);
  if (slot != NULL && slot->record >= frame_height) {
    // Re-declared in the same frame: replace in place so a loop of re-declarations
    // does not grow the journal.
    ims_record *record = &ctx->records[slot->record];
    *replaced = record->payload;
    *replaced_flags = record->flags;
    record->payload = payload;
    record->flags = flags;
    record->value_type = value_type;
    record->file = file;
    record->line = line;
    slot->payload = payload;
    return true;
  }
  if (ctx->height == ctx->record_capacity) grow_records(ctx);
  uint32_t previous = slot ? slot->record : IMS_NONE;
  if (slot == NULL) slot = ims_table_insert(ctx, key);
  ims_record_append(ctx, slot, key, payload, flags, value_type, file, line, previous);
  return true;
}

bool ims_frame_unwind_slow(ims_context *ctx, uintptr_t *owned_payload) {
  // The inline ims_frame_unwind only gets here when a record's key has no slot, or its slot
  // points elsewhere: the journal and the table disagree.
  (void)ctx;
  (void)owned_payload;
  ims_fatal("implicit journal and key table disagree (corrupted context)");
}
