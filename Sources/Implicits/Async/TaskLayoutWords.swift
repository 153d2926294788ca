import ImplicitsCSupport

// The words of the Swift runtime's task layout that the fast path reads, and the word it
// publishes about them, each as a type (as swift-collections' `_HashTable.Header`): named
// fields, read and written in one place. Where they are found and how they are checked:
// `_TaskLayout`.

/// What `ims_task_layout_word` says: the offsets of the three task words the fast path
/// reads, once verified, whether the library links task-local items itself or binds through
/// the runtime's entry points, and three answers checked against the runtime the first time
/// they are needed: following a child task's parent marker finds what the runtime's lookup
/// finds (`markers`), a task group's record found among the status records is one the
/// runtime sees (`groupRecords`), and an `async let` child whose result the runtime stored
/// has a cleared task-local head (`finishedChildren`).
///
///      63             40 39  38 37       36 35      34 33     32 31            16 15          1   0
///     ┌────────────────┬──────┬────────────┬──────────┬─────────┬────────────────┬────────────┬───┐
///     │ records offset │ (0)  │ finished   │  group   │ markers │  head offset   │ last-alloc.│ E │
///     │                │      │ children   │ records  │         │                │ offset     │   │
///     └────────────────┴──────┴────────────┴──────────┴─────────┴────────────────┴────────────┴───┘
///
/// `E` (entry points): bindings go through the runtime's entry points. Offsets are multiples
/// of 8, so bit 0 of the last-allocation offset's field is free for it (the field is read
/// with the bit cleared). With `E` and offsets, the
/// layout verified but the environment asked for the entry points
/// (`IMPLICITS_TASK_LAYOUT=runtime`): `end()` still reads the status records through the
/// offsets, read-only (`_TaskLayout.readableOffsets`). Two values hold no offsets:
/// `unverified` (nothing published yet) and `entryPointsOnly` (the layout differs, or the
/// runtime lacks an entry point the check needs). Published once, by compare-and-swap
/// (`publishFirst`); the checks are added by atomic or.
struct _TaskLayoutWord: Equatable {
  var rawValue: UInt64

  /// Nothing verified yet.
  static let unverified = _TaskLayoutWord(rawValue: 0)
  /// The async path uses the runtime's entry points only, and knows no offsets.
  static let entryPointsOnly = _TaskLayoutWord(rawValue: entryPointsBit)

  private static let entryPointsBit: UInt64 = 1
  private static let offsetMask: UInt64 = 0xFFFF
  private static let headShift: UInt64 = 16
  private static let markersShift: UInt64 = 32
  private static let groupRecordsShift: UInt64 = 34
  private static let finishedChildrenShift: UInt64 = 36
  private static let recordsShift: UInt64 = 40

  @inline(__always)
  init(rawValue: UInt64) { self.rawValue = rawValue }

  /// The word for verified offsets (each below 2¹⁶ bytes), nothing checked yet.
  init(head: Int, lastAllocation: Int, records: Int) {
    precondition(
      (head | lastAllocation | records) >> 16 == 0 && (head | lastAllocation | records) & 7 == 0 && head != 0,
      "Implicits: task layout offsets out of range")
    rawValue =
      UInt64(records) << Self.recordsShift | UInt64(head) << Self.headShift | UInt64(lastAllocation)
  }

  /// The word published now.
  @inline(__always)
  static var published: _TaskLayoutWord { _TaskLayoutWord(rawValue: ims_task_layout()) }

  /// Publishes this word unless one was published already; returns the word in force (the
  /// first published: two tasks verifying at once agree on one).
  func publishFirst() -> _TaskLayoutWord { _TaskLayoutWord(rawValue: ims_publish_task_layout(rawValue)) }

  /// Whether bindings go through the runtime's entry points (`E`).
  @inline(__always)
  var usesEntryPoints: Bool { rawValue & Self.entryPointsBit != 0 }
  /// Whether the word holds verified offsets (a verified word's head offset is not 0).
  var hasOffsets: Bool { head != 0 }
  /// The same offsets, bindings through the runtime's entry points.
  var bindingThroughEntryPoints: _TaskLayoutWord { _TaskLayoutWord(rawValue: rawValue | Self.entryPointsBit) }

  var head: Int { Int(truncatingIfNeeded: rawValue >> Self.headShift & Self.offsetMask) }
  var lastAllocation: Int { Int(truncatingIfNeeded: rawValue & Self.offsetMask & ~Self.entryPointsBit) }
  var records: Int { Int(truncatingIfNeeded: rawValue >> Self.recordsShift & Self.offsetMask) }

  /// An answer checked against the runtime (two bits, compared as they are: the fast path
  /// asks on every use). Only `agrees` is trusted: two tasks checking at once may leave
  /// both bits set.
  struct Check: Equatable {
    let rawValue: UInt64
    static let notYet = Check(rawValue: 0)
    static let agrees = Check(rawValue: 1)
    static let differs = Check(rawValue: 2)

    /// Whether a check found the runtime disagreeing: `differs`, alone or with a concurrent
    /// `agrees`.
    var contradicted: Bool { rawValue & Self.differs.rawValue != 0 }
  }

  @inline(__always)
  var markers: Check {
    get { Check(rawValue: rawValue >> Self.markersShift & 3) }
    set { rawValue = rawValue & ~(3 << Self.markersShift) | newValue.rawValue << Self.markersShift }
  }

  @inline(__always)
  var groupRecords: Check {
    get { Check(rawValue: rawValue >> Self.groupRecordsShift & 3) }
    set { rawValue = rawValue & ~(3 << Self.groupRecordsShift) | newValue.rawValue << Self.groupRecordsShift }
  }

  @inline(__always)
  var finishedChildren: Check {
    get { Check(rawValue: rawValue >> Self.finishedChildrenShift & 3) }
    set {
      rawValue = rawValue & ~(3 << Self.finishedChildrenShift) | newValue.rawValue << Self.finishedChildrenShift
    }
  }

  /// Adds the finished-children check's answer to the published word (atomic or).
  static func publishFinishedChildren(_ check: Check) {
    ims_task_layout_add_check(check.rawValue << finishedChildrenShift)
  }

  /// Adds the marker check's answer to the published word (atomic or).
  static func publishMarkers(_ check: Check) { ims_task_layout_add_check(check.rawValue << markersShift) }
  /// Adds the group-record check's answer to the published word (atomic or).
  static func publishGroupRecords(_ check: Check) { ims_task_layout_add_check(check.rawValue << groupRecordsShift) }
}

/// A task-local binding as the runtime lays it out (an *item*), then the bound value:
///
///      0                  8                 16                24
///     ┌──────────────────┬─────────────────┬─────────────────┬──────────…
///     │ link (`Link`)    │ key             │ value type      │ value
///     └──────────────────┴─────────────────┴─────────────────┴──────────…
struct _TaskLocalItem {
  let address: UnsafeMutableRawPointer

  /// Where the value starts (values aligned to at most 8 bytes).
  static let valueOffset = IMS_TASK_ITEM_HEADER_SIZE
  private static let keyOffset = MemoryLayout<UInt>.size
  private static let valueTypeOffset = 2 * MemoryLayout<UInt>.size

  @inline(__always)
  init(_ address: UnsafeMutableRawPointer) { self.address = address }

  /// The item whose value is at `value`.
  @inline(__always)
  init(value: UnsafeMutableRawPointer) { address = value - Self.valueOffset }

  @inline(__always)
  var link: Link {
    get { Link(rawValue: address.load(as: UInt.self)) }
    nonmutating set { address.storeBytes(of: newValue.rawValue, as: UInt.self) }
  }

  @inline(__always)
  var key: UnsafeRawPointer {
    get { address.load(fromByteOffset: Self.keyOffset, as: UnsafeRawPointer.self) }
    nonmutating set { address.storeBytes(of: newValue, toByteOffset: Self.keyOffset, as: UnsafeRawPointer.self) }
  }

  @inline(__always)
  var valueType: UnsafeRawPointer {
    get { address.load(fromByteOffset: Self.valueTypeOffset, as: UnsafeRawPointer.self) }
    nonmutating set {
      address.storeBytes(of: newValue, toByteOffset: Self.valueTypeOffset, as: UnsafeRawPointer.self)
    }
  }

  @inline(__always)
  var value: UnsafeMutableRawPointer { address + Self.valueOffset }

  /// An item's first word: the next item (8-byte aligned) and three flag bits.
  ///
  ///      63                                        3     2          1          0
  ///     ┌──────────────────────────────────────────┬──────────┬──────────┬─────┐
  ///     │ next item                                │ marker   │ group    │  -  │
  ///     └──────────────────────────────────────────┴──────────┴──────────┴─────┘
  ///
  /// `marker`: not a value binding. A marker without `group` links a child task to its
  /// parent's items (`next`); with `group`, it ends the lookup. On a value binding,
  /// `group` says it was made in a task group's body (the runtime copies such bindings
  /// into the group's children).
  struct Link {
    var rawValue: UInt

    private static let markerBit: UInt = 4
    private static let groupBit: UInt = 2
    private static let flagBits: UInt = 7

    @inline(__always)
    init(rawValue: UInt) { self.rawValue = rawValue }

    /// A value binding's link to `next`, with the group bit of `flags` (a link whose
    /// group answer is known, or a word holding just that bit).
    @inline(__always)
    init(next: UnsafeMutableRawPointer?, groupBitOf flags: Link) {
      rawValue = UInt(bitPattern: next) | flags.rawValue & Self.groupBit
    }

    /// A link that holds only the group bit, set when `inGroupBody`.
    @inline(__always)
    static func groupBit(_ inGroupBody: Bool) -> Link { Link(rawValue: inGroupBody ? groupBit : 0) }

    @inline(__always)
    var next: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: rawValue & ~Self.flagBits) }
    @inline(__always)
    var isValue: Bool { rawValue & Self.markerBit == 0 }
    @inline(__always)
    var isParentMarker: Bool { rawValue & (Self.markerBit | Self.groupBit) == Self.markerBit }
    @inline(__always)
    var inGroupBody: Bool { rawValue & Self.groupBit != 0 }
  }
}

/// The header the task allocator puts in front of each allocation: the previous
/// allocation's header, then the slab.
///
///      0                  8                  16
///     ┌──────────────────┬──────────────────┬──────────…
///     │ previous header  │ slab             │ allocation
///     └──────────────────┴──────────────────┴──────────…
struct _TaskAllocationHeader {
  let address: UnsafeMutableRawPointer

  static let size = 2 * MemoryLayout<UInt>.size

  /// The header of the allocation at `allocation`.
  init(of allocation: UnsafeMutableRawPointer) { address = allocation - Self.size }

  /// The header at `address` (what the allocator's last-allocation word and `previous` hold).
  init(address: UnsafeMutableRawPointer) { self.address = address }

  var previous: UnsafeMutableRawPointer? { address.load(as: UnsafeMutableRawPointer?.self) }
}

/// A task status record as the runtime lays it out, and a child task's (an `async
/// let`'s) fields after the common two:
///
///      0                  8                  16                 24
///     ┌──────────────────┬──────────────────┬──────────────────┬──────────────────────┐
///     │ flags (kind: 8)  │ parent record    │ child task       │ child task | flags   │
///     └──────────────────┴──────────────────┴──────────────────┴──────────────────────┘
///
/// In the last word, `hasResult` is set once the child's result was stored.
struct _TaskStatusRecord {
  let address: UnsafeMutableRawPointer

  private static let kindMask: UInt = 0xFF
  private static let parentOffset = MemoryLayout<UInt>.size
  private static let childOffset = 2 * MemoryLayout<UInt>.size
  private static let childAndFlagsOffset = 3 * MemoryLayout<UInt>.size
  private static let childFlagBits: UInt = 0xF
  private static let hasResultBit: UInt = 4

  init(_ address: UnsafeMutableRawPointer) { self.address = address }

  /// The record's kind (`TaskStatusRecordKind`).
  var kind: UInt { address.load(as: UInt.self) & Self.kindMask }
  var parent: UnsafeMutableRawPointer? {
    address.load(fromByteOffset: Self.parentOffset, as: UnsafeMutableRawPointer?.self)
  }

  /// For a child task's record: the child.
  var child: UnsafeMutableRawPointer? {
    address.load(fromByteOffset: Self.childOffset, as: UnsafeMutableRawPointer?.self)
  }
  /// For a child task's record: whether the flag word names the same child (the layout
  /// is the one described above).
  var childMatchesFlagWord: Bool { childAndFlags & ~Self.childFlagBits == UInt(bitPattern: child) }
  /// For an `async let`'s record: whether the child's result was stored (an `await` that
  /// returned; one that threw sets nothing).
  var hasResult: Bool { childAndFlags & Self.hasResultBit != 0 }

  private var childAndFlags: UInt { address.load(fromByteOffset: Self.childAndFlagsOffset, as: UInt.self) }
}
