#!/usr/bin/env python3
"""The change set's oracle: every file whose answers change after an edit must be dirty.

Generates a module (`Benchmarks/Analyzer/generate-module.py`), checks it with `--cache-dir`
and `IMPLICITS_CHANGE_ORACLE` set (the analyzer keeps its change index, `ChangeIndex`,
with a digest of each file's resolved keys, frames and call lookups), then applies seeded
random edits of `run.py` one at a time and re-checks. After each re-check the analyzer has
appended one JSON line: the files changed, the dirty ones (changed, and the readers of
what they changed), the files whose records or call lookups differ from the last run's,
and `missed`: those not dirty; `unequal`: files whose row the graph build recorded
otherwise than a lookup pass of the oracle's own finds; `stale`: clean files whose row,
kept from the last run, differs from what they read now. Any of the three fails. Prints |changed|, |dirty| and |differ| per
kind of edit (median, max).

    Tests/Incremental/changeset-oracle.py --analyzer PATH [--files 60] [--edits 40] [--seed N]
        [--plant callables|types|keys|aliases|rows] [--expect-miss] [--with-if] [--verbose]

`--plant` drops that part of the change set (`IMPLICITS_CHANGE_PLANT`; `rows`: the clean
files' rows are written empty instead of kept); with
`--expect-miss` the run fails unless the oracle reports a miss (the planted bug is caught).
`--corpus NAME` runs `corpus.py --corpus NAME` under the oracle instead (no per-kind table).
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as incremental  # noqa: E402  (the edit kinds)

ROOT = os.path.dirname(os.path.dirname(HERE))


def lines(report):
    if not os.path.exists(report):
        return []
    with open(report) as f:
        return [json.loads(line) for line in f if line.strip()]


def faults(line):
    """A line's missed files, and its files recorded otherwise or kept stale (marked)."""
    return (list(line.get("missed", [])) + [f"unequal {f}" for f in line.get("unequal", [])]
            + [f"stale {f}" for f in line.get("stale", [])])


def run_generated(args, report, env):
    seed = args.seed
    work = tempfile.mkdtemp(prefix="implicits-changeset-")
    module = os.path.join(work, "module")
    subprocess.run([sys.executable, incremental.GENERATE, module, "--files", str(args.files), "--errors", "3",
                    "--seed", str(seed % 1000)], check=True, capture_output=True)
    os.remove(os.path.join(module, "expected-errors.txt"))
    out, cache = os.path.join(work, "out"), os.path.join(work, "cache")
    os.makedirs(out)
    editor = incremental.Editor(module, random.Random(seed))
    e = editor
    kinds = [
        e.body_read, e.body_read, e.drop_provision, e.signature, e.overload, e.delete_function,
        e.new_function_and_call, e.new_file, e.delete_file, e.rename_file, e.if_config, e.named_key,
        e.type_alias, e.defaulted_type, e.inferred_factory, e.restore, e.syntax_error, e.comment_only,
        e.retarget_alias, e.retype_factory, e.shadow_in_type, e.shadow_in_type, e.closure_alias,
        e.reshape_closure_alias,
    ]
    if not args.with_if:
        # An undecidable `#if` makes the module one of several configurations, which keep no
        # index: every later edit would go unchecked.
        kinds.remove(e.if_config)
    # A syntax error stays until a `restore` edit: the checks between fail, and check nothing.
    kinds.remove(e.syntax_error)
    os.environ.update(env)
    incremental.check(args.analyzer, module, out, cache)
    per_kind = {}
    misses = []
    for step in range(args.edits):
        kind = editor.rng.choice(kinds)
        what = kind()
        before = len(lines(report))
        incremental.check(args.analyzer, module, out, cache)
        new = lines(report)[before:]
        if new and faults(new[-1]):
            misses.append((step + 1, kind.__name__, what, faults(new[-1])))
        if not new or "differ" not in new[-1]:
            if args.verbose:
                print(f"{step + 1}. {kind.__name__}: {what}: {new[-1] if new else 'no line (the check failed)'}")
            continue  # a syntax error, an undecidable `#if` (several configurations), or the first run after
        line = new[-1]
        per_kind.setdefault(kind.__name__, []).append(line)
        if args.verbose:
            print(f"{step + 1}. {kind.__name__}: {what}: changed {line['changed']} dirty {line['dirty']} "
                  f"differ {line['differ']} widest {line.get('widest')}")
    shutil.rmtree(work)
    print(f"{'edit kind':<24} {'n':>3}  changed med/max  dirty med/max  differ med/max  (of {args.files}+ files)")
    for name in sorted(per_kind):
        rows = per_kind[name]
        def stat(field):
            values = [r[field] for r in rows]
            return f"{statistics.median(values):>6g}/{max(values):<5}"
        all_dirty = sum(1 for r in rows if r.get("all"))
        print(f"{name:<24} {len(rows):>3}  {stat('changed'):>15} {stat('dirty'):>14} {stat('differ'):>15}"
              + (f"  ({all_dirty} with no usable index)" if all_dirty else ""))
    return misses


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--analyzer", required=True)
    parser.add_argument("--files", type=int, default=60)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plant")
    parser.add_argument("--expect-miss", action="store_true")
    parser.add_argument("--corpus")
    parser.add_argument("--with-if", action="store_true", help="also add undecidable #if (ends the checks)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    report = tempfile.mktemp(prefix="implicits-changeset-", suffix=".jsonl")
    env = {"IMPLICITS_CHANGE_ORACLE": report}
    if args.plant:
        env["IMPLICITS_CHANGE_PLANT"] = args.plant
    if args.corpus:
        result = subprocess.run([sys.executable, os.path.join(HERE, "corpus.py"), "--analyzer", args.analyzer,
                                 "--corpus", args.corpus, "--edits", str(args.edits), "--seed", str(args.seed)],
                                env={**os.environ, **env}, capture_output=True, text=True)
        print(result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-2000:])
        rows = [line for line in lines(report) if "differ" in line]
        misses = [(i + 1, "corpus", "", faults(row)) for i, row in enumerate(rows) if faults(row)]
        if rows:
            dirty = [r["dirty"] for r in rows]
            differ = [r["differ"] for r in rows]
            print(f"{args.corpus}: {len(rows)} re-checks under the oracle, files {rows[-1]['files']}; "
                  f"dirty median {statistics.median(dirty):g} max {max(dirty)}; differ median "
                  f"{statistics.median(differ):g} max {max(differ)}; {sum(1 for r in rows if r.get('all'))} all dirty")
    else:
        misses = run_generated(args, report, env)
    if os.path.exists(report):
        os.remove(report)
    for step, kind, what, missed in misses[:10]:
        print(f"MISSED after edit {step} ({kind}: {what}): {missed[:5]}", file=sys.stderr)
    if args.expect_miss:
        print(f"planted {args.plant}: {'caught' if misses else 'NOT caught'} ({len(misses)} edits with a miss)")
        sys.exit(0 if misses else 1)
    print("ok: every file whose answers changed was dirty" if not misses else f"{len(misses)} edits with a miss")
    sys.exit(1 if misses else 0)


if __name__ == "__main__":
    main()
