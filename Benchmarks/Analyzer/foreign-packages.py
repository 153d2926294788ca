#!/usr/bin/env python3
"""Runs the release implicits-analyzer over whole packages that do not use Implicits, from
the machine's local copies (/opt/swift-packages/OWNER/NAME.git): every target of the
manifest is analysed as one module, its sources found as SwiftPM finds them (its `path:`,
else Sources/NAME or Tests/NAME). Nothing may be reported and nothing may crash; prints
files, time and findings per package, exits 1 on any finding, and on a package where no
Swift file was found (a layout this script does not know would otherwise pass unchecked).

    Benchmarks/Analyzer/foreign-packages.py [ANALYZER] [OWNER/NAME@VERSION ...]

ANALYZER defaults to .build/release/implicits-analyzer (build it with
`swift build -c release --product implicits-analyzer`). The test suite runs a sample of
these packages with the debug analyzer (Tests/AnalyzerTests/PackagesWithoutImplicitsTests).
"""
import glob, os, re, subprocess, sys, tempfile, time

PACKAGES = [
    "swiftlang/swift-syntax@602.0.0", "apple/swift-argument-parser@1.8.2",
    "apple/swift-collections@1.6.0", "apple/swift-async-algorithms@1.1.4", "apple/swift-nio@2.101.3",
    "apple/swift-log@1.16.2", "apple/swift-metrics@2.13.0", "apple/swift-openapi-runtime@1.13.4",
    "pointfreeco/swift-dependencies@1.17.1", "pointfreeco/swift-case-paths@1.10.0",
    "hummingbird-project/hummingbird@2.28.1", "vapor/vapor@4.122.3", "groue/GRDB.swift@7.10.0",
    "swift-server/async-http-client@1.37.0", "Quick/Nimble@14.0.0", "jpsim/Yams@6.2.2",
    "swhitty/FlyingFox@0.27.1",
    # Added 2026-11-27 (seventh blind round): each under 5 s with the release analyzer.
    "apple/swift-algorithms@1.2.1", "apple/swift-numerics@1.1.1", "apple/swift-system@1.8.1",
    "apple/swift-protobuf@1.39.0", "apple/swift-crypto@4.5.2", "apple/swift-nio-ssl@2.37.6",
    "apple/swift-nio-http2@1.46.0", "apple/swift-nio-extras@1.35.2", "apple/swift-distributed-tracing@1.7.3",
    "apple/swift-http-types@1.8.0", "apple/swift-openapi-generator@1.14.3", "grpc/grpc-swift-2@2.4.3",
    "swift-otel/swift-otel@1.6.0", "swift-server/swift-service-lifecycle@2.13.0", "vapor/fluent-kit@1.57.0",
    "vapor/postgres-nio@1.33.2", "pointfreeco/swift-parsing@0.15.2", "pointfreeco/swift-snapshot-testing@1.19.7",
    "pointfreeco/swift-custom-dump@1.7.3", "OpenCombine/OpenCombine@0.14.0", "swiftwasm/WasmKit@0.4.2",
    "modelcontextprotocol/swift-sdk@0.12.1", "Swinject/Swinject@2.10.0", "Quick/Quick@7.6.2",
    "stencilproject/Stencil@0.15.1", "mattpolzin/OpenAPIKit@6.4.0", "GraphQLSwift/GraphQL@4.3.0",
    "swiftlang/swift-subprocess@1.0.2", "attaswift/BigInt@6.0.1", "weichsel/ZIPFoundation@0.9.20",
    # Added 2026-11-27 (eighth blind round): nothing reported, each under 11 s with the DEBUG analyzer.
    "pointfreeco/swift-concurrency-extras@1.4.3", "pointfreeco/swift-identified-collections@1.1.1",
    "pointfreeco/swift-clocks@1.1.1", "pointfreeco/swift-tagged@0.10.0", "pointfreeco/xctest-dynamic-overlay@1.13.1",
    "apple/swift-atomics@1.3.0", "apple/swift-service-context@1.5.1", "apple/swift-asn1@1.7.4",
    "hummingbird-project/swift-mustache@2.1.1", "JohnSundell/Ink@0.6.0", "JohnSundell/Plot@0.14.0",
    "kylef/PathKit@1.0.1", "onevcat/Rainbow@4.2.2", "vapor/routing-kit@4.9.3", "vapor/sql-kit@3.36.0",
    "davecom/SwiftGraph@4.0.0",
]

TARGET = re.compile(r'\.(target|testTarget|executableTarget|macro)\(')

def modules(root):
    """(name, directory) of each Swift target of the package's manifest, as SwiftPM lays
    them out: `path:` if written, else Sources/NAME (Tests/NAME for a test target). Only
    the call's own arguments count: a `.target(name:)` inside it is a dependency. A
    manifest that computes its targets (swift-collections' `static func target`) is not
    read that way: every folder under Sources/ and Tests/ is a target too, once each.
    `exclude:` is not read: at worst an excluded file is analysed too."""
    with open(f"{root}/Package.swift") as manifest:
        text = manifest.read()
    found, end = [], 0
    for m in TARGET.finditer(text):
        if m.start() < end:
            continue  # a dependency of the target before
        depth, top, end = 1, "", m.end()
        while depth and end < len(text):
            depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(text[end], 0)
            top += text[end] if depth == 1 else ""
            end += 1
        name = re.search(r'name:\s*"([^"]+)"', top)
        if not name:
            continue
        path = re.search(r'path:\s*"([^"]+)"', top)
        folder = path.group(1) if path else ("Tests/" if m.group(1) == "testTarget" else "Sources/") + name.group(1)
        found.append((name.group(1), os.path.join(root, folder)))
    for folder in sorted(glob.glob(f"{root}/Sources/*/") + glob.glob(f"{root}/Tests/*/")):
        found.append((os.path.basename(folder.rstrip("/")), folder.rstrip("/")))
    seen = set()
    return [(name, folder) for name, folder in found
            if os.path.isdir(folder) and not (os.path.realpath(folder) in seen or seen.add(os.path.realpath(folder)))]

def main():
    args = sys.argv[1:]
    analyzer = ".build/release/implicits-analyzer"
    if args and "@" not in args[0]:
        analyzer = args.pop(0)
    analyzer = os.path.abspath(analyzer)
    findings = 0
    for spec in args or PACKAGES:
        repository, version = spec.split("@")
        git = f"/opt/swift-packages/{repository}.git"
        if not os.path.isdir(git):
            print(f"{spec}: skipped, no local copy at {git}")
            continue
        root = tempfile.mkdtemp()
        subprocess.run(f"git -C '{git}' archive {version} | tar -x -C '{root}'", shell=True, check=True)
        files = 0
        reported = []
        start = time.time()
        for name, module in modules(root):
            sources = sorted(glob.glob(module + "/**/*.swift", recursive=True))
            if not sources:
                continue  # a C target
            files += len(sources)
            run = subprocess.run([analyzer, "check", "--module-name", name] + sources, capture_output=True, text=True)
            if run.returncode != 0 or run.stdout.strip() or run.stderr.strip():
                reported.append(f"  {module[len(root) + 1:]} (exit {run.returncode}):\n"
                                + (run.stdout + run.stderr).replace(root + "/", "    "))
        if files == 0:
            reported.append("  no Swift file found in the manifest's targets: this package was not checked")
        print(f"{spec}: {files} files, {time.time() - start:.1f}s, "
              + (f"{len(reported)} modules with findings" if reported else "nothing reported"))
        for text in reported:
            print(text[:4000])
        findings += len(reported)
    sys.exit(1 if findings else 0)

main()
