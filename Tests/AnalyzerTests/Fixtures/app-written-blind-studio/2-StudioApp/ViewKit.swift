// A stand-in for the few SwiftUI shapes the screens use, so the view tree runs on Linux:
// views are structs with a `body`, built with a result builder, and their closures (button
// actions, `.task`) are stored and run later by a tiny renderer, as SwiftUI would.

/// A node of the rendered tree.
public indirect enum Node: Equatable {
  case text(String)
  case button(String)
  case stack([Node])
  case empty
}

public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

/// Primitive views end the recursion.
public protocol PrimitiveView: View where Body == Never {
  func render(into renderer: Renderer) -> Node
}

extension Never: View {
  public var body: Never { return fatalError("Never has no body") }
}

extension PrimitiveView {
  public var body: Never { return fatalError("\(Self.self) is primitive") }
}

@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<V: View>(_ view: V) -> any View { view }
  public static func buildBlock(_ views: any View...) -> Group { Group(views) }
  public static func buildOptional(_ group: Group?) -> any View { group ?? Group([]) }
  public static func buildEither(first group: Group) -> any View { group }
  public static func buildEither(second group: Group) -> any View { group }
  public static func buildArray(_ groups: [Group]) -> any View { Group(groups) }
}

public struct EmptyView: PrimitiveView {
  public init() {}
  public func render(into renderer: Renderer) -> Node { .empty }
}

public struct Text: PrimitiveView {
  let content: String
  public init(_ content: String) { self.content = content }
  public func render(into renderer: Renderer) -> Node { .text(content) }
}

public struct Button: PrimitiveView {
  let title: String
  let action: () -> Void
  public init(_ title: String, action: @escaping () -> Void) {
    self.title = title
    self.action = action
  }
  public func render(into renderer: Renderer) -> Node {
    renderer.actions[title] = action
    return .button(title)
  }
}

public struct Group: PrimitiveView {
  let children: [any View]
  init(_ children: [any View]) { self.children = children }
  public func render(into renderer: Renderer) -> Node { .stack(children.map { renderer.render($0) }) }
}

public struct VStack<Content: View>: PrimitiveView {
  let content: Content
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
  public func render(into renderer: Renderer) -> Node { .stack([renderer.render(content)]) }
}

public struct AnyView: PrimitiveView {
  let wrapped: any View
  public init<V: View>(_ view: V) { self.wrapped = view }
  public func render(into renderer: Renderer) -> Node { renderer.render(wrapped) }
}

/// `.task { }`: the renderer keeps the closure and runs it after rendering.
public struct TaskModifier<Content: View>: PrimitiveView {
  let content: Content
  let action: @Sendable () async -> Void
  public func render(into renderer: Renderer) -> Node {
    renderer.tasks.append(action)
    return renderer.render(content)
  }
}

extension View {
  public func task(_ action: @escaping @Sendable () async -> Void) -> TaskModifier<Self> {
    TaskModifier(content: self, action: action)
  }
}

/// Renders a tree, remembering its button actions and tasks the way a host would.
public final class Renderer {
  public var actions: [String: () -> Void] = [:]
  public var tasks: [@Sendable () async -> Void] = []
  public init() {}

  public func render(_ view: any View) -> Node {
    if let primitive = view as? any PrimitiveView { return primitive.render(into: self) }
    return render(view.body)
  }

  public func tap(_ title: String) { actions[title]?() }

  public func runTasks() async {
    for task in tasks { await task() }
    tasks.removeAll()
  }
}
