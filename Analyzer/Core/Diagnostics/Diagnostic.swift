#if ImplicitsAnalysis
/// A swiftc-style diagnostic with the notes that explain it.
struct Diagnostic: Hashable, Sendable {
  enum Severity: String, Sendable { case error, warning, note }

  var id: DiagnosticID
  var severity: Severity
  var location: SourceLoc
  var message: String
  var notes: [Note] = []
  /// Of an unresolved-implicit error at an entry point: the keys its message names, so
  /// that the errors of several build configurations at one place become one.
  var unresolved: UnresolvedKeys? = nil

  /// Notes belong to their diagnostic and have no identifier of their own.
  struct Note: Hashable, Sendable {
    var location: SourceLoc
    var message: String
  }

  /// The keys nobody provides at an entry point; the message is made from them.
  struct UnresolvedKeys: Hashable, Sendable {
    var keys: [KeyName]
    var entry: Entry

    /// What the entry point is, which the message says.
    enum Entry: Hashable, Sendable {
      /// `ImplicitScope()` and the like.
      case rootScope
      /// A scope restored from `Implicits()`.
      case emptyBag
      /// The root scope a dependency's function opens for the closure passed to it.
      case dependencyScope(String)
    }

    var message: String { GraphDiagnoser.message(unresolved: self) }
  }

  static func error(_ id: DiagnosticID, _ message: String, at location: SourceLoc, notes: [Note] = []) -> Diagnostic {
    Diagnostic(id: id, severity: .error, location: location, message: message, notes: notes)
  }

  static func warning(_ id: DiagnosticID, _ message: String, at location: SourceLoc, notes: [Note] = []) -> Diagnostic {
    Diagnostic(id: id, severity: .warning, location: location, message: message, notes: notes)
  }
}

extension [KeyName] {
  /// `'A', 'B' and 'C'` for messages.
  var listed: String {
    let quoted = map(\.quoted)
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
  }
}
#endif
