#if ImplicitsMacros
import ImplicitsMacroPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, by the names the `Implicits` module declares them with.
let implicitsMacros: [String: any Macro.Type] = [
  "implicits": ImplicitsBagMacro.self,
  "NamedImplicitKey": NamedImplicitKeyMacro.self,
]

/// `assertMacroExpansion` reporting to Swift Testing at the caller's line.
func assertExpansion(
  _ source: String,
  expandedSource: String,
  diagnostics: [DiagnosticSpec] = [],
  applyFixIts: [String]? = nil,
  fixedSource: String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  assertMacroExpansion(
    source,
    expandedSource: expandedSource,
    diagnostics: diagnostics,
    macroSpecs: implicitsMacros.mapValues { MacroSpec(type: $0) },
    applyFixIts: applyFixIts,
    fixedSource: fixedSource,
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(
        Comment(rawValue: failure.message),
        sourceLocation: Testing.SourceLocation(
          fileID: failure.location.fileID, filePath: failure.location.filePath,
          line: failure.location.line, column: failure.location.column))
    },
    fileID: fileID, filePath: filePath, line: line, column: column
  )
}
#endif
