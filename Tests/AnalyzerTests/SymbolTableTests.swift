#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

@Suite struct SymbolTableTests {
  static func parameter(_ label: String?, defaulted: Bool = false, closure: Bool = false) -> ParameterInfo {
    ParameterInfo(label: label, isScope: label == nil, hasDefault: defaulted, isClosure: closure, isEscaping: false)
  }

  @Test func signaturesCoverDefaultsAndTrailingClosures() {
    let signatures = SymbolTable.signatures(
      baseName: "load",
      parameters: [Self.parameter(nil), Self.parameter("retries", defaulted: true), Self.parameter("body", closure: true)])
    #expect(signatures == ["load(_:retries:body:)", "load(_:retries:)", "load(_:body:)", "load(_:)"])
  }

  @Test func receiverOfKnownTypeSelectsItsMethod() {
    var table = SymbolTable()
    for (type, node) in [("First", 1), ("Second", 2)] {
      table.add(
        Callable(node: node, typeName: type, parameters: [Self.parameter(nil)], isImplicit: true, isExternal: false,
          qualifiedName: "\(type).go(_:)"), baseName: "go")
    }
    func site(_ receiver: Receiver) -> CallSite {
      CallSite(baseName: "go", labels: [nil], receiver: receiver, callerType: nil,
        location: SourceLoc(file: 0, line: 1, column: 1), passesScope: true)
    }
    #expect(table.candidates(for: site(.type("Second"))).map { table.callables[$0].node } == [2])
    #expect(table.candidates(for: site(.unknown)).count == 2)
    #expect(table.candidates(for: site(.unqualified)).isEmpty)
  }

  @Test func moduleLocalCandidatesShadowDependencies() {
    var table = SymbolTable()
    table.add(Callable(node: 1, typeName: nil, parameters: [Self.parameter(nil)], isImplicit: true, isExternal: true,
      qualifiedName: "Dep.run(_:)"), baseName: "run")
    table.add(Callable(node: 2, typeName: nil, parameters: [Self.parameter(nil)], isImplicit: true, isExternal: false,
      qualifiedName: "run(_:)"), baseName: "run")
    let site = CallSite(baseName: "run", labels: [nil], receiver: .unqualified, callerType: nil,
      location: SourceLoc(file: 0, line: 1, column: 1), passesScope: true)
    #expect(table.candidates(for: site).map { table.callables[$0].node } == [2])
  }
}
#endif
