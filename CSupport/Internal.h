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

#endif
