import Implicits
import Store

func survey(_ bed: Int, _ cache: ReadingCache, _ scope: ImplicitScope) async -> [Double] {
  await cache.readings(for: bed) { probe(bed, scope) }
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
