// Written blind in the session-30 hunt, as app code is written, before running the analyzer;
// every answer was checked by hand against what the runtime does (DocC, Async; README, Scopes),
// and all held: kept so they stay held. The file type-checks against the runtime.
// Calls in string interpolations, an immediately called closure, the right side of ?? and && (autoclosures), assert, Optional.map, if case, a ternary, nested closures, a sort comparator, an implicit member expression (.make(scope)). Each entry point provides only Analytics.
import Implicits

struct Clock { var now: Double { 0 } }
struct Units { var metric = true }
final class Analytics { func track(_ e: String) {} }

func reading(_ scope: ImplicitScope) -> Double { @Implicit var clock: Clock; return clock.now } // expected-note@:64 {{'Clock' is read here}} expected-note@:64 {{'Clock' is read here}} expected-note@:64 {{'Clock' is read here}} expected-note@:64 {{'Clock' is read here}} expected-note@:64 {{'Clock' is read here}} expected-note@:64 {{'Clock' is read here}}
func isMetric(_ scope: ImplicitScope) -> Bool { @Implicit var units: Units; return units.metric } // expected-note@:63 {{'Units' is read here}} expected-note@:63 {{'Units' is read here}} expected-note@:63 {{'Units' is read here}} expected-note@:63 {{'Units' is read here}}
func tracked(_ scope: ImplicitScope) -> String { @Implicit var analytics: Analytics; analytics.track("x"); return "x" }

func interpolated(_ scope: ImplicitScope) -> String { "now \(reading(scope))" } // expected-note@:62 {{'Clock' is required by the call to 'reading(_:)' here}}
func immediatelyCalled(_ scope: ImplicitScope) -> Double { let x: Double = { reading(scope) * 2 }(); return x } // expected-note@:76 {{'Clock' is required by the closure created here}} expected-note@:78 {{'Clock' is required by the call to 'reading(_:)' here}}
func coalesced(_ cached: Double?, _ scope: ImplicitScope) -> Double { cached ?? reading(scope) } // expected-note@:81 {{'Clock' is required by the call to 'reading(_:)' here}}
func shortCircuit(_ flag: Bool, _ scope: ImplicitScope) -> Bool { flag && isMetric(scope) } // expected-note@:75 {{'Units' is required by the call to 'isMetric(_:)' here}}
func asserted(_ scope: ImplicitScope) { assert(isMetric(scope), "metric only") } // expected-note@:48 {{'Units' is required by the call to 'isMetric(_:)' here}}
func printed(_ scope: ImplicitScope) { print(tracked(scope)) }
func optionalMap(_ v: Double?, _ scope: ImplicitScope) -> String? { v.map { "\($0) \(tracked(scope))" } }
func ifCase(_ m: Int?, _ scope: ImplicitScope) { if case .some(let x) = m, x > 0 { _ = reading(scope) } } // expected-note@:88 {{'Clock' is required by the call to 'reading(_:)' here}}
func ternary(_ f: Bool, _ scope: ImplicitScope) -> Double { f ? reading(scope) : 0 } // expected-note@:65 {{'Clock' is required by the call to 'reading(_:)' here}}
func nestedClosures(_ days: [[Double]], _ scope: ImplicitScope) -> [[Double]] {
  days.map { day in day.filter { _ in isMetric(scope) } } // expected-note@:12 {{'Units' is required by the 2 nested closures created on this line}} expected-note@:39 {{'Units' is required by the call to 'isMetric(_:)' here}}
}
func sortedBy(_ xs: [Double], _ scope: ImplicitScope) -> [Double] { xs.sorted { $0 < $1 && isMetric(scope) } } // expected-note@:79 {{'Units' is required by the closure created here}} expected-note@:92 {{'Units' is required by the call to 'isMetric(_:)' here}}

struct Report {
  let value: Double
  static func make(_ scope: ImplicitScope) -> Report { Report(value: reading(scope)) } // expected-note@:70 {{'Clock' is required by the call to 'reading(_:)' here}}
  func describe(_ scope: ImplicitScope) -> String { "\(value) \(tracked(scope))" }
}
func implicitMember(_ scope: ImplicitScope) -> String {
  let r: Report = .make(scope) // expected-note@:19 {{'Clock' is required by the call to 'make(_:)' here}}
  return r.describe(scope)
}

// Each entry point provides only Analytics: every function above but 'printed',
// 'optionalMap' and 'implicitMember''s describe needs Clock or Units.
func entryInterpolated() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = interpolated(scope) } // expected-error@:40 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}} expected-note@:115 {{'Clock' is required by the call to 'interpolated(_:)' here}}
func entryImmediately() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = immediatelyCalled(scope) } // expected-error@:39 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}} expected-note@:114 {{'Clock' is required by the call to 'immediatelyCalled(_:)' here}}
func entryCoalesced() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = coalesced(nil, scope) } // expected-error@:37 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}} expected-note@:112 {{'Clock' is required by the call to 'coalesced(_:_:)' here}}
func entryShortCircuit() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = shortCircuit(true, scope) } // expected-error@:40 [unresolved-implicit] {{unresolved implicit 'Units' at this entry point}} expected-note@:115 {{'Units' is required by the call to 'shortCircuit(_:_:)' here}}
func entryAsserted() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); asserted(scope) } // expected-error@:36 [unresolved-implicit] {{unresolved implicit 'Units' at this entry point}} expected-note@:107 {{'Units' is required by the call to 'asserted(_:)' here}}
func entryPrinted() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); printed(scope) }
func entryOptionalMap() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = optionalMap(1, scope) }
func entryIfCase() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); ifCase(1, scope) } // expected-error@:34 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}} expected-note@:105 {{'Clock' is required by the call to 'ifCase(_:_:)' here}}
func entryTernary() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = ternary(true, scope) } // expected-error@:35 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}} expected-note@:110 {{'Clock' is required by the call to 'ternary(_:_:)' here}}
func entryNested() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = nestedClosures([[1]], scope) } // expected-error@:34 [unresolved-implicit] {{unresolved implicit 'Units' at this entry point}} expected-note@:109 {{'Units' is required by the call to 'nestedClosures(_:_:)' here}}
func entrySorted() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = sortedBy([1], scope) } // expected-error@:34 [unresolved-implicit] {{unresolved implicit 'Units' at this entry point}} expected-note@:109 {{'Units' is required by the call to 'sortedBy(_:_:)' here}}
func entryMember() { let scope = ImplicitScope(); defer { scope.end() }; @Implicit var a = Analytics(); _ = implicitMember(scope) } // expected-error@:34 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}} expected-note@:109 {{'Clock' is required by the call to 'implicitMember(_:)' here}}
