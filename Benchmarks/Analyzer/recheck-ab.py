#!/usr/bin/env python3
"""Repeatable re-checks of several analyzer binaries after one edit, alternating.

    Benchmarks/Analyzer/recheck-ab.py EDIT ROUNDS NAME=BIN [NAME=BIN ...] \\
        [--files 5000] [--errors 50] [--seed 1] [--work DIR]

EDIT is a kind of `Tests/Incremental/run.py`'s `Editor` (body_read, signature,
new_function_and_call, delete_function, new_file, delete_file, rename_file, ...). Each binary
gets its own copy of one generated module, cache directory and outputs. Each round, per binary:
the edit applied and the re-check timed (`/usr/bin/time`: wall, CPU, peak RSS), then the edit
undone and the module re-checked untimed. So every timed re-check starts from a cache *and
outputs* written by a re-check of the pre-edit sources, as in a build after an edit. Restoring
only the cache between runs is not the same: the interface on disk is then the last timed run's,
its identity no longer matches the cache's record, and every entry is printed anew (session 30's
far-reaching numbers were that). Prints each run, then min / median / max per binary.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests", "Incremental"))
import run as incremental  # noqa: E402  (the edit kinds)


def snapshot(module):
    return {name: open(os.path.join(module, name), "rb").read() for name in incremental.swift_files(module)}


def restore(module, state):
    """Makes the module's files exactly `state`."""
    for name in incremental.swift_files(module):
        if name not in state:
            os.unlink(os.path.join(module, name))
    for name, data in state.items():
        path = os.path.join(module, name)
        if not os.path.exists(path) or open(path, "rb").read() != data:
            with open(path, "wb") as f:
                f.write(data)


def check(binary, work, timed):
    module, out, cache = (os.path.join(work, part) for part in ("module", "out", "cache"))
    listing = os.path.join(work, "sources")
    with open(listing, "w") as f:
        f.writelines(os.path.join(module, name) + "\n" for name in incremental.swift_files(module))
    command = [binary, "check", "--module-name", "Bench",
               "--interface-output", os.path.join(out, "Bench.implicitinterface"),
               "--support-file-output", os.path.join(out, "Bench+ImplicitsSupport.swift"),
               "--cache-dir", cache, "@" + listing]
    times = os.path.join(work, "time")
    subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", times] + command, capture_output=True)
    wall, user, system, kb = open(times).read().split()[-4:]
    return float(wall), float(user) + float(system), int(kb) // 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("edit")
    parser.add_argument("rounds", type=int)
    parser.add_argument("binaries", nargs="+", metavar="NAME=BIN")
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--errors", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", help="work directory (default: a new temporary one)")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="implicits-recheck-ab-")
    base = os.path.join(work, "module")
    if not os.path.isdir(base):
        subprocess.run([sys.executable, os.path.join(HERE, "generate-module.py"), base, "--files", str(args.files),
                        "--errors", str(args.errors)], check=True, capture_output=True)
    before = snapshot(base)
    editor = incremental.Editor(base, random.Random(args.seed))
    what = getattr(editor, args.edit)()
    after = snapshot(base)
    restore(base, before)
    print(f"{args.files} files; edit: {what}; load average {os.getloadavg()[0]:.1f}")

    binaries = [spec.split("=", 1) for spec in args.binaries]
    for name, binary in binaries:
        own = os.path.join(work, name)
        shutil.rmtree(own, ignore_errors=True)
        shutil.copytree(base, os.path.join(own, "module"))
        os.makedirs(os.path.join(own, "out"))
        check(binary, own, False)  # fills the cache and writes the outputs
    results = {name: [] for name, _ in binaries}
    for round in range(args.rounds):
        for name, binary in binaries:
            own = os.path.join(work, name)
            restore(os.path.join(own, "module"), after)
            wall, cpu, mib = check(binary, own, True)
            results[name].append((wall, cpu, mib))
            print(f"round {round + 1} {name}: {wall:.3f} s wall, {cpu:.2f} s CPU, {mib} MiB, "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
            restore(os.path.join(own, "module"), before)
            check(binary, own, False)
    for name, runs in results.items():
        walls = sorted(run[0] for run in runs)
        print(f"{name}: wall {walls[0]:.3f} / {statistics.median(walls):.3f} / {walls[-1]:.3f} s (min / median / max), "
              f"CPU {statistics.median(run[1] for run in runs):.2f} s, peak {max(run[2] for run in runs)} MiB")
    print(f"work directory {work}")


if __name__ == "__main__":
    main()
