#!/usr/bin/env bash
# Compiles the C core for arm64e-apple-macos with pointer authentication (syntax and LLVM IR
# only: there is no macOS SDK or Apple machine here) and checks that every pointer the task
# frame's metadata hands the Swift runtime is signed with the runtime's schema for it.
#
# The headers are the host's glibc ones (the Apple SDK's are not here): `__x86_64__` makes
# them take their LP64 branch, and `__nonnull`, a nullability keyword on Apple targets, is
# given back its glibc meaning. The C core has no x86-specific code, so what is checked is
# our code as an arm64e compiler sees it, not the SDK.
#
#   .ci/arm64e-ir.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
for source in CSupport/*.c; do
  clang -target arm64e-apple-macos15 -fptrauth-calls -fptrauth-intrinsics -S -emit-llvm \
    -Wall -Werror -Wno-implicit-function-declaration -D__x86_64__ -U__nonnull '-D__nonnull(p)=' \
    -ICSupport/include -ICSupport -isystem /usr/include -isystem /usr/include/x86_64-linux-gnu \
    -o "$out/$(basename "$source" .c).ll" "$source"
done

# Each value witness: key IA (0), its own address, and the runtime's discriminator
# (SpecialPointerAuthDiscriminators in swift/ABI/MetadataValues.h). The table pointer in the
# metadata: key DA (2), its address, ValueWitnessTable.
python3 - "$out/TaskFrame.ll" <<'EOF'
import re, sys
ir = open(sys.argv[1]).read()
expected = {
    "vw_initialize_buffer_with_copy": (0, 0xDA4A), "vw_destroy": (0, 0x04F8),
    "vw_initialize_with_copy": (0, 0xE3BA), "vw_assign_with_copy": (0, 0x8751),
    "vw_initialize_with_take": (0, 0x48D8), "vw_assign_with_take": (0, 0xEFDA),
    "vw_get_enum_tag": (0, 0x60F0), "vw_store_enum_tag": (0, 0xA0D1),
    "frame_witnesses": (2, 0x2E3F),
}
signed = {
    name: (int(key), address, int(discriminator))
    for name, key, address, discriminator in re.findall(
        r"@(\w+)\.ptrauth = private constant \{ ptr, i32, i64, i64 \} \{ ptr @\w+, i32 (\d+), i64 (.+?), i64 (\d+) \}", ir)
}
failures = []
for name, (key, discriminator) in expected.items():
    if name not in signed:
        failures.append(f"{name} is not signed")
        continue
    found_key, address, found_discriminator = signed[name]
    if (found_key, found_discriminator) != (key, discriminator) or address == "0":
        failures.append(f"{name}: key {found_key}, discriminator {found_discriminator:#06x}, address {address}; "
                        f"expected key {key}, discriminator {discriminator:#06x}, address-discriminated")
if failures:
    sys.exit("arm64e: " + "\n".join(failures))
print(f"arm64e: the task frame's {len(expected)} runtime-facing pointers are signed with the runtime's schemas")
EOF
