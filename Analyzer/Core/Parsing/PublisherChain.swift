#if ImplicitsAnalysis
import SwiftSyntax

/// A call in a Combine pipeline (`model.$query.map { … }.sink { … }`): its closures are
/// kept by the publisher and run on each value it sends, later, so they escape, whatever
/// the operator's name. `map`, `filter`, `first`, `reduce` … of a sequence run in place,
/// and without types the analyzer tells the two apart by the chain around the call: a
/// publisher at its start (`$name`, `.publisher`, `publisher(for:)`, `Just(…)`), or a
/// subscriber or type eraser after it (`sink`, `assign`, `eraseToAnyPublisher`, …).
enum PublisherChain {
  /// Whether `call` is a step of a publisher chain.
  static func contains(_ call: FunctionCallExprSyntax) -> Bool {
    startsWithPublisher(call.calledExpression) || endsInSubscriber(call)
  }

  private static let subscribers: Set<String> = [
    "sink", "assign", "eraseToAnyPublisher", "receive", "subscribe", "share", "debounce", "throttle",
    "removeDuplicates", "handleEvents", "combineLatest", "switchToLatest", "setFailureType", "replaceError",
  ]

  private static let publishers: Set<String> = ["publisher", "Just", "Future", "PassthroughSubject", "CurrentValueSubject"]

  /// Down the receivers: `$query`, `x.publisher`, `center.publisher(for: name)`, `Just(1)`.
  private static func startsWithPublisher(_ callee: ExprSyntax) -> Bool {
    var expr: ExprSyntax? = callee.as(MemberAccessExprSyntax.self)?.base
    while let current = expr {
      if let reference = current.as(DeclReferenceExprSyntax.self) {
        let name = reference.baseName.text
        return name.utf8.first == UInt8(ascii: "$") && name.utf8.count > 1 && !name.dropFirst().allSatisfy(\.isNumber)
          || publishers.contains(name)
      }
      if let member = current.as(MemberAccessExprSyntax.self) {
        let name = member.declName.baseName.text
        if name.utf8.first == UInt8(ascii: "$") || publishers.contains(name) { return true }
        expr = member.base
      } else if let call = current.as(FunctionCallExprSyntax.self) {
        expr = call.calledExpression
      } else if let chained = current.as(OptionalChainingExprSyntax.self) {
        expr = chained.expression
      } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
        expr = forced.expression
      } else {
        return false
      }
    }
    return false
  }

  /// Up the calls made on this one's value: `….map { }.sink { }`.
  private static func endsInSubscriber(_ call: FunctionCallExprSyntax) -> Bool {
    var current = Syntax(call)
    while let member = current.parent?.as(MemberAccessExprSyntax.self), member.base?.id == current.id,
      let next = member.parent?.as(FunctionCallExprSyntax.self), next.calledExpression.id == member.id
    {
      if subscribers.contains(member.declName.baseName.text) { return true }
      current = Syntax(next)
    }
    return false
  }
}
#endif
