#!/usr/bin/env bash
# Builds the broken example (Examples/Broken) and passes only if the build fails with the
# analyzer's error at the expected file:line, naming the missing implicit.
#
#   Examples/Broken/expect-failure.sh            # from anywhere
#
# The broken app is the example app minus the declaration of the PaymentGateway in
# ShopApp.swift; every other source is a symlink to the real example.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
original="$here/../Sources/ShopApp/ShopApp.swift"
broken="$here/Sources/ShopApp/ShopApp.swift"
removed='@Implicit var payments = PaymentGateway(merchant: "SHOP")'

# Where the analyzer must report the missing PaymentGateway: an error at the entry point
# (the root scope that never declares it) and a note at the call that needs it.
expected_file="Broken/Sources/ShopApp/ShopApp.swift"
expected_line=$(grep -n 'let scope = ImplicitScope()' "$broken" | cut -d: -f1)
expected_note_line=$(grep -n 'await ShoppingDay.run(scope)' "$broken" | cut -d: -f1)
expected_key="PaymentGateway"

# 1. The copy is the real app minus exactly one declaration (so it cannot drift).
if ! grep -qF "$removed" "$original"; then
  echo "error: $original no longer contains the line the broken example removes: $removed" >&2
  exit 1
fi
if ! diff <(grep -vF "$removed" "$original") "$broken" >/dev/null; then
  echo "error: $broken must equal $original without the line: $removed" >&2
  diff <(grep -vF "$removed" "$original") "$broken" >&2 || true
  exit 1
fi

# 2. The build must fail.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if swift build --package-path "$here" "$@" >"$log" 2>&1; then
  echo "error: the broken example built; the analyzer did not catch the missing $expected_key" >&2
  tail -n 30 "$log" >&2
  exit 1
fi

# 3. ... with the analyzer's error at the expected line, naming the key, and the note.
for pattern in \
  "$expected_file:$expected_line:[0-9]+: error: .*'$expected_key'" \
  "$expected_file:$expected_note_line:[0-9]+: note: .*'$expected_key'"; do
  if ! grep -E "$pattern" "$log"; then
    echo "error: the build failed, but printed no line matching '$pattern':" >&2
    grep -E "error:|note:" "$log" | grep -v '^ ' | sort -u | head -n 30 >&2
    exit 1
  fi
done
# 4. ... and with no other error at a source line: the build fails for this reason only.
others=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: error: ' "$log" | grep -vE "$expected_file:$expected_line:" | sort -u || true)
if [ -n "$others" ]; then
  echo "error: the build also failed for other reasons:" >&2
  echo "$others" >&2
  exit 1
fi
echo "ok: the broken example fails to build at $expected_file:$expected_line (missing $expected_key)"
