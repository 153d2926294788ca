import Testing

@testable import Implicits

/// A named key written by hand, as DocC *Keys* shows it: its key path is `\.traceID`, a
/// name the key type does not carry.
enum TraceIDKey: ImplicitKeyType { typealias Value = String }
extension ImplicitsKeys {
  var traceID: TraceIDKey.Type { TraceIDKey.self }
}

protocol Ticking {}
protocol Pausing {}

/// What the missing-implicit message says for keys whose reflected name misleads: a
/// hand-written key type (its hint was `@Implicit(\.TraceIDKey) var TraceIDKey = …`, a key
/// path that does not exist) and an existential (printed without its `any`).
@Suite struct MissingKeyMessageTests {
  @Test func aHandWrittenKeyPointsAtItsAccessorInsteadOfInventingAKeyPath() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Implicit(\.traceID) var traceID: String
      _ = traceID
    }
    let text = standardError(of: result)
    #expect(text.contains("Implicits: no implicit value for key 'TraceIDKey' at ImplicitsTests/MissingKeyMessageTests.swift:"), "\(text)")
    #expect(
      text.contains(
        """
        Declare it in a scope that encloses this read, e.g. an `@Implicit` declaration with \
        the key path of the `ImplicitsKeys` accessor that returns `TraceIDKey.self`, after \
        `let scope = ImplicitScope()`, or restore a bag that captured it with \
        `ImplicitScope(with: bag)`.
        """), "\(text)")
    #expect(!text.contains("\\.TraceIDKey"), "\(text)")
  }

  /// A generated key (`_<name>_Tag`) knows its name: its hint spells the key path.
  @Test func aGeneratedKeyStillSpellsItsKeyPath() {
    let key = ImplicitKey<Double, ImplicitsKeys._discount_Tag>._rawIdentity
    #expect(_KeyNames.name(of: key) == "discount")
    #expect(_Diagnostics.handWrittenKeyHint(key) == nil)
    #expect(_Diagnostics.declarationHint("discount") == "`@Implicit(\\.discount) var discount = …`")
  }

  @Test func anExistentialKeyIsNamedWithAny() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      @Implicit var ticking: any Ticking
      _ = ticking
    }
    let text = standardError(of: result)
    #expect(
      text.contains(
        """
        Implicits: no implicit value for key 'any ImplicitsTests.Ticking' at \
        ImplicitsTests/MissingKeyMessageTests.swift:
        """), "\(text)")
    #expect(
      text.contains("e.g. `@Implicit var ticking: any ImplicitsTests.Ticking = …` after"), "\(text)")
  }

  /// A composition's protocols come in the runtime's canonical order, not as written.
  @Test func compositionsAndOptionalExistentialsAreNamedWithAny() {
    #expect(
      _KeyNames.typeName((any Ticking & Pausing).self)
        == "any ImplicitsTests.Pausing & ImplicitsTests.Ticking")
    #expect(_KeyNames.typeName((any Ticking)?.self) == "Swift.Optional<any ImplicitsTests.Ticking>")
    #expect(ImplicitKeyIdentifier(type: (any Ticking).self).description == "any ImplicitsTests.Ticking")
  }

  /// Types that are not protocol existentials keep their reflected names.
  @Test func otherTypesKeepTheirNames() {
    #expect(_KeyNames.typeName(Wallet.self) == "ImplicitsTests.Wallet")
    #expect(_KeyNames.typeName(Int?.self) == "Swift.Optional<Swift.Int>")
    #expect(_KeyNames.typeName(Any.self) == "Any")
    #expect(_KeyNames.typeName(AnyObject.self) == "Swift.AnyObject")
  }
}
