#if ImplicitsAnalysis
/// A swiftc-style diagnostic with the notes that explain it.
struct Diagnostic: Hashable, Sendable {
  enum Severity: String, Sendable { case error, warning, note }

  var id: DiagnosticID
  var severity: Severity
  var location: SourceLoc
  var message: String
  var notes: [Note] = []

  /// Notes belong to their diagnostic and have no identifier of their own.
  struct Note: Hashable, Sendable {
    var location: SourceLoc
    var message: String
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
