#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

@Suite struct RequirementLinkTests {
  /// A function's links as written, and what they say per required key.
  @Test(arguments: [
    ("7:17", [RequirementLink(line: 7, column: 17)]),
    ("9:5>12", [RequirementLink(line: 9, column: 5, callee: .local(12))]),
    ("2:30:3>Base#0", [RequirementLink(file: 2, line: 30, column: 3, callee: .external(module: "Base", index: 0))]),
    ("- 4:1", [nil, RequirementLink(line: 4, column: 1)]),
    ("9:5>12 ^ ^ 8:17 - -", [
      RequirementLink(line: 9, column: 5, callee: .local(12)), RequirementLink(line: 9, column: 5, callee: .local(12)),
      RequirementLink(line: 9, column: 5, callee: .local(12)), RequirementLink(line: 8, column: 17), nil, nil,
    ]),
    ("3:104:1200>3051 ^ 1:1>App#10 ^ ^ 1:1", [
      RequirementLink(file: 3, line: 104, column: 1200, callee: .local(3051)),
      RequirementLink(file: 3, line: 104, column: 1200, callee: .local(3051)),
      RequirementLink(line: 1, column: 1, callee: .external(module: "App", index: 10)),
      RequirementLink(line: 1, column: 1, callee: .external(module: "App", index: 10)),
      RequirementLink(line: 1, column: 1, callee: .external(module: "App", index: 10)),
      RequirementLink(line: 1, column: 1),
    ]),
    // A read in a closure, a call through closure values of type 0 made in a closure, and
    // one whose closures call a function of another module.
    ("7:17* 1:9:5*~0>12 ^ 3:4~2>App#1", [
      RequirementLink(line: 7, column: 17, inClosure: true),
      RequirementLink(file: 1, line: 9, column: 5, callee: .local(12), inClosure: true, closureType: 0),
      RequirementLink(file: 1, line: 9, column: 5, callee: .local(12), inClosure: true, closureType: 0),
      RequirementLink(line: 3, column: 4, callee: .external(module: "App", index: 1), closureType: 2),
    ]),
  ] as [(String, [RequirementLink?])])
  func parsesAndFormats(text: String, links: [RequirementLink?]) throws {
    #expect(try RequirementLink.parse(text) == links)
    #expect(RequirementLink.format(links) == text)
  }

  @Test(arguments: [
    ("", "[file:]line:column"), ("12", "[file:]line:column"), ("1:2:3:4", "[file:]line:column"),
    ("-1:3", "[file:]line:column"), ("3:4>", "a callee"), ("3:4>#2", "a callee"), ("3:4>A#B#2", "a callee"),
    ("3:4>x", "a callee"), ("1:2  3:4", "[file:]line:column"),
    ("3:4~", "a closure type"), ("3:4~x>1", "a closure type"), ("3:4~1*", "a closure type"), ("3:4**", "[file:]line:column"),
  ])
  func rejects(text: String, expected: String) {
    #expect(throws: RequirementLink.LinkError.self) { try RequirementLink.parse(text) }
    do {
      _ = try RequirementLink.parse(text)
    } catch {
      #expect(error.description.contains(expected))
    }
  }
}
#endif
