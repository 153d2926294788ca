#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// Calls bind to declarations the way Swift binds them, without types.
@Suite struct ArgumentMatcherTests {
  static func parameter(
    _ label: String?, scope: Bool = false, defaulted: Bool = false, closure: Bool = false,
    variadic: Bool = false
  ) -> ParameterInfo {
    ParameterInfo(
      label: label, isScope: scope, hasDefault: defaulted, isClosure: closure, isEscaping: false,
      isVariadic: variadic)
  }

  static let trailing = CallSite.trailingLabel

  @Test func anySubsetOfDefaultedParametersMayBeGiven() {
    let parameters = [Self.parameter(nil, scope: true)]
      + ["a", "b", "c", "d", "e", "f"].map { Self.parameter($0, defaulted: true) }
    #expect(ArgumentMatcher.bind([nil], to: parameters) == [0])
    #expect(ArgumentMatcher.bind([nil, "b", "f"], to: parameters) == [0, 2, 6])
    #expect(ArgumentMatcher.bind([nil, "a", "c", "d", "e", "f"], to: parameters) == [0, 1, 3, 4, 5, 6])
    #expect(ArgumentMatcher.bind([nil, "f", "a"], to: parameters) == nil, "labels out of order")
    #expect(ArgumentMatcher.bind([nil, "g"], to: parameters) == nil)
  }

  @Test func variadicTakesAnyNumberOfArguments() {
    let parameters = [Self.parameter(nil, scope: true), Self.parameter(nil, variadic: true)]
    #expect(ArgumentMatcher.bind([nil], to: parameters) == [0])
    #expect(ArgumentMatcher.bind([nil, nil, nil, nil], to: parameters) == [0, 1, 1, 1])
    let labelled = [Self.parameter(nil, scope: true), Self.parameter("events", variadic: true),
      Self.parameter("flush", defaulted: true)]
    #expect(ArgumentMatcher.bind([nil, "events", nil, "flush"], to: labelled) == [0, 1, 1, 2])
    #expect(ArgumentMatcher.bind([nil, "flush"], to: labelled) == [0, 2])
  }

  @Test func trailingClosuresBindInOrderAndByLabel() {
    let parameters = [Self.parameter(nil, scope: true), Self.parameter("content", closure: true),
      Self.parameter("onDismiss", closure: true)]
    #expect(ArgumentMatcher.bind([nil, Self.trailing, "onDismiss"], to: parameters) == [0, 1, 2])
    #expect(ArgumentMatcher.bind([nil, "content", Self.trailing], to: parameters) == [0, 1, 2])
    let optionalFirst = [Self.parameter(nil, scope: true), Self.parameter("completion", defaulted: true, closure: true),
      Self.parameter("body", closure: true)]
    #expect(ArgumentMatcher.bind([nil, Self.trailing], to: optionalFirst) == [0, 2])
  }
}
#endif
