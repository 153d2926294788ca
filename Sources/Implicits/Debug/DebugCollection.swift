/// A snapshot of the visible implicit values, for debugging (`po ImplicitScope.dumpCurrent()`
/// in LLDB).
///
/// A collection of `(key, value)` pairs sorted by key; ``entries`` add where each value was
/// declared and in which frame it lives.
public struct DebugCollection: RandomAccessCollection, CustomStringConvertible {
  /// One visible value.
  public struct Entry: CustomStringConvertible {
    /// The key as written in source: `MyApp.NetworkService`, or `darkMode` for a named key.
    public let key: String
    /// The value.
    public let value: Any
    /// Where the value was declared, as `#fileID` and line (`MyApp/File.swift:12`), when known.
    public let location: String?
    /// Depth of the frame holding the value (0 = outermost scope), when known.
    public let frame: Int?

    public var description: String {
      var text = "\(key) = \(value)"
      if let location { text += "  (\(location)" + (frame.map { ", frame \($0))" } ?? ")") }
      return text
    }
  }

  /// The values, sorted by key.
  public let entries: [Entry]

  init(entries: [Entry]) { self.entries = entries.sorted { $0.key < $1.key } }

  public var startIndex: Int { entries.startIndex }
  public var endIndex: Int { entries.endIndex }
  public subscript(position: Int) -> (key: String, value: Any) {
    (entries[position].key, entries[position].value)
  }

  /// The keys, sorted.
  public var keys: [String] { entries.map(\.key) }

  /// The entries whose key contains `fragment`, ignoring case: `dump[like: "net"]`.
  public subscript(like fragment: String) -> DebugCollection {
    let needle = fragment.lowercased()
    return DebugCollection(entries: entries.filter { $0.key.lowercased().contains(needle) })
  }

  public var description: String {
    entries.isEmpty
      ? "<no implicit values>"
      : entries.map(\.description).joined(separator: "\n")
  }
}

extension ImplicitScope {
  /// The implicit values visible here, sorted by key, with where each was declared.
  ///
  /// Meant for debugging: `po ImplicitScope.dumpCurrent()`, `.keys`, `[like: "net"]`.
  /// Complexity: O(*n* log *n*) in the number of visible values.
  public static func dumpCurrent() -> DebugCollection {
    DebugCollection(
      entries: _Runtime.visibleBindings().map { binding in
        DebugCollection.Entry(
          key: _KeyNames.name(of: binding.key), value: binding.value,
          location: binding.location, frame: binding.frame)
      })
  }
}
