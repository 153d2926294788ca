// Declarations shared by the .c files of ImplicitsCSupport; not part of the module map.
#ifndef IMPLICITS_C_SUPPORT_INTERNAL_H
#define IMPLICITS_C_SUPPORT_INTERNAL_H

#include "ImplicitsCSupport.h"

#include <stdio.h>
#include <stdlib.h>

/// Stops the process with a message: the C core only gets here on allocation failure or
/// a corrupted context, where continuing would return wrong values.
_Noreturn void ims_fatal(const char *message);

/// Allocation that stops with a message instead of returning NULL.
void *ims_alloc(size_t size);

// MARK: Key table (KeyTable.c)

/// The slot holding `key`, or NULL. Inline: declarations and unwinding probe once each.
static inline ims_slot *ims_table_find(const ims_context *ctx, const void *key) {
  uint32_t i = ims_hash(ctx, key);
  for (;;) {
    ims_slot *slot = &ctx->slots[i];
    if (slot->key == key) return slot;
    if (slot->key == NULL) return NULL;
    i = (i + 1) & ctx->mask;
  }
}

/// Inserts `key`, which must be absent, growing the table first when needed.
ims_slot *ims_table_insert(ims_context *ctx, const void *key);

/// Clears `slot`. Only valid for the most recently inserted key (journal undo order).
static inline void ims_table_clear(ims_context *ctx, ims_slot *slot) {
  slot->key = NULL;
  slot->payload = 0;
  slot->record = 0;
  ctx->count -= 1;
}

/// Points the table at the context's inline slots, empty.
void ims_table_setup(ims_context *ctx);

/// Frees table storage that is not the context's inline storage.
void ims_table_release(ims_context *ctx);

#endif
