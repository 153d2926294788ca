struct Theme {}

struct Screen {
  var title: String {
    @Implicit var theme: Theme // expected-error@:19 [implicit-without-scope-parameter] {{implicit 'Theme' used in 'Screen.title', which has no ImplicitScope parameter}}
    return "title"
  }

  var count = 0 {
    didSet {
      @Implicit var theme: Theme // expected-error@:21 [implicit-without-scope-parameter] {{implicit 'Theme' used in 'didSet of Screen.count'}}
    }
  }

  subscript(index: Int) -> Int {
    @Implicit var theme: Theme // expected-error@:19 [implicit-without-scope-parameter] {{implicit 'Theme' used in 'Screen.subscript'}}
    return index
  }

  var fine: Int { 1 }
}

var globalTheme: String {
  @Implicit var theme: Theme // expected-error@:17 [implicit-without-scope-parameter] {{implicit 'Theme' used in 'globalTheme'}}
  return ""
}
