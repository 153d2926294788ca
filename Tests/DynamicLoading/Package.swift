// swift-tools-version: 6.1
// The runtime inside a shared library that is loaded with `dlopen` (as a plugin would be):
// `run.sh` builds `libScopeRunner.so` (Implicits linked into it) and `DlopenHost`, which
// does not link the library but opens it at run time and runs scopes through it. The
// library's thread-local storage must not need static TLS space (glibc keeps only a few
// hundred spare bytes for libraries loaded that way).
import PackageDescription

let package = Package(
  name: "DynamicLoading",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ScopeRunner", type: .dynamic, targets: ["ScopeRunner"])
  ],
  dependencies: [
    .package(name: "Implicits", path: "../..", traits: [])
  ],
  targets: [
    .target(
      name: "ScopeRunner",
      dependencies: [.product(name: "Implicits", package: "Implicits")]
    ),
    .executableTarget(name: "DlopenHost"),
  ]
)
