// A test target that links ImplicitsTesting declares values (`@Implicit`) and opens scopes
// (`withScope`) in the same files that use the trait, so `import ImplicitsTesting` brings
// the runtime's API with it, as README's Install and Testing sections show.
@_exported import Implicits
