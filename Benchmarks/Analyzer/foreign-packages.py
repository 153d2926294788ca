#!/usr/bin/env python3
"""Runs the release implicits-analyzer over whole packages that do not use Implicits, from
the machine's local copies (/opt/swift-packages/OWNER/NAME.git): every folder under
Sources/ and Tests/ is analysed as one module. Nothing may be reported and nothing may
crash; prints files, time and findings per package, exits 1 on any finding.

    Benchmarks/Analyzer/foreign-packages.py [ANALYZER] [OWNER/NAME@VERSION ...]

ANALYZER defaults to .build/release/implicits-analyzer (build it with
`swift build -c release --product implicits-analyzer`). The test suite runs a sample of
these packages with the debug analyzer (Tests/AnalyzerTests/PackagesWithoutImplicitsTests).
"""
import glob, os, subprocess, sys, tempfile, time

PACKAGES = [
    "swiftlang/swift-syntax@602.0.0", "apple/swift-argument-parser@1.8.2",
    "apple/swift-collections@1.6.0", "apple/swift-async-algorithms@1.1.4", "apple/swift-nio@2.101.3",
    "apple/swift-log@1.16.2", "apple/swift-metrics@2.13.0", "apple/swift-openapi-runtime@1.13.4",
    "pointfreeco/swift-dependencies@1.17.1", "pointfreeco/swift-case-paths@1.10.0",
    "hummingbird-project/hummingbird@2.28.1", "vapor/vapor@4.122.3", "groue/GRDB.swift@7.10.0",
    "swift-server/async-http-client@1.37.0", "Quick/Nimble@14.0.0", "jpsim/Yams@6.2.2",
]

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
        for module in sorted(glob.glob(f"{root}/Sources/*/") + glob.glob(f"{root}/Tests/*/")):
            sources = sorted(glob.glob(module + "**/*.swift", recursive=True))
            if not sources:
                continue
            files += len(sources)
            run = subprocess.run([analyzer, "check", "--module-name", os.path.basename(module.rstrip("/"))] + sources,
                                 capture_output=True, text=True)
            if run.returncode != 0 or run.stdout.strip() or run.stderr.strip():
                reported.append(f"  {module[len(root) + 1:]} (exit {run.returncode}):\n"
                                + (run.stdout + run.stderr).replace(root + "/", "    "))
        print(f"{spec}: {files} files, {time.time() - start:.1f}s, "
              + (f"{len(reported)} modules with findings" if reported else "nothing reported"))
        for text in reported:
            print(text[:4000])
        findings += len(reported)
    sys.exit(1 if findings else 0)

main()
