#if ImplicitsAnalysis
/// A swiftc-style diagnostic with the notes that explain it.
struct Diagnostic: Hashable, Sendable {
  enum Severity: String, Sendable { case error, warning, note }

  var severity: Severity
  var location: SourceLoc
  var message: String
  var notes: [Note] = []

  struct Note: Hashable, Sendable {
    var location: SourceLoc
    var message: String
  }

  static func error(_ message: String, at location: SourceLoc, notes: [Note] = []) -> Diagnostic {
    Diagnostic(severity: .error, location: location, message: message, notes: notes)
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
