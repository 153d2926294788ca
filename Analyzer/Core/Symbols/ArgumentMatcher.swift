#if ImplicitsAnalysis
/// Binds the arguments of a call, as written, to the parameters of a declaration, the way
/// Swift does without types: labels in order, defaulted parameters optional, a variadic
/// parameter taking any number of arguments (the first one labelled), the unlabelled
/// trailing closure taking a closure parameter, labelled trailing closures by label.
enum ArgumentMatcher {
  /// For each argument (in `CallSite.labels` order), the index of its parameter; `nil` if
  /// the call cannot bind to these parameters.
  static func bind(_ labels: [String?], to parameters: [ParameterInfo]) -> [Int]? {
    var binding = [Int](repeating: -1, count: labels.count)
    let binds = binding.withUnsafeMutableBufferPointer { bind(labels, to: parameters, into: $0) }
    return binds ? binding : nil
  }

  /// Whether the call binds to these parameters: `bind` without the binding, asked for
  /// every candidate of every call (`SymbolTable.matching`), where the array `bind` makes
  /// was a third of a lookup (~500 instructions a call at 5,000 files).
  static func binds(_ labels: [String?], to parameters: [ParameterInfo]) -> Bool {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: labels.count) { bind(labels, to: parameters, into: $0) }
  }

  private static func bind(
    _ labels: [String?], to parameters: [ParameterInfo], into binding: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    if match(labels, 0, parameters, 0, binding, strict: true) { return true }
    // A closure type behind a typealias is not visible as one: let a trailing closure
    // bind to any parameter but a scope.
    guard labels.contains(CallSite.trailingLabel) else { return false }
    return match(labels, 0, parameters, 0, binding, strict: false)
  }

  /// Reads the parameters' fields in place: a `ParameterInfo` copied out is half a dozen
  /// retains.
  private static func match(
    _ labels: [String?], _ argument: Int, _ parameters: [ParameterInfo], _ parameter: Int,
    _ binding: UnsafeMutableBufferPointer<Int>, strict: Bool
  ) -> Bool {
    guard argument < labels.count else {
      for rest in parameter..<max(parameter, parameters.count)
      where !parameters[rest].hasDefault && !parameters[rest].isVariadic {
        return false
      }
      return true
    }
    guard parameter < parameters.count else { return false }
    let isVariadic = parameters[parameter].isVariadic
    if accepts(parameters, parameter, labels[argument], strict: strict) {
      binding[argument] = parameter
      var next = argument + 1
      // A variadic parameter also takes the unlabelled arguments that follow.
      while isVariadic, next < labels.count, labels[next] == nil {
        binding[next] = parameter
        next += 1
      }
      if match(labels, next, parameters, parameter + 1, binding, strict: strict) { return true }
    }
    // Not given: allowed for defaulted and variadic parameters.
    guard parameters[parameter].hasDefault || isVariadic else { return false }
    return match(labels, argument, parameters, parameter + 1, binding, strict: strict)
  }

  private static func accepts(_ parameters: [ParameterInfo], _ parameter: Int, _ label: String?, strict: Bool) -> Bool {
    if label == CallSite.trailingLabel { return strict ? parameters[parameter].isClosure : !parameters[parameter].isScope }
    return parameters[parameter].label == label
  }
}
#endif
