// swift-tools-version: 6.1
//
// One manifest for every user of Implicits.
//
// The runtime (`Implicits` + the C module `ImplicitsCSupport`) has no package
// dependencies. swift-syntax and swift-argument-parser are reachable only through
// the `ImplicitsMacros` and `ImplicitsAnalysis` traits, so a consumer that writes
// `.package(url: ..., from: "1.0.0", traits: [])` fetches and builds nothing else.
//
// One trait is on by default, `ImplicitsAnalysis`, and it includes the macros (the targets
// below depend on them when either trait is on) rather than enabling `ImplicitsMacros` too.
// SwiftPM 6.3.1 passes each enabled trait to every target of the package as a `-D` flag in
// the order of a Swift `Set`, which differs from one SwiftPM process to the next: with two
// traits on, every second re-planned build (after a `swift test`, or a while after the last
// build) changed the command line of every target here and recompiled the runtime, the macro
// plugin, the analyzer and the tests (~60 s of CPU). README, "What a build costs".

import CompilerPluginSupport
import PackageDescription

let analysis = "ImplicitsAnalysis"
let macros = "ImplicitsMacros"
/// The traits that build the macros: either one (a condition holds when any of its traits is on).
let withMacros: Set<String> = [macros, analysis]
/// The traits that build the analyzer.
let withAnalysis: Set<String> = [analysis]
/// `#if ImplicitsMacros` holds wherever the macros are built, also when only
/// `ImplicitsAnalysis` is on (SwiftPM defines a trait's name only while that trait is on).
let macroCondition: [SwiftSetting] = [.define(macros, .when(traits: [analysis]))]

/// A dependency on a swift-syntax product that exists only while one of `traits` is enabled.
func syntax(_ product: String, when traits: Set<String>) -> Target.Dependency {
  .product(name: product, package: "swift-syntax", condition: .when(traits: traits))
}

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
      description:
        "The build-time analyzer, its executable and plugin, and the macros (builds swift-syntax)."
    ),
    .default(enabledTraits: [analysis]),
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
        .target(name: "ImplicitsMacroPlugin", condition: .when(traits: withMacros)),
      ],
      swiftSettings: macroCondition
    ),
    .testTarget(
      name: "ImplicitsTests",
      dependencies: ["Implicits", "ImplicitsCSupport"],
      swiftSettings: macroCondition
    ),

    // MARK: Testing support

    // Runtime only (no swift-syntax): the `.implicits { }` trait for Swift Testing and
    // `withImplicits` for XCTest.
    .target(
      name: "ImplicitsTesting",
      dependencies: ["Implicits"],
      swiftSettings: macroCondition
    ),
    .testTarget(
      name: "ImplicitsTestingTests",
      dependencies: ["ImplicitsTesting", "Implicits"],
      swiftSettings: macroCondition
    ),

    // MARK: Macros

    .macro(
      name: "ImplicitsMacroPlugin",
      dependencies: [
        syntax("SwiftSyntax", when: withMacros),
        syntax("SwiftDiagnostics", when: withMacros),
        syntax("SwiftSyntaxMacros", when: withMacros),
        syntax("SwiftCompilerPlugin", when: withMacros),
      ],
      path: "Analyzer/Macros",
      exclude: ["README.md"],
      swiftSettings: macroCondition
    ),
    .testTarget(
      name: "MacroTests",
      dependencies: [
        .target(name: "ImplicitsMacroPlugin", condition: .when(traits: withMacros)),
        syntax("SwiftSyntax", when: withMacros),
        syntax("SwiftSyntaxMacros", when: withMacros),
        syntax("SwiftSyntaxMacroExpansion", when: withMacros),
        syntax("SwiftSyntaxMacrosGenericTestSupport", when: withMacros),
      ],
      swiftSettings: macroCondition
    ),

    // MARK: Analyzer

    .target(
      name: "ImplicitsAnalysis",
      dependencies: [
        syntax("SwiftSyntax", when: withAnalysis),
        syntax("SwiftParser", when: withAnalysis),
      ],
      path: "Analyzer/Core",
      swiftSettings: macroCondition
    ),
    .executableTarget(
      name: "implicits-analyzer",
      dependencies: [
        .target(name: "ImplicitsAnalysis", condition: .when(traits: withAnalysis)),
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: withAnalysis)),
      ],
      path: "Analyzer/CLI",
      swiftSettings: macroCondition
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
        .target(name: "ImplicitsAnalysis", condition: .when(traits: withAnalysis)),
        .target(name: "implicits-analyzer", condition: .when(traits: withAnalysis)),
        // The naming contract between the support file and the macros.
        .target(name: "ImplicitsMacroPlugin", condition: .when(traits: withMacros)),
        syntax("SwiftSyntaxMacroExpansion", when: withMacros),
      ],
      exclude: ["Fixtures"],
      swiftSettings: macroCondition
    ),
  ]
)
