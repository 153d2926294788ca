#!/usr/bin/env python3
"""Which interface entries a re-check prints differently from the last run, per kind of edit.

    Benchmarks/Analyzer/interface-churn.py --analyzer BIN [--files 5000] [--seed 1] [--edits loop|N]

Generates a module (`generate-module.py`, `--errors` a hundredth of the files), checks it with
a cache directory, then applies the edits of `edit-loop.py` in its order (`loop`) or N random
edits of `Tests/Incremental/run.py`, and after each re-check compares the interface with the
one before, entry by entry. An entry is known by its identity: type, name, parameters and
file path (plus `requires` when it has no file). Per edit it prints:

- `same-pos`: entries byte-identical (as JSON values) to the entry at the same position;
- `verbatim`: entries identical to the last run's entry of the same identity, wherever it
  stood: the bytes a writer could copy as they are;
- `clean`: entries identical once callee positions, file numbers and closure-type indices
  in `file` and `links` are read as what they point at: `clean - verbatim` entries need
  those numbers remapped, `dirty` ones are printed anew whatever the reuse;
- `moved`: clean entries whose position changed; `gone`: identities no longer present;
- whether `files`, the entries' order (identities) and everything but the functions
  (`header`) are unchanged, and whether the support file is byte-identical;
- with `--set`: the set a reuse would print, taken from the interfaces alone — the entries of
  the files the edit changed, and their callers through `>callee` links, transitively, in
  this run's interface and in the last run's (callers of what is gone) — and the dirty
  entries it misses. Links name only each key's first step, so the graph's dependents hold
  at least these: a miss is an entry whose change does not come through a call from a
  changed file (a key that resolves differently in an unchanged file).

Measures what reusing the last run's entries could save (Benchmarks/Analyzer/README.md,
"Reusing the last run's interface entries: how many change, per kind of edit"); it times nothing.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests", "Incremental"))
import run as incremental  # noqa: E402  (the edit kinds)

# `[file ":"] line ":" column ["*"] ["~" type] [">" callee]` (RequirementLink.swift).
TOKEN = re.compile(r"^(?:(\d+):)?(\d+):(\d+)(\*?)(?:~(\d+))?(?:>(.*))?$")


def check(analyzer, module, out, cache):
    listing = out + ".sources"
    with open(listing, "w") as f:
        f.writelines(os.path.join(module, name) + "\n" for name in incremental.swift_files(module))
    interface, support = os.path.join(out, "Bench.implicitinterface"), os.path.join(out, "Bench+ImplicitsSupport.swift")
    result = subprocess.run([analyzer, "check", "--module-name", "Bench", "--interface-output", interface,
                             "--support-file-output", support, "--cache-dir", cache, "@" + listing], capture_output=True)
    if result.returncode == 2:
        return None, None  # not analysed (a syntax error): nothing written
    with open(interface) as f, open(support, "rb") as g:
        return json.load(f), g.read()


def identity(interface, entry):
    path = interface["files"][entry["file"]] if "file" in entry else None
    requires = json.dumps(entry.get("requires")) if path is None else ""
    return (entry.get("type"), entry["name"], json.dumps(entry["parameters"], sort_keys=True), requires, path)


def resolved(interface, entry, identities):
    """The entry with its numbers replaced by what they point at."""
    entry = dict(entry)
    if "file" in entry:
        entry["file"] = interface["files"][entry["file"]]
    if "links" in entry:
        tokens = []
        for token in entry["links"].split(" "):
            match = TOKEN.match(token)
            if not match:  # `-`, `^`
                tokens.append(token)
                continue
            file, line, column, star, closure, callee = match.groups()
            if file is not None:
                file = interface["files"][int(file)]
            if closure is not None:
                closure = interface["closureTypes"][int(closure)]
            if callee is not None and "#" not in callee:
                callee = identities[int(callee)]
            tokens.append((file, line, column, star, closure, callee))
        entry["links"] = tokens
    return json.dumps(entry, sort_keys=True, default=str)


def compare(old, new):
    old_ids = [identity(old, e) for e in old["functions"]]
    new_ids = [identity(new, e) for e in new["functions"]]
    old_resolved = {i: resolved(old, e, old_ids) for i, e in zip(old_ids, old["functions"])}
    old_position = {i: p for p, i in enumerate(old_ids)}
    counts = dict(same_pos=0, verbatim=0, clean=0, dirty=0, moved=0)
    for position, (i, entry) in enumerate(zip(new_ids, new["functions"])):
        if position < len(old["functions"]) and old["functions"][position] == entry:
            counts["same_pos"] += 1
        if old_resolved.get(i) != resolved(new, entry, new_ids):
            counts["dirty"] += 1
            continue
        counts["clean"] += 1
        counts["moved"] += old_position[i] != position
        counts["verbatim"] += old["functions"][old_position[i]] == entry
    rest = lambda interface: {k: v for k, v in interface.items() if k != "functions"}
    return dict(counts, old=len(old_ids), new=len(new_ids), gone=len(set(old_ids) - set(new_ids)),
                files=old["files"] == new["files"], order=old_ids == new_ids, header=rest(old) == rest(new))


def snapshot(module):
    return {name: hashlib.sha1(open(os.path.join(module, name), "rb").read()).digest()
            for name in incremental.swift_files(module)}


def callers(interface, identities):
    """Each callee's callers, by identity, from the `>callee` tokens of `links`."""
    result = {}
    for caller, entry in zip(identities, interface["functions"]):
        for token in entry.get("links", "").split(" "):
            match = TOKEN.match(token)
            if match and match.group(6) is not None and "#" not in match.group(6):
                result.setdefault(identities[int(match.group(6))], set()).add(caller)
    return result


def reached(seeds, callers):
    seen, stack = set(seeds), list(seeds)
    while stack:
        for caller in callers.get(stack.pop(), ()):
            if caller not in seen:
                seen.add(caller)
                stack.append(caller)
    return seen


def missed_by_set(old, new, changed):
    """The set from the changed files (paths) and callers, and the dirty entries outside it."""
    old_ids = [identity(old, e) for e in old["functions"]]
    new_ids = [identity(new, e) for e in new["functions"]]
    old_resolved = {i: resolved(old, e, old_ids) for i, e in zip(old_ids, old["functions"])}
    dirty = {i for i, e in zip(new_ids, new["functions"]) if old_resolved.get(i) != resolved(new, e, new_ids)}
    seeds = lambda ids: {i for i in ids if i[4] is None or i[4] in changed}
    printed = reached(seeds(new_ids), callers(new, new_ids)) | reached(seeds(old_ids), callers(old, old_ids))
    return printed, dirty - printed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--analyzer", required=True)
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edits", default="loop", help="`loop` (edit-loop.py's kinds) or a number of random edits")
    parser.add_argument("--set", action="store_true", help="also the set from changed files and callers, and its misses")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="implicits-interface-churn-")
    module, out, cache = (os.path.join(work, d) for d in ("module", "out", "cache"))
    os.makedirs(out)
    subprocess.run([sys.executable, os.path.join(HERE, "generate-module.py"), module, "--files", str(args.files),
                    "--errors", str(max(1, args.files // 100))], check=True, capture_output=True)
    old, old_support = check(args.analyzer, module, out, cache)
    files = snapshot(module) if args.set else None
    editor = incremental.Editor(module, random.Random(args.seed))
    if args.edits == "loop":
        edits = [editor.body_read, editor.signature, editor.new_function_and_call, editor.delete_function,
                 editor.new_file, editor.delete_file, editor.rename_file]
    else:
        edits = [editor.edit] * int(args.edits)
    print(f"{args.files} files, seed {args.seed}: entries old->new, same-pos, verbatim, clean, dirty, moved, gone; "
          f"files, order, header, support file unchanged")
    for edit in edits:
        what = edit()
        new, support = check(args.analyzer, module, out, cache)
        if new is None:
            print(f"not analysed, nothing written  {what}", flush=True)
            continue
        c = compare(old, new)
        flag = lambda same: "=" if same else "≠"
        line = (f"{c['old']}->{c['new']} {c['same_pos']:>6} {c['verbatim']:>6} {c['clean']:>6} {c['dirty']:>4} "
                f"{c['moved']:>6} {c['gone']:>3}  {flag(c['files'])}{flag(c['order'])}{flag(c['header'])}"
                f"{flag(support == old_support)}  {what}")
        if args.set:
            now = snapshot(module)
            changed = {os.path.join(module, f) for f in set(now) | set(files) if now.get(f) != files.get(f)}
            printed, missed = missed_by_set(old, new, changed)
            line += f"  | set {len(printed)}, missed {len(missed)}" + "".join(f"; missed {m[1]} in {os.path.basename(m[4] or '?')}" for m in sorted(missed, key=str))
            files = now
        print(line, flush=True)
        old, old_support = new, support
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
