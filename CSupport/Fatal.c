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
