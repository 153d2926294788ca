#!/usr/bin/env python3
"""The edit loop: a cold check against a cached re-check after one edit, per kind of edit.

    Benchmarks/Analyzer/edit-loop.py --analyzer .build-release/release/implicits-analyzer \\
        [--files 5000] [--errors 50] [--seed 1]

Generates a module (`generate-module.py`), checks it cold (no cache) and once more to
fill a cache directory, then applies each kind of edit in turn (the edits of
`Tests/Incremental/run.py`: a function body, a signature, a new declaration and its call,
a deleted declaration, a new file, a deleted file, a file that sorts first) and times the
re-check with the cache. Each run is timed by `/usr/bin/time`: wall and CPU (user +
system), printed with the load average, since the machine may be shared.

What an edit costs depends on how much of the interface it changes, not only on its kind:
the interface numbers files and functions by their place in its order, so a declaration
added or a file deleted early in the order renumbers every entry after it (copied with new
numbers, `EntryRenumbering`), where the same edit late in the order moves few. Each line
says how many of the interface's lines changed; after the random edits, the kinds that move
numbers are made once more in the first files of the order ("early").
"""
import argparse
import os
import shutil
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests", "Incremental"))
import run as incremental  # noqa: E402  (the edit kinds)


def timed(analyzer, module, out, cache):
    listing = out + ".sources"
    with open(listing, "w") as f:
        f.writelines(os.path.join(module, name) + "\n" for name in incremental.swift_files(module))
    command = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", out + ".time", analyzer, "check", "--module-name", "Bench",
               "--interface-output", os.path.join(out, "Bench.implicitinterface"),
               "--support-file-output", os.path.join(out, "Bench+ImplicitsSupport.swift")]
    if cache:
        command += ["--cache-dir", cache]
    subprocess.run(command + ["@" + listing], capture_output=True)
    with open(out + ".time") as f:
        wall, user, system, kb = f.read().split()[-4:]
    return float(wall), float(user) + float(system), int(kb) // 1024


def changed_lines(before, after):
    """Lines of `after` that `diff` does not match in `before` (0.3 s for 34 MB)."""
    result = subprocess.run(["diff", before, after], capture_output=True, text=True)
    return sum(1 for line in result.stdout.splitlines() if line.startswith(">"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--analyzer", required=True)
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--errors", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="implicits-edit-loop-")
    module = os.path.join(work, "module")
    subprocess.run([sys.executable, os.path.join(HERE, "generate-module.py"), module, "--files", str(args.files),
                    "--errors", str(args.errors)], check=True, capture_output=True)
    out, cache = os.path.join(work, "out"), os.path.join(work, "cache")
    os.makedirs(out)
    load = lambda: os.getloadavg()[0]

    print(f"{args.files} files; load average {load():.1f} at the start")
    cold = timed(args.analyzer, module, out, None)
    print(f"cold check (no cache):              {cold[0]:.2f} s wall, {cold[1]:.2f} s CPU, {cold[2]} MiB")
    fill = timed(args.analyzer, module, out, cache)
    print(f"first check with --cache-dir:       {fill[0]:.2f} s wall, {fill[1]:.2f} s CPU, {fill[2]} MiB")
    same = timed(args.analyzer, module, out, cache)
    print(f"re-check, no change:                {same[0]:.2f} s wall, {same[1]:.2f} s CPU")

    editor = incremental.Editor(module, random.Random(args.seed))
    edits = [
        ("function body", editor.body_read),
        ("signature", editor.signature),
        ("new declaration + call", editor.new_function_and_call),
        ("deleted declaration", editor.delete_function),
        ("new file", editor.new_file),
        ("deleted file", editor.delete_file),
        ("file that sorts first", editor.rename_file),
    ]
    interface = os.path.join(out, "Bench.implicitinterface")
    previous = interface + ".previous"

    def measure(label, edit):
        shutil.copyfile(interface, previous)
        what = edit()
        wall, cpu, mib = timed(args.analyzer, module, out, cache)
        print(f"after edit, {label + ':':<30} {wall:.2f} s wall ({100 * wall / cold[0]:.1f} % of cold), "
              f"{cpu:.2f} s CPU ({100 * cpu / cold[1]:.1f} %), {mib} MiB, "
              f"{changed_lines(previous, interface)} interface lines changed  [{what}]")

    for label, edit in edits:
        measure(label, edit)

    # The same kinds in the first files of the order: every entry after them is renumbered.
    first = sorted(name for name in incremental.swift_files(module) if name.startswith("File"))[:3]
    early = [
        ("new declaration + call, early", first[0], editor.new_function_and_call),
        ("deleted declaration, early", first[1], editor.delete_function),
        ("deleted file, early", first[2], editor.delete_file),
    ]
    for label, name, edit in early:
        editor.pick = lambda name=name: name
        measure(label, edit)
    print(f"load average {load():.1f} at the end; work directory {work}")


if __name__ == "__main__":
    main()
