#if ImplicitsAnalysis
/// Swift's initializer inheritance, for the initializers that take a scope. A class that
/// declares no designated initializer inherits every designated initializer of its
/// superclass; one that has all of them (inherited so, or each one written again, even as
/// a `convenience init`) inherits the superclass's convenience initializers too. So
/// `final class ProfileViewModel: BaseViewModel { @Implicit var session: Session }` has an
/// `init(_ scope:)`: the base's, run after its own stored properties are initialised,
/// which reads `session` as well as what the base's reads.
///
/// Each such initializer gets a callable of the subclass (`Callable.inherits` is the one it
/// runs) and a graph node (`GraphBuilder.placeInheritedInitializers`), so that
/// `ProfileViewModel(scope)` needs the subclass's stored implicits and `GraphBuilder`'s
/// `type-without-scope-init` check sees that it has the initializer. A call reaches them
/// through the superclass's lookup (`initializers(of:inheriting:depth:)`), which reads the
/// names an edit of the superclass's initializers changes (`ChangeIndex`).
///
/// A superclass of another module: its interface lists its implicit initializers, not
/// which are designated nor those its classes inherit, so a subclass inherits them only
/// when it declares no designated initializer (then it inherits every one). The interface
/// lists the initializers a library's subclasses inherit as their own (`InheritedEntries`),
/// so `Base.ProfileViewModel(scope)` needs what its stored implicits read too.
extension SymbolTable {
  /// Makes the inherited initializers of every subclass of the module, superclasses first
  /// (a callable of a class in the middle of a chain is what its subclasses inherit). Run
  /// once every declaration of the module and its dependencies is indexed.
  mutating func addInheritedInitializers() {
    var done: [String: [Int]] = [:]
    for subclass in subclasses { _ = initializers(ofClass: subclass.name, done: &done, depth: 0) }
  }

  /// `type`'s initializers, its own and those it inherits (a callable of its own for each
  /// implicit one; the superclass's others, as lookups find them): made once per class.
  private mutating func initializers(ofClass type: String, done: inout [String: [Int]], depth: Int) -> [Int] {
    if let known = done[type] { return known }
    let own = methodList(type, "init") ?? []
    done[type] = own  // a cycle of superclasses (invalid Swift) stops here
    guard depth < 8, let written = properties.superclass(of: type), let superclass = superclassDeclaration(of: type, written)
    else { return own }
    var parents = initializers(ofClass: superclass, done: &done, depth: depth + 1)
    // `class AppStore: Store<AppState>` does not get a `convenience init` of an extension
    // `where State == Int`.
    let generic = GenericTypeName(written)
    if !generic.arguments.isEmpty {
      parents = parents.filter { generic.admits(callables[$0].typeConstraints, parameters: genericParameters[superclass]) }
    }
    // A dependency's initializers count as designated (its interface does not say): a
    // subclass that declares a designated one inherits none of them. Those of a
    // dependency's protocol are requirements, not a superclass's.
    parents.removeAll { callables[$0].isProtocolMember }
    let declaresDesignated = own.contains { !callables[$0].isConvenience }
    let declared = Set(own.map { Self.overrideKey(callables[$0]) })
    let inheritsConvenience = !declaresDesignated
      || parents.allSatisfy { callables[$0].isConvenience || declared.contains(Self.overrideKey(callables[$0])) }
    var all = own
    var inherited: [Int: Int] = [:]
    for parent in parents where !declared.contains(Self.overrideKey(callables[parent])) {
      guard callables[parent].isConvenience ? inheritsConvenience : !declaresDesignated else { continue }
      guard callables[parent].isImplicit else {
        all.append(parent)
        continue
      }
      var callable = callables[parent]
      callable.typeName = type
      callable.qualifiedName = type + ".init(" + callable.parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
      callable.typeConstraints = [:]
      callable.isDynamic = false
      callable.isExternal = false
      callable.isProtocolMember = false
      callable.inherits = parent
      let index = addUnlisted(callable)
      inherited[parent] = index
      all.append(index)
    }
    if !inherited.isEmpty { inheritedInitializers[type] = inherited }
    done[type] = all
    return all
  }

  /// The class `type`'s superclass written `written` names, if the module declares it as
  /// a class, or a dependency lists initializers of it (the first inherited type of a
  /// class may be a protocol).
  private func superclassDeclaration(of type: String, _ written: String) -> String? {
    let context = type.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(type[..<$0]) }
    guard let full = resolver.declaration(CallSiteReader.stripGenerics(written), context: context),
      full != type, !protocols.contains(full), resolver.aliases[full] == nil
    else { return nil }
    return full
  }

  /// What makes an initializer of a subclass the one of its superclass it overrides (and
  /// hides): the labels, and which parameter is the scope (`init(_ scope:)` and
  /// `init(_ id: Int)` are two).
  private static func overrideKey(_ callable: Callable) -> [String] {
    callable.parameters.map { ($0.label ?? "_") + ($0.isScope ? " scope" : " " + ($0.writtenType ?? "")) }
  }

  /// The initializers of `type`, a class that inherits some implicit ones: its own, each
  /// inherited one as the subclass's callable, and (if it declares none) the superclass's
  /// others as before. Found through the superclass's lookup, so that a call reads the
  /// superclass's initializers (`LookupReads`): an edit of them changes this answer.
  func initializers(of type: String, inheriting inherited: [Int: Int], depth: Int) -> [Int]? {
    let own = methodList(type, "init")
    var found = own ?? []
    for index in inheritedMembers(of: type, "init", depth: depth) ?? [] {
      if let callable = inherited[index] {
        found.append(callable)
      } else if own == nil {
        found.append(index)
      }
    }
    return own == nil && found.isEmpty ? nil : found
  }

  /// With `reads` set: records what decides whether class `type` has an `init(_ scope:)`
  /// (its `type-without-scope-init` error, in its file): its own initializers and those of
  /// each superclass of the module. The file declaring a class with stored implicits reads
  /// them, so that an edit of a superclass's initializers makes that file dirty.
  func readInitializerInheritance(of type: String) {
    guard let reads else { return }
    reads.type(type)
    reads.method(type, "init")
    var current = type
    for _ in 0..<8 {
      guard let written = properties.superclass(of: current) else { return }
      reads.type(CallSiteReader.stripGenerics(written))
      guard let superclass = superclassDeclaration(of: current, written) else { return }
      reads.type(superclass)
      reads.method(superclass, "init")
      current = superclass
    }
  }
}
#endif
