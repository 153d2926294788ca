#if ImplicitsAnalysis
import Foundation
import Testing
@testable import ImplicitsAnalysis

/// A type fact changed in one file moves a call between two others the edit did not touch:
/// the caller's entry must be printed anew. Found by `Tests/Incremental/corpus.py --corpus
/// app-decided --seed 33 --edits 17` (edit 17, `class SettingsView … no longer inherits from
/// View`): the cached re-check kept `showSettings`'s link to `logAppearance` and its
/// `Analytics`. Neither the callee's file nor the caller's changed, and the edge is gone from
/// this run's graph, so no seed reaches the caller (`ReprintedEntries+TypeFacts`).
@Suite struct ReusedEntriesConformanceTests {
  static let callee = """
    struct Analytics {}
    struct Clock {}
    protocol Screen {}
    extension Screen {
      func logAppearance(_ scope: ImplicitScope) {
        @Implicit var analytics: Analytics
      }
    }

    """
  static let caller = """
    func showSettings(_ scope: ImplicitScope) {
      @Implicit var clock: Clock
      let view = SettingsView()
      view.logAppearance(scope)
    }

    """
  /// A type only its own file names, with a method that takes a scope and an escaping closure.
  static let lonely = """
    final class Lonely: Screen {
      var clock: Clock
      init(clock: Clock) { self.clock = clock }
      func later(_ scope: ImplicitScope, _ body: @escaping () -> Void) {
        @Implicit var clock: Clock
      }
    }

    """
  static let madeCaller = """
    func showMade(_ scope: ImplicitScope) {
      @Implicit var clock: Clock
      let view = makeView()
      view.logAppearance(scope)
    }

    """
  static let holderCaller = """
    func showHeld(_ holder: Holder, _ scope: ImplicitScope) {
      @Implicit var clock: Clock
      holder.view.logAppearance(scope)
    }

    """

  /// One edit of a module whose other files stay as they are: `files` before, `edited`
  /// after (`nil`: the file is deleted), and whether entries may still be copied.
  struct Edit: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: String]
    var edited: [String: String?]
    var keepsCopies: Bool
    var testDescription: String { name }
  }

  static let edits: [Edit] = [
    Edit(
      name: "conformance removed",
      files: ["A.swift": callee, "B.swift": "final class SettingsView: Screen {}\n", "C.swift": caller],
      edited: ["B.swift": "final class SettingsView {}\n"], keepsCopies: false),
    Edit(
      name: "conformance added",
      files: ["A.swift": callee, "B.swift": "final class SettingsView {}\n", "C.swift": caller],
      edited: ["B.swift": "final class SettingsView: Screen {}\n"], keepsCopies: false),
    Edit(
      name: "file holding the conforming extension deleted",
      files: [
        "A.swift": callee, "B.swift": "final class SettingsView {}\n", "C.swift": caller,
        "D.swift": "extension SettingsView: Screen {}\n",
      ],
      edited: ["D.swift": nil], keepsCopies: false),
    Edit(
      name: "property type changed",
      files: [
        "A.swift": callee + "final class SettingsView: Screen {}\nfinal class PlainView {\n  func logAppearance(_ scope: ImplicitScope) {}\n}\n",
        "B.swift": "final class Holder {\n  var view: SettingsView\n  init() { view = SettingsView() }\n}\n",
        "C.swift": holderCaller,
      ],
      edited: ["B.swift": "final class Holder {\n  var view: PlainView\n  init() { view = PlainView() }\n}\n"],
      keepsCopies: false),
    // A deleted file's conformance, its type named by a third file's declaration only: the
    // caller spells `makeView`, whose return type the third file writes.
    Edit(
      name: "file of a conformance a third file's return type names deleted",
      files: [
        "A.swift": callee, "B.swift": "extension SettingsView: Screen {}\n",
        "D.swift": "final class SettingsView {}\nfunc makeView() -> SettingsView { SettingsView() }\n",
        "C.swift": madeCaller,
      ],
      edited: ["B.swift": nil], keepsCopies: false),
    // A deleted or added file's types that no other file names read nothing of anyone's:
    // the other entries are copied (`typeFactsChanged`), and a file renamed is one file.
    Edit(
      name: "file of a type nobody else names deleted",
      files: [
        "A.swift": callee, "B.swift": "final class SettingsView: Screen {}\n", "C.swift": caller,
        "E.swift": lonely,
      ],
      edited: ["E.swift": nil], keepsCopies: true),
    Edit(
      name: "file of a type nobody else names added",
      files: ["A.swift": callee, "B.swift": "final class SettingsView: Screen {}\n", "C.swift": caller],
      edited: ["E.swift": lonely], keepsCopies: true),
    Edit(
      name: "file of a type nobody else names renamed to sort first",
      files: [
        "A.swift": callee, "B.swift": "final class SettingsView: Screen {}\n", "C.swift": caller,
        "E.swift": lonely,
      ],
      edited: ["E.swift": nil, "0E.swift": lonely], keepsCopies: true),
    // Renamed, but another file names the type: everything printed.
    Edit(
      name: "file of a conformance renamed",
      files: [
        "A.swift": callee, "B.swift": "final class SettingsView {}\n", "C.swift": caller,
        "D.swift": "extension SettingsView: Screen {}\n" + lonely,
      ],
      edited: ["D.swift": nil, "0D.swift": "extension SettingsView: Screen {}\n" + lonely + "\n"],
      keepsCopies: false),
    // The control: a body edit changes no type fact, and the other entries are still copied.
    Edit(
      name: "body edited beside the conformance",
      files: [
        "A.swift": callee,
        "B.swift": "final class SettingsView: Screen {}\nfunc tick(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n}\n",
        "C.swift": caller,
      ],
      edited: [
        "B.swift":
          "final class SettingsView: Screen {}\nfunc tick(_ scope: ImplicitScope) {\n  @Implicit var clock: Clock\n  @Implicit var analytics: Analytics\n}\n"
      ],
      keepsCopies: true),
  ]

  @Test(arguments: edits) func aTypeFactChangedElsewhereReachesTheCaller(_ edit: Edit) throws {
    let directory = try ScratchDirectory()
    try FileManager.default.createDirectory(atPath: directory.path("src"), withIntermediateDirectories: true)
    for (name, text) in edit.files { try directory.write("src/" + name, text) }
    var names = edit.files.keys.sorted()
    func check(_ outputs: String, cached: Bool) throws -> (interface: Data?, report: CheckRun.Report) {
      try? FileManager.default.createDirectory(atPath: directory.path(outputs), withIntermediateDirectories: true)
      let report = try CheckRun(
        options: AnalysisOptions(moduleName: "App", sourcePaths: names.map { directory.path("src/" + $0) }),
        format: .text, interfaceOutput: directory.path(outputs + "/App.implicitinterface"), supportFileOutput: nil,
        cacheDirectory: cached ? directory.path("cache") : nil
      ).run()
      return (FileManager.default.contents(atPath: directory.path(outputs + "/App.implicitinterface")), report)
    }
    let first = try check("out", cached: true)
    for (name, text) in edit.edited {
      if let text {
        try directory.write("src/" + name, text)
        if !names.contains(name) { names = (names + [name]).sorted() }
      } else {
        try FileManager.default.removeItem(atPath: directory.path("src/" + name))
        names.removeAll { $0 == name }
      }
    }
    let warm = try check("out", cached: true)
    let cold = try check("cold", cached: false)
    #expect(first.interface != cold.interface, "the edit changes the interface")
    #expect(warm.interface == cold.interface)
    #expect(warm.report.diagnostics == cold.report.diagnostics)
    #expect((warm.report.reusedEntries > 0) == edit.keepsCopies, "copied \(warm.report.reusedEntries)")
  }
}
#endif
