#if ImplicitsAnalysis
import SwiftSyntax

/// How source code captures a bag. Every place that accepts a bag source (a closure capture
/// list, a local `let`, a stored property or its assignment in an initializer, an argument)
/// asks `BagCapture(_:)`, so both spellings are accepted in the same places.
enum BagCapture: Sendable {
  /// `#implicits`: the analyzer generates the capture of exactly what the restoring code needs.
  case macro
  /// `Implicits.captureAll()`: captures every value visible at run time, so it provides at
  /// a restore whatever `#implicits` would; nothing is generated for it.
  case all

  /// How the capture is written, for diagnostics.
  var spelling: String {
    switch self {
    case .macro: "#implicits"
    case .all: "Implicits.captureAll()"
    }
  }

  /// `#implicits`, `Implicits.captureAll()`, `Implicits.Implicits.captureAll()` (module
  /// prefix), or `.captureAll()` (`let bag: Implicits = .captureAll()`; without a type
  /// checker any implicit member of that name is taken for it); `nil` otherwise.
  init?(_ expr: ExprSyntax) {
    if let macro = expr.as(MacroExpansionExprSyntax.self) {
      guard macro.macroName.text == "implicits" else { return nil }
      self = .macro
      return
    }
    guard let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "captureAll"
    else { return nil }
    guard let base = member.base else {
      self = .all
      return
    }
    if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "Implicits" {
      self = .all
      return
    }
    guard let qualified = base.as(MemberAccessExprSyntax.self), qualified.declName.baseName.text == "Implicits",
      qualified.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Implicits"
    else { return nil }
    self = .all
  }
}
#endif
