extension ImplicitsKeys {
  public static let region = Key<String>()
}

public func localizedPrice(_ cents: Int, _ scope: ImplicitScope) -> String {
  @Implicit(\.region) var region: String
  return "\(cents) \(region)"
}
