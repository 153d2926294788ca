import ImplicitsCSupport
public struct ImplicitScope: Sendable {}
