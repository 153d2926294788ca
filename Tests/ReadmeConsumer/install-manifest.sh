#!/usr/bin/env bash
# Prints README.md's Install manifest: the first ```swift block after "## Install", verbatim.
#
#   Tests/ReadmeConsumer/install-manifest.sh > Package.swift
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd -P)
manifest=$(awk '/^## Install/ { install = 1 }
     install && /^```swift/ { inside = 1; next }
     inside && /^```/ { exit }
     inside { print }' "$root/README.md")
if ! grep -q 'let package = Package(' <<<"$manifest"; then
  echo "error: README.md's Install section has no complete Package.swift in its first swift block" >&2
  exit 1
fi
printf '%s\n' "$manifest"
