// How '@Implicit' variables are written.
import Implicits

struct Locale {}
struct Retries {}

@propertyWrapper struct Clamped {
  var wrappedValue: Int
  init(wrappedValue: Int) { self.wrappedValue = min(wrappedValue, 5) }
}

func readLocale(_ scope: ImplicitScope) {
  @Implicit var locale: Locale
}

func readRetries(_ scope: ImplicitScope) {
  @Implicit var retries: Int
}

final class SettingsScreen {
  @MainActor @Implicit() var locale: Locale
  init(_ scope: ImplicitScope) {}
}

func configure(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var _ = Locale() // expected-error@:17 [implicit-wildcard] {{'@Implicit var _' declares nothing: Swift never runs the property wrapper of a variable named '_'}}
  readLocale(scope)
}

func retry(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Clamped @Implicit var retries = 9 // expected-error@:12 [implicit-not-outermost] {{'@Implicit' must be the outermost property wrapper; move it before '@Clamped'}} expected-note@:3 {{'@Clamped' wraps the value first}}
  readRetries(scope)
}

func retryRight(_ scope: ImplicitScope) {
  let scope = scope.nested()
  defer { scope.end() }
  @Implicit var retries = 3
  readRetries(scope)
}

// '@Observable' tracks every stored property it is not told to ignore, by making it computed.
@Observable final class LocaleModel {
  @Implicit var locale: Locale // expected-error@:3 [implicit-observation-tracked] {{'@Implicit var locale' in '@Observable' class 'LocaleModel' must be '@ObservationIgnored': the macro makes tracked properties computed}}
  @ObservationIgnored @Implicit var retries: Retries
  @Implicit @ObservationIgnored var otherLocale: Locale
  var title = ""

  init(_ scope: ImplicitScope) {}

  func reload(_ scope: ImplicitScope) {
    @Implicit var locale: Locale // a local, not a property: nothing to track
  }
}

final class UnobservedModel {
  @Implicit var locale: Locale
  init(_ scope: ImplicitScope) {}
}
