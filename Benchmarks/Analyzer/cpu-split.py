#!/usr/bin/env python3
"""Where a check's CPU time goes, by phase, from a `perf` profile (sampled CPU time, not
instructions: the passes run at fewer instructions per cycle than the lexer, so callgrind's
shares overstate the parse).

    perf record -e cpu-clock -F 2000 -g -o check.perf \\
      .build-release/release/implicits-analyzer check --module-name Bench @files
    perf script -i check.perf -F tid,ip,sym > check.txt
    Benchmarks/Analyzer/cpu-split.py check.txt [TOP]

Each sample counts for the first phase named on its stack, innermost frame first (a
`swift_retain` under the rules walk is the rules'); TOP also lists each phase's hottest
leaf functions. Samples with no phase on their stack (allocator, page faults, thread
start-up) are `other`.
"""
import collections
import sys

PHASES = [
    ("parse", ["SwiftParser"]),
    ("rules", ["SyntaxRule", "ScopeLifetimeRule", "ImplicitDeclarationRule", "NamedKeysRule", "StoredBagRule",
               "ScopeClosureNameRule", "ScopeParameterRule"]),
    ("undecided #if", ["UndecidedConditions"]),
    ("effects", ["EffectCollector"]),
    ("declarations", ["DeclarationCollector"]),
    ("frames", ["FrameSimulator", "FileAnalyzerO8simulate"]),
    ("keys", ["KeyResolver", "resolveKeys"]),
    ("graph", ["GraphBuilder", "RequirementGraph"]),
    ("diagnostics", ["GraphDiagnoser", "ExportChecker"]),
    ("outputs", ["InterfaceWriter", "InterfaceBuilder", "SupportFileWriter", "AnalysisResult"]),
    ("rest of the per-file phase", ["FileAnalyzer", "SourceMentions", "LineTable"]),
    ("rest of the module phase", ["Analyzer", "CheckRun"]),
]


def phase_of(stack):
    for frame in stack:
        for name, patterns in PHASES:
            if any(pattern in frame for pattern in patterns):
                return name
    return "other"


def main():
    counts = collections.Counter()
    leaves = collections.defaultdict(collections.Counter)
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    stack = []

    def flush():
        if stack:
            phase = phase_of(stack)
            counts[phase] += 1
            leaves[phase][stack[0][:100]] += 1
        stack.clear()

    with open(sys.argv[1]) as lines:
        for line in lines:
            if not line.strip():
                flush()
            elif line[0] in " \t":
                parts = line.split(None, 1)
                stack.append(parts[1].strip() if len(parts) > 1 else "?")
    flush()
    total = sum(counts.values())
    for phase, count in counts.most_common():
        print(f"{phase:28s} {100 * count / total:5.1f} %")
        for leaf, n in leaves[phase].most_common(top):
            print(f"    {100 * n / total:5.2f} %  {leaf}")


if __name__ == "__main__":
    main()
