// swift-tools-version: 6.1
//
// A small shop built with Implicits: every module runs the analysis plugin, so a missing
// implicit is a build error at its line, not a crash at run time.
//
//   swift run --package-path Examples ShopApp
import PackageDescription

let implicits: Target.Dependency = .product(name: "Implicits", package: "Implicits")
let analysis: [Target.PluginUsage] = [.plugin(name: "ImplicitsAnalysisPlugin", package: "Implicits")]

let package = Package(
  name: "Examples",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "Implicits", path: "..")
  ],
  targets: [
    // Services and named keys; no scope of its own.
    .target(name: "ShopCore", dependencies: [implicits], plugins: analysis),
    // Components that read services through implicits: cart, checkout, inventory, history.
    .target(name: "ShopFeatures", dependencies: ["ShopCore", implicits], plugins: analysis),
    // The composition root: declares the services once and runs a shopping day.
    .executableTarget(
      name: "ShopApp", dependencies: ["ShopFeatures", "ShopCore", implicits], plugins: analysis),
    // Tests declare implicits with the `.implicits { }` trait; the plugin checks them too.
    .testTarget(
      name: "ShopFeaturesTests",
      dependencies: [
        "ShopFeatures", "ShopCore", implicits, .product(name: "ImplicitsTesting", package: "Implicits"),
      ],
      plugins: analysis),
  ]
)
