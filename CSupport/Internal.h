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

// MARK: Key table (KeyTable.c)

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
