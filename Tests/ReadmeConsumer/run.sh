#!/usr/bin/env bash
# Builds, runs and tests a consumer whose Package.swift is README's Install manifest,
# verbatim: the first ```swift block after "## Install". The sources beside this script are
# an app as a new user writes it (a library, an executable, a Swift Testing target that
# imports only what README's Testing section imports).
#
#   Tests/ReadmeConsumer/run.sh [--scratch-path DIR]
#
# The manifest depends on `.package(path: "../implicits")`, so the consumer is assembled in
# a temporary directory beside a link named `implicits` to this checkout. CI passes this
# package's own `.build` as the scratch path: swift-syntax, already built there, is reused.
# Do that only last: SwiftPM 6.3.1 keeps planning the last package built in a scratch path
# (its "Planning build" step watches that package's files only), so a `swift build` of
# this package there afterwards may still build the consumer, until a manifest changes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
root=$(cd "$here/../.." && pwd -P)
scratch=()
if [ "${1:-}" = "--scratch-path" ]; then scratch=(--scratch-path "$2"); fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/implicits"
mkdir "$work/MyApp"
cp -R "$here/Sources" "$here/Tests" "$work/MyApp/"
"$here/install-manifest.sh" > "$work/MyApp/Package.swift"

cd "$work/MyApp"
swift build "${scratch[@]}"
output=$(swift run "${scratch[@]}" --skip-build MyAppCLI)
if [ "$output" != "Hello, reader!" ]; then
  echo "error: MyAppCLI printed '$output', expected 'Hello, reader!'" >&2
  exit 1
fi
swift test "${scratch[@]}" 2>&1 | tee "$work/test.log"
# `swift test` also passes when it finds no test: the suite must have run.
if ! grep -q 'Suite GreeterTests passed' "$work/test.log"; then
  echo "error: the consumer's GreeterTests suite did not run and pass" >&2
  exit 1
fi
# README (*What a build costs*): back to `swift build` after `swift test`, nothing is
# recompiled; SwiftPM only links the plugin's tools again and the plugin re-checks.
swift build "${scratch[@]}" 2>&1 | tee "$work/rebuild.log"
if grep -E '^\[[0-9]+/[0-9]+\] Compiling [A-Za-z0-9_]+ .*\.swift$' "$work/rebuild.log"; then
  echo "error: swift build after swift test recompiled the Swift files above, with no change" >&2
  exit 1
fi
