// swift-tools-version: 6.1
//
// The example shop with one declaration removed: ShopApp.swift no longer declares the
// PaymentGateway, which every checkout reads. The app still type-checks — a missing
// implicit is invisible to the compiler — but the analysis plugin must fail the build
// with an error at the line that lost its provider. `expect-failure.sh` checks that.
//
// ShopCore, ShopFeatures and ShoppingDay.swift are symlinks to the real example's
// sources; only ShopApp.swift is a copy (minus the one line, checked by the script).
import PackageDescription

let implicits: Target.Dependency = .product(name: "Implicits", package: "Implicits")
let analysis: [Target.PluginUsage] = [.plugin(name: "ImplicitsAnalysisPlugin", package: "Implicits")]

let package = Package(
  name: "ExamplesBroken",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "Implicits", path: "../..")
  ],
  targets: [
    .target(name: "ShopCore", dependencies: [implicits], plugins: analysis),
    .target(name: "ShopFeatures", dependencies: ["ShopCore", implicits], plugins: analysis),
    .executableTarget(
      name: "ShopApp", dependencies: ["ShopFeatures", "ShopCore", implicits], plugins: analysis),
  ]
)
