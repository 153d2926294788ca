#if ImplicitsAnalysis
import SwiftSyntax

/// Where things are in the file being read, for every per-file pass; read-only. What the
/// passes find they return (`FileDeclarations` and `DeclaredBodies`, `FileEffects`), and
/// `FileAnalyzer.assemble` joins it into the `FileSummary`.
struct FileContext {
  let index: Int32
  let lines: LineTable
  let conditions: ConditionEvaluator

  func location(of node: some SyntaxProtocol) -> SourceLoc {
    lines.location(ofUTF8Offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  /// Where a node read in the raw tree starts (`VariableFacts.Binding.patternOffset`).
  func location(atUTF8Offset offset: Int) -> SourceLoc {
    lines.location(ofUTF8Offset: offset)
  }

  func error(_ id: DiagnosticID, _ message: String, at node: some SyntaxProtocol) -> Diagnostic {
    .error(id, message, at: location(of: node))
  }

  func bagSite(
    name: String?, _ capture: BagCapture, at node: some SyntaxProtocol, storedIn: String? = nil, wrapper: String? = nil
  ) -> BagSite {
    BagSite(name: name, location: location(of: node), storedIn: storedIn, capture: capture, wrapper: wrapper)
  }
}
#endif
