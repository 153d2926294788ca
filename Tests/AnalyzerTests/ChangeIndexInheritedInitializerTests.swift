#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A subclass that inherits `init(_ scope:)` (`SymbolTable+InheritedInitializers`) depends on
/// its superclass's initializers, declared in another file: an edit of them must make dirty
/// the file that calls `ProfileViewModel(scope)` (its callee's parameters and requirements
/// change) and the subclass's own file (whether it has a scope initializer, its
/// `type-without-scope-init` error, is decided there), and nothing else. The module is the
/// fixture `app-inherited-scope-initializers-across-files`, checked with the change index,
/// its oracle and the graph file (`ChangeIndexGraphTests.Module`).
@Suite struct ChangeIndexInheritedInitializerTests {
  static let fixture = Fixture.root.appendingPathComponent("app-inherited-scope-initializers-across-files")
  static let names = ["BaseViewModel.swift", "ProfileViewModel.swift", "Screens.swift"]

  /// An edit of one file: from → to, and the files it must make dirty.
  static let edits: [(name: String, file: String, from: String, to: String, dirty: Set<String>)] = [
    (
      "the base's init gets a parameter", "BaseViewModel.swift", "init(_ scope: ImplicitScope) {}",
      "init(title: String, _ scope: ImplicitScope) {}", ["BaseViewModel.swift", "ProfileViewModel.swift", "Screens.swift"]
    ),
    (
      "the base's init no longer takes a scope", "BaseViewModel.swift", "init(_ scope: ImplicitScope) {}", "init() {}",
      ["BaseViewModel.swift", "ProfileViewModel.swift", "Screens.swift"]
    ),
    (
      "the base's init made a convenience one", "BaseViewModel.swift", "init(_ scope: ImplicitScope) {}",
      "init(title: String) {}\n\n  convenience init(_ scope: ImplicitScope) { self.init(title: \"\") }",
      ["BaseViewModel.swift", "ProfileViewModel.swift", "Screens.swift"]
    ),
    (
      "a body of the base", "BaseViewModel.swift", "print(logger.name, text)", "print(logger.name, text, separator: \"\")",
      ["BaseViewModel.swift"]
    ),
    (
      "the subclass declares a designated init", "ProfileViewModel.swift", "  func show()",
      "  init() { super.init(ImplicitScope()) }\n\n  func show()", ["ProfileViewModel.swift", "Screens.swift"]
    ),
  ]

  @Test(arguments: edits.indices)
  func theSubclassAndItsCallersAreDirty(_ edit: Int) throws {
    let (name, file, from, to, expected) = Self.edits[edit]
    var files: [String: String] = [:]
    for name in Self.names {
      files[name] = try String(contentsOf: Self.fixture.appendingPathComponent(name), encoding: .utf8)
    }
    let text = try #require(files[file])
    #expect(text.contains(from), "\(name)")
    let module = try ChangeIndexGraphTests.Module(files: files)
    let line = try module.checkTwice { try module.write(file, text.replacingOccurrences(of: from, with: to)) }
    #expect(line.missed.isEmpty, "\(name): \(line.parts)")
    #expect(line.dirty == expected, "\(name)")
    #expect(line.differ.isSubset(of: line.dirty), "\(name)")
  }
}
#endif
