import Implicits

/// What a test would mock: a service the code under test reads as an implicit.
protocol Greeting: Sendable {
  var text: String { get }
}

struct MockGreeting: Greeting {
  var text: String
}

/// Which test or suite declared the values a test sees.
enum OwnerKey: ImplicitKeyType { typealias Value = String }
/// Declared only by the suite, so a test can see that it inherits the suite's values.
enum SuiteOnlyKey: ImplicitKeyType { typealias Value = Int }

extension ImplicitsKeys {
  var owner: OwnerKey.Type { OwnerKey.self }
  var suiteOnly: SuiteOnlyKey.Type { SuiteOnlyKey.self }
}

/// Code under test: reads the implicit deep in a call, with no parameter for it.
func greet() -> String {
  @Implicit var greeting: any Greeting
  return greeting.text
}

/// The keys visible where it is called, as written in source.
func visibleKeys() -> [String] {
  Implicits.captureAll().keys
}
