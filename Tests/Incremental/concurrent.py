#!/usr/bin/env python3
"""The cache is never trusted blindly: checks at once, and cache files read while written.

Issue 20 item 4. Each scenario edits app-style modules (`corpus.py`'s corpora and edits) and,
after each edit, compares what the cached checks print and write with a cold check of the
same sources (diagnostics, exit status, support file, interface). The cached side runs with
the change-driven switches on (`IMPLICITS_CHANGE_INDEX=1`, `--experimental-graph-cache`), so
the change index and the graph file are among the files raced for.

  separate   two targets (`app`, `kitchen`) checked at once, each with its own cache directory
  shared     the same two at once with one cache directory (as two targets of one plugin
             work directory would): neither may read or remove what the other wrote
  same       four checks of one module at once in one cache directory (a build system
             restarted, two configurations of one target): each equal to cold, at most one
             warning each, and the next check alone says nothing
  torn       a cache file (the graph file, the change index, the summaries pack, the
             interface's recorded entries) rewritten in place, in slow chunks, while a check
             reads it, as a writer that does not rename would: the check must equal a cold
             one and say so at most once per file
  mixed      the change index of one run beside the graph file of another (two writers of one
             directory interleaved): a file edited and edited back is clean by the index but
             not by the graph file; nothing of the graph file may be trusted unchecked

    Tests/Incremental/concurrent.py --analyzer PATH [--scenario S ...] [--edits 12] [--seed N]

Prints the seed; a failure prints the edits, what differs, and keeps the work directory.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus  # noqa: E402  (corpora, edits)

SWITCHES = {"IMPLICITS_CHANGE_INDEX": "1", "IMPLICITS_PATCHED_GRAPH": "1"}


def check(analyzer, name, sources, out, cache=None, defines=()):
    """(exit status, diagnostics, support file, interface) of one check; cached ones run with
    the change index and the graph file."""
    os.makedirs(out, exist_ok=True)
    listing = os.path.join(out, name + ".sources")
    corpus.write(listing, "".join(s + "\n" for s in sources))
    interface = os.path.join(out, name + ".implicitinterface")
    support = os.path.join(out, name + "+ImplicitsSupport.swift")
    command = [analyzer, "check", "--module-name", name, "--interface-output", interface,
               "--support-file-output", support]
    for define in sorted(defines):
        command += ["--define", define]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("IMPLICITS_CHANGE_", "IMPLICITS_GRAPH_", "IMPLICITS_PATCHED_"))}
    if cache:
        command += ["--cache-dir", cache, "--experimental-graph-cache"]
        env.update(SWITCHES)
    result = subprocess.run(command + ["@" + listing], capture_output=True, text=True, env=env,
                            errors="surrogateescape")
    contents = lambda p: corpus.read(p) if os.path.exists(p) and result.returncode != 2 else None
    return result.returncode, result.stderr, contents(support), contents(interface)


def warnings(stderr):
    return [line for line in stderr.splitlines() if "warning:" in line and ("cache" in line or "ignored" in line)]


def without_warnings(result):
    status, stderr, support, interface = result
    said = set(warnings(stderr))
    return status, "".join(l for l in stderr.splitlines(keepends=True) if l.rstrip("\n") not in said), support, interface


SAID = []  # every cache warning a compared check printed (the summary counts them)


def compare(label, cached, cold, allowed_warnings):
    """A problem, or None: the cached result must be the cold one, apart from at most
    `allowed_warnings` cache warnings."""
    said = warnings(cached[1])
    SAID.extend(said)
    if len(said) > allowed_warnings:
        return f"{label}: {len(said)} cache warnings (at most {allowed_warnings}): {said}"
    stripped = without_warnings(cached)
    if stripped != cold:
        for what, a, b in zip(["exit status", "diagnostics", "support file", "interface"], stripped, cold):
            if a != b:
                return f"{label}: {what} differs from a cold check\n[cached]\n{a}\n[cold]\n{b}"
    return None


def at_once(jobs):
    results = [None] * len(jobs)

    def run(k):
        results[k] = jobs[k]()
    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


class Scenario:
    """A scenario's modules, their editor and its edits so far (`history`). A scenario is a
    generator of comparisons (label, cached result, cold result, cache warnings allowed);
    `first_problem` runs it until one fails."""

    def __init__(self, analyzer, corpora, seed, work):
        self.analyzer = analyzer
        self.work = work
        self.cache = os.path.join(work, "cache")
        self.rng = random.Random(seed)
        self.history = []
        self.modules = []
        for k, name in enumerate(corpora):
            modules = corpus.materialize(name, os.path.join(work, f"m{k}"))
            self.modules += modules
        self.editor = corpus.Editor(self.modules, self.rng)
        self.editor.targeted = True

    def sources(self, k):
        return self.editor.files(self.modules[k][1])

    def cold(self, k, defines=()):
        out = os.path.join(self.work, "cold")
        shutil.rmtree(out, ignore_errors=True)
        return check(self.analyzer, self.modules[k][0], self.sources(k), out, defines=defines)

    def cached(self, k, label, cache, defines=()):
        return check(self.analyzer, self.modules[k][0], self.sources(k), os.path.join(self.work, label), cache, defines)

    def edit(self):
        """The next edit of sources (tampering with outputs and defines is corpus.py's
        business), recorded in `history`."""
        while True:
            what = self.editor.edit()
            if not what.startswith(("output ", "--define")):
                self.history.append(what)
                return what

    def steps(self, edits):
        """0 (before any edit), then 1 to `edits`, each after its edit."""
        for step in range(edits + 1):
            if step:
                self.edit()
            yield step


def first_problem(comparisons):
    """The first comparison that fails (`compare`), or None; the rest are not run."""
    for label, cached, cold, allowed in comparisons:
        problem = compare(label, cached, cold, allowed)
        if problem:
            return problem
    return None


def two_targets(s, edits, shared):
    caches = [s.cache] * 2 if shared else [os.path.join(s.work, f"cache{k}") for k in range(2)]
    for step in s.steps(edits):
        results = at_once([lambda k=k: s.cached(k, f"out{k}", caches[k]) for k in range(2)])
        for k in range(2):
            yield f"{s.modules[k][0]} after edit {step}", results[k], s.cold(k), 0


def same_module(s, edits):
    for step in s.steps(edits):
        cold = s.cold(0)
        results = at_once([lambda k=k: s.cached(0, f"out{k}", s.cache) for k in range(4)])
        for k, result in enumerate(results):
            yield f"check {k} of 4 at once after edit {step}", result, cold, 1
        yield f"the check after the four, edit {step}", s.cached(0, "alone", s.cache), cold, 0


def cache_files(cache, name):
    """The cache files of module `name` a check reads: (kind, path)."""
    found = []
    graph = os.path.join(cache, name + ".graph")
    if os.path.exists(graph):
        found.append(("graph file", graph))
    summaries = os.path.join(cache, name + ".summaries")
    if os.path.isdir(summaries):
        for entry in sorted(os.listdir(summaries)):
            if not entry.startswith(".") and os.path.isfile(os.path.join(summaries, entry)):
                found.append((entry, os.path.join(summaries, entry)))
    return found


def write_slowly(path, data, chunks, pause):
    """Rewrites `path` in place (truncated, then `chunks` writes `pause` apart)."""
    with open(path, "r+b" if os.path.exists(path) else "wb") as f:
        f.truncate(0)
        f.flush()
        step = max(1, len(data) // chunks)
        for at in range(0, len(data), step):
            f.write(data[at:at + step])
            f.flush()
            time.sleep(pause)


def torn(s, edits):
    """After each edit: the cache of the edit before is kept aside, the check before the
    edit's is run again to have the files of another run, and one of them is written in
    place into the directory slowly while the edit's check reads it."""
    cache = s.cache
    name = s.modules[0][0]
    s.cached(0, "out", cache)
    for step in range(1, edits + 1):
        before = {kind: open(path, "rb").read() for kind, path in cache_files(cache, name)}
        s.edit()
        cold = s.cold(0)
        # The edit's own files (a different run's bytes) for the torn write, then back.
        other = os.path.join(s.work, "other")
        shutil.rmtree(other, ignore_errors=True)
        shutil.copytree(cache, other)
        s.cached(0, "other-out", other)
        candidates = [(kind, path) for kind, path in cache_files(other, name) if kind in before]
        if not candidates:
            continue
        kind, path = s.rng.choice(candidates)
        data = open(path, "rb").read()
        target = os.path.join(cache, os.path.relpath(path, other))
        pause = s.rng.choice([0.0005, 0.002, 0.01])
        writer = threading.Thread(target=write_slowly, args=(target, data, s.rng.choice([3, 8, 20]), pause))
        delay = s.rng.random() * 0.05
        timer = threading.Timer(delay, writer.start)
        timer.start()
        result = s.cached(0, "out", cache)
        timer.join()
        writer.join()
        s.history[-1] += f" (the {kind} rewritten in place in chunks {pause}s apart, from {delay:.3f}s)"
        yield f"after edit {step}", result, cold, 1
        # The file now holds another run's bytes, whole: the next check must not trust it
        # for anything it does not match, and say nothing (or once, if a half was left).
        yield f"the check after the torn one, edit {step}", s.cached(0, "out", cache), cold, 1
        yield f"a second check after the torn one, edit {step}", s.cached(0, "out", cache), cold, 0


def mixed(s, edits):
    """One directory, two runs' files: the change index left by the check of one state and
    the graph file by the check of another, then the sources of the first state again (an
    edit undone). By the index nothing changed; by the graph file the edited files did, and
    every file whose part the edit reached holds the edit's answers."""
    name, source = s.modules[0]
    cache = s.cache
    for step in range(1, edits + 1):
        s.cached(0, "out", cache)
        first = os.path.join(s.work, "first")
        shutil.rmtree(first, ignore_errors=True)
        shutil.copytree(cache, first)
        snapshot = os.path.join(s.work, "snapshot")
        shutil.rmtree(snapshot, ignore_errors=True)
        shutil.copytree(source, snapshot)
        originals = dict(s.editor.originals)
        s.edit()
        s.cached(0, "out", cache)
        shutil.rmtree(source)
        shutil.copytree(snapshot, source)
        s.editor.originals = originals
        s.editor.broken = None
        for kind, path in cache_files(first, name):
            if "change" in kind:
                shutil.copy(path, os.path.join(cache, os.path.relpath(path, first)))
        s.history[-1] += " and undone; the change index of the check before it put back"
        yield f"after edit {step} undone", s.cached(0, "out", cache), s.cold(0), 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--analyzer", required=True)
    parser.add_argument("--scenario", action="append", choices=["separate", "shared", "same", "torn", "mixed"])
    parser.add_argument("--edits", type=int, default=12)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    scenarios = args.scenario or ["separate", "shared", "same", "torn", "mixed"]
    print(f"concurrent checks: seed {seed} ({', '.join(scenarios)}, {args.edits} edits each); replay with --seed {seed}",
          flush=True)
    failed = 0
    for k, scenario in enumerate(scenarios):
        work = tempfile.mkdtemp(prefix=f"implicits-concurrent-{scenario}-")
        corpora = ["app-decided", "kitchen-decided"] if scenario in ("separate", "shared") else ["kitchen-decided"]
        s = Scenario(args.analyzer, corpora, seed + k, work)
        problem = first_problem({
            "separate": lambda: two_targets(s, args.edits, shared=False),
            "shared": lambda: two_targets(s, args.edits, shared=True),
            "same": lambda: same_module(s, args.edits),
            "torn": lambda: torn(s, args.edits),
            "mixed": lambda: mixed(s, args.edits),
        }[scenario]())
        history = s.history
        if problem:
            failed += 1
            print(f"FAILED {scenario} (seed {seed + k}): {problem}", file=sys.stderr)
            for i, h in enumerate(history):
                print(f"  {i + 1}. {h}", file=sys.stderr)
            print(f"work directory kept: {work}", file=sys.stderr)
        else:
            kinds = {}
            for line in SAID:
                kind = re.sub(r"^\S+: warning: ", "", line).split("(")[0].strip()
                kinds[kind] = kinds.get(kind, 0) + 1
            print(f"ok: {scenario}: {len(history)} edits, every cached check equal to a cold one; "
                  f"{len(SAID)} cache warnings" + (f" ({kinds})" if kinds else ""), flush=True)
            shutil.rmtree(work)
        SAID.clear()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
