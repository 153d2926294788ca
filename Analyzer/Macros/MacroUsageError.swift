#if ImplicitsMacros
import SwiftDiagnostics
import SwiftSyntax

/// What a user wrote wrong when applying one of our macros; every message says what
/// is expected instead.
enum MacroUsageMessage: DiagnosticMessage {
  case implicitsTakesNoArguments
  case namedKeyNotAVariable
  case namedKeyOutsideImplicitsKeys(extended: String)
  case namedKeyNotStatic(name: String)
  case namedKeyNotLet(name: String)
  case namedKeyMultipleBindings
  case namedKeyNotAnIdentifier
  case namedKeyComputed(name: String)
  case namedKeyNotAKey(name: String)
  case namedKeyUnknownValueType(name: String)

  var message: String {
    switch self {
    case .implicitsTakesNoArguments:
      "'#implicits' takes no arguments; it captures what the code that restores the bag needs"
    case .namedKeyNotAVariable:
      "'@NamedImplicitKey' applies to a named key declaration: "
        + "'static let name = Key<Value>()' inside 'extension ImplicitsKeys'"
    case .namedKeyOutsideImplicitsKeys(let extended):
      "named keys are declared in 'extension ImplicitsKeys', not in '\(extended)'"
    case .namedKeyNotStatic(let name):
      "named key '\(name)' must be 'static': 'static let \(name) = Key<Value>()'"
    case .namedKeyNotLet(let name):
      "named key '\(name)' must be a 'let': 'static let \(name) = Key<Value>()'"
    case .namedKeyMultipleBindings:
      "'@NamedImplicitKey' declares one key per declaration; split it into one 'static let' per key"
    case .namedKeyNotAnIdentifier:
      "a named key is a single name: 'static let name = Key<Value>()'"
    case .namedKeyComputed(let name):
      "named key '\(name)' must be a stored 'static let \(name) = Key<Value>()', not a computed property"
    case .namedKeyNotAKey(let name):
      "named key '\(name)' must be initialised with 'Key<Value>()', "
        + "e.g. 'static let \(name) = Key<Bool>()'"
    case .namedKeyUnknownValueType(let name):
      "cannot tell the value type of named key '\(name)'; "
        + "write 'static let \(name) = Key<Value>()' with exactly one type argument"
    }
  }

  var diagnosticID: MessageID {
    let id: String
    switch self {
    case .implicitsTakesNoArguments: id = "implicitsTakesNoArguments"
    case .namedKeyNotAVariable: id = "namedKeyNotAVariable"
    case .namedKeyOutsideImplicitsKeys: id = "namedKeyOutsideImplicitsKeys"
    case .namedKeyNotStatic: id = "namedKeyNotStatic"
    case .namedKeyNotLet: id = "namedKeyNotLet"
    case .namedKeyMultipleBindings: id = "namedKeyMultipleBindings"
    case .namedKeyNotAnIdentifier: id = "namedKeyNotAnIdentifier"
    case .namedKeyComputed: id = "namedKeyComputed"
    case .namedKeyNotAKey: id = "namedKeyNotAKey"
    case .namedKeyUnknownValueType: id = "namedKeyUnknownValueType"
    }
    return MessageID(domain: "ImplicitsMacros", id: id)
  }

  var severity: DiagnosticSeverity { .error }
}

/// A fix-it suggestion attached to a ``MacroUsageMessage``.
struct MacroFixItMessage: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "ImplicitsMacros", id: message) }
}

/// Throwing form of a ``MacroUsageMessage``: the macro expands to nothing and the
/// compiler shows the message at `node`.
enum MacroUsageError {
  static func at(
    _ node: some SyntaxProtocol, _ message: MacroUsageMessage, fixIts: [FixIt] = []
  ) -> DiagnosticsError {
    DiagnosticsError(diagnostics: [Diagnostic(node: Syntax(node), message: message, fixIts: fixIts)])
  }
}
#endif
