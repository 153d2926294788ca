// swift-tools-version: 6.1
//
// The runtime benchmark suite of Implicits, a package of its own so the library never
// depends on the benchmark harness or on the peers it is compared with.
//
// - `InstructionCounts`: one release executable, `InstructionCounts <scenario> <iterations>`,
//   that `instructions.sh` runs under callgrind (see README.md).
// - `Benchmarks/Runtime`: the ordo-one/benchmark suite (wall time, throughput, mallocs).
//
// The `Peers` trait (on by default) builds swift-dependencies and Swinject into the
// scenarios. `swift build --product InstructionCounts --disable-default-traits` builds the
// instruction counter without them (and without swift-syntax), which is what CI's smoke
// run uses.

import PackageDescription

let peers = "Peers"

let package = Package(
  name: "ImplicitsBenchmarks",
  platforms: [.macOS(.v15)],
  traits: [
    .trait(name: peers, description: "Compare with swift-dependencies and Swinject."),
    .default(enabledTraits: [peers]),
  ],
  dependencies: [
    // The runtime only: no macros, no analyzer, no swift-syntax from the root package.
    .package(name: "Implicits", path: "..", traits: []),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
  ],
  targets: [
    .target(
      name: "Scenarios",
      dependencies: [
        .product(name: "Implicits", package: "Implicits"),
        .product(name: "Dependencies", package: "swift-dependencies", condition: .when(traits: [peers])),
        .product(name: "Swinject", package: "Swinject", condition: .when(traits: [peers])),
      ]
    ),
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "InstructionCounts",
      dependencies: ["Scenarios", "MallocCounter"]
    ),
    .executableTarget(
      name: "RuntimeBenchmarks",
      dependencies: [
        "Scenarios",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/Runtime",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
