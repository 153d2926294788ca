// Frames `end()` unlinked while an `async let` child still reads them (see
// ImplicitsTaskSupport.h, "Kept frames").
#include "Internal.h"

#include <pthread.h>

/// The chains, read and written under the lock only.
static ims_task_frame *kept_chains[IMS_KEPT_FRAME_BUCKETS];
void *ims_kept_frame_owners[IMS_KEPT_FRAME_BUCKETS];

/// Guards the chains and the owner words' stores; the owner words are also loaded without
/// it (`ims_task_has_kept_frames`).
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/// The owner word of a bucket whose chain starts at `frame` (lock held): NULL for none, the
/// owner when every frame is the same task's, `IMS_KEPT_FRAME_OWNERS_SEVERAL` otherwise.
static void *owners_of_chain(const ims_task_frame *frame) {
  if (frame == NULL) return NULL;
  void *owner = frame->owner;
  for (frame = frame->next_kept; frame != NULL; frame = frame->next_kept) {
    if (frame->owner != owner) return IMS_KEPT_FRAME_OWNERS_SEVERAL;
  }
  return owner;
}

void ims_kept_frame_add(ims_task_frame *frame) {
  size_t bucket = ims_kept_frame_bucket(frame->owner);
  pthread_mutex_lock(&kept_lock);
  void *owners = ims_kept_frame_owners[bucket];
  // Never a word without `frame->owner` while its frame is in the chain: that task's
  // unlocked look must find it.
  if (owners != frame->owner) {
    __atomic_store_n(&ims_kept_frame_owners[bucket], owners == NULL ? frame->owner : IMS_KEPT_FRAME_OWNERS_SEVERAL,
                     __ATOMIC_RELAXED);
  }
  frame->next_kept = kept_chains[bucket];
  kept_chains[bucket] = frame;
  pthread_mutex_unlock(&kept_lock);
}

ims_task_frame *ims_kept_frames_take(const void *task) {
  size_t bucket = ims_kept_frame_bucket(task);
  ims_task_frame **link = &kept_chains[bucket];
  ims_task_frame *taken = NULL;
  pthread_mutex_lock(&kept_lock);
  while (*link != NULL) {
    ims_task_frame *frame = *link;
    if (frame->owner == task) {
      *link = frame->next_kept;
      frame->next_kept = taken;
      taken = frame;
    } else {
      link = &frame->next_kept;
    }
  }
  // Exact again: `SEVERAL` only while frames of several tasks are kept in the bucket.
  __atomic_store_n(&ims_kept_frame_owners[bucket], owners_of_chain(kept_chains[bucket]), __ATOMIC_RELAXED);
  pthread_mutex_unlock(&kept_lock);
  return taken;
}

void *ims_kept_frame_bucket_owners(size_t bucket) {
  return __atomic_load_n(&ims_kept_frame_owners[bucket], __ATOMIC_RELAXED);
}
