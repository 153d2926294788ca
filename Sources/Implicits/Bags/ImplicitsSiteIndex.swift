import ImplicitsCSupport

/// The `#implicits` sites of a module, for the code the analyzer generates: which site a
/// `__implicitsBag(site:)` call comes from, in O(1).
///
/// The generated support file declares one index of every site name and switches on
/// `index(of:)`. A site's name is a string literal at its call site, so its address is the
/// same on every call: the first call from a call site compares the name (hashing a
/// `String`), later calls find the address in a small lock-free cache (a multiply, a
/// load, a compare). No capture builds a `String` or compares names after its first.
@_spi(Unsafe)
public final class ImplicitsSiteIndex: @unchecked Sendable {
  private let sites: [String: Int]
  /// Open addressing by the name's address: 0 empty, else `address | (index + 1) << 48`
  /// (index -1: a name that is not in the table). Entries are installed once, atomically.
  private let cache: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private let shift: Int
  private let mask: Int

  private static let indexShift = 48
  private static let addressMask: UInt = (1 << 48) - 1

  /// An index of `names`: `index(of: names[i])` is `i`.
  public init(_ names: [StaticString]) {
    var sites: [String: Int] = [:]
    for (index, name) in names.enumerated() { sites[name.description] = index }
    self.sites = sites
    // Room for a few addresses per name (a name inlined into several functions may have
    // more than one); a full cache only sends calls to the name comparison.
    var capacity = 16
    while capacity < names.count * 4 { capacity *= 2 }
    cache = .allocate(capacity: capacity)
    cache.initialize(repeating: nil, count: capacity)
    shift = 64 - capacity.trailingZeroBitCount
    mask = capacity - 1
  }

  deinit { cache.deallocate() }

  /// The index of the site named `site` (its position in the initializer's list), or -1.
  public func index(of site: StaticString) -> Int {
    guard site.hasPointerRepresentation else { return sites[site.description] ?? -1 }
    let address = UInt(bitPattern: site.utf8Start)
    var slot = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    for _ in 0...mask {
      guard let entry = ims_load_acquire_ptr(cache + slot) else {
        return remember(site, address: address, in: slot)
      }
      let bits = UInt(bitPattern: entry)
      if bits & Self.addressMask == address { return Int(bits >> UInt(Self.indexShift)) - 1 }
      slot = (slot + 1) & mask
    }
    return sites[site.description] ?? -1
  }

  /// The first call from a call site: compares the name and caches its address in `slot`
  /// (unless another thread took that slot meanwhile: the next call retries).
  private func remember(_ site: StaticString, address: UInt, in slot: Int) -> Int {
    let index = sites[site.description] ?? -1
    if address & ~Self.addressMask == 0, index < (1 << 15) {
      let entry = address | UInt(index + 1) << UInt(Self.indexShift)
      _ = ims_install_ptr(cache + slot, UnsafeMutableRawPointer(bitPattern: entry))
    }
    return index
  }
}
