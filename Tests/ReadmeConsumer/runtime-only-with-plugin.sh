#!/usr/bin/env bash
# README's Install manifest with README's runtime-only dependency line (`traits: []`) put in
# its place, the plugin lines kept — the edit a user makes to skip swift-syntax. The build
# must stop at the plugin with the message README quotes for it (module, cause and both
# fixes), not with an analyzer stub's bare complaint.
#
#   Tests/ReadmeConsumer/runtime-only-with-plugin.sh
#
# Builds the runtime and the analyzer stub only (no package is fetched): its own scratch path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
root=$(cd "$here/../.." && pwd -P)

runtime_only=$(grep -m 1 -E '^\.package\(path: "\.\./implicits", traits: \[\]\),$' "$root/README.md" || true)
expected=$(grep -o -m 1 "error: implicits-analyzer cannot check module 'MyApp': [^\`…]*" "$root/README.md" | sed 's/ *$//' || true)
if [ -z "$runtime_only" ] || [ -z "$expected" ]; then
  echo "error: README.md no longer shows the runtime-only line and the message its build stops with" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/implicits"
mkdir "$work/MyApp"
cp -R "$here/Sources" "$here/Tests" "$work/MyApp/"
"$here/install-manifest.sh" | sed "s|^    \.package(path: \"\.\./implicits\"),\$|    $runtime_only|" > "$work/MyApp/Package.swift"
grep -qF "$runtime_only" "$work/MyApp/Package.swift" || { echo "error: the Install manifest has no dependency line to replace" >&2; exit 1; }

cd "$work/MyApp"
status=0
swift build > "$work/build.log" 2>&1 || status=$?
if [ "$status" -eq 0 ]; then
  echo "error: a traits: [] dependency with the plugin applied built; expected it to stop at the plugin" >&2
  exit 1
fi
if ! grep -qF "$expected" "$work/build.log"; then
  echo "error: the build did not stop with README's message '$expected'; it printed:" >&2
  cat "$work/build.log" >&2
  exit 1
fi
echo "runtime-only manifest with the plugin stops with: $expected"
