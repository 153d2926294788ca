struct Debug {}

func work(_ scope: ImplicitScope) {
#if DEBUG && !RELEASE
  @Implicit var debug: Debug
#endif
}

#if DEBUG
func onlyInDebug(_ scope: ImplicitScope) {
  @Implicit var debug: Debug
}
#endif

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  work(scope)
}
