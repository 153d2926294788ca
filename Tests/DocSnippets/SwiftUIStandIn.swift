// A stand-in for the few SwiftUI declarations the documentation's SwiftUI blocks use, built
// as a module named `SwiftUI` where SwiftUI does not exist (Linux). With it those blocks
// compile here as written, so their plain Swift, Observation and Implicits parts (scopes,
// declarations, view models created in a scope, bags handed through the environment) are
// type-checked and analysed; only SwiftUI's own signatures are not the real ones. The two
// SwiftUI macros the blocks use, `#Preview` and `@Entry`, are rewritten by `doc_blocks.py`
// (`stand_in_swiftui`) into the code they stand for. On Apple platforms the real SwiftUI is used.

@MainActor public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public var body: Never { fatalError("a primitive view has no body") }
}

@resultBuilder public enum ViewBuilder {
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

public struct Text: View {
  public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { fatalError("a primitive view has no body") }
}

extension View {
  /// As SwiftUI's: the action inherits the view's actor (body is main-actor isolated).
  public func task(@_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void) -> some View {
    self
  }
}

@MainActor public protocol Scene {}

public struct WindowGroup<Content: View>: Scene {
  public init(@ViewBuilder content: () -> Content) {}
}

@MainActor public protocol App {
  associatedtype Body: Scene
  var body: Body { get }
  init()
}

extension App {
  public static func main() {}
}

@propertyWrapper public struct State<Value> {
  private final class Box { var value: Value; init(_ value: Value) { self.value = value } }
  private let box: Box
  public init(initialValue value: Value) { box = Box(value) }
  public init(wrappedValue value: Value) { box = Box(value) }
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
}

public struct EnvironmentValues {
  public init() {}
}

@propertyWrapper public struct Environment<Value> {
  private let keyPath: KeyPath<EnvironmentValues, Value>
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
  public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}
