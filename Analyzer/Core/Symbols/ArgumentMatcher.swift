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
    if match(labels, 0, parameters, 0, &binding, strict: true) { return binding }
    // A closure type behind a typealias is not visible as one: let a trailing closure
    // bind to any parameter but a scope.
    guard labels.contains(CallSite.trailingLabel) else { return nil }
    return match(labels, 0, parameters, 0, &binding, strict: false) ? binding : nil
  }

  private static func match(
    _ labels: [String?], _ argument: Int, _ parameters: [ParameterInfo], _ parameter: Int,
    _ binding: inout [Int], strict: Bool
  ) -> Bool {
    guard argument < labels.count else {
      return parameters[parameter...].allSatisfy { $0.hasDefault || $0.isVariadic }
    }
    guard parameter < parameters.count else { return false }
    let info = parameters[parameter]
    if accepts(info, labels[argument], strict: strict) {
      binding[argument] = parameter
      var next = argument + 1
      // A variadic parameter also takes the unlabelled arguments that follow.
      while info.isVariadic, next < labels.count, labels[next] == nil {
        binding[next] = parameter
        next += 1
      }
      if match(labels, next, parameters, parameter + 1, &binding, strict: strict) { return true }
    }
    // Not given: allowed for defaulted and variadic parameters.
    guard info.hasDefault || info.isVariadic else { return false }
    return match(labels, argument, parameters, parameter + 1, &binding, strict: strict)
  }

  private static func accepts(_ parameter: ParameterInfo, _ label: String?, strict: Bool) -> Bool {
    if label == CallSite.trailingLabel { return strict ? parameter.isClosure : !parameter.isScope }
    return parameter.label == label
  }
}
#endif
