// A screens module without an `#if` of its own: what it calls requires keys under the
// dependencies' conditions, and its interface passes those conditions on.
import Flags
import Implicits
import Logging

public func showSettings(_ scope: ImplicitScope) {
  log("settings", scope)
  if isEnabled("beta", scope) { logFailure("beta settings", scope) }
}
