// Alarm rules, written with a result builder. The thresholds come from the implicit soil
// profile, read while the rules are built.
import Implicits

public struct Rule: Sendable {
  public let name: String
  public let matches: @Sendable (Reading) -> Bool
  public init(_ name: String, matches: @escaping @Sendable (Reading) -> Bool) {
    self.name = name
    self.matches = matches
  }
}

@resultBuilder
public enum RuleBuilder {
  public static func buildExpression(_ rule: Rule) -> [Rule] { [rule] }
  public static func buildExpression(_ rules: [Rule]) -> [Rule] { rules }
  public static func buildBlock(_ parts: [Rule]...) -> [Rule] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Rule]?) -> [Rule] { part ?? [] }
  public static func buildEither(first: [Rule]) -> [Rule] { first }
  public static func buildEither(second: [Rule]) -> [Rule] { second }
}

public func ruleSet(@RuleBuilder _ build: () -> [Rule]) -> [Rule] { build() }

public func standardRules(_ scope: ImplicitScope) -> [Rule] {
  @Implicit(\.verbose) var verbose: Bool
  return ruleSet {
    dryRule(scope)
    Rule("fault") { $0.isFault }
    if verbose {
      heatRule(scope)
    }
  }
}

func dryRule(_ scope: ImplicitScope) -> Rule {
  @Implicit var profile: SoilProfile
  let dry = profile.dry
  return Rule("dry") { reading in
    if case .moisture(let value) = reading { return value < dry }
    return false
  }
}

func heatRule(_ scope: ImplicitScope) -> Rule {
  @Implicit var profile: SoilProfile
  let hot = profile.hot
  return Rule("hot") { reading in
    switch reading {
    case .temperature(let celsius) where celsius > hot: return true
    default: return false
    }
  }
}

/// The names of the rules a reading trips.
public func alarms(for reading: Reading, _ rules: [Rule]) -> [String] {
  rules.filter { $0.matches(reading) }.map(\.name)
}
