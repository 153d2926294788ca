import Implicits
import Store

func survey(_ bed: Int, _ cache: ReadingCache, _ scope: ImplicitScope) async -> [Double] {
  await cache.readings(for: bed) { probe(bed, scope) } // expected-note@:34 {{'Journal' is required by the closure created here}} // expected-note@:36 {{'Journal' is required by the call to 'probe(_:_:)' here}} // expected-note@:36 {{'Journal' is read in 'probe(_:_:)' at app-dependency-non-escaping-closure-parameter/1-Store/Cache.swift:9:17}}
}

func count(_ box: Box, _ scope: ImplicitScope) -> Int {
  box.value { probe(1, scope).count }
}

func surveyed() async -> Int {
  await withScope { scope in
    @Implicit var journal = Journal()
    return await survey(1, ReadingCache(), scope).count + count(Box(), scope)
  }
}

func unprepared() async -> Int {
  await withScope { scope in // expected-error@:9 [unresolved-implicit] {{unresolved implicit 'Journal' at this entry point}}
    await survey(2, ReadingCache(), scope).count // expected-note@:11 {{'Journal' is required by the call to 'survey(_:_:_:)' here}}
  }
}

// `schedule` keeps its closure: the scope is gone when it runs.
func surveyLater(_ scope: ImplicitScope) {
  schedule { _ = probe(3, scope) } // expected-error@:18 [escaping-closure-uses-implicit] {{escaping closure uses implicit 'Journal'}} // expected-note@:18 {{'Journal' is read in 'probe(_:_:)' at app-dependency-non-escaping-closure-parameter/1-Store/Cache.swift:9:17}}
}
