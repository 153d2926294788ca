#if ImplicitsAnalysis
import Foundation

extension Fixture {
  /// Why the overlay of this fixture cannot be applied (its `modules` are then empty);
  /// `nil` when it can, or the fixture has none.
  var overlayFailure: String? {
    guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(name + "/" + Overlay.fileName).path)
    else { return nil }
    do {
      _ = try Overlay.materialize(name)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// A fixture written as another fixture plus per-file edits: `<name>/overlay.diff`, a
  /// unified diff without context (`cd Fixtures && diff -r -U0 base name`), so that a planted
  /// copy of a large app is its few planted lines, and a change to the base reaches the
  /// copy. Each hunk's removed lines must be the base's lines there: a base edited under
  /// the overlay fails the fixture instead of planting the errors in the wrong place.
  ///
  /// ```
  /// --- app/2-Server/Router.swift        ; the base's file (relative to Fixtures/)
  /// +++ app-planted/2-Server/Router.swift
  /// @@ -55,3 +55 @@                       ; base lines 55-57 (",0": insert after line 55)
  /// -  the base's line 55, 56, 57
  /// +  what stands there instead, with its expected-… directives
  /// ```
  ///
  /// The files are written under `Overlay.root/<name>/`, every file of the base (edited or
  /// not), so that diagnostics and notes name `<name>/…` as they would in a copy.
  enum Overlay {
    static let fileName = "overlay.diff"
    static let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("implicits-fixture-overlays-\(ProcessInfo.processInfo.processIdentifier)")

    struct Hunk: Equatable {
      /// The first base line replaced (1-based); with no line removed, the line after which
      /// the added lines go.
      var start: Int
      var removed: [String]
      var added: [String]
    }

    enum Failure: Error, CustomStringConvertible {
      case malformed(String)
      case mismatch(file: String, line: Int, expected: String, found: String)
      var description: String {
        switch self {
        case .malformed(let reason): "malformed overlay: \(reason)"
        case .mismatch(let file, let line, let expected, let found):
          "overlay does not fit \(file):\(line): expected '\(expected)', the base has '\(found)'"
        }
      }
    }

    /// The base fixture's name and, per base file (relative to the base), its hunks.
    static func parse(_ text: String) throws(Failure) -> (base: String, files: [String: [Hunk]]) {
      var base: String?
      var files: [String: [Hunk]] = [:]
      var file: String?
      var hunk: Hunk?
      func finish() {
        if let file, let hunk { files[file, default: []].append(hunk) }
        hunk = nil
      }
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("--- ") {
          finish()
          // `diff` may add a tab and a date after the path.
          let path = line.dropFirst(4).split(separator: "\t").first.map(String.init) ?? ""
          let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
          guard parts.count == 2 else { throw .malformed("'\(line)' names no file in a fixture") }
          guard base == nil || base == parts[0] else { throw .malformed("two bases, '\(base!)' and '\(parts[0])'") }
          base = parts[0]
          file = parts[1]
        } else if line.hasPrefix("+++ ") || line.hasPrefix("diff ") || line.isEmpty {
          continue
        } else if line.hasPrefix("@@ ") {
          finish()
          guard file != nil else { throw .malformed("'\(line)' before a '--- ' line") }
          // `@@ -start[,count] +start[,count] @@`
          let old = line.split(separator: " ").dropFirst().first ?? ""
          let numbers = old.dropFirst().split(separator: ",").map { Int($0) }
          guard old.hasPrefix("-"), let start = numbers.first ?? nil, numbers.allSatisfy({ $0 != nil }) else {
            throw .malformed("'\(line)' is not '@@ -start[,count] +start[,count] @@'")
          }
          // With count 0, `start` is the line the insertion follows.
          hunk = Hunk(start: numbers.count == 2 && numbers[1] == 0 ? start + 1 : start, removed: [], added: [])
        } else if line.hasPrefix("-") || line.hasPrefix("+") {
          guard hunk != nil else { throw .malformed("'\(line.prefix(40))' outside a hunk") }
          if line.hasPrefix("-") { hunk!.removed.append(String(line.dropFirst())) } else { hunk!.added.append(String(line.dropFirst())) }
        } else if line.hasPrefix("\\") {
          continue  // "\ No newline at end of file"
        } else {
          throw .malformed("'\(line.prefix(40))' is not a diff line")
        }
      }
      finish()
      guard let base else { throw .malformed("no file") }
      return (base, files)
    }

    /// `lines` of `file` with `hunks` applied (in any order; they must not overlap).
    static func apply(_ hunks: [Hunk], to lines: [String], file: String) throws(Failure) -> [String] {
      var result = lines
      // From the last: earlier hunks' line numbers stay valid.
      for hunk in hunks.sorted(by: { $0.start > $1.start }) {
        let range = (hunk.start - 1)..<(hunk.start - 1 + hunk.removed.count)
        guard range.lowerBound >= 0, range.upperBound <= lines.count else {
          throw .malformed("\(file): lines \(hunk.start)... past the end")
        }
        for (offset, expected) in hunk.removed.enumerated() where lines[range.lowerBound + offset] != expected {
          throw .mismatch(file: file, line: hunk.start + offset, expected: expected, found: lines[range.lowerBound + offset])
        }
        result.replaceSubrange(range, with: hunk.added)
      }
      return result
    }

    /// Writes the fixture `name` (its base with the overlay applied) and returns its modules.
    static func materialize(_ name: String) throws -> [Module] {
      let text = try String(contentsOf: Fixture.root.appendingPathComponent(name + "/" + fileName), encoding: .utf8)
      return try materialize(name, overlay: text)
    }

    /// Writes `overlay` applied to its base as the fixture `name` under `root` and returns
    /// its modules.
    static func materialize(_ name: String, overlay text: String, under root: URL = root) throws -> [Module] {
      let (base, hunks) = try parse(text)
      let modules = Fixture(name: base).modules
      let baseRoot = Fixture.root.appendingPathComponent(base).path + "/"
      let target = root.appendingPathComponent(name).path + "/"
      var unused = Set(hunks.keys)
      let result = try modules.map { module in
        Module(name: module.name, files: try module.files.map { path in
          let relative = String(path.dropFirst(baseRoot.count))
          unused.remove(relative)
          var text = try String(contentsOfFile: path, encoding: .utf8)
          if let fileHunks = hunks[relative] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            text = try apply(fileHunks, to: lines, file: base + "/" + relative).joined(separator: "\n")
          }
          let written = target + relative
          try FileManager.default.createDirectory(
            atPath: (written as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
          try Data(text.utf8).write(to: URL(fileURLWithPath: written), options: .atomic)
          return written
        })
      }
      guard unused.isEmpty else { throw Failure.malformed("no base file \(unused.sorted())") }
      return result
    }
  }
}
#endif
