import Foundation

/// The `import` lines of a set of Swift files, read without parsing.
///
/// The plugin needs two facts before anything is built: whether a dependency target
/// uses `Implicits` (then it must also be analysed, and its interface is an input), and
/// which modules the analysed target imports with `@testable`.
struct ImportScan {
  private(set) var importsImplicits = false
  private(set) var testableModules: Set<String> = []

  init(files: [URL]) {
    for file in files {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for line in text.split(whereSeparator: \.isNewline) where line.contains("import ") {
        scan(line)
      }
    }
  }

  private static let accessLevels: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]

  /// Reads `@testable @_spi(X) import struct Implicits.Y`-like lines.
  private mutating func scan(_ line: Substring) {
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    var testable = false
    while let word = words.first, word != "import" {
      if word == "@testable" {
        testable = true
      } else if !word.hasPrefix("@") && !Self.accessLevels.contains(word) {
        return
      }
      words.removeFirst()
    }
    guard words.popFirst() == "import", var path = words.popFirst() else { return }
    if ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(path) {
      guard let next = words.popFirst() else { return }
      path = next
    }
    let module = String(path.split(separator: ".").first ?? path)
    if module == "Implicits" { importsImplicits = true }
    if testable { testableModules.insert(module) }
  }
}
