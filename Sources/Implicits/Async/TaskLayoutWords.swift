import ImplicitsCSupport

// The words of the Swift runtime's task layout that the fast path reads, and the word it
// publishes about them, each as a type (as swift-collections' `_HashTable.Header`): named
// fields, read and written in one place. Where they are found and how they are checked:
// `_TaskLayout`.

/// What `ims_task_layout_word` says: the offsets of the three task words the fast path
/// reads, once verified, and whether following a child task's parent marker agrees with
/// the runtime's own lookup.
///
///      63             40 39      34 33     32 31            16 15             0
///     ┌────────────────┬──────────┬─────────┬────────────────┬────────────────┐
///     │ records offset │  (zero)  │ markers │  head offset   │ last-alloc.    │
///     └────────────────┴──────────┴─────────┴────────────────┴────────────────┘
///
/// Two values are not offsets: `unverified` (nothing published yet) and `entryPointsOnly`
/// (the layout differs, or the environment asks for the runtime's entry points). A records
/// offset of 0: the status records were not found (the `async let` check is off).
struct _TaskLayoutWord: Equatable {
  var rawValue: UInt64

  /// Nothing verified yet.
  static let unverified = _TaskLayoutWord(rawValue: 0)
  /// The async path uses the runtime's entry points only.
  static let entryPointsOnly = _TaskLayoutWord(rawValue: 1)

  private static let offsetMask: UInt64 = 0xFFFF
  private static let headShift: UInt64 = 16
  private static let markersShift: UInt64 = 32
  private static let recordsShift: UInt64 = 40

  @inline(__always)
  init(rawValue: UInt64) { self.rawValue = rawValue }

  /// The word for verified offsets (each below 2¹⁶ bytes), markers not checked yet.
  init(head: Int, lastAllocation: Int, records: Int) {
    precondition(
      (head | lastAllocation | records) >> 16 == 0 && (head | lastAllocation) != 0,
      "Implicits: task layout offsets out of range")
    rawValue =
      UInt64(records) << Self.recordsShift | UInt64(head) << Self.headShift | UInt64(lastAllocation)
  }

  /// The word published now.
  @inline(__always)
  static var published: _TaskLayoutWord { _TaskLayoutWord(rawValue: ims_task_layout()) }

  func publish() { ims_set_task_layout(rawValue) }

  var head: Int { Int(truncatingIfNeeded: rawValue >> Self.headShift & Self.offsetMask) }
  var lastAllocation: Int { Int(truncatingIfNeeded: rawValue & Self.offsetMask) }
  var records: Int { Int(truncatingIfNeeded: rawValue >> Self.recordsShift & Self.offsetMask) }

  /// Whether following a child task's parent marker agrees with the runtime's lookup (two
  /// bits, compared as they are: the read path asks on every marker it follows).
  struct MarkerCheck: Equatable {
    let rawValue: UInt64
    static let notYet = MarkerCheck(rawValue: 0)
    static let agrees = MarkerCheck(rawValue: 1)
    static let differs = MarkerCheck(rawValue: 2)
  }

  @inline(__always)
  var markers: MarkerCheck {
    get { MarkerCheck(rawValue: rawValue >> Self.markersShift & 3) }
    set { rawValue = rawValue & ~(3 << Self.markersShift) | newValue.rawValue << Self.markersShift }
  }
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
