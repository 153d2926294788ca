// Declarations shared by the .c files of ImplicitsCSupport; not part of the module map.
#ifndef IMPLICITS_C_SUPPORT_INTERNAL_H
#define IMPLICITS_C_SUPPORT_INTERNAL_H

#include "ImplicitsCSupport.h"
#include "ImplicitsCSupportTesting.h"
#include "ImplicitsTaskSupport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Stops the process with a message: the C core only gets here on allocation failure or
/// a corrupted context, where continuing would return wrong values.
_Noreturn void ims_fatal(const char *message);

/// Allocation that stops with a message instead of returning NULL.
void *ims_alloc(size_t size);

// MARK: References (the Swift runtime's entry points)

extern void *swift_retain(void *object);
extern void swift_release(void *object);

#if defined(__APPLE__)
// A declared reference may be an Objective-C object on Apple platforms (an `NSObject`
// subclass, a tagged `NSNumber`), which `swift_retain`/`swift_release` would treat as a
// native object's header. The unknown-object entry points (what Swift emits for
// `AnyObject`) handle every kind.
extern void *swift_unknownObjectRetain(void *object);
extern void swift_unknownObjectRelease(void *object);
static inline void ims_value_retain(void *object) { swift_unknownObjectRetain(object); }
static inline void ims_value_release(void *object) { swift_unknownObjectRelease(object); }
#else
// Without Objective-C interop every object is native.
static inline void ims_value_retain(void *object) { swift_retain(object); }
static inline void ims_value_release(void *object) { swift_release(object); }
#endif

// MARK: Key table (KeyTable.c)

/// The Fibonacci-hash shift of a table of `capacity` slots (a power of two, at least 2):
/// 64 - log2(capacity). A context's table and a bag's table hash alike.
static inline uint32_t ims_table_shift(uint32_t capacity) {
  return 64u - (31u - (uint32_t)__builtin_clz(capacity));
}

/// The index of the innermost frame of `ctx` that holds a bag, or IMS_NONE. While a bag's
/// table stands in for the context's, that frame is the bag's (frames above it hold none).
static inline uint32_t ims_innermost_bag_frame(const ims_context *ctx) {
  for (uint32_t index = ctx->depth; index-- > 0;) {
    if (ctx->frames[index].held != 0) return index;
  }
  return IMS_NONE;
}

/// Puts `ctx`'s own table back in place of a restored bag's (`ims_thread_push_bag`): the
/// fields a restore by the bag's table saved or changed.
static inline void ims_table_swap_back(ims_context *ctx) {
  ctx->slots = ctx->saved_slots;
  ctx->mask = ctx->saved_mask;
  ctx->shift = ctx->saved_shift;
  ctx->count_limit = (ctx->mask + 1) / 2;
  ctx->swapped_table = NULL;
}

/// Makes room for `extra` more keys: grows the table (re-inserting every key and fixing up
/// the records' slot indices) until `count + extra` keeps the load factor <= 1/2.
void ims_table_reserve(ims_context *ctx, uint32_t extra);

/// Points the table at the context's inline slots, empty.
void ims_table_setup(ims_context *ctx);

/// Frees table storage that is not the context's inline storage.
void ims_table_release(ims_context *ctx);

// MARK: Journal (Journal.c)

/// Makes room for `extra` more records.
void ims_journal_reserve(ims_context *ctx, uint32_t extra);

// MARK: Declaring many bindings at once (Journal.c), for bag restores (BagRestore.c)

/// Whether `count` bindings fit an empty context's journal and table as they are.
static inline bool ims_fits_empty(const ims_context *ctx, uint32_t count) {
  return count <= ctx->record_capacity && (uint64_t)count * 2 <= (uint64_t)ctx->mask + 1;
}

/// Declares bags' bindings in a frame with nothing below it (the journal and table are
/// empty, with room for `end - bindings` keys): every key is new, so each value is one
/// probe for an empty slot, one slot and one record written, with the table, journal and
/// height kept in registers. Returns the first binding not declared: `end`, or a repeated
/// key (none made by this library does), which `ims_declare_rest` takes from there.
_Static_assert(offsetof(ims_record, previous) == offsetof(ims_binding, flags) + sizeof(uint32_t) -
                   offsetof(ims_binding, payload) &&
                   offsetof(ims_record, file) == offsetof(ims_binding, file) - offsetof(ims_binding, payload) &&
                   offsetof(ims_record, line) == offsetof(ims_binding, line) - offsetof(ims_binding, payload) &&
                   offsetof(ims_record, flags) == offsetof(ims_binding, flags) - offsetof(ims_binding, payload),
               "a binding's payload, file, line and flags are laid out as a record's");

IMS_HOT const ims_binding *ims_declare_new_into_empty(
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

/// Declares `[binding, end)` in the innermost frame, whose own records start at
/// `frame_height`; the journal and table have room for all of them. A repeated key
/// replaces the earlier value in place (the later wins).
void ims_declare_rest(ims_context *ctx, uint32_t frame_height, const ims_binding *binding,
                      const ims_binding *end, uint32_t extra_flags);

/// Declares `count` bindings in the innermost frame of their bag, whose own records start at
/// `frame_height`: into an empty context in one tight pass, otherwise after growing the
/// journal and table once each.
void ims_declare_bindings(ims_context *ctx, uint32_t frame_height, const ims_binding *bindings, uint32_t count,
                          uint32_t extra_flags);

#endif
