#!/usr/bin/env python3
"""Fails if a build log has a compiler warning in this package's own sources.

Issue 21 asks that building the package emits no warnings: a warning printed once per
compile job (a test file's was printed 42 times in one CI run) buries the analyzer's own
diagnostics. Dependencies' warnings (anything under `.build/`) are not ours to fix.

    swift test 2>&1 | tee build.log; .ci/no-warnings.py build.log
"""
import os
import re
import sys

log_path = sys.argv[1]
root = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
# The compiler's own format: an absolute path, line and column, then "warning:".
warning = re.compile(r"^(/[^:\n]+\.(?:swift|c|h)):(\d+):(\d+): warning: (.*)$")

found = {}
with open(log_path, encoding="utf-8", errors="replace") as log:
    for line in log:
        match = warning.match(line.rstrip("\n"))
        if not match:
            continue
        path = os.path.realpath(match.group(1))
        if not path.startswith(root + os.sep) or os.sep + ".build" in path[len(root):]:
            continue
        where = f"{os.path.relpath(path, root)}:{match.group(2)}:{match.group(3)}"
        found.setdefault(where, match.group(4))

for where, message in sorted(found.items()):
    print(f"{where}: warning: {message}", file=sys.stderr)
if found:
    print(f"error: {len(found)} compiler warning(s) in this package's sources (above); "
          "fix them: building the package must print none", file=sys.stderr)
    sys.exit(1)
print(f"no compiler warnings in this package's sources ({log_path})")
