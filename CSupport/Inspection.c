// Read-only views of a context for dumps, tests and benchmarks, and its invariants;
// never on a hot path.
#include "Internal.h"

uint32_t ims_lookup_record(const ims_context *ctx, const void *key) {
  const ims_slot *slot = ims_visible_slot(ctx, key);
  return slot == NULL ? IMS_NONE : slot->record;
}

uint32_t ims_next_visible(const ims_context *ctx, uint32_t *cursor) {
  if (ctx == NULL) return IMS_NONE;
  while (*cursor <= ctx->mask) {
    const ims_slot *slot = &ctx->slots[(*cursor)++];
    if (slot->key != NULL && slot->record >= ctx->floor) return slot->record;
  }
  return IMS_NONE;
}

bool ims_binding_at(const ims_context *ctx, uint32_t index, ims_binding *binding) {
  if (ctx == NULL || index >= ctx->height) return false;
  const ims_record *record = &ctx->records[index];
  binding->key = ctx->slots[record->slot].key;
  binding->payload = record->payload;
  binding->file = record->file;
  binding->line = record->line;
  binding->flags = record->flags;
  return true;
}

uint32_t ims_frame_of(const ims_context *ctx, uint32_t index) {
  // The last frame whose height is <= index: frame heights are monotonic.
  uint32_t low = 0, high = ctx->depth;
  while (high - low > 1) {
    uint32_t middle = low + (high - low) / 2;
    if (ctx->frames[middle].height <= index) low = middle; else high = middle;
  }
  return low;
}

uint32_t ims_table_capacity(const ims_context *ctx) { return ctx ? ctx->mask + 1 : 0; }

static uint32_t probe_length(const ims_context *ctx, uint32_t index) {
  uint32_t home = (uint32_t)ims_hash(ctx, ctx->slots[index].key);
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

/// `swapped`: the index of the frame whose bag's table stands in for the context's table,
/// or IMS_NONE.
static const char *check_frames(const ims_context *ctx, uint32_t swapped) {
  uint32_t previous_height = 0;
  for (uint32_t f = 0; f < ctx->depth; f++) {
    const ims_frame *frame = &ctx->frames[f];
    if (frame->height < previous_height) return "frame heights are not monotonic";
    if (frame->height > ctx->height) return "frame height above the journal height";
    if (frame->floor > frame->height) return "frame floor above its height";
    uint32_t end = f + 1 < ctx->depth ? ctx->frames[f + 1].height : ctx->height;
    if (frame->own_from < frame->height || frame->own_from > end) {
      return "frame's own records start outside the frame";
    }
    // The bulk undo of a restored bag relies on its records owning nothing and on a bag
    // pushed onto an empty journal holding each key once.
    if (frame->held != 0 && frame->own_from == frame->height && f != swapped) {
      return "a frame holds a bag without bindings";
    }
    for (uint32_t r = frame->height; r < frame->own_from; r++) {
      if (!(ctx->records[r].flags & IMS_FLAG_BORROWED)) return "a restored bag's record owns its payload";
      if (frame->height == 0 && ctx->records[r].previous != IMS_NONE) {
        return "a bag restored into an empty journal shadows a record";
      }
    }
    previous_height = frame->height;
  }
  if (ctx->frames[-1].serial != 0) return "the sentinel below the frame stack has a serial";
  for (uint32_t f = ctx->depth; f < ctx->frame_capacity; f++) {
    if (ctx->frames[f].held != 0) return "a closed frame still holds an object";
  }
  return NULL;
}

static const char *check_slots(const ims_context *ctx) {
  uint32_t occupied = 0;
  for (uint32_t i = 0; i <= ctx->mask; i++) {
    const ims_slot *slot = &ctx->slots[i];
    if (slot->key == NULL) continue;
    occupied++;
    // Linear probing: every slot between the key's home and its position is occupied,
    // which (with one probe per lookup) also means the key appears once.
    if (probe_length(ctx, i) > ctx->count) return "probe sequence longer than the key count";
    if (ims_probe_slot(ctx, ims_probe(ctx, slot->key)) != slot) {
      return "probe sequence has a hole or a duplicate key";
    }
    if (slot->record >= ctx->height) return "slot points past the journal";
    const ims_record *record = &ctx->records[slot->record];
    if (record->slot != i) return "slot and its record name different slots";
    if (record->flags & IMS_FLAG_LAZY) {
      // Unresolved (the cell) or resolved (the forced value, readable by the fast path).
      bool unresolved = slot->gate == 0 && record->payload == slot->payload;
      if (!unresolved && slot->gate != slot->record + 1) return "lazy slot neither resolved nor gated";
    } else {
      if (record->payload != slot->payload) return "slot payload differs from its record";
      if (slot->gate != slot->record + 1) return "slot gate differs from its record";
    }
  }
  if (occupied != ctx->count) return "table count differs from occupied slots";
  return NULL;
}

/// Each record's `previous` names an earlier record of the same slot, so each slot's
/// records form one chain, newest first; the slot must point at the chain's head, the
/// newest record of its key. Counting records per slot and chain lengths proves it.
static const char *check_records(const ims_context *ctx) {
  uint32_t capacity = ctx->mask + 1;
  uint32_t *per_slot = calloc(capacity, sizeof(uint32_t));
  if (per_slot == NULL) return NULL; // cannot check without memory; not a violation
  const char *violation = NULL;
  for (uint32_t r = 0; r < ctx->height && violation == NULL; r++) {
    const ims_record *record = &ctx->records[r];
    if (record->slot >= capacity || ctx->slots[record->slot].key == NULL) {
      violation = "record points at an empty or missing slot";
    } else if (record->previous != IMS_NONE
               && (record->previous >= r || ctx->records[record->previous].slot != record->slot)) {
      violation = "record shadows a later record or another key";
    } else {
      per_slot[record->slot]++;
    }
  }
  for (uint32_t i = 0; i < capacity && violation == NULL; i++) {
    if (ctx->slots[i].key == NULL) continue;
    uint32_t chain = 0;
    for (uint32_t r = ctx->slots[i].record; r != IMS_NONE; r = ctx->records[r].previous) chain++;
    if (chain != per_slot[i]) violation = "slot does not point at the newest record of its key";
  }
  free(per_slot);
  return violation;
}

/// A context whose reads look into a restored bag's table: the bag's frame and those above
/// it have written nothing, and the table shows exactly the bag's bindings. Returns the
/// bag frame's index in `*swapped`.
static const char *check_swapped(const ims_context *ctx, uint32_t *swapped) {
  if (ctx->depth == 0) return "a bag's table stands in for a context without frames";
  uint32_t index = ims_innermost_bag_frame(ctx);
  if (index == IMS_NONE) return "a bag's table stands in without a frame holding the bag";
  *swapped = index;
  for (uint32_t f = index; f < ctx->depth; f++) {
    const ims_frame *frame = &ctx->frames[f];
    if (frame->height != ctx->height || frame->own_from != ctx->height) {
      return "a record was made over a bag's table";
    }
    if (f > index && frame->held != 0) return "a frame over a bag's table holds another bag";
  }
  if (ctx->floor != ctx->frames[index].height) return "a bag's table stands in without a barrier";
  if (ctx->count_limit != 0) return "a bag's table stands in but declarations would not see it";
  uint32_t capacity = ctx->mask + 1;
  if ((capacity & ctx->mask) != 0) return "a bag's table capacity is not a power of two";
  uint32_t occupied = 0;
  for (uint32_t i = 0; i <= ctx->mask; i++) {
    const ims_slot *slot = &ctx->slots[i];
    if (slot->key == NULL) continue;
    occupied++;
    if (slot->record != IMS_NONE || slot->gate != UINT32_MAX) return "a bag's table slot names a record";
    if (ims_probe_slot(ctx, ims_probe(ctx, slot->key)) != slot) return "a bag's table has a hole or a duplicate key";
  }
  if (occupied > ctx->swapped_table->count || occupied * 2 > capacity) return "a bag's table holds more than its bag";
  for (uint32_t b = 0; b < ctx->swapped_table->count; b++) {
    const ims_binding *binding = &ctx->swapped_table->bindings[b];
    int64_t probed = ims_probe(ctx, binding->key);
    if (!ims_probe_found(probed)) return "a bag's binding is missing from its table";
    bool later = false;
    for (uint32_t c = b + 1; c < ctx->swapped_table->count; c++) later |= ctx->swapped_table->bindings[c].key == binding->key;
    if (!later && ims_probe_slot(ctx, probed)->payload != binding->payload) {
      return "a bag's table shows another value than its bag";
    }
  }
  return NULL;
}

static const char *check_plain(const ims_context *ctx, uint32_t swapped);

const char *ims_check_invariants(const ims_context *ctx) {
  if (ctx == NULL) return NULL;
  if (ctx->swapped_table == NULL) return check_plain(ctx, IMS_NONE);
  uint32_t swapped = IMS_NONE;
  const char *violation = check_swapped(ctx, &swapped);
  if (violation != NULL) return violation;
  // Then the context as it is once its own table is back (a copy: checks never write).
  ims_context *plain = malloc(sizeof(ims_context));
  if (plain == NULL) return NULL; // cannot check without memory; not a violation
  *plain = *ctx;
  ims_table_swap_back(plain);
  violation = check_plain(plain, swapped);
  free(plain);
  return violation;
}

static const char *check_plain(const ims_context *ctx, uint32_t swapped) {
  uint32_t capacity = ctx->mask + 1;
  if ((capacity & ctx->mask) != 0) return "table capacity is not a power of two";
  if (ctx->count * 2 > capacity) return "table load factor exceeds 1/2";
  if (ctx->count_limit != capacity / 2) return "table count limit is not half its capacity";
  if (ctx->depth == 0 && (ctx->height != 0 || ctx->count != 0)) {
    return "a context without open frames holds bindings";
  }
  if (ctx->height > ctx->record_capacity) return "journal height exceeds its capacity";
  if (ctx->depth > ctx->frame_capacity) return "frame depth exceeds its capacity";
  if (ctx->floor > ctx->height) return "visibility floor above the journal height";
  const char *violation = check_frames(ctx, swapped);
  if (violation == NULL) violation = check_slots(ctx);
  if (violation == NULL) violation = check_records(ctx);
  return violation;
}
