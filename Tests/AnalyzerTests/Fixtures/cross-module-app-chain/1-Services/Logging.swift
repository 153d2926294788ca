public struct Logger {
  public init() {}
  public func log(_ message: String) { print(message) }
}

func record(_ event: String, _ scope: ImplicitScope) {
  @Implicit var logger: Logger
  logger.log(event)
}
