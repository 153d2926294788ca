import BlindKit
import Implicits

/// A tiny view system: a view has a body made of other views, down to `Text`.
public protocol View {
  associatedtype Body: View
  var body: Body { get }
}

/// A leaf has no body of its own.
public enum Never2: View {
  public var body: Never2 { fatalError("a leaf has no body") }
}

public protocol Leaf: View where Body == Never2 {
  func lines() -> [String]
}

extension Leaf {
  public var body: Never2 { fatalError("\(Self.self) is a leaf") }
}

public struct Text: Leaf {
  let string: String
  public init(_ string: String) { self.string = string }
  public func lines() -> [String] { [string] }
}

public struct Stack: Leaf {
  let children: [any View]
  let indent: String
  public init(indent: String = "  ", @ViewBuilder _ content: () -> [any View]) {
    self.indent = indent
    children = content()
  }
  init(indent: String, children: [any View]) { self.indent = indent; self.children = children }
  public func lines() -> [String] { children.flatMap(render).map { indent + $0 } }
}

/// Renders any view to lines of text.
public func render(_ view: any View) -> [String] {
  if let leaf = view as? any Leaf { return leaf.lines() }
  return render(view.body)
}

@resultBuilder
public enum ViewBuilder {
  public static func buildExpression(_ view: any View) -> [any View] { [view] }
  public static func buildExpression(_ views: [any View]) -> [any View] { views }
  public static func buildBlock(_ parts: [any View]...) -> [any View] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [any View]?) -> [any View] { part ?? [] }
  public static func buildEither(first: [any View]) -> [any View] { first }
  public static func buildEither(second: [any View]) -> [any View] { second }
  public static func buildArray(_ parts: [[any View]]) -> [any View] { parts.flatMap { $0 } }
  public static func buildFinalResult(_ parts: [any View]) -> Stack { Stack(indent: "", children: parts) }
  public static func buildFinalResult(_ parts: [any View]) -> [any View] { parts }
}
