#!/usr/bin/env python3
"""Fails unless the package's default traits enable exactly one trait.

SwiftPM 6.3.1 passes each enabled trait to every target of the package as a `-D` flag in
the iteration order of a Swift `Set`, which differs from one SwiftPM process to the next.
With two traits on, every re-planned build (after `swift test`, after a manifest change)
had an even chance of reordering them, which changed every target's command line and
recompiled this package's modules with no source change (README, "What a build costs").

    .ci/one-default-trait.py [PACKAGE_DIR]
"""
import json
import subprocess
import sys

package = sys.argv[1] if len(sys.argv) > 1 else "."
manifest = json.loads(subprocess.run(["swift", "package", "--package-path", package, "dump-package"],
                                     capture_output=True, text=True, check=True).stdout)
traits = {trait["name"]: trait.get("enabledTraits", []) for trait in manifest.get("traits", [])}


def enabled(names, seen):
    """The traits `names` enable, transitively, as SwiftPM enables them."""
    for name in names:
        if name not in seen:
            seen.add(name)
            enabled(traits.get(name, []), seen)
    return seen


on = sorted(enabled(traits.get("default", []), set()))
if len(on) != 1:
    sys.exit(f"error: {package}/Package.swift: the default traits enable {on}; enable one trait by default "
             "(SwiftPM orders several traits' -D flags differently in each process, which recompiles "
             "the package on every other re-planned build)")
print(f"default traits: {on[0]} only")
