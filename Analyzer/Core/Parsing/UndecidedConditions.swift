#if ImplicitsAnalysis
import SwiftSyntax

/// The `#if` conditions of a file that the analyzer cannot decide (`os(iOS)`, `DEBUG`,
/// `canImport(UIKit)`), with every clause they are written in: the build configurations
/// the module may be compiled in are the ways of taking them (`BuildConfigurations`).
///
/// An `#if` with a clause that does not parse is for another compiler and is left out:
/// its clauses stay undecided. An `#if` inside a clause that is surely not compiled does
/// not matter: the base walker does not enter such clauses.
final class UndecidedConditions: IfConfigWalker {
  private(set) var found: [ConditionSite] = []
  private let file: FileContext

  private init(file: FileContext) {
    self.file = file
    super.init(conditions: file.conditions)
  }

  /// Only files that use the API can make a configuration matter.
  static func find(in tree: SourceFileSyntax, mentions: SourceMentions, file: FileContext) -> [ConditionSite] {
    guard mentions.conditionalCompilation, mentions.api else { return [] }
    let collector = UndecidedConditions(file: file)
    collector.walk(tree)
    return collector.found
  }

  override func willWalkClauses(of node: IfConfigDeclSyntax, exhaustive: Bool) {
    guard !node.clauses.elements.contains(where: { $0.elements?.hasError == true }) else { return }
    let start = file.location(of: node)
    let end = file.location(of: node.poundEndif)
    for clause in node.clauses.elements {
      guard let condition = clause.condition else { continue }
      for text in Set(conditions.undecidedConditions(in: condition)).sorted() {
        found.append(ConditionSite(condition: text, location: file.location(of: clause.poundKeyword), start: start, end: end))
      }
    }
  }
}

/// A clause of an `#if` written with a condition the analyzer cannot decide.
struct ConditionSite: Hashable, Sendable {
  /// The condition's text (`os(iOS)`).
  var condition: String
  /// The clause's `#if` or `#elseif`.
  var location: SourceLoc
  /// The whole `#if … #endif`.
  var start: SourceLoc
  var end: SourceLoc

  func contains(_ location: SourceLoc) -> Bool { start <= location && location <= end }
}
#endif
