import Testing
@testable import Implicits
@Test func placeholder() { #expect(Bool(true)) }
