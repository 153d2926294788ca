// The per-thread context and its frame stack.
#include "Internal.h"

#include <stdatomic.h>
#include <string.h>

_Thread_local ims_context *ims_current IMS_TLS_MODEL = NULL;

// Thread uids make frame serials unique across threads, so a scope handle ended on the
// wrong thread is recognised instead of ending an unrelated frame.
static _Atomic uint64_t next_thread_uid = 1;
static _Thread_local uint64_t thread_serial_base IMS_TLS_MODEL = 0;
// Survives the context so serials are never reused on a thread (an ended handle stays
// recognisable as ended).
static _Thread_local uint64_t thread_next_serial IMS_TLS_MODEL = 0;

uint64_t ims_thread_serial_base(void) {
  if (thread_serial_base == 0) {
    uint64_t uid = atomic_fetch_add_explicit(&next_thread_uid, 1, memory_order_relaxed);
    thread_serial_base = uid << 40;
  }
  return thread_serial_base;
}

static ims_context *context_create(void) {
  ims_context *ctx = ims_alloc(sizeof(ims_context));
  ims_table_setup(ctx);
  ctx->floor = 0;
  ctx->records = ctx->inline_records;
  ctx->height = 0;
  ctx->record_capacity = sizeof(ctx->inline_records) / sizeof(ims_record);
  ctx->frames = ctx->inline_frames;
  ctx->depth = 0;
  ctx->frame_capacity = sizeof(ctx->inline_frames) / sizeof(ims_frame);
  return ctx;
}

static void context_destroy(ims_context *ctx) {
  ims_table_release(ctx);
  if (ctx->records != ctx->inline_records) free(ctx->records);
  if (ctx->frames != ctx->inline_frames) free(ctx->frames);
  free(ctx);
}

static void grow_frames(ims_context *ctx) {
  uint32_t capacity = ctx->frame_capacity * 2;
  ims_frame *frames = ims_alloc(sizeof(ims_frame) * capacity);
  memcpy(frames, ctx->frames, sizeof(ims_frame) * ctx->depth);
  if (ctx->frames != ctx->inline_frames) free(ctx->frames);
  ctx->frames = frames;
  ctx->frame_capacity = capacity;
}

uint64_t ims_frame_push(ims_context **slot, bool is_barrier, const char *file, uint32_t line) {
  ims_context *ctx = *slot;
  if (ctx == NULL) {
    ctx = context_create();
    *slot = ctx;
  }
  if (ctx->depth == ctx->frame_capacity) grow_frames(ctx);
  ims_frame *frame = &ctx->frames[ctx->depth++];
  frame->serial = ims_thread_serial_base() | ++thread_next_serial;
  frame->height = ctx->height;
  frame->floor = ctx->floor;
  frame->file = file;
  frame->line = line;
  frame->is_barrier = is_barrier;
  if (is_barrier) ctx->floor = ctx->height;
  return frame->serial;
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

void ims_frame_pop(ims_context **slot) {
  ims_context *ctx = *slot;
  if (ctx == NULL || ctx->depth == 0) ims_fatal("ims_frame_pop without an open frame");
  ims_frame *frame = &ctx->frames[ctx->depth - 1];
  if (ctx->height != frame->height) ims_fatal("ims_frame_pop before the frame was unwound");
  ctx->floor = frame->floor;
  ctx->depth -= 1;
  if (ctx->depth == 0) {
    *slot = NULL;
    context_destroy(ctx);
  }
}

uint32_t ims_depth(const ims_context *ctx) { return ctx ? ctx->depth : 0; }
uint32_t ims_height(const ims_context *ctx) { return ctx ? ctx->height : 0; }

const ims_frame *ims_frame_at(const ims_context *ctx, uint32_t index) {
  return (ctx && index < ctx->depth) ? &ctx->frames[index] : NULL;
}
