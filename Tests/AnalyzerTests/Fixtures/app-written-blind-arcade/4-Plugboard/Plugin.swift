import BlindKit
import Implicits

/// A plugin transforms text. Each kind has its own options type and a stable id.
public protocol Plugin {
  associatedtype Options
  static var id: String { get }
  static var defaultOptions: Options { get }
  init(options: Options)
  func transform(_ text: String) -> String
}

extension Plugin {
  /// Makes the plugin with its default options and logs that it was loaded.
  public static func boot(_ scope: ImplicitScope) -> Self {
    @Implicit(\.pluginPrefix) var prefix: String
    note("\(prefix)\(id) booted", scope)
    return Self(options: defaultOptions)
  }

  /// Runs the plugin and counts the characters it produced.
  public func apply(_ text: String, _ scope: ImplicitScope) -> String {
    let output = transform(text)
    tally(Self.id, by: output.count, scope)
    return output
  }
}

public struct Uppercase: Plugin {
  public struct Options { public var exclaim: Bool }
  public static let id = "upper"
  public static var defaultOptions: Options { Options(exclaim: true) }
  let options: Options
  public init(options: Options) { self.options = options }
  public func transform(_ text: String) -> String { text.uppercased() + (options.exclaim ? "!" : "") }
}

public struct Reverse: Plugin {
  public typealias Options = Void
  public static let id = "reverse"
  public static var defaultOptions: Void { () }
  public init(options: Void) {}
  public func transform(_ text: String) -> String { String(text.reversed()) }
}

public struct Repeat: Plugin {
  public struct Options { public var times: Int }
  public static let id = "repeat"
  public static var defaultOptions: Options { Options(times: 2) }
  let times: Int
  public init(options: Options) { times = options.times }
  public func transform(_ text: String) -> String {
    Array(repeating: text, count: times).joined(separator: " ")
  }
}
