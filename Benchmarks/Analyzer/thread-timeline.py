#!/usr/bin/env python3
"""Which thread does what, and when, in one run of the analyzer (wall time, not CPU shares:
a cached re-check is mostly module phase, and what matters is how long one core works while
the other waits).

    perf record -e cpu-clock -F 4000 -g -o run.perf BIN check --module-name Bench … @files
    perf script -i run.perf -F tid,time,ip,sym | swift demangle --simplified > run.txt
    Benchmarks/Analyzer/thread-timeline.py run.txt [HZ]

Each sample counts for the first phase named on its stack, innermost frame first. Prints per
phase the main thread's and the other threads' sampled CPU and the first and last sample's
time, then the three spans of a check: up to the graph build, the graph build to the outputs
(build, solve, graph diagnostics), and the outputs, each with how busy the main thread and
the others were in it. HZ is perf's `-F` (default 4000).
"""
import collections
import re
import sys

PHASES = [  # (pattern, phase), innermost frame first; the first match names the sample
    ("renderDiagnostics", "out: diagnostics text"), ("InterfaceWriter", "out: interface entries"),
    ("linked(", "out: interface links"), ("interfacePlan", "out: interface plan"),
    ("supportFile", "out: support file"), ("ResultCache", "result cache"),
    ("SummaryCache.load", "summaries loaded"), ("entryName", "entry names"),
    ("FileAnalyzer.analyze", "edited file analysed"), ("frames(file:", "frames decoded"),
    ("FileAnalyzer.simulate", "simulate"), ("readDeferredEffects", "effects decoded"),
    ("record(for:", "records decoded"), ("holds(for:", "records checked"),
    ("KeyResolutionInputs.init", "KeyResolutionInputs"), ("KeyResolver.init", "KeyResolver built"),
    ("destroy for KeyResolver", "KeyResolver freed"), ("ScopeClosureAliases", "aliases"),
    ("RequirementGraph.solve", "graph: solve"), ("CallLookups", "graph: call lookups"),
    ("GraphBuilder", "graph: build"),
    ("GraphDiagnoser", "graph: diagnostics"), ("SourceReader", "sources read"),
    ("Analyzer.", "rest of the module phase"), ("CheckRun.run", "rest of the run"),
]


def samples(path):
    current = None
    for line in open(path):
        head = re.match(r"\s*(\d+)\s+([\d.]+):", line)
        if head:
            if current:
                yield current
            current = (int(head.group(1)), float(head.group(2)), [])
        elif line.strip() and current:
            current[2].append(line.strip().split(" ", 1)[-1])
    if current:
        yield current


def phase_of(stack):
    for frame in stack:
        for pattern, name in PHASES:
            if pattern in frame:
                return name
    return "other (allocator, kernel, start-up)"


def main():
    hz = float(sys.argv[2]) if len(sys.argv) > 2 else 4000.0
    runs = [(tid, time, phase_of(stack)) for tid, time, stack in samples(sys.argv[1])]
    main_tid, start = runs[0][0], runs[0][1]
    runs = [(tid == main_tid, time - start, phase) for tid, time, phase in runs]
    end = runs[-1][1]
    cpu, first, last = collections.Counter(), {}, {}
    for on_main, time, phase in runs:
        cpu[(phase, on_main)] += 1 / hz
        first.setdefault(phase, time)
        last[phase] = time
    print(f"{'phase':40} {'main':>7} {'others':>7}  first–last sample")
    for phase in sorted(first, key=lambda p: -(cpu[(p, True)] + cpu[(p, False)])):
        if cpu[(phase, True)] + cpu[(phase, False)] >= 0.005:
            print(f"{phase:40} {cpu[(phase, True)]:6.3f}s {cpu[(phase, False)]:6.3f}s  "
                  f"{first[phase]:.3f}–{last[phase]:.3f} s")
    graph = min((t for _, t, p in runs if p.startswith("graph")), default=end)
    outputs = min((t for _, t, p in runs if p.startswith("out") and t > graph), default=end)
    print()
    for name, a, b in [("up to the graph", 0, graph), ("graph build, solve, diagnostics", graph, outputs),
                       ("outputs", outputs, end + 1 / hz)]:
        busy = lambda main: sum(1 for on_main, t, _ in runs if a <= t < b and on_main == main) / hz
        print(f"{name:32} {min(b, end) - a:6.3f} s wall; main thread busy {busy(True):.3f} s, others {busy(False):.3f} s")


if __name__ == "__main__":
    main()
