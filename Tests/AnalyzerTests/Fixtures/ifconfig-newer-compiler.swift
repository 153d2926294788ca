// A branch for a newer compiler may use syntax this parser does not know: like swiftc,
// the analyzer does not require it to parse, and reads the other branch.
struct Clock { init() {} }

struct Ticker {
  var storage = 0
#if compiler(>=99)
  var value: Int {
    @_transparent
    borrow {
      storage
    }

    @_transparent
    mutate {
      &storage
    }
  }
#else
  var value: Int { storage }
#endif
}

func tick(_ scope: ImplicitScope) {
  @Implicit var clock: Clock // expected-note@:17 {{'Clock' is read here}}
}

func main() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Clock' at this entry point}}
  defer { scope.end() }
  tick(scope) // expected-note@:3 {{'Clock' is required by the call to 'tick(_:)'}}
}
