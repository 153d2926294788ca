import Base

public func upload(_ scope: ImplicitScope) {
  sign(scope)
}
