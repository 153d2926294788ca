// A plain mutex for the async path, behind an opaque pointer because Swift cannot
// import C11 atomics or pthread types portably as struct fields.
#include "Internal.h"

#include <pthread.h>

struct ims_lock {
  pthread_mutex_t mutex;
};

ims_lock *ims_lock_create(void) {
  ims_lock *lock = ims_alloc(sizeof(ims_lock));
  if (pthread_mutex_init(&lock->mutex, NULL) != 0) ims_fatal("cannot initialise a mutex");
  return lock;
}

void ims_lock_destroy(ims_lock *lock) {
  pthread_mutex_destroy(&lock->mutex);
  free(lock);
}

void ims_lock_acquire(ims_lock *lock) { pthread_mutex_lock(&lock->mutex); }
void ims_lock_release(ims_lock *lock) { pthread_mutex_unlock(&lock->mutex); }
