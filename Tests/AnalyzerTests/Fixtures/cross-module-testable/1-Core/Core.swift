struct Logger { init() {} }

func audit(_ scope: ImplicitScope) {
  @Implicit var logger: Logger
}
