// Instruments for InstructionCounts: a process-wide allocation counter, and callgrind's
// instrumentation switch so that only the measured loop is counted.
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Allocations (malloc, calloc, realloc, aligned allocations) made since the process started.
uint64_t mc_allocations(void);

/// Turn callgrind's instrumentation on and off (run with `--instr-atstart=no`); do nothing
/// outside valgrind or where valgrind's headers are missing.
void mc_callgrind_start(void);
void mc_callgrind_stop(void);

#endif
