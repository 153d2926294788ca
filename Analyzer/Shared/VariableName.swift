// How a fix names the variable of a type key's declaration, in one file for the analyzer's
// diagnostics and the runtime's missing-value message, which must say the same. It is
// symlinked into `Analyzer/Core/Diagnostics` and `Sources/Implicits/Scope` (the runtime
// cannot depend on the analyzer), so it uses the standard library only.

/// A type name as a variable name, the way Swift's API guidelines lower an initialism:
/// `Wallet` → `wallet`, `APIClient` → `apiClient`, `URLSession` → `urlSession`, `ID` → `id`.
func variableName(for type: String) -> String {
  let characters = Array(type)
  let upper = characters.prefix { $0.isUppercase }.count
  // The last capital of a run starts the next word when a lower-case letter follows it.
  let startsWord = upper > 1 && upper < characters.count && characters[upper].isLowercase
  let lowered = startsWord ? upper - 1 : max(upper, 1)
  return String(characters.prefix(lowered)).lowercased() + String(characters.dropFirst(lowered))
}
