import Dispatch
import Testing

@_spi(Unsafe) import Implicits

/// The index generated `__implicitsBag(site:)` functions switch on.
@Suite struct ImplicitsSiteIndexTests {
  let index = ImplicitsSiteIndex(["App/A.swift:3:7", "App/A.swift:9:12", "App/B.swift:3:7"])

  @Test func eachNameFindsItsPositionOnEveryCall() {
    for _ in 0..<3 {
      #expect(index.index(of: "App/A.swift:3:7") == 0)
      #expect(index.index(of: "App/A.swift:9:12") == 1)
      #expect(index.index(of: "App/B.swift:3:7") == 2)
    }
  }

  @Test func aNameNotInTheTableIsMinusOneOnEveryCall() {
    #expect(index.index(of: "App/C.swift:1:1") == -1)
    #expect(index.index(of: "App/C.swift:1:1") == -1)
  }

  @Test func threadsAskingAtOnceAgree() {
    let index = ImplicitsSiteIndex((0..<64).map { _ in "App/Other.swift:1:1" } + ["App/A.swift:1:1"])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<1_000 { #expect(index.index(of: "App/A.swift:1:1") == 64) }
    }
  }
}
