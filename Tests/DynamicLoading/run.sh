#!/usr/bin/env bash
# Builds the Implicits runtime into a shared library and runs scopes in it after loading
# it with dlopen (see Package.swift). Usage: Tests/DynamicLoading/run.sh
#
# The host runs with the smallest static-TLS surplus glibc can be tuned to (one namespace,
# no optional surplus): a library whose TLS needs the static block (initial-exec accesses,
# DF_STATIC_TLS) fails to load there with "cannot allocate memory in static TLS block",
# as it does in a real process once other libraries used the few hundred spare bytes.
set -euo pipefail
cd "$(dirname "$0")"
swift build
bin="$(swift build --show-bin-path)"
library="$bin/libScopeRunner.so"
[ -f "$library" ] || library="$bin/libScopeRunner.dylib"
GLIBC_TUNABLES=glibc.rtld.nns=1:glibc.rtld.optional_static_tls=0 "$bin/DlopenHost" "$library"
