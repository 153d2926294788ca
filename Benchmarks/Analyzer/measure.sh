#!/usr/bin/env bash
# Measures implicits-analyzer on generated modules (release build): files/s at 1,000 and
# 5,000 files, growth, peak memory, every injected error found, the parse floor (swift-syntax
# alone on the same files) and our ratio to it, cached re-check time.
#
#   Benchmarks/Analyzer/measure.sh            # from the repository root
#
# Uses the scratch path .build-release so it does not disturb debug builds. Wall time
# depends on what else runs on the machine: CPU time (user + system) is printed beside it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd -P)
work=${WORK:-$(mktemp -d)}
swift build -c release --product implicits-analyzer --scratch-path "$root/.build-release" >/dev/null
analyzer="$root/.build-release/release/implicits-analyzer"
generate="$root/Benchmarks/Analyzer/generate-module.py"

run() { # files errors
  local dir="$work/m$1"
  python3 "$generate" "$dir" --files "$1" --errors "$2" >/dev/null
  ls "$dir"/*.swift > "$dir/sources.txt"
  mkdir -p "$dir.out"
  local best=999999 rss=0 cpu=999999
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M %U %S" -o "$dir/time.txt" "$analyzer" check --module-name Bench \
      --interface-output "$dir.out/Bench.implicitinterface" --support-file-output "$dir.out/Support.swift" \
      "@$dir/sources.txt" 2> "$dir/diagnostics.txt" || true
    read -r seconds kb user system < <(tail -n 1 "$dir/time.txt")
    best=$(python3 -c "print(min($best, $seconds))")
    cpu=$(python3 -c "print(round(min($cpu, $user + $system), 2))")
    rss=$(( kb > rss ? kb : rss ))
  done
  local verdict
  verdict=$(python3 "$generate" verify "$dir" "$dir/diagnostics.txt")
  echo "$1 files: best of 3 ${best}s wall (${cpu}s CPU), $(python3 -c "print(round($1 / $best))") files/s, peak RSS $((rss / 1024)) MiB; $verdict" >&2
  echo "$best"
}

small=$(run 1000 20)
large=$(run 5000 50)
echo "growth 5,000 / 1,000 files: $(python3 -c "print(round($large / $small, 2))")x (linear would be 5x)"

# The floor: the same files read and parsed on the same threads, nothing else.
dir="$work/m5000"
floor=999999 floor_cpu=999999
for _ in 1 2 3; do
  /usr/bin/time -f "%e %U %S" -o "$work/floor.txt" "$analyzer" parse-floor "@$dir/sources.txt" >/dev/null
  read -r seconds user system < <(tail -n 1 "$work/floor.txt")
  floor=$(python3 -c "print(min($floor, $seconds))")
  floor_cpu=$(python3 -c "print(round(min($floor_cpu, $user + $system), 2))")
done
echo "parse floor, 5,000 files: best of 3 ${floor}s wall (${floor_cpu}s CPU), $(python3 -c "print(round(5000 / $floor))") files/s; check / floor: $(python3 -c "print(round($large / $floor, 2))")x wall"

cache="$work/cache"
args=(check --module-name Bench --interface-output "$dir.out/Bench.implicitinterface"
  --support-file-output "$dir.out/Support.swift" --cache-dir "$cache" "@$dir/sources.txt")
"$analyzer" "${args[@]}" 2>/dev/null || true
/usr/bin/time -f "%e" -o "$work/cached.txt" "$analyzer" "${args[@]}" 2>/dev/null || true
cached=$(tail -n 1 "$work/cached.txt")
echo "cached re-check, no change, 5,000 files: ${cached}s = $(python3 -c "print(round(100 * $cached / $large, 1))")% of a full check"
