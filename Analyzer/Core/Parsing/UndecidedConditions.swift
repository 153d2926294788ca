#if ImplicitsAnalysis
import SwiftSyntax

/// The `#if` conditions of a file that the analyzer cannot decide (`os(iOS)`, `DEBUG`,
/// `canImport(UIKit)`), each with where it is first written: the build configurations
/// the module may be compiled in are the ways of taking them (`BuildConfigurations`).
///
/// An `#if` with a clause that does not parse is for another compiler and is left out:
/// its clauses stay undecided. An `#if` inside a clause that is surely not compiled does
/// not matter: the base walker does not enter such clauses.
final class UndecidedConditions: IfConfigWalker {
  private(set) var found: [String: SourceLoc] = [:]
  private let file: FileContext

  private init(file: FileContext) {
    self.file = file
    super.init(conditions: file.conditions)
  }

  /// Only files that use the API can make a configuration matter.
  static func find(in tree: SourceFileSyntax, mentions: SourceMentions, file: FileContext) -> [String: SourceLoc] {
    guard mentions.conditionalCompilation, mentions.api else { return [:] }
    let collector = UndecidedConditions(file: file)
    collector.walk(tree)
    return collector.found
  }

  override func willWalkClauses(of node: IfConfigDeclSyntax, exhaustive: Bool) {
    guard !node.clauses.elements.contains(where: { $0.elements?.hasError == true }) else { return }
    for clause in node.clauses.elements {
      guard let condition = clause.condition else { continue }
      for text in conditions.undecidedConditions(in: condition) where found[text] == nil {
        found[text] = file.location(of: clause.poundKeyword)
      }
    }
  }
}
#endif
