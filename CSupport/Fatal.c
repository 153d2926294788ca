#include "Internal.h"

_Noreturn void ims_fatal(const char *message) {
  fprintf(stderr, "Implicits: %s\n", message);
  fflush(stderr);
  abort();
}

void *ims_alloc(size_t size) {
  void *memory = malloc(size);
  if (memory == NULL) ims_fatal("out of memory while growing the implicit context");
  return memory;
}

void ims_write_stderr(const char *message) {
  fputs(message, stderr);
  fflush(stderr);
}

#if defined(IMPLICITS_INTERNAL_CHECKS)
void ims_check_or_stop(const ims_context *ctx) {
  const char *violation = ims_check_invariants(ctx);
  if (violation != NULL) {
    fprintf(stderr, "Implicits: internal check failed: %s\n", violation);
    fflush(stderr);
    abort();
  }
}
#endif

bool ims_internal_checks_enabled(void) {
#if defined(IMPLICITS_INTERNAL_CHECKS)
  return true;
#else
  return false;
#endif
}
