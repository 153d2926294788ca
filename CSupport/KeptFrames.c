// Frames `end()` unlinked while an `async let` child still reads them (see
// ImplicitsTaskSupport.h, "Kept frames").
#include "Internal.h"

#include <pthread.h>

ims_task_frame *ims_kept_frames[IMS_KEPT_FRAME_BUCKETS];

/// Guards the chains; bucket heads are also stored atomically for the unlocked look of
/// `ims_task_has_kept_frames`.
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

void ims_kept_frame_add(ims_task_frame *frame) {
  ims_task_frame **head = &ims_kept_frames[ims_kept_frame_bucket(frame->owner)];
  pthread_mutex_lock(&kept_lock);
  frame->next_kept = *head;
  __atomic_store_n(head, frame, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&kept_lock);
}

ims_task_frame *ims_kept_frames_take(const void *task) {
  ims_task_frame **link = &ims_kept_frames[ims_kept_frame_bucket(task)];
  ims_task_frame *taken = NULL;
  pthread_mutex_lock(&kept_lock);
  while (*link != NULL) {
    ims_task_frame *frame = *link;
    if (frame->owner == task) {
      __atomic_store_n(link, frame->next_kept, __ATOMIC_RELAXED);
      frame->next_kept = taken;
      taken = frame;
    } else {
      link = &frame->next_kept;
    }
  }
  pthread_mutex_unlock(&kept_lock);
  return taken;
}
