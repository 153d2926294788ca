struct Debug {}

func work(_ scope: ImplicitScope) {
#if FEATURE_X && !RELEASE
  @Implicit var debug: Debug
#endif
}

#if FEATURE_X
func onlyInDebug(_ scope: ImplicitScope) {
  @Implicit var debug: Debug
}
#endif

func main() {
  let scope = ImplicitScope()
  defer { scope.end() }
  work(scope)
}
