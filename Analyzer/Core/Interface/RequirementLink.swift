#if ImplicitsAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How one required key arrives in an interface function: the next step only — the read
/// in its body, or the call to the function that passes the key on. A reader rebuilds the
/// whole path by following links from function to function (into deeper dependencies'
/// interfaces too), so that every function can carry them at a few bytes a key; whole
/// chains per key made a 1,000-file module's interface 9× larger.
///
/// A function's `links` field holds one token per entry of its `requires`, in that order,
/// separated by single spaces:
///
/// ```
/// token   = "-"                            ; not known (e.g. a dependency without links)
///         | "^"                            ; the same as the token before
///         | [file ":"] line ":" column ["*"] ["~" type] [">" callee]
/// type    = index                          ; into this interface's `closureTypes`
/// callee  = index                          ; into this interface's `functions`
///         | module "#" index               ; into that dependency's `functions`
/// ```
///
/// Without a callee the token is the read; `file` (an index into the interface's `files`)
/// is written only when the step is not in the function's own file (a stored property's
/// read in another file). `*`: the step is inside a closure written in the step's function
/// (an escaping one runs later, not when that function does). `~`: the step is a call
/// through a closure value (`handler(request, scope)`): it runs the closures of that type
/// the module stores, and the callee, if any, is what one of them calls. `^` is for the
/// keys that one call brings in together: a function calling another that requires ten
/// keys repeats the same link ten times.
struct RequirementLink: Equatable, Sendable {
  enum Callee: Equatable, Sendable {
    /// An index into the same interface's `functions`.
    case local(Int)
    /// An index into the `functions` of the interface of `module`.
    case external(module: String, index: Int)
  }

  /// An index into the interface's `files`; `nil` for the function's own file.
  var file: Int?
  var line: Int
  var column: Int
  /// The function called here; `nil` for the read itself.
  var callee: Callee?
  /// The step is inside a closure written in its function (`*`).
  var inClosure = false
  /// The step calls closure values of this type (`~`): an index into the interface's
  /// `closureTypes`.
  var closureType: Int?

  /// The token, as it stands in `links`.
  var token: String {
    let bytes = ByteBuffer(capacity: 16)
    appendToken(to: bytes)
    return String(decoding: bytes.bytes, as: UTF8.self)
  }

  /// The token's bytes, written digit by digit: the interface holds one per required key
  /// of every function, and interpolated strings made them a tenth of a re-check.
  private func appendToken(to bytes: ByteBuffer) {
    if let file {
      bytes.appendDecimal(file)
      bytes.append(UInt8(ascii: ":"))
    }
    bytes.appendDecimal(line)
    bytes.append(UInt8(ascii: ":"))
    bytes.appendDecimal(column)
    if inClosure { bytes.append(UInt8(ascii: "*")) }
    if let closureType {
      bytes.append(UInt8(ascii: "~"))
      bytes.appendDecimal(closureType)
    }
    switch callee {
    case nil: break
    case .local(let index):
      bytes.append(UInt8(ascii: ">"))
      bytes.appendDecimal(index)
    case .external(let module, let index):
      bytes.append(UInt8(ascii: ">"))
      var module = module
      module.withUTF8 { bytes.append(UnsafeRawBufferPointer($0)) }
      bytes.append(UInt8(ascii: "#"))
      bytes.appendDecimal(index)
    }
  }

  /// Parses one token; `nil` for `-`. Throws a reason that names the token.
  init?(token: Substring) throws(LinkError) {
    if token == "-" { return nil }
    let parts = token.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false)
    var place = parts[0]
    if let marker = place.firstIndex(of: "~") {
      guard let type = Int(place[place.index(after: marker)...]), type >= 0 else {
        throw LinkError(token: String(token), expected: "a closure type 'index' after '~'")
      }
      closureType = type
      place = place[..<marker]
    }
    if place.last == "*" {
      inClosure = true
      place = place.dropLast()
    }
    let position = place.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard position.count == 2 || position.count == 3, position.allSatisfy({ ($0 ?? -1) >= 0 }) else {
      throw LinkError(token: String(token), expected: "[file:]line:column[*][~type]")
    }
    file = position.count == 3 ? position[0] : nil
    line = position[position.count - 2]!
    column = position[position.count - 1]!
    guard parts.count == 2 else { return }
    let target = parts[1].split(separator: "#", omittingEmptySubsequences: false)
    guard let index = target.last.flatMap({ Int($0) }), index >= 0, target.count <= 2,
      target.count == 1 || !target[0].isEmpty
    else { throw LinkError(token: String(token), expected: "a callee 'index' or 'Module#index' after '>'") }
    callee = target.count == 1 ? .local(index) : .external(module: String(target[0]), index: index)
  }

  init(
    file: Int? = nil, line: Int, column: Int, callee: Callee? = nil, inClosure: Bool = false, closureType: Int? = nil
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.callee = callee
    self.inClosure = inClosure
    self.closureType = closureType
  }

  /// The links of a function in token order; `nil` entries are `-`.
  static func parse(_ links: String) throws(LinkError) -> [RequirementLink?] {
    var result: [RequirementLink?] = []
    for token in links.split(separator: " ", omittingEmptySubsequences: false) {
      if token == "^" {
        guard let previous = result.last else { throw LinkError(token: "^", expected: "after another token") }
        result.append(previous)
      } else {
        result.append(try RequirementLink(token: token))
      }
    }
    return result
  }

  /// The `links` field for `links`, one token each. A link equal to the one before is `^`
  /// (tokens are equal exactly when their links are; `-` is never abbreviated).
  static func format(_ links: [RequirementLink?]) -> String {
    let bytes = ByteBuffer(capacity: links.count * 8)
    format(links, to: bytes)
    return String(decoding: bytes.bytes, as: UTF8.self)
  }

  /// The `links` field's text, written where the interface is printed: it needs no JSON
  /// escape (digits, `:*~>#^-`, spaces and module names).
  ///
  /// Each link is read where it stands, by index, and a token is compared with the one
  /// before as bytes: iterating copied every link, and comparing links copied both, each
  /// copy (with the module name a callee may carry) through the links' value witnesses,
  /// ~130 instructions: two fifths of the interface's entries.
  static func format(_ links: [RequirementLink?], to bytes: ByteBuffer) {
    // Where the token before is in `bytes`; empty when it was `-`.
    var previous = 0..<0
    for position in links.indices {
      if position > 0 { bytes.append(UInt8(ascii: " ")) }
      let start = bytes.count
      guard links[position]?.appendToken(to: bytes) != nil else {
        bytes.append(UInt8(ascii: "-"))
        previous = 0..<0
        continue
      }
      let token = start..<bytes.count
      if previous.count == token.count, memcmp(bytes.start + previous.lowerBound, bytes.start + start, token.count) == 0 {
        // `previous` stays where it is: the next token compares with the same link.
        bytes.removeLast(token.count)
        bytes.append(UInt8(ascii: "^"))
      } else {
        previous = token
      }
    }
  }

  struct LinkError: Error, Sendable {
    var token: String
    var expected: String
    var description: String { "token '\(token)' is not \(expected)" }
  }
}

extension ModuleInterface {
  /// Why the links (or the fields beside them, one entry per required key) do not fit the
  /// interface, naming the field (`'functions[3].links': …`); `nil` when they do. Checked
  /// on reading, so that a dependant never follows a link into nothing; callees in other
  /// modules are checked where they are followed.
  func malformedLinks() -> String? {
    let fileCount = files?.count ?? 0
    for (index, function) in functions.enumerated() {
      let field = "'functions[\(index)]"
      if let file = function.file, !(0..<fileCount).contains(file) {
        return "\(field).file': \(file) is not an index into 'files'"
      }
      if let bodies = function.stepFunctions, bodies.count != function.requires.count {
        return "\(field).stepFunctions': \(bodies.count) names for \(function.requires.count) required keys"
      }
      if let conditions = function.conditions {
        guard conditions.count == function.requires.count else {
          return "\(field).conditions': \(conditions.count) conditions for \(function.requires.count) required keys"
        }
        if let wrong = conditions.first(where: { $0 != RequirementCondition.always && RequirementCondition.parse($0) == nil }) {
          return "\(field).conditions': '\(wrong)' is not an '#if' condition"
        }
      }
      guard let text = function.links else { continue }
      guard function.file != nil else { return "\(field).file' is missing (required with 'links')" }
      let links: [RequirementLink?]
      do {
        links = try RequirementLink.parse(text)
      } catch {
        return "\(field).links': \(error.description)"
      }
      guard links.count == function.requires.count else {
        return "\(field).links': \(links.count) tokens for \(function.requires.count) required keys"
      }
      for link in links {
        if let file = link?.file, !(0..<fileCount).contains(file) {
          return "\(field).links': token '\(link!.token)': \(file) is not an index into 'files'"
        }
        if case .local(let callee) = link?.callee, !functions.indices.contains(callee) {
          return "\(field).links': token '\(link!.token)': \(callee) is not an index into 'functions'"
        }
        if let type = link?.closureType, !(0..<(closureTypes?.count ?? 0)).contains(type) {
          return "\(field).links': token '\(link!.token)': \(type) is not an index into 'closureTypes'"
        }
      }
    }
    return nil
  }
}
#endif
