// Contexts and their frame stacks: creation, the thread's own context, frame push/pop slow paths.
#include "Internal.h"

#include <stdatomic.h>
#include <string.h>

// Two empty slots (a table of capacity 1 would need a shift by 64): every probe misses.
static ims_slot empty_slots[2];
// No frame, and the sentinel below the (empty) frame stack.
static ims_frame empty_frames[1];
ims_context ims_empty_context = {
    .slots = empty_slots, .mask = 1, .shift = 63, .count_limit = 1, .frames = empty_frames + 1};

_Thread_local ims_context *ims_current = &ims_empty_context;
_Thread_local const ims_context *ims_reading = &ims_empty_context;

// Context uids make frame serials unique across threads and tasks, so a scope handle
// ended in the wrong place is recognised instead of ending an unrelated frame.
static _Atomic uint64_t next_context_uid = 1;

static uint64_t new_serial_base(void) {
  return atomic_fetch_add_explicit(&next_context_uid, 1, memory_order_relaxed) << 40;
}

// The thread's own context: its storage lives for the thread's lifetime, so an outermost
// scope costs no malloc; only growth beyond its inline storage allocates, and that is
// freed when the outermost scope ends. Its uid and serial counter survive between
// outermost scopes, so serials are never reused on a thread (an ended handle stays
// recognisable as ended). Default TLS model: in an executable this is a fixed offset from
// the thread pointer; a dlopen'ed library allocates it on first use.
static _Thread_local ims_context thread_context;

/// Gives `ctx` its uid: frame serials continue from `serial_base`.
static void assign_serial_base(ims_context *ctx) {
  ctx->serial_base = new_serial_base();
  ctx->serial_last = ctx->serial_base;
}

uint64_t ims_thread_serial_base(void) {
  if (thread_context.serial_base == 0) assign_serial_base(&thread_context);
  return thread_context.serial_base;
}

static void context_setup(ims_context *ctx) {
  ims_table_setup(ctx);
  ctx->floor = 0;
  ctx->records = ctx->inline_records;
  ctx->height = 0;
  ctx->record_capacity = sizeof(ctx->inline_records) / sizeof(ims_record);
  // Frames not in use hold nothing (`ims_frame_push` does not write `held`), and the
  // sentinel below the stack has serial 0.
  memset(ctx->inline_frames, 0, sizeof(ctx->inline_frames));
  ctx->frames = ctx->inline_frames + 1;
  ctx->depth = 0;
  ctx->frame_capacity = IMS_INLINE_FRAMES;
  ctx->outermost_slow = ctx != &thread_context;
  ctx->swapped_table = NULL;
}

/// Frees what the context allocated beyond its inline storage.
static void context_release_storage(ims_context *ctx) {
  ims_table_release(ctx);
  if (ctx->records != ctx->inline_records) free(ctx->records);
  if (ctx->frames != ctx->inline_frames + 1) free(ctx->frames - 1);
}

static ims_context *context_create(ims_context **slot) {
  if (slot == &ims_current) {
    // The thread's first scope: its context stays in place from now on.
    ims_context *ctx = &thread_context;
    context_setup(ctx);
    if (ctx->serial_base == 0) assign_serial_base(ctx);
    ims_thread_context_created(ctx);
    return ctx;
  }
  ims_context *ctx = ims_alloc(sizeof(ims_context));
  assign_serial_base(ctx);
  ctx->capture_epoch = 0;
  context_setup(ctx);
  return ctx;
}

static void grow_frames(ims_context *ctx) {
  uint32_t capacity = ctx->frame_capacity * 2;
  if (capacity == 0) ims_fatal("implicit scopes cannot nest beyond 2^32 frames");
  // One frame more: the sentinel below the stack.
  ims_frame *frames = (ims_frame *)ims_alloc(sizeof(ims_frame) * ((size_t)capacity + 1)) + 1;
  memset(frames - 1, 0, sizeof(ims_frame));
  memcpy(frames, ctx->frames, sizeof(ims_frame) * ctx->depth);
  memset(frames + ctx->depth, 0, sizeof(ims_frame) * (capacity - ctx->depth));
  if (ctx->frames != ctx->inline_frames + 1) free(ctx->frames - 1);
  ctx->frames = frames;
  ctx->frame_capacity = capacity;
  ctx->outermost_slow = 1;
}

uint64_t ims_frame_push_slow(ims_context **slot, bool is_barrier, const char *file, uint32_t line) {
  ims_context *ctx = *slot;
  if (ctx == NULL || ctx == &ims_empty_context) {
    ctx = context_create(slot);
    *slot = ctx;
  }
  if (ctx->depth == ctx->frame_capacity) grow_frames(ctx);
  if (is_barrier && ctx->swapped_table != NULL) ims_bag_materialize(ctx);
  // Every precondition of the inline path now holds.
  return ims_frame_push(slot, is_barrier, file, line);
}

ims_frame_status ims_frame_find(const ims_context *ctx, uint64_t serial, const ims_frame **innermost) {
  if (ctx == NULL || ctx->depth == 0) return IMS_FRAME_UNKNOWN;
  if (ctx->frames[ctx->depth - 1].serial == serial) return IMS_FRAME_TOP;
  for (uint32_t i = ctx->depth - 1; i-- > 0;) {
    if (ctx->frames[i].serial == serial) {
      if (innermost) *innermost = &ctx->frames[ctx->depth - 1];
      return IMS_FRAME_BURIED;
    }
  }
  return IMS_FRAME_UNKNOWN;
}

void ims_frame_pop_slow(ims_context **slot) {
  ims_context *ctx = *slot;
  if (ctx == NULL || ctx->depth == 0) ims_fatal("implicit frame closed without an open frame");
  ims_frame *frame = &ctx->frames[ctx->depth - 1];
  if (ctx->height != frame->height || frame->held != 0) {
    ims_fatal("implicit frame closed before its records were undone");
  }
  ctx->floor = frame->floor;
  ctx->depth -= 1;
  if (ctx->depth == 0 && ctx == &thread_context) {
    // Back to inline storage, empty: nothing stays allocated.
    context_release_storage(ctx);
    context_setup(ctx);
  } else if (ctx->depth == 0) {
    *slot = NULL;
    context_release_storage(ctx);
    free(ctx);
  }
  IMS_CHECK(*slot);
}
