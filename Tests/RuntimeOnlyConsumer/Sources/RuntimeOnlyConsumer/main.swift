import Implicits
print("runtime-only consumer built: \(ImplicitScope.self)")
