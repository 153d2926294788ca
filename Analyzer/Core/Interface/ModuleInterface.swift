#if ImplicitsAnalysis
import Foundation

/// The `<Module>.implicitinterface` file: what dependants need to check calls into a
/// module. Versioned, sorted JSON, byte-identical for identical inputs.
public struct ModuleInterface: Codable, Equatable, Sendable {
  /// Bumped whenever the meaning of a field changes; readers reject other versions.
  /// Version 2: `requires` names a dependency's named key with its module (`\.region@Pricing`),
  /// keys are resolved identities (typealiases, nested types), parameters may be `variadic`
  /// and a scope closure's scope may sit at `scopePosition`.
  /// Version 3: `closureFunctions` lists the functions without a scope that take a closure,
  /// so that a dependant tells whether the closure it passes runs before the call returns.
  /// Version 4: a link may mark its step as inside a closure (`*`) or as a call through a
  /// closure value (`~`, into `closureTypes`), tokens a version-3 reader cannot parse.
  /// Version 5: `conditions` says under which `#if` conditions a function requires each key;
  /// a version-4 file lists what a function reads in some configuration as required in all.
  /// Version 6: `closureRunners` says which functions run the scope-taking closures the
  /// module keeps; a version-5 file does not, and a dependant would miss what the closures
  /// it hands over need.
  /// Version 7: `closureAliases` gives the shape of the scope-taking closure aliases that
  /// `closureRunners` and `properties` name; a version-6 file does not, and a dependant
  /// would miss what the closures of an alias it hands over need.
  public static let currentFormatVersion = 7
  public static let formatName = "implicitinterface"

  public var format: String = ModuleInterface.formatName
  public var formatVersion: Int = ModuleInterface.currentFormatVersion
  public var module: String
  public var functions: [Function]
  public var namedKeys: [NamedKey]
  /// Types with a `DefaultImplicit` conformance (resolved names); absent when none.
  public var defaultedTypes: [String]? = nil
  /// Free functions and static members with a written return type, so that a dependant's
  /// `@Implicit var database = Database.open()` knows its key; absent when none. Like
  /// `closureFunctions`, `internal` and wider only, and none declared in another
  /// function's body.
  public var valueFunctions: [ValueFunction]? = nil
  /// Properties with a written or inferable type, static and instance, so that a
  /// dependant's `@Implicit var database = container.database` knows its key; absent when
  /// none (and in files written before it was recorded).
  public var properties: [Property]? = nil
  /// The protocols among the `type`s of `functions`: a method of a protocol's extension is
  /// reached through any conforming type, another type's only through that type. Absent
  /// when none (and in files written before it was recorded).
  public var protocols: [String]? = nil
  /// Functions and initializers that take no scope but a closure (`readings(for:load:)` of
  /// a cache): what a dependant needs to tell whether a closure it passes runs in place
  /// (`escaping` of each parameter). Only those with a closure parameter; absent when none.
  public var closureFunctions: [ClosureFunction]? = nil
  /// The functions that call closure values with their scope, themselves or through the
  /// functions they call (`Router.handle(_:_:)` runs `routes[path]?(path, scope)`): a
  /// dependant that hands this module a scope-taking closure to keep needs what it needs
  /// at each call of one that runs closures of its type. Sorted; absent when none.
  public var closureRunners: [ClosureRunner]? = nil
  /// The module's aliases of scope-taking closure types that `closureRunners`' types name
  /// (`Handler` for `(String, ImplicitScope) -> Void`): a dependant joins the closures it
  /// hands over, and those it assigns to the alias's properties, to the functions that run
  /// values of the alias. Sorted by name; absent when none.
  public var closureAliases: [ClosureAlias]? = nil
  /// The types of the closure values that links' steps call through (`~` in a token):
  /// `Handler`, `(Request, ImplicitScope) -> Response`, as the declaring module's notes
  /// name them. Sorted; absent when no link calls one.
  public var closureTypes: [String]? = nil
  /// The source files that `Function.file` and the links' file indices point into, as the
  /// analyzer was given them; absent when no function has links.
  public var files: [String]? = nil

  public struct Function: Codable, Equatable, Sendable {
    /// Enclosing type, absent for free functions.
    public var type: String?
    public var name: String
    public var parameters: [Parameter]
    /// `public`, `package` or `internal` (internal ones serve `@testable` importers);
    /// `fileprivate` and `private` ones are listed only as the steps of other functions'
    /// `links`, and importers do not call them. A function declared in another's body is
    /// `private` whatever is written: only that body can call it.
    public var access: String
    public var spi: Bool
    /// Keys in source terms, sorted: `NetworkService`, `\.darkMode`.
    public var requires: [String]
    /// For each of `requires`, in order, the `#if` condition under which the function
    /// requires it (`DEBUG`, `os(iOS) && !DEBUG`, over the conditions this module could not
    /// decide), `""` when in every configuration: a dependant checked where the condition
    /// does not hold need not provide the key. Absent when every key is required in every
    /// configuration (see `RequirementCondition`).
    public var conditions: [String]? = nil
    /// A member of `type`: whether it is `static` (or `class`), so that `T.f(scope)` and
    /// `value.f(scope)` reach the right overload. Absent for free functions and
    /// initializers, and in files written before it was recorded: such a member is
    /// matched either way.
    public var isStatic: Bool? = nil
    /// The file that declares the function: an index into the interface's `files`. Absent
    /// when `links` is.
    public var file: Int? = nil
    /// For each of `requires`, in order, the next step towards its read: see
    /// `RequirementLink` for the tokens. Absent when no key is required, and in files
    /// written before it was recorded (a dependant's error then gets no notes past the call).
    public var links: String? = nil
    /// For each of `requires`, in order, the function whose body holds its link's step
    /// when that is not this one, `""` when it is: a bag this function captures may be
    /// restored in a closure of another method, and the call there is the step. Absent
    /// when every step is in this function's body (and in files written before it was
    /// recorded).
    public var stepFunctions: [String]? = nil
    /// Whether it is `async`, for a function with an overload of the same signature that
    /// differs in that (`withDependencies(_:_:)` in both forms): a call without `await` reaches
    /// the synchronous one, a call under `await` the `async` one. Absent otherwise.
    public var isAsync: Bool? = nil
  }

  public struct Parameter: Codable, Hashable, Sendable {
    public var label: String?
    public var scope: Bool
    public var defaulted: Bool
    public var closure: Bool
    public var escaping: Bool
    /// `(ImplicitScope) -> …`: the closure passed here gets the callee's scope. Absent
    /// when false.
    public var scopeClosure: Bool?
    /// `T...`. Absent when false.
    public var variadic: Bool?
    /// Position of the scope among the parameters of a `scopeClosure`; absent when first.
    public var scopePosition: Int?
    /// A `scopeClosure` of a function without a scope parameter that calls it only with a
    /// root scope of its own (`withDependencies(_:_:)`: `let scope = ImplicitScope()`, the
    /// declarations, `operation(scope)`): the keys declared there before every call. What
    /// the closure needs beyond them is unmet at the call that passes it. Absent when the
    /// function passes another scope or its closure on (a restored bag, another function):
    /// the closure then needs everything from its caller.
    public var rootScopeDeclares: [String]? = nil
  }

  /// A function without a scope parameter that takes a closure.
  public struct ClosureFunction: Codable, Hashable, Sendable {
    /// Enclosing type, absent for free functions.
    public var type: String?
    /// With its argument labels, as `Function.name`: `readings(for:load:)`.
    public var name: String
    public var parameters: [Parameter]
    public var access: String
    /// As `Function.isStatic`: absent for free functions and initializers.
    public var isStatic: Bool? = nil
    /// As `Function.isAsync`.
    public var isAsync: Bool? = nil
  }

  /// A function that runs the closures the module keeps (`closureRunners`).
  public struct ClosureRunner: Codable, Hashable, Sendable {
    /// As `Function.type`, `Function.name` and `Function.isStatic`: the entry of
    /// `functions` it is.
    public var type: String?
    public var name: String
    public var isStatic: Bool? = nil
    /// The types of the closure values it calls, as the module's notes name them: the
    /// parameters written out with the scope's place (`(_, ImplicitScope)`), a stored
    /// property's closures (`Router#onRoute`), or an alias (`Handler`). Sorted.
    public var types: [String]
  }

  /// An alias of a scope-taking closure type (`closureAliases`).
  public struct ClosureAlias: Codable, Hashable, Sendable {
    /// Its full name in the module (`Handler`, `Router.Handler`), as `closureRunners` name it.
    public var name: String
    /// The number of parameters of the closure type.
    public var arity: Int
    /// The scope's position among them.
    public var scopePosition: Int
    /// The stored properties of `properties` whose type is the alias, or an optional or a
    /// collection of it (`Router#onRoute` of `var onRoute: Handler?`; `properties` spells
    /// the type written out): calls through them run values of the alias. Sorted; absent
    /// when none.
    public var properties: [String]? = nil
  }

  /// A free function or static member whose return type is written.
  public struct ValueFunction: Codable, Equatable, Sendable {
    /// Enclosing type, absent for free functions.
    public var type: String?
    /// The base name (`open`).
    public var name: String
    public var parameters: [Parameter]
    public var access: String
    /// The return type, resolved in the declaring module (`Self` is the enclosing type).
    public var returns: String
  }

  /// A property of a type: `Container.shared`, `container.database`.
  public struct Property: Codable, Hashable, Sendable {
    /// The enclosing type.
    public var type: String
    public var name: String
    public var access: String
    /// Absent when false.
    public var isStatic: Bool?
    /// The key of its value, resolved in the declaring module.
    public var valueType: String
  }

  public struct NamedKey: Codable, Equatable, Sendable {
    public var name: String
    public var valueType: String
    public var access: String
    /// Declared with `Key<T>(default:)`, or by hand with a `DefaultImplicitKey` key type:
    /// reads are always provided. Absent when false.
    public var hasDefault: Bool? = nil
  }
}

extension ModuleInterface {
  /// Sorted, pretty JSON with a trailing newline.
  func encoded() -> [UInt8] { InterfaceWriter.encode(self) }

  enum ReadError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case wrongVersion(path: String, found: Int)

    var description: String {
      switch self {
      case .unreadable(let path, let reason):
        "\(path): error: cannot read implicit interface: \(reason)"
      case .malformed(let path, let reason):
        "\(path): error: malformed implicit interface (\(reason)); rebuild the module that produced it"
      case .wrongVersion(let path, let found):
        "\(path): error: implicit interface format version \(found) is not supported (expected \(ModuleInterface.currentFormatVersion)); rebuild the module that produced it with this analyzer"
      }
    }
  }

  static func read(from path: String) throws(ReadError) -> ModuleInterface {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
    }
    struct Header: Decodable { var format: String?; var formatVersion: Int? }
    guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
      throw .malformed(path: path, reason: "not a JSON object")
    }
    guard header.format == formatName else {
      throw .malformed(path: path, reason: "missing \"format\": \"\(formatName)\"")
    }
    guard header.formatVersion == currentFormatVersion else {
      throw .wrongVersion(path: path, found: header.formatVersion ?? 0)
    }
    do {
      let interface = try JSONDecoder().decode(ModuleInterface.self, from: data)
      if let reason = interface.malformedLinks() { throw ReadError.malformed(path: path, reason: reason) }
      return interface
    } catch let error as ReadError {
      throw error
    } catch let error as DecodingError {
      throw .malformed(path: path, reason: reason(error))
    } catch {
      throw .malformed(path: path, reason: String(describing: error).prefix(200).description)
    }
  }

  /// Which field is wrong and how: `'functions[0].isStatic': expected Bool`.
  private static func reason(_ error: DecodingError) -> String {
    func field(_ path: [any CodingKey]) -> String {
      path.reduce("") { text, key in
        if let index = key.intValue { return text + "[\(index)]" }
        return text.isEmpty ? key.stringValue : text + "." + key.stringValue
      }
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "'\(field(context.codingPath))': expected \(type)"
    case .valueNotFound(let type, let context):
      return "'\(field(context.codingPath))': expected \(type), found null"
    case .keyNotFound(let key, let context):
      return "'\(field(context.codingPath + [key]))' is missing"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? context.debugDescription : "'\(field(context.codingPath))': \(context.debugDescription)"
    @unknown default:
      return String(describing: error).prefix(200).description
    }
  }
}

extension ModuleInterface.Parameter {
  init(_ info: ParameterInfo) {
    self.init(
      label: info.label, scope: info.isScope, defaulted: info.hasDefault, closure: info.isClosure,
      escaping: info.isEscaping, scopeClosure: info.takesScopeClosure ? true : nil,
      variadic: info.isVariadic ? true : nil,
      scopePosition: info.takesScopeClosure && info.scopeClosurePosition > 0 ? info.scopeClosurePosition : nil)
  }
  var info: ParameterInfo {
    ParameterInfo(
      label: label, isScope: scope, hasDefault: defaulted, isClosure: closure, isEscaping: escaping,
      takesScopeClosure: scopeClosure ?? false, scopeClosurePosition: scopePosition ?? 0,
      isVariadic: variadic ?? false)
  }
}
#endif
