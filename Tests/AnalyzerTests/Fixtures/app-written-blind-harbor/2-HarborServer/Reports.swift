import Foundation
import HarborCore
import Implicits

/// A report's content: nested sections.
public indirect enum Payload: Sendable {
  case text(String)
  case list([Payload])
  case section(title: String, Payload)
}

/// Renders a payload as indented text; each level goes one deeper.
public enum PayloadRenderer {
  public static func render(_ payload: Payload, _ scope: ImplicitScope) -> String {
    @Implicit(\.indent) var indent: Int
    let pad = String(repeating: " ", count: indent * 2)
    switch payload {
    case .text(let text):
      return pad + text
    case .list(let items):
      return items.map { render($0, scope) }.joined(separator: "\n")
    case .section(let title, let body):
      let scope = scope.nested()
      defer { scope.end() }
      @Implicit(\.indent) var deeper = indent + 1
      return pad + title + ":\n" + render(body, scope)
    }
  }
}

extension ImplicitsKeys {
  static let indent = Key<Int>()
}

public enum Reports {
  public static let sample: Payload = .section(
    title: "harbor",
    .list([.text("boats"), .section(title: "crew", .list([.text("ada"), .text("bob")]))])
  )

  /// Correct: starts at indent 0.
  public static func exportIndented(_ payload: Payload, _ scope: ImplicitScope) -> String {
    let scope = scope.nested()
    defer { scope.end() }
    @Implicit(\.indent) var indent = 0
    return PayloadRenderer.render(payload, scope)
  }

  /// P6: the first call declares no `\.indent`.
  public static func export(_ payload: Payload, _ scope: ImplicitScope) -> String {
    PayloadRenderer.render(payload, scope)
  }

  /// Renders into a buffer the caller owns.
  public static func append(_ payload: Payload, to buffer: inout [String], _ scope: ImplicitScope) {
    buffer.append(exportIndented(payload, scope))
    audit("appended report \(buffer.count)", scope)
  }
}
