// The thread that runs the finished-child probe (see ImplicitsTaskSupport.h, "The
// finished-child probe").
#include "Internal.h"

#include <errno.h>
#include <pthread.h>
#include <time.h>

/// One job waiting for the probe's thread.
typedef struct probe_job {
  struct probe_job *next;
  void *job;
} probe_job;

static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t probe_changed = PTHREAD_COND_INITIALIZER;
/// Jobs in the order they were enqueued (the probe enqueues one at a time: a task and
/// its `async let` child never both wait to run).
static probe_job *probe_first;
static probe_job *probe_last;
static ims_probe_job_runner probe_runner;
/// The probe thread was started (once per process).
static bool probe_started;
/// The probe finished (`ims_probe_finished`): its thread exits once its queue is empty.
static bool probe_done;
/// The probe's thread, joined by the first wait that sees the probe finished: once the
/// answer is in, no code of this library runs on it any more (a library unloaded with
/// dlclose after its first task operation leaves no thread inside it).
static pthread_t probe_thread;
static bool probe_thread_to_join;

static void *probe_thread_main(void *unused) {
  (void)unused;
  pthread_mutex_lock(&probe_lock);
  for (;;) {
    while (probe_first == NULL && !probe_done) pthread_cond_wait(&probe_changed, &probe_lock);
    probe_job *next = probe_first;
    if (next == NULL) break;
    probe_first = next->next;
    if (probe_first == NULL) probe_last = NULL;
    pthread_mutex_unlock(&probe_lock);
    probe_runner(next->job);
    free(next);
    pthread_mutex_lock(&probe_lock);
  }
  pthread_mutex_unlock(&probe_lock);
  return NULL;
}

bool ims_probe_thread_start(ims_probe_job_runner runner) {
  pthread_mutex_lock(&probe_lock);
  bool first = !probe_started;
  probe_started = true;
  bool started = false;
  if (first) {
    probe_runner = runner;
    started = pthread_create(&probe_thread, NULL, probe_thread_main, NULL) == 0;
    probe_thread_to_join = started;
    // No thread: nothing will run the probe, which counts as finished without an answer.
    if (!started) probe_done = true;
  }
  pthread_mutex_unlock(&probe_lock);
  return started;
}

void ims_probe_thread_enqueue(void *job) {
  probe_job *entry = ims_alloc(sizeof(probe_job));
  entry->next = NULL;
  entry->job = job;
  pthread_mutex_lock(&probe_lock);
  if (probe_last != NULL) probe_last->next = entry;
  else probe_first = entry;
  probe_last = entry;
  pthread_cond_broadcast(&probe_changed);
  pthread_mutex_unlock(&probe_lock);
}

void ims_probe_finished(void) {
  pthread_mutex_lock(&probe_lock);
  probe_done = true;
  pthread_cond_broadcast(&probe_changed);
  pthread_mutex_unlock(&probe_lock);
}

bool ims_probe_wait(uint32_t timeout_ms) {
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += timeout_ms / 1000;
  deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
  if (deadline.tv_nsec >= 1000000000L) {
    deadline.tv_sec += 1;
    deadline.tv_nsec -= 1000000000L;
  }
  pthread_mutex_lock(&probe_lock);
  int status = 0;
  while (!probe_done && status != ETIMEDOUT) status = pthread_cond_timedwait(&probe_changed, &probe_lock, &deadline);
  bool done = probe_done;
  // The thread exits right after the job that finished the probe returns.
  bool join = done && probe_thread_to_join;
  if (join) probe_thread_to_join = false;
  pthread_mutex_unlock(&probe_lock);
  if (join) pthread_join(probe_thread, NULL);
  return done;
}
