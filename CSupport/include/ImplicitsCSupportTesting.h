// Entry points of the C core that only tests and benchmarks call: the module's explicit
// submodule `ImplicitsCSupport.Testing` (`import ImplicitsCSupport.Testing`), kept out of
// the header the runtime is written against.
#ifndef IMPLICITS_C_SUPPORT_TESTING_H
#define IMPLICITS_C_SUPPORT_TESTING_H

#include "ImplicitsCSupport.h"

/// Opens a frame in `*slot` whose visible context is exactly the `count` bindings of a
/// bag, held by the frame through `holder` (its +1 storage; 0 for an empty bag, with no
/// bindings): `ims_frame_push` with a barrier and `ims_declare_all` in one call. Returns
/// the frame's serial.
///
/// With `table_cell` (the bag's table cell, see `IMS_BAG_TABLE_UNUSED`; may be NULL), a bag
/// restored before is not copied: the frame points the context's table at the bag's own
/// (O(1) whatever the bag's size), until it ends or something writes
/// (`ims_bag_materialize`).
uint64_t ims_frame_push_bag(ims_context **slot, const ims_binding *bindings, uint32_t count,
                            uintptr_t holder, uintptr_t *table_cell, const char *file, uint32_t line);

/// Where `ims_thread_push_bag` expects a bag storage's fields, in bytes from the object's
/// address: 0 the count, 1 the table cell, 2 the bindings (for a test against Swift's layout).
size_t ims_bag_storage_offset(int field);

/// Checks every structural invariant of `ctx`; returns NULL when they hold, otherwise a
/// static description of the first violation. O(capacity + height + depth).
const char *ims_check_invariants(const ims_context *ctx);

/// Capacity of the key table (0 for NULL), for tests.
uint32_t ims_table_capacity(const ims_context *ctx);

/// Longest probe sequence in the table, for tests and benchmarks.
uint32_t ims_max_probe_length(const ims_context *ctx);

/// The owner word of a bucket of the kept-frame table (`ims_kept_frame_owners`, an atomic
/// load): NULL when nothing is kept in it.
void *ims_kept_frame_bucket_owners(size_t bucket);

/// Whether the C core was built with IMPLICITS_INTERNAL_CHECKS.
bool ims_internal_checks_enabled(void);

#endif
