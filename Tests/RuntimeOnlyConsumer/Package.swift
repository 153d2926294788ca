// swift-tools-version: 6.1
// A consumer that opts out of every trait: it must build the Implicits runtime
// without fetching or building any other package (checked by .ci/run).
import PackageDescription

let package = Package(
  name: "RuntimeOnlyConsumer",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "Implicits", path: "../..", traits: [])
  ],
  targets: [
    .executableTarget(
      name: "RuntimeOnlyConsumer",
      dependencies: [.product(name: "Implicits", package: "Implicits")]
    ),
    // Synchronous main with a root scope, then dispatchMain(): @MainActor tasks use their
    // own values (the precedence rule), run by .ci/run.
    .executableTarget(
      name: "MainLoopPrecedence",
      dependencies: [.product(name: "Implicits", package: "Implicits")]
    ),
    // The same with a run loop on the main thread (RunLoop.main): @MainActor jobs run on
    // the main thread inside its root scope; run by .ci/run.
    .executableTarget(
      name: "MainRunLoopPrecedence",
      dependencies: [.product(name: "Implicits", package: "Implicits")]
    ),
    // Async code written as apps write it (view model, actor, task groups, async let,
    // streams, cancellation, dispatch threads); run by .ci/run.
    .executableTarget(
      name: "AppStyleAsync",
      dependencies: [.product(name: "Implicits", package: "Implicits")]
    ),
    // Callback-style code (an event bus, handlers restoring their bag on every event, from
    // worker threads, re-entrant); run by .ci/run.
    .executableTarget(
      name: "AppStyleCallbacks",
      dependencies: [.product(name: "Implicits", package: "Implicits")]
    ),
  ]
)
