#if ImplicitsAnalysis
import SwiftParser
import SwiftSyntax

/// When a function's requirement holds, as an interface writes it (`Function.conditions`):
/// an `#if` condition over the conditions the declaring module could not decide (`DEBUG`,
/// `os(iOS)`), such as `DEBUG` for a read under `#if DEBUG`, or `""` when the function
/// requires the key in every configuration.
///
/// A dependant takes the condition the way it takes its own in each configuration it is
/// checked in: a call needs the key only where the condition may hold. The same text is
/// the same condition in both modules (`ConditionEvaluator.text(of:)`).
enum RequirementCondition {
  /// In every configuration.
  static let always = ""

  /// The condition that holds in exactly the configurations of `holding` (bit `n`:
  /// configuration `n`, whose bit `i` says whether `conditions[i]` holds), written with
  /// only the conditions that decide it, as a short `||` of `&&`s.
  static func text(holding: UInt32, of conditions: [String]) -> String {
    let count = 1 << conditions.count
    let all: UInt32 = count == 32 ? .max : (1 << count) - 1
    if holding & all == all { return always }
    if holding & all == 0 { return "false" }
    let holds = { (configuration: Int) in holding & (1 << configuration) != 0 }
    // Conditions whose flip turns some configuration in `holding` into one outside it.
    let deciding = conditions.indices.filter { index in (0..<count).contains { holds($0) != holds($0 ^ (1 << index)) } }
    var care = 0
    for index in deciding { care |= 1 << index }
    // Terms as (the conditions they name, the values they take), merged while two differ
    // in one condition (Quine–McCluskey; there are at most 16 configurations).
    var terms = Set((0..<count).filter(holds).map { Term(care: care, values: $0 & care) })
    var primes: Set<Term> = []
    while !terms.isEmpty {
      var merged: Set<Term> = []
      var used: Set<Term> = []
      for a in terms {
        for b in terms where a.care == b.care && (a.values ^ b.values).nonzeroBitCount == 1 {
          let bit = a.values ^ b.values
          merged.insert(Term(care: a.care & ~bit, values: a.values & ~bit))
          used.insert(a)
        }
      }
      primes.formUnion(terms.subtracting(used))
      terms = merged
    }
    // Fewest terms first, wide ones first: each adds configurations the others miss.
    var covered = Set<Int>()
    let wanted = Set((0..<count).filter(holds))
    var chosen: [Term] = []
    for term in primes.sorted(by: { ($0.care.nonzeroBitCount, $0.values) < ($1.care.nonzeroBitCount, $1.values) }) {
      let its = Set((0..<count).filter { $0 & term.care == term.values })
      guard !its.isSubset(of: covered) else { continue }
      chosen.append(term)
      covered.formUnion(its)
      if covered == wanted { break }
    }
    return chosen.map { term in
      conditions.indices.filter { term.care & (1 << $0) != 0 }.map { index in
        let condition = conditions[index]
        return term.values & (1 << index) != 0 ? condition : "!" + condition
      }.joined(separator: " && ")
    }.sorted().joined(separator: " || ")
  }

  private struct Term: Hashable {
    var care: Int
    var values: Int
  }

  /// The condition written as `text`, or `nil` when it is not one.
  static func parse(_ text: String) -> ExprSyntax? {
    let file = Parser.parse(source: "#if \(text)\n#endif\n")
    guard !file.hasError, file.statements.count == 1,
      let decl = file.statements.first?.item.as(IfConfigDeclSyntax.self),
      let condition = decl.clauses.first?.condition
    else { return nil }
    return condition
  }
}

/// Tells, in one build configuration, whether the requirements of a dependency's
/// function hold: each condition is parsed once.
struct RequirementConditionEvaluator {
  let conditions: ConditionEvaluator
  private var truths: [String: Truth] = [:]

  init(_ conditions: ConditionEvaluator) { self.conditions = conditions }

  /// Whether a requirement under `condition` may hold: it does unless this configuration
  /// rules its condition out.
  mutating func mayHold(_ condition: String) -> Bool {
    if condition == RequirementCondition.always { return true }
    if let truth = truths[condition] { return truth != .no }
    // A condition that does not parse was rejected when the interface was read.
    let truth = RequirementCondition.parse(condition).map(conditions.evaluate) ?? .unknown
    truths[condition] = truth
    return truth != .no
  }
}
#endif
