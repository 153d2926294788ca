import Implicits

/// Where greetings go: the console in the app, a recorder in the tests.
public protocol Output: AnyObject, Sendable {
  func write(_ line: String)
}

/// Writes to standard output.
public final class ConsoleOutput: Output {
  public init() {}
  public func write(_ line: String) { print(line) }
}

extension ImplicitsKeys {
  /// The name of the person being greeted.
  public static let userName = Key<String>()
  /// How many times to greet; one unless a scope says otherwise.
  public static let repeats = Key<Int>(default: 1)
}

/// A component that reads its service into a stored property when it is created.
public final class Greeter {
  @Implicit var output: any Output

  public init(_ scope: ImplicitScope) {}

  /// Greets the current user as often as `\.repeats` says.
  public func greet(_ scope: ImplicitScope) {
    @Implicit(\.userName) var name: String
    @Implicit(\.repeats) var repeats: Int
    for _ in 0..<repeats { output.write("Hello, \(name)!") }
  }
}

/// The feature's entry: needs an output and a user name from its caller.
public func greetUser(_ scope: ImplicitScope) {
  Greeter(scope).greet(scope)
}
