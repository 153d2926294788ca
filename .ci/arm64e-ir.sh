#!/usr/bin/env bash
# Compiles the C core for arm64e-apple-macos with pointer authentication (syntax and LLVM IR
# only: there is no macOS SDK or Apple machine here) and checks that every pointer the task
# frame's metadata hands the Swift runtime is signed with the schema the toolchain's Swift
# compiler signs the same pointer with in metadata it emits for arm64e.
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

# The schemas expected are not written here: they are read from what the toolchain's Swift
# compiler emits for a struct's metadata on arm64e (metadata the runtime authenticates in
# every arm64e process), value witness table slot by slot, then the table pointer in the
# metadata. `-parse-stdlib` needs no SDK or standard library for the target.
cat > "$out/Frame.swift" <<'SWIFT'
public struct Frame { var object: Builtin.NativeObject; var bits: Builtin.Int64 }
SWIFT
swiftc -frontend -emit-ir -parse-stdlib -module-name T -target arm64e-apple-macos15 \
  "$out/Frame.swift" -o "$out/Frame.ll"

python3 - "$out/TaskFrame.ll" "$out/Frame.ll" <<'PYTHON'
import re, sys
signed_pointer = re.compile(
    r'^@"?(\S+?)\.ptrauth"? = private constant \{ ptr, i32, i64, i64 \} '
    r'\{ ptr @\S+, i32 (\d+), i64 (.+), i64 (\d+) \}, section', re.M)

def signed(path):
    return [(name, int(key), address, int(discriminator))
            for name, key, address, discriminator in signed_pointer.findall(open(path).read())]

# What Swift emits: value witness slot -> (key, discriminator), and the table pointer's.
swift_slots, swift_table = {}, None
for name, key, address, discriminator in signed(sys.argv[2]):
    slot = re.search(r'%swift\.vwtable, ptr @"\$s1T5FrameVWV", i32 0, i32 (\d+)', address)
    if slot:
        swift_slots[int(slot.group(1))] = (key, discriminator)
    elif address == 'ptrtoint (ptr @"$s1T5FrameVWV" to i64)':
        swift_slots[0] = (key, discriminator)
    elif name == '$s1T5FrameVWV':
        swift_table = (key, discriminator)
witnesses = ["vw_initialize_buffer_with_copy", "vw_destroy", "vw_initialize_with_copy", "vw_assign_with_copy",
             "vw_initialize_with_take", "vw_assign_with_take", "vw_get_enum_tag", "vw_store_enum_tag"]
if sorted(swift_slots) != list(range(len(witnesses))) or swift_table is None:
    sys.exit(f"arm64e: could not read Swift's schemas (slots {sorted(swift_slots)}, table {swift_table})")
expected = {name: swift_slots[slot] for slot, name in enumerate(witnesses)}
expected["frame_witnesses"] = swift_table

ours = {name: (key, address, discriminator) for name, key, address, discriminator in signed(sys.argv[1])}
failures = []
for name, (key, discriminator) in expected.items():
    if name not in ours:
        failures.append(f"{name} is not signed")
        continue
    found_key, address, found_discriminator = ours[name]
    if (found_key, found_discriminator) != (key, discriminator) or address == "0":
        failures.append(f"{name}: key {found_key}, discriminator {found_discriminator:#06x}, address {address}; "
                        f"Swift emits key {key}, discriminator {discriminator:#06x}, address-discriminated")
if failures:
    sys.exit("arm64e: " + "\n".join(failures))
print(f"arm64e: the task frame's {len(expected)} runtime-facing pointers are signed as the Swift compiler signs "
      f"its own metadata's (table pointer: key {swift_table[0]}, discriminator {swift_table[1]:#06x})")
PYTHON
