#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

@Suite struct SymbolTableTests {
  static func parameter(_ label: String?, defaulted: Bool = false, closure: Bool = false) -> ParameterInfo {
    ParameterInfo(label: label, isScope: label == nil, hasDefault: defaulted, isClosure: closure, isEscaping: false)
  }

  @Test func receiverOfKnownTypeSelectsItsMethod() {
    var table = SymbolTable()
    for (type, node) in [("First", 1), ("Second", 2)] {
      table.add(
        Callable(node: NodeID(node), typeName: type, parameters: [Self.parameter(nil)], isImplicit: true, isExternal: false,
          qualifiedName: "\(type).go(_:)"), baseName: "go")
    }
    func site(_ receiver: Receiver) -> CallSite {
      CallSite(baseName: "go", labels: [nil], receiver: receiver, callerType: nil,
        location: SourceLoc(file: 0, line: 1, column: 1), passesScope: true)
    }
    #expect(table.candidates(for: site(.type("Second")), file: FileID(0)).map { table.callables[$0].node } == [NodeID(2)])
    #expect(table.candidates(for: site(.unknown), file: FileID(0)).count == 2)
    #expect(table.candidates(for: site(.unqualified), file: FileID(0)).isEmpty)
  }

  @Test func moduleLocalCandidatesShadowDependencies() {
    var table = SymbolTable()
    table.add(Callable(node: NodeID(1), typeName: nil, parameters: [Self.parameter(nil)], isImplicit: true, isExternal: true,
      qualifiedName: "Dep.run(_:)"), baseName: "run")
    table.add(Callable(node: NodeID(2), typeName: nil, parameters: [Self.parameter(nil)], isImplicit: true, isExternal: false,
      qualifiedName: "run(_:)"), baseName: "run")
    let site = CallSite(baseName: "run", labels: [nil], receiver: .unqualified, callerType: nil,
      location: SourceLoc(file: 0, line: 1, column: 1), passesScope: true)
    #expect(table.candidates(for: site, file: FileID(0)).map { table.callables[$0].node } == [NodeID(2)])
  }

  /// `typealias Body = App.Body` names itself (vapor has such aliases): the lookup ends.
  @Test func aliasCyclesEndTheLookup() {
    var table = SymbolTable()
    table.resolver.moduleNames.insert("App")
    table.resolver.addAlias("Body", target: "App.Body")
    table.add(Callable(node: NodeID(1), typeName: "Other", parameters: [Self.parameter(nil)], isImplicit: true,
      isExternal: false, qualifiedName: "Other.read(_:)"), baseName: "read")
    let site = CallSite(baseName: "read", labels: [nil], receiver: .type("Body"), callerType: nil,
      location: SourceLoc(file: 0, line: 1, column: 1), passesScope: true)
    #expect(table.candidates(for: site, file: FileID(0)).isEmpty)
  }

  @Test func privateFunctionsAreSeenOnlyInTheirFile() {
    var table = SymbolTable()
    for file in [0, 1] {
      table.add(Callable(node: NodeID(file), typeName: nil, parameters: [Self.parameter(nil)], isImplicit: true,
        isExternal: false, qualifiedName: "refresh(_:)", privateFile: FileID(file)), baseName: "refresh")
    }
    let site = CallSite(baseName: "refresh", labels: [nil], receiver: .unqualified, callerType: nil,
      location: SourceLoc(file: 1, line: 1, column: 1), passesScope: true)
    #expect(table.candidates(for: site, file: FileID(1)).map { table.callables[$0].node } == [NodeID(1)])
  }
}
#endif
