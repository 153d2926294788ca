// The type the async path binds as a task-local value: a task frame, with value witnesses
// of its own (see ImplicitsTaskSupport.h, "Task frames").
#include "Internal.h"

#include <pthread.h>
#include <string.h>

/// The frame's own maps (`base`, `overflow`, `sealed_cache`, `retired`): native Swift objects.
static inline void retain_if(void *object) {
  if (object != NULL) swift_retain(object);
}
static inline void release_if(void *object) {
  if (object != NULL) swift_release(object);
}

/// A slot's object is the declared value itself when it is a reference (see
/// `ims_value_retain`: on Apple platforms it may be an Objective-C object).
static inline void retain_value_if(void *object) {
  if (object != NULL) ims_value_retain(object);
}
static inline void release_value_if(void *object) {
  if (object != NULL) ims_value_release(object);
}

/// Bytes of `frame` that hold something: the fields and the slots in use.
static inline size_t used_size(uint32_t count) {
  return offsetof(ims_task_frame, slots) + (size_t)count * sizeof(ims_task_slot);
}

#if defined(IMPLICITS_INTERNAL_CHECKS)
_Noreturn void ims_task_frame_read_after_destroy(const ims_task_frame *frame) {
  char message[512];
  snprintf(message, sizeof message,
           "internal check failed: the task frame of the scope created at %s:%u was read after it "
           "was destroyed (a child task outlived the scope it reads)",
           frame->file != NULL ? frame->file : "?", frame->line);
  ims_fatal(message);
}
#endif

void ims_task_frame_destroy(ims_task_frame *frame) {
#if defined(IMPLICITS_INTERNAL_CHECKS)
  __atomic_store_n(&frame->kind, IMS_TASK_FRAME_DESTROYED, __ATOMIC_RELAXED);
#endif
  uint32_t count = frame->count;
  for (uint32_t index = 0; index < count; index++) release_value_if(frame->slots[index].object);
  // Usually none of these: one test for all four.
  if (((uintptr_t)frame->overflow | (uintptr_t)frame->sealed_cache | (uintptr_t)frame->retired |
       (frame->base_owned ? (uintptr_t)frame->base : 0)) == 0)
    return;
  if (frame->base_owned) release_if(frame->base);
  release_if(frame->overflow);
  release_if(frame->sealed_cache);
  release_if(frame->retired);
}

/// A copy for another task (`Task {}`, a task-group child copying the bindings of a
/// group's body): what is published now, every reference retained. The source's owner may
/// be declaring into it meanwhile (a `Task {}` created by an `async let` child): slots
/// below the published count and a published map stay valid while the source lives.
static ims_task_frame *copy_frame(ims_task_frame *dest, ims_task_frame *src) {
  // `overflow` before `count`: the owner fills every inline slot before it publishes an
  // overflow map, so a count read after the map includes every slot the map sits on. Read
  // the other way round, a declaration between the two loads would leave the copy with a
  // later map but without the slots declared just before it.
  void *overflow = ims_task_frame_published_overflow(src);
  uint32_t count = ims_task_frame_published_count(src);
  // Field by field: the owner may be publishing `count`, `overflow` and `sealed_cache`.
  // A copy is nobody's own: no task may declare into it or end it, even one allocated
  // later at its creator's address; and it is never walked below (`parent` may be freed).
  dest->owner = NULL;
  dest->owner_id = 0;
  dest->serial = src->serial;
  dest->parent = NULL;
  dest->file = src->file;
  dest->line = src->line;
  dest->depth = src->depth;
  dest->count = count;
  dest->base = src->base;
  memcpy(dest->slots, src->slots, (size_t)count * sizeof(ims_task_slot));
  dest->base_owned = 1;
  dest->overflow = overflow;
  dest->sealed_cache = NULL;
  dest->retired = NULL;
  dest->allocation_mark = NULL;
  dest->record_mark = NULL;
  dest->kind = IMS_TASK_FRAME_COPY;
  dest->group_body_at_open = IMS_GROUP_BODY_NOT_ASKED;
  dest->waited_child_id = 0;
  dest->next_kept = NULL;
  for (uint32_t index = 0; index < count; index++) retain_value_if(dest->slots[index].object);
  retain_if(dest->base);
  retain_if(overflow);
  return dest;
}

// MARK: Value witnesses (the Swift runtime calls them with its own convention)

static IMS_SWIFTCALL void *vw_initialize_buffer_with_copy(void *dest, void *src, const void *self) {
  (void)dest, (void)src, (void)self;
  ims_fatal("Implicits: a task frame was copied into a value buffer (never done by the runtime's task-locals)");
}
/// The runtime destroyed a scope's frame that `end()` did not end: its task finished, or
/// a binding made before the scope was popped (by the `TaskLocal.withValue` that made it).
/// The two look the same from here: the runtime unlinks the item, then destroys it.
/// Freeing the item would fail inside the runtime (or, on the runtime-entry-points path,
/// the scope would silently lose its values): stop here, naming the scope.
static _Noreturn void destroyed_while_open(const ims_task_frame *frame) {
  char message[1024];
  snprintf(message, sizeof message,
           "the scope created at %s:%u was still open when its task finished, or when the "
           "`TaskLocal.withValue` it was created in returned: end() was never called before.\n"
           "End each scope in the task, the function and the `withValue` body that created it: "
           "`defer { scope.end() }` right after creating it, or `withScope { }`.",
           frame->file != NULL ? frame->file : "?", frame->line);
  ims_fatal(message);
}

static IMS_SWIFTCALL void vw_destroy(void *object, const void *self) {
  (void)self;
  ims_task_frame *frame = object;
  if (frame->kind == IMS_TASK_FRAME_OPEN) destroyed_while_open(frame);
  ims_task_frame_destroy(frame);
}
static IMS_SWIFTCALL void *vw_initialize_with_copy(void *dest, void *src, const void *self) {
  (void)self;
  return copy_frame(dest, src);
}
static IMS_SWIFTCALL void *vw_assign_with_copy(void *dest, void *src, const void *self) {
  (void)self;
  if (dest == src) return dest;
  ims_task_frame_destroy(dest);
  return copy_frame(dest, src);
}
static IMS_SWIFTCALL void *vw_initialize_with_take(void *dest, void *src, const void *self) {
  (void)self;
  memcpy(dest, src, used_size(((ims_task_frame *)src)->count));
  return dest;
}
static IMS_SWIFTCALL void *vw_assign_with_take(void *dest, void *src, const void *self) {
  ims_task_frame_destroy(dest);
  return vw_initialize_with_take(dest, src, self);
}
static IMS_SWIFTCALL unsigned vw_get_enum_tag(const void *value, unsigned empty_cases, const void *self) {
  (void)value, (void)self;
  if (empty_cases != 0) ims_fatal("Implicits: a task frame was wrapped in an enum");
  return 0;
}
static IMS_SWIFTCALL void vw_store_enum_tag(void *value, unsigned which, unsigned empty_cases, const void *self) {
  (void)value, (void)self;
  if (which != 0 || empty_cases != 0) ims_fatal("Implicits: a task frame was wrapped in an enum");
}

/// The runtime's value witness table: eight functions, size, stride, flags, extra
/// inhabitants. Each function is signed with the runtime's schema for it on arm64e.
typedef IMS_SWIFTCALL void *(*ims_copy_witness)(void *dest, void *src, const void *self);
typedef IMS_SWIFTCALL void (*ims_destroy_witness)(void *object, const void *self);
typedef IMS_SWIFTCALL unsigned (*ims_get_enum_tag_witness)(const void *value, unsigned empty_cases, const void *self);
typedef IMS_SWIFTCALL void (*ims_store_enum_tag_witness)(void *value, unsigned which, unsigned empty_cases,
                                                          const void *self);
struct ims_value_witnesses {
  ims_copy_witness IMS_PTRAUTH_VALUE_WITNESS(InitializeBufferWithCopyOfBuffer) initialize_buffer_with_copy;
  ims_destroy_witness IMS_PTRAUTH_VALUE_WITNESS(Destroy) destroy;
  ims_copy_witness IMS_PTRAUTH_VALUE_WITNESS(InitializeWithCopy) initialize_with_copy;
  ims_copy_witness IMS_PTRAUTH_VALUE_WITNESS(AssignWithCopy) assign_with_copy;
  ims_copy_witness IMS_PTRAUTH_VALUE_WITNESS(InitializeWithTake) initialize_with_take;
  ims_copy_witness IMS_PTRAUTH_VALUE_WITNESS(AssignWithTake) assign_with_take;
  ims_get_enum_tag_witness IMS_PTRAUTH_VALUE_WITNESS(GetEnumTagSinglePayload) get_enum_tag_single_payload;
  ims_store_enum_tag_witness IMS_PTRAUTH_VALUE_WITNESS(StoreEnumTagSinglePayload) store_enum_tag_single_payload;
  size_t size;
  size_t stride;
  uint32_t flags;
  uint32_t extra_inhabitants;
};

/// Alignment mask 7, not POD, not inline in a value buffer; bitwise takable.
enum { frame_witness_flags = 7 | 0x10000 | 0x20000 };

static const struct ims_value_witnesses frame_witnesses = {
    .initialize_buffer_with_copy = vw_initialize_buffer_with_copy,
    .destroy = vw_destroy,
    .initialize_with_copy = vw_initialize_with_copy,
    .assign_with_copy = vw_assign_with_copy,
    .initialize_with_take = vw_initialize_with_take,
    .assign_with_take = vw_assign_with_take,
    .get_enum_tag_single_payload = vw_get_enum_tag,
    .store_enum_tag_single_payload = vw_store_enum_tag,
    .size = sizeof(ims_task_frame),
    .stride = sizeof(ims_task_frame),
    .flags = frame_witness_flags,
    .extra_inhabitants = 0,
};

// Kind: opaque (0x300), as the runtime's own builtin types.
const ims_type_metadata ims_task_frame_metadata = {NULL, &frame_witnesses, 0x300};

// MARK: Item blocks, cached per thread (see ImplicitsTaskSupport.h)

_Thread_local void *ims_task_item_cache = NULL;
_Thread_local uint32_t ims_task_item_cache_count = 0;

/// The count of a thread whose cache was freed at exit: frees go to `free`.
enum { closed_cache = UINT32_MAX };

static pthread_key_t item_cache_key;
static pthread_once_t item_cache_key_once = PTHREAD_ONCE_INIT;

/// Frees the exiting thread's cached blocks (a pthread key destructor: runs before the
/// thread's TLS goes away).
static void release_item_cache(void *marker) {
  (void)marker;
  void *item = ims_task_item_cache;
  while (item != NULL) {
    void *next = *(void **)item;
    free(item);
    item = next;
  }
  ims_task_item_cache = NULL;
  ims_task_item_cache_count = closed_cache;
}

static bool item_cache_key_created;

static void create_item_cache_key(void) {
  if (pthread_key_create(&item_cache_key, release_item_cache) != 0) {
    ims_fatal("could not create the thread key that frees task-frame items at thread exit");
  }
  item_cache_key_created = true;
}

// A library unloaded with dlclose must not leave its destructor to run at thread exit
// (the caches of threads still running then stay allocated: a few blocks each).
__attribute__((destructor)) static void delete_item_cache_key(void) {
  if (item_cache_key_created) pthread_key_delete(item_cache_key);
}

/// Registers the thread's cache for release at thread exit (count 0 -> 1, empty).
static void register_item_cache(void) {
  pthread_once(&item_cache_key_once, create_item_cache_key);
  pthread_setspecific(item_cache_key, (void *)1);
  ims_task_item_cache_count = 1;
}

void *ims_task_item_alloc_slow(void) {
  if (ims_task_item_cache_count == 0) register_item_cache();
  return ims_alloc(IMS_TASK_ITEM_SIZE);
}

void ims_task_item_free_slow(void *item) {
  if (ims_task_item_cache_count == 0) {
    register_item_cache();
    ims_task_item_free(item);
    return;
  }
  // Full, or the thread is exiting.
  free(item);
}
