// swift-tools-version: 6.1
//
// One manifest for every user of Implicits.
//
// The runtime (`Implicits` + the C module `ImplicitsCSupport`) has no package
// dependencies. swift-syntax and swift-argument-parser are reachable only through
// the `ImplicitsMacros` and `ImplicitsAnalysis` traits, so a consumer that writes
// `.package(url: ..., from: "1.0.0", traits: [])` fetches and builds nothing else.

import CompilerPluginSupport
import PackageDescription

/// A dependency on a swift-syntax product that exists only while `trait` is enabled.
func syntax(_ product: String, when trait: String) -> Target.Dependency {
  .product(name: product, package: "swift-syntax", condition: .when(traits: [trait]))
}

let analysis = "ImplicitsAnalysis"
let macros = "ImplicitsMacros"

let package = Package(
  name: "Implicits",
  // The first releases whose Swift concurrency runtime is Swift 6's: task-local values
  // bound inside a task group's body are copied into its children there (older runtimes
  // stop the program), which task scopes rely on. See README, Platforms.
  platforms: [
    .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .macCatalyst(.v18), .visionOS(.v2),
  ],
  products: [
    .library(name: "Implicits", targets: ["Implicits"]),
    .library(name: "ImplicitsTesting", targets: ["ImplicitsTesting"]),
    .executable(name: "implicits-analyzer", targets: ["implicits-analyzer"]),
    .plugin(name: "ImplicitsAnalysisPlugin", targets: ["ImplicitsAnalysisPlugin"]),
  ],
  traits: [
    .trait(
      name: macros,
      description: "The #implicits and named-key macros (builds swift-syntax)."
    ),
    .trait(
      name: analysis,
      description: "The build-time analyzer, its executable and plugin (builds swift-syntax)."
    ),
    .default(enabledTraits: [macros, analysis]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    // MARK: Runtime

    .target(
      name: "ImplicitsCSupport",
      path: "CSupport",
      exclude: ["README.md"]
    ),
    .target(
      name: "Implicits",
      dependencies: [
        "ImplicitsCSupport",
        .target(name: "ImplicitsMacroPlugin", condition: .when(traits: [macros])),
      ]
    ),
    .testTarget(
      name: "ImplicitsTests",
      dependencies: ["Implicits", "ImplicitsCSupport"]
    ),

    // MARK: Testing support

    // Runtime only (no swift-syntax): the `.implicits { }` trait for Swift Testing and
    // `withImplicits` for XCTest.
    .target(
      name: "ImplicitsTesting",
      dependencies: ["Implicits"]
    ),
    .testTarget(
      name: "ImplicitsTestingTests",
      dependencies: ["ImplicitsTesting", "Implicits"]
    ),

    // MARK: Macros

    .macro(
      name: "ImplicitsMacroPlugin",
      dependencies: [
        syntax("SwiftSyntax", when: macros),
        syntax("SwiftDiagnostics", when: macros),
        syntax("SwiftSyntaxMacros", when: macros),
        syntax("SwiftCompilerPlugin", when: macros),
      ],
      path: "Analyzer/Macros",
      exclude: ["README.md"]
    ),
    .testTarget(
      name: "MacroTests",
      dependencies: [
        .target(name: "ImplicitsMacroPlugin", condition: .when(traits: [macros])),
        syntax("SwiftSyntax", when: macros),
        syntax("SwiftSyntaxMacros", when: macros),
        syntax("SwiftSyntaxMacroExpansion", when: macros),
        syntax("SwiftSyntaxMacrosGenericTestSupport", when: macros),
      ]
    ),

    // MARK: Analyzer

    .target(
      name: "ImplicitsAnalysis",
      dependencies: [
        syntax("SwiftSyntax", when: analysis),
        syntax("SwiftParser", when: analysis),
      ],
      path: "Analyzer/Core"
    ),
    .executableTarget(
      name: "implicits-analyzer",
      dependencies: [
        .target(name: "ImplicitsAnalysis", condition: .when(traits: [analysis])),
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: [analysis])),
      ],
      path: "Analyzer/CLI"
    ),
    .plugin(
      name: "ImplicitsAnalysisPlugin",
      capability: .buildTool(),
      dependencies: ["implicits-analyzer"],
      path: "Analyzer/Plugin"
    ),
    .testTarget(
      name: "AnalyzerTests",
      dependencies: [
        .target(name: "ImplicitsAnalysis", condition: .when(traits: [analysis])),
        .target(name: "implicits-analyzer", condition: .when(traits: [analysis])),
        // The naming contract between the support file and the macros.
        .target(name: "ImplicitsMacroPlugin", condition: .when(traits: [macros])),
        syntax("SwiftSyntaxMacroExpansion", when: macros),
      ],
      exclude: ["Fixtures"]
    ),
  ]
)
