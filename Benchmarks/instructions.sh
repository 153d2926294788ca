#!/usr/bin/env bash
# Instruction counts of every benchmark scenario, with callgrind.
#
#   Benchmarks/instructions.sh            full run: every scenario, large N, with peers
#   Benchmarks/instructions.sh --smoke    CI: no peers (no swift-syntax build), tiny N
#   Benchmarks/instructions.sh --no-peers the Implicits rows at full N, built without peers
#                                         (what runtime work needs: no swift-syntax build)
#   options: --no-build (reuse the last build), --filter TEXT (scenario ids containing TEXT)
#
# Builds the `InstructionCounts` executable once in release mode, then runs each scenario
# at N=0 and N=large iterations under `valgrind --tool=callgrind --instr-atstart=no`.
# The executable switches instrumentation on for its measured loop only, so
#   instructions/op = (Ir(N) - Ir(0)) / (N * operations per iteration)
# counts the loop body and nothing else; allocations/op come from the executable's own
# counting malloc. The environment is fixed (deterministic hashing, eager binding), so two
# runs print the same table. The full run also writes Results/instructions.tsv, which
# Scripts/report.py and Scripts/plot.py read.
set -euo pipefail
cd "$(dirname "$0")"

smoke=0
peers=1
build=1
filter=""
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1; peers=0 ;;
    --no-peers) peers=0 ;;
    --no-build) build=0 ;;
    --filter) filter="$2"; shift ;;
    *) echo "usage: $0 [--smoke] [--no-peers] [--no-build] [--filter TEXT]" >&2; exit 64 ;;
  esac
  shift
done

scratch="${IMPLICITS_BENCH_SCRATCH:-.build-instructions}"
traits=()
if [ "$peers" = 0 ]; then
  scratch="${IMPLICITS_BENCH_SCRATCH:-.build-instructions-smoke}"
  traits=(--disable-default-traits)
fi
swift_build=(swift build -c release --scratch-path "$scratch" --product InstructionCounts ${traits[@]+"${traits[@]}"})
if [ "$build" = 1 ]; then
  "${swift_build[@]}" >&2
fi
bin_dir="$("${swift_build[@]}" --show-bin-path)"

command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed" >&2; exit 69; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF 5 the Swift toolchain emits: count a copy without
# debug info (the symbol table stays, so callgrind_annotate still names functions).
strip -g -o "$work/InstructionCounts" "$bin_dir/InstructionCounts"
binary="$work/InstructionCounts"

# One run: prints "<instructions> <allocations>".
measure() {
  env -i PATH=/usr/bin:/bin SWIFT_DETERMINISTIC_HASHING=1 LD_BIND_NOW=1 \
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/callgrind.out" \
    "$binary" "$1" "$2" >"$work/stdout" 2>"$work/stderr" || {
    echo "instructions.sh: scenario '$1' failed with N=$2:" >&2
    grep -v '^==' "$work/stderr" >&2 || true
    exit 1
  }
  local ir allocations
  ir="$(awk '/^totals:/ { print $2 }' "$work/callgrind.out")"
  allocations="$(awk -F '\t' '$1 == "allocations" { print $2 }' "$work/stdout")"
  echo "${ir:-0} ${allocations:-0}"
}

results="$work/instructions.tsv"
printf 'group\tsubject\titerations\tops_per_iteration\tinstructions_n0\tinstructions_n\tallocations_n0\tallocations_n\n' >"$results"
"$binary" --list | while IFS=$'\t' read -r id large ops; do
  case "$id" in *"$filter"*) ;; *) continue ;; esac
  n="$large"
  [ "$smoke" = 1 ] && n=$(( large < 100 ? 1 : 10 ))
  read -r ir0 alloc0 < <(measure "$id" 0)
  read -r irn allocn < <(measure "$id" "$n")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${id%%/*}" "${id#*/}" "$n" "$ops" "$ir0" "$irn" "$alloc0" "$allocn" >>"$results"
  echo "  measured $id (N=$n)" >&2
done

if [ "$smoke" = 0 ] && [ "$peers" = 1 ] && [ -z "$filter" ]; then
  mkdir -p Results
  cp "$results" Results/instructions.tsv
fi
python3 Scripts/report.py "$results"
