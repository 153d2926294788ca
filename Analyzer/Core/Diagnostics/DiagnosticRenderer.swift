#if ImplicitsAnalysis
import Foundation

/// Output formats for diagnostics.
public enum DiagnosticsFormat: String, CaseIterable, Sendable {
  case text, json
}

extension AnalysisResult {
  /// swiftc format (`path:line:col: error: message [#id]`, notes after their error), or
  /// JSON (`"id"` on each diagnostic, none on notes).
  public func renderDiagnostics(_ format: DiagnosticsFormat) -> String {
    switch format {
    case .text: return renderText()
    case .json: return renderJSON()
    }
  }

  func position(_ location: SourceLoc) -> String {
    "\(paths[Int(location.file)]):\(location.line):\(location.column)"
  }

  private func renderText() -> String {
    var out = ""
    for diagnostic in diagnostics {
      out += "\(position(diagnostic.location)): \(diagnostic.severity.rawValue): \(diagnostic.message) [#\(diagnostic.id.rawValue)]\n"
      for note in diagnostic.notes {
        out += "\(position(note.location)): note: \(note.message)\n"
      }
    }
    return out
  }

  private struct JSONDiagnostic: Encodable {
    var id: String?
    var file: String
    var line: Int32
    var column: Int32
    var severity: String
    var message: String
    var notes: [JSONDiagnostic]?
  }

  private struct JSONReport: Encodable {
    var module: String
    var errorCount: Int
    var diagnostics: [JSONDiagnostic]
  }

  private func renderJSON() -> String {
    func json(
      _ id: DiagnosticID?, _ location: SourceLoc, _ severity: String, _ message: String, notes: [JSONDiagnostic]?
    ) -> JSONDiagnostic {
      JSONDiagnostic(
        id: id?.rawValue, file: paths[Int(location.file)], line: location.line, column: location.column,
        severity: severity, message: message, notes: notes)
    }
    let report = JSONReport(
      module: options.moduleName, errorCount: errorCount,
      diagnostics: diagnostics.map { diagnostic in
        json(diagnostic.id, diagnostic.location, diagnostic.severity.rawValue, diagnostic.message,
          notes: diagnostic.notes.map { json(nil, $0.location, "note", $0.message, notes: nil) })
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let data = (try? encoder.encode(report)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
#endif
