#!/usr/bin/env python3
"""The cached re-check must be a cold check on code nobody generated: random edits to real sources.

`run.py` edits the generated module (regular files, one shape). This script takes real Swift
sources as modules and applies seeded random edits that make sense on any Swift file: a
function moved to another file (a member wrapped in an extension of its type), deleted,
renamed, duplicated with other labels as an overload, declared again in another file; a
method of the same base name added in an extension in another file; `private`, `fileprivate`
or `static` added or removed; a whole type moved; `#if` put around a read or a function, and
a `--define` given or taken back; a typealias retargeted; a class's superclass or a stored
property's type changed; an `@Implicit` read added to or removed from a function; an
`ImplicitScope` parameter removed; a file duplicated, deleted, renamed or emptied; a syntax
error and its repair; an output of the last cached run deleted, cut short, appended to or
replaced by an earlier run's. After each edit every module of the corpus is checked twice, with the
cache directories of the previous runs and cold, and diagnostics, exit status, support file
and interface must be byte-identical. A corpus of several modules is a chain: each module is
checked with the interfaces of those before it (from the same side, cached or cold), as a
build would; a module that cannot be analysed (exit status 2) ends the chain for that edit.

Corpora (`--corpus`, repeatable; default `app`):
  app                the app-style module of `Tests/Incremental/Corpus/App` (view models,
                     coordinators, SwiftUI-style views, a server handler, written as apps are)
  app-decided        the same with each `#if` reduced to its first branch: a module of one
                     build configuration, whose re-checks copy unreached interface entries
                     from the last run's file (with several configurations, none is copied:
                     `ReprintedEntries`)
  kitchen            `Tests/Incremental/Corpus/Kitchen`, a second app module written apart
                     from the first: protocol services with defaults in extensions, a
                     generic view model base class with `@Implicit` properties and
                     subclasses in other files, an actor store, `async let` (throwing too),
                     task groups, a coordinator with `[weak self]` bags, screens with stored
                     implicits, a server with middleware typealiases, `#if canImport`/`DEBUG`,
                     keys spelled through typealiases and nested types; request handlers
                     kept by path and called as values, a checkout coordinator with its
                     callbacks stored as properties, generic repositories with `where`
                     clauses, a test fixture reading internal state, a `#if canImport(UIKit)`
                     view model, keys inferred from factories declared in another file
  kitchen-decided    the same reduced to its first branches (as `app-decided`)
  examples           `Examples/Sources`: ShopCore, ShopFeatures, ShopApp
  fixtures           every analyzer fixture that is a directory (one module, or `N-Module`
                     directories as a chain), one after another
  fixture:NAME       one of them
  package:REPO@TAG:FOLDER   a module of a package under /opt/swift-packages (bare git
                     repositories; extracted with `git archive`). No implicits: the outputs
                     must stay identical (and there are no diagnostics to begin with)
  DIR                any directory: its Swift files (recursively) as one module

    Tests/Incremental/corpus.py --analyzer PATH [--corpus C ...] [--edits 40] [--seed N]

Prints the seed; a failure prints the edit history and what differs, and `--seed N` replays
it exactly (corpus K of a run uses seed N + K). Without `--seed` the seed is random.

`--oracles` runs the cached side with the change-driven switches (`class Oracles`): the change
index and its oracle (every file whose records, call lookups or built graph changed must be
dirty), the graph file (`--experimental-graph-cache`) and its oracle (no node of an unchanged
file renamed, the file reads back), and the patched graph (`IMPLICITS_PATCHED_GRAPH`, 1 unless
the caller sets it) with its oracle; the cold side then writes its graph file too (from an
empty cache directory), and the cached side's must be byte-identical to it. Any miss fails, as
does any byte the cached side prints or writes that a cold check does not. `--targeted` adds
edits aimed at the index: each changes, in one file, what a call or key of another, unchanged
file resolves to (a conformance declared or taken back in a third file, a protocol default
moved into a conforming type, a typealias moved or redeclared inside a type, an overload for a
call of a clean file, a type renamed, a nested type moved out, a base class's `@Implicit`
property retyped, a named key retyped or moved, a closure alias reshaped, a factory an
`@Implicit` of another file infers its key from retyped). Without it a seed's edits are what
they were. `--plant callables|types|keys|aliases` (with the oracles) drops that
part of the change set and fails unless the oracle catches it: `kitchen-decided`, `--targeted`,
seed 1 catches types by edit 18, seed 6 keys at edit 1. Under the oracles a decided corpus stays
decided: each `#if` an edit puts in is reduced to its first branch at once (`keeps_decided`),
so the change index runs on every re-check (kitchen-decided seed 1: 29 of 30; it was 4).

`.ci/run` runs a short fixed-seed pass (the app corpus as written and decided, Examples and two
fixtures; debug analyzer). Mutations of 1ce8d16 its seed 4 catches within 2 edits (a test
that cannot fail is a defect): every unreached-looking interface entry copied
(`ReprintedEntries.reprinted` setting each to false; seeds 4-7 of `app-decided`), and the last
run's upstream files ignored (`reachedNodes` skipping `record.upstream`; seeds 4, 6, 10). Not
`app` itself: a module of several build configurations reuses no entry. Seed 3 of
`app-decided` (80 edits) fails at 1ce8d16 itself after edit 22: an overload added in one file
moves the functions of an unchanged file after it, and an entry linking to one of them kept
its old callee position (fixed; `ReusedEntriesShiftTests`).

The long runs, release analyzer (`swift build -c release --product implicits-analyzer
--scratch-path .build-release`), each a few minutes on 2 cores:

    for s in 1 2 3 4 5 6 7 8; do Tests/Incremental/corpus.py --analyzer BIN --seed $s --edits 150 \\
        --corpus app --corpus app-decided --corpus examples; done
    Tests/Incremental/corpus.py --analyzer BIN --seed 1 --edits 12 --corpus fixtures
    Tests/Incremental/corpus.py --analyzer BIN --seed 1 --edits 60 \\
        --corpus package:apple/swift-collections@1.6.0:Sources/DequeModule \\
        --corpus package:apple/swift-argument-parser@1.8.2:Sources/ArgumentParser
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "AnalyzerTests", "Fixtures")
APP = os.path.join(ROOT, "Tests", "Incremental", "Corpus", "App")
# The corpora written as apps are: name -> (module name, directory).
APPS = {
    "app": ("App", APP),
    "kitchen": ("Kitchen", os.path.join(ROOT, "Tests", "Incremental", "Corpus", "Kitchen")),
}
PACKAGES = "/opt/swift-packages"


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)


# --- A Swift file, read just well enough to edit it -------------------------------------

def code_mask(text):
    """For each character, whether it is code (not inside a comment or a string literal).
    Interpolations inside strings are code; nested comments and raw strings are followed."""
    mask = [True] * len(text)
    i, n = 0, len(text)
    # Stack of contexts: ("code", paren depth of an interpolation) or ("string", hashes, multiline).
    stack = [("code", None)]
    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == "code":
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                for k in range(i, j):
                    mask[k] = False
                i = j
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                for k in range(i, j):
                    mask[k] = False
                i = j
                continue
            m = re.compile(r'(#*)("""|")').match(text, i)
            if m and (m.group(1) == "" or c == "#"):
                for k in range(i, m.end()):
                    mask[k] = False
                stack.append(("string", m.group(1), m.group(2) == '"""'))
                i = m.end()
                continue
            if top[1] is not None:
                if c == "(":
                    stack[-1] = ("code", top[1] + 1)
                elif c == ")":
                    if top[1] == 0:
                        stack.pop()
                        mask[i] = False
                        i += 1
                        continue
                    stack[-1] = ("code", top[1] - 1)
            i += 1
            continue
        _, hashes, multiline = top
        mask[i] = False
        close = ('"""' if multiline else '"') + hashes
        if text.startswith("\\" + hashes + "(", i):
            for k in range(i, i + len(hashes) + 2):
                mask[k] = False
            i += len(hashes) + 2
            stack.append(("code", 0))
            continue
        if c == "\\" and not hashes:
            if i + 1 < n:
                mask[i + 1] = False
            i += 2
            continue
        if text.startswith(close, i):
            for k in range(i, i + len(close)):
                mask[k] = False
            stack.pop()
            i += len(close)
            continue
        if c == "\n" and not multiline:
            stack.pop()  # an unterminated string: give up on it at the line's end
        i += 1
    return mask


TYPE_HEADER = re.compile(r"\b(struct|class|enum|actor|extension|protocol)\s+([A-Za-z_][\w.]*)")
FUNC = re.compile(r"\bfunc\s+([A-Za-z_]\w*|[^\s(<]+)\s*(<[^{(]*>)?\s*\(")


class Function:
    def __init__(self, name, start, signature_end, body_end, owner):
        self.name = name
        self.start = start              # offset of the declaration's first line (attributes too)
        self.signature_end = signature_end  # offset of the body's `{`
        self.body_end = body_end        # offset just past the body's `}`
        self.owner = owner              # the enclosing type or extension's name, or None


def parse(text):
    """Functions with bodies, the types declared (with the `{` of each), stored properties."""
    mask = code_mask(text)
    # Matching braces over code only; each `{` remembers the header before it.
    opens, pairs, owners = [], {}, {}
    last_break = 0
    for i, c in enumerate(text):
        if not mask[i]:
            continue
        if c == "{":
            header = "".join(ch if mask[last_break + k] else " " for k, ch in enumerate(text[last_break:i]))
            m = None
            for m in TYPE_HEADER.finditer(header):
                pass
            owners[i] = m.group(2) if m and m.group(1) != "protocol" else (None if m else "")
            opens.append(i)
            last_break = i + 1
        elif c == "}":
            if opens:
                pairs[opens.pop()] = i
            last_break = i + 1
        elif c == ";":
            last_break = i + 1
    functions = []
    for m in FUNC.finditer(text):
        if not mask[m.start()]:
            continue
        # The body's `{`: the first at bracket depth 0 after the parameter list.
        depth, j, body = 0, m.end() - 1, None
        while j < len(text):
            if mask[j]:
                ch = text[j]
                if ch in "([":
                    depth += 1
                elif ch in ")]":
                    depth -= 1
                elif ch == "{" and depth == 0:
                    body = j
                    break
                elif ch == "}" and depth <= 0:
                    break
                elif ch == "\n" and depth == 0 and re.match(r"\s*(func|var|let|case|init|static|@|}|#)", text[j + 1:j + 40]):
                    break
            j += 1
        if body is None or body not in pairs:
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        while start > 0:
            previous = text.rfind("\n", 0, start - 1) + 1
            line = text[previous:start - 1].strip()
            if line.startswith("@") or line.startswith("///"):
                start = previous
            else:
                break
        owner = None
        enclosing = [o for o in pairs if o < m.start() < pairs[o]]
        if enclosing:
            innermost = max(enclosing)
            owner = owners.get(innermost) or None
            if owners.get(innermost) == "":
                continue  # a function nested in a body: leave it to its enclosing function's edits
        functions.append(Function(m.group(1), start, body, pairs[body] + 1, owner))
    return functions, mask


def top_level_types(text):
    """(name, start, end) of each type or extension declared at the top level of a file,
    its attributes and doc comment included."""
    mask = code_mask(text)
    spans, depth = [], 0
    for m in re.finditer(r"^((?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|final|open)\s+)*)"
                         r"(struct|class|enum|actor|extension|protocol)\s+([A-Za-z_][\w.]*)", text, re.M):
        if not mask[m.start(2)]:
            continue
        depth = 0
        j = m.end()
        open_at = None
        while j < len(text):
            if mask[j]:
                if text[j] == "{":
                    if depth == 0 and open_at is None:
                        open_at = j
                    depth += 1
                elif text[j] == "}":
                    depth -= 1
                    if depth == 0 and open_at is not None:
                        spans.append((m.group(3), m.start(), j + 1))
                        break
            j += 1
    return spans


def declared_types(texts):
    names = set()
    for text in texts:
        names.update(m.group(2) for m in re.finditer(r"\b(struct|class|enum|actor|protocol)\s+([A-Z]\w*)", text))
    return sorted(names) or ["Int"]


# --- The edits ----------------------------------------------------------------------------

def nested_types(text, mask):
    """The types nested one level inside a top-level type that is not a protocol, as
    (outer type, nested name, start of its first line, end of its closing brace)."""
    outer = top_level_types(text)
    nested = []
    for m in re.finditer(r"^([ \t]+)(?:(?:public|private|fileprivate|internal|final|indirect)\s+)*(struct|class|enum|actor)\s+([A-Z]\w*)", text, re.M):
        if not mask[m.start(2)]:
            continue
        around = [o for o in outer if o[1] < m.start() < o[2]]
        if not around:
            continue
        name, start, end = around[0]
        header = text[start:text.index("{", start)]
        if re.search(r"\bprotocol\b", header):
            continue
        depth = sum(1 if ch == "{" else -1 for k, ch in enumerate(text[start:m.start()], start) if mask[k] and ch in "{}")
        if depth != 1:
            continue
        # The nested declaration's end: its matching brace.
        j, d = text.index("{", m.end()), 0
        while j < len(text):
            if mask[j]:
                d += text[j] == "{"
                d -= text[j] == "}"
                if d == 0:
                    break
            j += 1
        line_start = text.rfind("\n", 0, m.start()) + 1
        nested.append((name.split(".")[0], m.group(3), line_start, j + 1))
    return nested


def with_picked_function(predicate=lambda f, text: True):
    """An edit of one function with a body (`Editor.pick_function`): the method is called
    with its file's path, the file's text and the function; when a few tries find none,
    the edit is a comment added instead."""
    def decorate(edit):
        def picked(self):
            found = self.pick_function(predicate)
            return edit(self, *found) if found else self.comment_only()
        picked.__name__, picked.__doc__ = edit.__name__, edit.__doc__
        return picked
    return decorate


class Editor:
    def __init__(self, modules, rng):
        self.modules = modules  # [(name, directory)]
        self.rng = rng
        self.counter = 0
        self.originals = {}
        self.broken = None  # (path, content before the syntax error)
        self.defines = set()  # given to every module's check, on both sides
        self.outputs = None  # the cached side's output directory (its files are tampered with)
        self.earlier_outputs = {}  # output path -> contents it had after earlier checks
        self.oracle_problems = []  # what `Oracles` found in this edit's cached checks
        self.targeted = False  # the edits aimed at the change index (`--targeted`)
        # Each `#if` an edit puts in reduced to its first branch again (`first_branches`): a
        # decided corpus under the oracles stays in one configuration, where the change index
        # runs (an `#if DEBUG` left in turns it off until the file is restored).
        self.keeps_decided = False
        # Conformances `toggle_conformance_elsewhere` set up: [type, protocol, file of the
        # conformance or None while it is taken back].
        self.conformances = []

    def fresh(self):
        self.counter += 1
        return self.counter

    def files(self, directory=None):
        directories = [directory] if directory else [d for _, d in self.modules]
        found = []
        for d in directories:
            for base, _, names in os.walk(d):
                found += [os.path.join(base, n) for n in names if n.endswith(".swift")]
        return sorted(found)

    def module_of(self, path):
        return next(d for _, d in self.modules if path.startswith(d + os.sep))

    def rel(self, path):
        return os.path.relpath(path, os.path.dirname(self.modules[0][1]))

    def pick(self, directory=None):
        files = self.files(directory)
        return self.rng.choice(files) if files else None

    def other(self, path):
        """Another file of the same module (itself if there is no other)."""
        files = [f for f in self.files(self.module_of(path)) if f != path]
        return self.rng.choice(files) if files else path

    def types(self, path):
        return declared_types(read(f) for f in self.files(self.module_of(path)))

    def change(self, path, text):
        self.originals.setdefault(path, read(path))
        write(path, text)

    def append(self, path, text):
        self.change(path, read(path) + "\n" + text + "\n")

    def pick_function(self, predicate=lambda f, text: True):
        """A file and one of its functions with a body; None if a few tries find none."""
        for _ in range(6):
            path = self.pick()
            if path is None:
                return None
            text = read(path)
            functions = [f for f in parse(text)[0] if predicate(f, text)]
            if functions:
                return path, text, self.rng.choice(functions)
        return None

    def pick_in_code(self, find):
        """A file and one of what `find(text, mask)` finds in it (`mask`: `code_mask(text)`);
        None if six files picked find nothing: (path, text, found)."""
        for _ in range(6):
            path = self.pick()
            if path is None:
                break
            text = read(path)
            found = find(text, code_mask(text))
            if found:
                return path, text, self.rng.choice(found)
        return None

    def pick_match(self, pattern, flags=0, at=lambda m: m.start()):
        """A file and a match of `pattern` whose character `at(match)` is code (not in a
        comment or string); None if six files picked have none: (path, text, match)."""
        return self.pick_in_code(lambda text, mask: [m for m in re.finditer(pattern, text, flags) if mask[at(m)]])

    def edit(self):
        if self.broken and self.rng.random() < 0.7:
            path, before = self.broken
            self.broken = None
            if os.path.exists(path):
                write(path, before)
                return f"syntax error in {self.rel(path)} repaired"
        kinds = 3 * [
            self.same_function_elsewhere, self.toggle_modifier, self.move_type,
            self.change_return_type, self.add_conformance,
            self.move_function, self.delete_function, self.rename_function, self.overload_by_label,
            self.extension_of_same_base_name, self.retarget_typealias, self.change_superclass,
            self.change_stored_property_type, self.add_read, self.add_read, self.remove_read,
            self.remove_scope_parameter,
        ] + [
            # Files come and go less often: a corpus emptied in a few edits tests little.
            self.duplicate_file, self.delete_file, self.rename_file, self.empty_file,
            self.if_config, self.tamper_output, self.toggle_define, self.syntax_error, self.syntax_error, self.restore, self.restore, self.restore, self.comment_only,
        ]
        if self.targeted:
            # Edits aimed at what the change index must catch: each changes what a call or a
            # key in another, unchanged file resolves to (`--targeted`; off, the edit sequence
            # of a seed is what it was before they existed).
            kinds += 3 * [
                self.toggle_conformance_elsewhere, self.move_requirement_default, self.move_typealias,
                self.overload_for_a_clean_call, self.rename_type, self.move_nested_type_out,
                self.implicit_property_type, self.change_named_key, self.reshape_closure_alias, self.retype_factory,
            ]
        what = self.rng.choice(kinds)()
        if self.keeps_decided:
            for path in self.files():
                text = read(path)
                if "#if" in text and first_branches(text) != text:
                    self.change(path, first_branches(text))
        return what

    @with_picked_function()
    def move_function(self, path, text, f):
        target = self.other(path)
        moved = text[f.start:f.body_end]
        self.change(path, text[:f.start] + text[f.body_end:])
        self.append(target, f"extension {f.owner} {{\n{moved}\n}}" if f.owner else moved)
        return f"{f.name} moved from {self.rel(path)} to {self.rel(target)}" + (f" (extension {f.owner})" if f.owner else "")

    @with_picked_function()
    def same_function_elsewhere(self, path, text, f):
        """The same declaration (same name and labels) in another file, reading something
        else: a redeclaration, or for a private one, a function of that other file only."""
        target = self.other(path)
        read_type = self.rng.choice(self.types(path))
        head = text[f.start:f.signature_end]
        body = f"{{\n    @Implicit var elsewhere{self.fresh()}: {read_type}\n    fatalError()\n  }}"
        declaration = head + body
        self.append(target, f"extension {f.owner} {{\n{declaration}\n}}" if f.owner else declaration)
        return f"{f.name} declared again in {self.rel(target)} reading {read_type} (first in {self.rel(path)})"

    @with_picked_function()
    def toggle_modifier(self, path, text, f):
        """`private`, `fileprivate` or `static` added to or removed from a function."""
        head = text[f.start:f.signature_end]
        modifier = self.rng.choice(["private", "fileprivate", "static"])
        if re.search(r"\b" + modifier + r"\s", head):
            new = re.sub(r"\b" + modifier + r"\s+", "", head, count=1)
            what = "removed from"
        else:
            new = re.sub(r"\bfunc\s", modifier + " func ", head, count=1)
            what = "added to"
        self.change(path, text[:f.start] + new + text[f.signature_end:])
        return f"{modifier} {what} {f.name} in {self.rel(path)}"

    def move_type(self):
        found = self.pick_in_code(lambda text, _: top_level_types(text))
        if not found:
            return self.comment_only()
        path, text, (name, start, end) = found
        target = self.other(path)
        self.change(path, text[:start] + text[end:])
        self.append(target, text[start:end])
        return f"{name} (its whole declaration) moved from {self.rel(path)} to {self.rel(target)}"

    CONDITIONS = ["DEBUG", "FEATURE_X", "canImport(UIKit)", "os(iOS)", "!DEBUG"]

    def if_config(self):
        """An `@Implicit` line or a whole function put inside `#if` (with an `#else` branch
        reading something else, sometimes)."""
        condition = self.rng.choice(self.CONDITIONS)
        path = self.pick()
        if path is None:
            return "nothing to condition"
        text = read(path)
        mask = code_mask(text)
        reads = [m for m in re.finditer(r"^[ \t]*@Implicit\b[^\n]*\n", text, re.M) if mask[m.start() + m.group(0).index("@")]]
        functions = parse(text)[0]
        if reads and (not functions or self.rng.random() < 0.5):
            m = self.rng.choice(reads)
            alternative = ""
            if self.rng.random() < 0.4:
                alternative = f"#else\n    @Implicit var otherwise{self.fresh()}: {self.rng.choice(self.types(path))}\n"
            self.change(path, text[:m.start()] + f"#if {condition}\n" + m.group(0) + alternative + "#endif\n" + text[m.end():])
            return f"#if {condition} around {self.rel(path)}:{text.count(chr(10), 0, m.start()) + 1}" + (" with #else" if alternative else "")
        if not functions:
            return self.comment_only()
        f = self.rng.choice(functions)
        self.change(path, text[:f.start] + f"#if {condition}\n" + text[f.start:f.body_end] + "\n#endif" + text[f.body_end:])
        return f"#if {condition} around {f.name} in {self.rel(path)}"

    @with_picked_function()
    def change_return_type(self, path, text, f):
        """What a call returns decides what a call chained on it resolves to."""
        head = text[f.start:f.signature_end]
        new_type = self.rng.choice(self.types(path))
        m = re.search(r"->\s*([^{]+?)\s*(where\b|$)", head)
        if m and self.rng.random() < 0.8:
            new = head[:m.start(1)] + new_type + head[m.end(1):]
            what = f"{m.group(1)} -> {new_type}"
        else:
            new = head.rstrip() + f" -> {new_type} "
            what = f"now returns {new_type}"
        self.change(path, text[:f.start] + new + text[f.signature_end:])
        return f"return type of {f.name} in {self.rel(path)}: {what}"

    def add_conformance(self):
        """A conformance declared in another file: the protocol's extension members become
        members of the type."""
        path = self.pick()
        if path is None:
            return "nothing to conform"
        protocols = sorted(set(m.group(1) for f in self.files(self.module_of(path))
                               for m in re.finditer(r"\bprotocol\s+([A-Z]\w*)", read(f))))
        types = self.types(path)
        if not protocols:
            n = self.fresh()
            self.append(path, f"protocol Tracked{n} {{}}\n\nextension Tracked{n} {{\n  func track(_ scope: ImplicitScope) {{\n"
                              f"    @Implicit var tracked: {self.rng.choice(types)}\n  }}\n}}")
            return f"protocol Tracked{n} with an extension method track(_:) in {self.rel(path)}"
        target = self.other(path)
        protocol, conforming = self.rng.choice(protocols), self.rng.choice(types)
        self.append(target, f"extension {conforming}: {protocol} {{}}")
        return f"{conforming}: {protocol} declared in {self.rel(target)}"

    def remember_outputs(self):
        for name in sorted(os.listdir(self.outputs)):
            if name.endswith((".implicitinterface", "+ImplicitsSupport.swift")):
                path = os.path.join(self.outputs, name)
                history = self.earlier_outputs.setdefault(path, [])
                text = read(path)
                if not history or history[-1] != text:
                    history.append(text)

    def tamper_output(self):
        """An output of the last cached run changed behind the analyzer's back (a build
        directory cleaned, a file restored or cut short): a re-check that reuses any of it
        must notice. Sources unchanged (the edit before is checked again)."""
        outputs = sorted(p for p in self.earlier_outputs if os.path.exists(p))
        if not outputs:
            return self.comment_only()
        path = self.rng.choice(outputs)
        text = read(path)
        earlier = [e for e in self.earlier_outputs[path] if e != text]
        how = self.rng.choice(["deleted", "cut short", "a line appended", "emptied"] + (["an earlier run's"] * 2 if earlier else []))
        if how == "deleted":
            os.remove(path)
        elif how == "cut short":
            write(path, text[:len(text) // 2])
        elif how == "a line appended":
            write(path, text + "// edited by hand\n")
        elif how == "emptied":
            write(path, "")
        else:
            write(path, self.rng.choice(earlier))
        return f"output {os.path.basename(path)} of the cached side: {how}"

    def toggle_define(self):
        name = self.rng.choice(["DEBUG", "FEATURE_X"])
        self.defines ^= {name}
        return f"--define {name} {'given' if name in self.defines else 'no longer given'} (same cache directory)"

    @with_picked_function()
    def delete_function(self, path, text, f):
        self.change(path, text[:f.start] + text[f.body_end:])
        return f"{f.name} deleted in {self.rel(path)}"

    @with_picked_function(lambda f, t: re.match(r"[A-Za-z_]", f.name))
    def rename_function(self, path, text, f):
        new = f"{f.name}Renamed{self.fresh()}"
        head = text[f.start:f.signature_end]
        head = re.sub(r"\bfunc\s+" + re.escape(f.name) + r"\b", "func " + new, head, count=1)
        if self.rng.random() < 0.5:
            self.change(path, text[:f.start] + head + text[f.signature_end:])
            return f"{f.name} renamed to {new} in {self.rel(path)} (callers unchanged)"
        # The callers too, in every file of the module: `name(` after a word boundary.
        self.change(path, text[:f.start] + head + text[f.signature_end:])
        for other in self.files(self.module_of(path)):
            t = read(other)
            renamed = re.sub(r"(?<![\w.])" + re.escape(f.name) + r"\(", new + "(", t)
            renamed = re.sub(r"\." + re.escape(f.name) + r"\(", "." + new + "(", renamed)
            if renamed != t:
                self.change(other, renamed)
        return f"{f.name} renamed to {new} in {self.rel(path)} and its callers"

    @with_picked_function()
    def overload_by_label(self, path, text, f):
        copy = text[f.start:f.body_end]
        label = f"variant{self.fresh()}"
        copy = re.sub(r"(\bfunc\s+[^(]+\()", r"\1" + label + ": Int, ", copy, count=1).replace(", )", ")")
        self.change(path, text[:f.body_end] + "\n\n" + copy + text[f.body_end:])
        return f"{f.name} duplicated with label {label} as an overload in {self.rel(path)}"

    @with_picked_function(lambda f, t: f.owner and re.match(r"[A-Za-z_]", f.name))
    def extension_of_same_base_name(self, path, _, f):
        target = self.other(path)
        read_type = self.rng.choice(self.types(path))
        static = "static " if self.rng.random() < 0.3 else ""
        self.append(target, f"extension {f.owner} {{\n  {static}func {f.name}(extra{self.fresh()}: Int, _ scope: ImplicitScope) {{\n"
                            f"    @Implicit var injected: {read_type}\n  }}\n}}")
        return f"{static}{f.owner}.{f.name}(extra:_:) reading {read_type} added in {self.rel(target)}"

    def retarget_typealias(self):
        found = self.pick_match(r"\btypealias\s+(\w+)(<[^=]*>)?\s*=\s*([^\n]+)")
        if found:
            path, text, m = found
            new = self.rng.choice(self.types(path) + ["Int", "String", "(ImplicitScope) -> Void", "(Int) -> Void"])
            self.change(path, text[:m.start(3)] + new + text[m.end(3):])
            return f"typealias {m.group(1)} in {self.rel(path)}: {m.group(3).strip()} -> {new}"
        # None to retarget: declare one, and a function reading it, in another file.
        path = self.pick()
        n = self.fresh()
        self.append(path, f"typealias Retargeted{n} = {self.rng.choice(self.types(path))}")
        user = self.other(path)
        self.append(user, f"func readsRetargeted{n}(_ scope: ImplicitScope) {{\n  @Implicit var value: Retargeted{n}\n}}")
        return f"typealias Retargeted{n} declared in {self.rel(path)}, read in {self.rel(user)}"

    def change_superclass(self):
        """Adds, replaces or drops the first type a class inherits from (its superclass when
        it has one); the other entries of the list stay."""
        found = self.pick_match(r"\bclass\s+([A-Z]\w*)(\s*<[^>{]*>)?")
        if not found:
            return self.comment_only()
        path, text, m = found
        new = self.rng.choice([t for t in self.types(path) if t != m.group(1)] or ["NSObject"])
        rest = text[m.end():]
        inherited = re.match(r"\s*:\s*([\w.]+(<[^>{]*>)?)\s*(,\s*)?", rest)
        if inherited is None:
            self.change(path, text[:m.end()] + f": {new}" + rest)
            return f"class {m.group(1)} in {self.rel(path)} now inherits from {new}"
        old = inherited.group(1)
        if self.rng.random() < 0.3:
            after = rest[inherited.end():]
            self.change(path, text[:m.end()] + ((": " + after) if inherited.group(3) else after))
            return f"class {m.group(1)} in {self.rel(path)} no longer inherits from {old}"
        self.change(path, text[:m.end()] + rest[:inherited.start(1)] + new + rest[inherited.end(1):])
        return f"class {m.group(1)} in {self.rel(path)}: {old} -> {new}"

    def change_stored_property_type(self):
        found = self.pick_match(r"^(\s*(?:(?:private|public|internal|fileprivate|weak|unowned|lazy|static|final)\s+)*"
                                r"(?:let|var)\s+\w+\s*:\s*)([\w.<>\[\]?! ,:]+?)(\s*(=|\n))", re.M, at=lambda m: m.start(2))
        if not found:
            return self.comment_only()
        path, text, m = found
        new = self.rng.choice(self.types(path) + ["Int", "String?"])
        self.change(path, text[:m.start(2)] + new + text[m.end(2):])
        return f"stored property in {self.rel(path)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(2)} -> {new}"

    @with_picked_function()
    def add_read(self, path, text, f):
        read_type = self.rng.choice(self.types(path))
        n = self.fresh()
        line = f"\n    @Implicit var read{n}: {read_type}"
        at = f.signature_end + 1
        self.change(path, text[:at] + line + text[at:])
        return f"{f.name} in {self.rel(path)} reads {read_type}"

    def remove_read(self):
        found = self.pick_match(r"^[ \t]*@Implicit\b[^\n]*\n", re.M, at=lambda m: m.start() + m.group(0).index("@"))
        if not found:
            return self.add_read()
        path, text, m = found
        self.change(path, text[:m.start()] + text[m.end():])
        return f"@Implicit line removed in {self.rel(path)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0).strip()}"

    @with_picked_function(lambda f, t: "ImplicitScope" in t[f.start:f.signature_end])
    def remove_scope_parameter(self, path, text, f):
        head = text[f.start:f.signature_end]
        new = re.sub(r",\s*(\w+\s+)?\w+\s*:\s*ImplicitScope\b", "", head, count=1)
        if new == head:
            new = re.sub(r"(\w+\s+)?\w+\s*:\s*ImplicitScope\s*,?\s*", "", head, count=1)
        self.change(path, text[:f.start] + new + text[f.signature_end:])
        return f"ImplicitScope parameter of {f.name} removed in {self.rel(path)}"

    def duplicate_file(self):
        path = self.pick()
        if path is None:
            return "nothing to duplicate"
        copy = os.path.join(os.path.dirname(path), f"Copy{self.fresh()}{os.path.basename(path)}")
        write(copy, read(path))
        return f"{self.rel(path)} duplicated as {self.rel(copy)}"

    def delete_file(self):
        path = self.pick()
        if path is None or len(self.files(self.module_of(path))) < 2:
            return self.comment_only()
        self.originals.setdefault(path, read(path))
        os.remove(path)
        return f"{self.rel(path)} deleted"

    def rename_file(self):
        path = self.pick()
        if path is None:
            return "nothing to rename"
        new = os.path.join(os.path.dirname(path), f"A{self.fresh():03d}{os.path.basename(path)}")
        os.rename(path, new)
        if path in self.originals:
            self.originals[new] = self.originals.pop(path)
        return f"{self.rel(path)} renamed to {self.rel(new)} (sorts first)"

    def empty_file(self):
        path = self.pick()
        if path is None:
            return "nothing to empty"
        self.change(path, "")
        return f"{self.rel(path)} emptied"

    def syntax_error(self):
        found = self.pick_function()
        if found:
            path, text, f = found
            self.broken = (path, text)
            self.change(path, text[:f.signature_end] + "{ let = (" + text[f.signature_end + 1:])
            return f"syntax error in {f.name} in {self.rel(path)} (restore repairs it)"
        path = self.pick()
        self.broken = (path, read(path))
        self.append(path, "func broken( {")
        return f"syntax error at the end of {self.rel(path)}"

    def restore(self):
        if not self.originals:
            return self.comment_only()
        path = self.rng.choice(sorted(self.originals))
        write(path, self.originals.pop(path))
        return f"{self.rel(path)} restored"

    # --- Edits aimed at the change index -------------------------------------------------
    # Each changes, in one or two files, what a call or key of another file resolves to; that
    # other file must be dirty (the change index), and its outputs those of a cold check.

    def concrete_types(self, path):
        """The top-level structs, classes, enums and actors of the module."""
        names = set()
        for f in self.files(self.module_of(path)):
            text = read(f)
            names.update(m.group(2) for m in re.finditer(r"^(?:(?:public|internal|final|open)\s+)*(struct|class|enum|actor)\s+([A-Z]\w*)", text, re.M)
                         if code_mask(text)[m.start(2)])
        return sorted(names)

    def call_to(self, f, text):
        """A call of `f` written from its signature: its labels, `scope` for a scope, a
        placeholder for other arguments, none for parameters with a default."""
        head = text[f.start:f.signature_end]
        open_at = FUNC.search(head).end() - 1
        depth, i = 0, open_at
        while i < len(head):
            depth += head[i] in "([<"
            depth -= head[i] in ")]>" and not (head[i] == ">" and head[i - 1] == "-")
            if depth == 0:
                break
            i += 1
        params, depth, current = [], 0, ""
        inner = head[open_at + 1:i]
        for k, c in enumerate(inner):
            if c in "([<":
                depth += 1
            elif c in ")]>" and not (c == ">" and k and inner[k - 1] == "-"):
                depth -= 1
            if c == "," and depth == 0:
                params.append(current)
                current = ""
            else:
                current += c
        if current.strip():
            params.append(current)
        arguments = []
        for p in params:
            if "=" in p.split(":", 1)[-1]:
                continue
            names, _, kind = p.partition(":")
            names = names.split()
            label = names[0] if names else "_"
            value = "scope" if "ImplicitScope" in kind else "stub()"
            arguments.append(value if label == "_" else f"{label}: {value}")
        return f"{f.name}({', '.join(arguments)})"

    def toggle_conformance_elsewhere(self):
        """A type gains a protocol's extension methods through a conformance declared in one
        file, and a third file calls one of them on the type: conforming and taking the
        conformance back (`extension T: P {}` added or removed) changes only that call's
        candidates, in a file the edit does not touch."""
        live = [c for c in self.conformances if all(os.path.exists(p) for p in c[2:] if p)]
        if live and self.rng.random() < 0.7:
            entry = self.rng.choice(live)
            type_name, protocol, where, caller = entry
            line = f"extension {type_name}: {protocol} {{}}"
            if where and line in read(where):
                self.change(where, read(where).replace(line, "", 1))
                entry[2] = None
                return f"{type_name}: {protocol} taken back in {self.rel(where)} (called from {self.rel(caller)})"
            target = self.other(caller)
            self.append(target, line)
            entry[2] = target
            return f"{type_name}: {protocol} declared again in {self.rel(target)} (called from {self.rel(caller)})"
        protocols = self.protocol_names
        found = self.pick_function(lambda f, t: f.owner in protocols and re.match(r"[a-z]", f.name)
                                   and "ImplicitScope" in t[f.start:f.signature_end])
        found = found or self.pick_function(lambda f, t: f.owner in protocols and re.match(r"[a-z]", f.name))
        if not found:
            return self.toggle_modifier()
        path, text, f = found
        types = [t for t in self.concrete_types(path) if not re.search(r"\b" + t + r"\b[^{]*:[^{]*\b" + f.owner + r"\b",
                                                                          "\n".join(read(x) for x in self.files(self.module_of(path))))]
        if not types:
            return self.comment_only()
        type_name = self.rng.choice(types)
        caller = self.other(path)
        n = self.fresh()
        self.append(caller, f"extension {type_name} {{\n  func via{f.owner}{n}(_ scope: ImplicitScope) {{\n"
                            f"    {self.call_to(f, text)}\n  }}\n}}")
        where = self.other(caller)
        if where == caller:
            where = path
        self.append(where, f"extension {type_name}: {f.owner} {{}}")
        self.conformances.append([type_name, f.owner, where, caller])
        return (f"{type_name}: {f.owner} declared in {self.rel(where)}; {type_name}.via{f.owner}{n} calls "
                f"{f.owner}.{f.name} in {self.rel(caller)}")

    @property
    def protocol_names(self):
        """The protocols declared in any module of the corpus."""
        return set(m.group(1) for f in self.files() for m in re.finditer(r"\bprotocol\s+([A-Z]\w*)", read(f)))

    def move_requirement_default(self):
        protocols = self.protocol_names
        found = self.pick_function(lambda f, t: f.owner in protocols)
        return self.move_protocol_method(*found) if found else self.move_function()

    def move_protocol_method(self, path, text, f):
        """A protocol extension's method (a requirement's default, or a method callers reach
        through the protocol) moved: to the protocol's extension in another file, or into a
        conforming type in another file, where it reads something else (the conforming type's
        callers now find its own method)."""
        module_text = "\n".join(read(x) for x in self.files(self.module_of(path)))
        conforming = sorted(set(m.group(2) for m in re.finditer(
            r"\b(struct|class|enum|actor|extension)\s+([A-Z]\w*)[^{\n]*:[^{\n]*\b" + re.escape(f.owner) + r"\b", module_text)))
        target = self.other(path)
        moved = text[f.start:f.body_end]
        if conforming and self.rng.random() < 0.6:
            type_name = self.rng.choice(conforming)
            read_type = self.rng.choice(self.types(path))
            n = self.fresh()
            body_at = moved.index("{", f.signature_end - f.start) + 1
            moved = moved[:body_at] + f"\n    @Implicit var own{n}: {read_type}" + moved[body_at:]
            if self.rng.random() < 0.5:
                self.change(path, text[:f.start] + text[f.body_end:])
                what = "moved"
            else:
                what = "copied"
            self.append(target, f"extension {type_name} {{\n{moved}\n}}")
            return f"{f.owner}.{f.name} {what} from {self.rel(path)} into {type_name} in {self.rel(target)}, reading {read_type}"
        self.change(path, text[:f.start] + text[f.body_end:])
        self.append(target, f"extension {f.owner} {{\n{moved}\n}}")
        return f"{f.owner}.{f.name} (a default) moved from {self.rel(path)} to {self.rel(target)}"

    def move_typealias(self):
        """A typealias declared in another file than before, retargeted on the way sometimes,
        or declared again inside a type of another file (its members now see that one)."""
        found = self.pick_match(r"^[ \t]*typealias\s+(\w+)(<[^=]*>)?\s*=\s*([^\n]+)\n", re.M, at=lambda m: m.start(1))
        if not found:
            return self.retarget_typealias()
        path, text, m = found
        target = self.other(path)
        new = m.group(3).strip()
        if self.rng.random() < 0.5:
            new = self.rng.choice([t for t in self.types(path) if t != new] or ["Int"])
        spans = [s for s in top_level_types(read(target)) if not s[0].startswith(m.group(1))]
        if spans and self.rng.random() < 0.4:
            name, start, end = self.rng.choice(spans)
            target_text = read(target)
            self.change(target, target_text[:end - 1] + f"  typealias {m.group(1)}{m.group(2) or ''} = {new}\n" + target_text[end - 1:])
            return f"typealias {m.group(1)} declared again inside {name} in {self.rel(target)} as {new}"
        self.change(path, text[:m.start()] + text[m.end():])
        self.append(target, f"typealias {m.group(1)}{m.group(2) or ''} = {new}")
        return f"typealias {m.group(1)} moved from {self.rel(path)} to {self.rel(target)}: {m.group(3).strip()} -> {new}"

    def overload_for_a_clean_call(self):
        """An overload, in another file, of a function a call names (same base name and
        labels, a more general parameter, or static where the call is on the type): what
        the call's file resolves it to changes, and that file is not edited."""
        for _ in range(8):
            found = self.pick_function()
            if not found:
                break
            path, text, f = found
            body = text[f.signature_end:f.body_end]
            mask = code_mask(body)
            calls = [c for c in re.finditer(r"(?<![\w.])(?:(self|[A-Z]\w*)\.)?([a-z]\w*)\(", body) if mask[c.start(2)]
                     and c.group(2) not in ("if", "for", "while", "switch", "guard", "return", "try", "await", "stub")]
            if not calls:
                continue
            c = self.rng.choice(calls)
            # The labels the call uses, at its top level.
            depth, i, labels, start = 1, c.end(), [], c.end()
            argument = ""
            while i < len(body) and depth:
                ch = body[i]
                depth += ch in "([{"
                depth -= ch in ")]}"
                if (ch == "," and depth == 1) or depth == 0:
                    lm = re.match(r"\s*([a-zA-Z_]\w*)\s*:(?!:)", argument)
                    if argument.strip():
                        labels.append(lm.group(1) if lm else "_")
                    argument = ""
                else:
                    argument += ch
                i += 1
            receiver = c.group(1)
            owner = receiver if receiver and receiver != "self" else f.owner
            static = "static " if receiver and receiver != "self" else ""
            n = self.fresh()
            scope_at = len(labels) - 1 if labels and labels[-1] == "_" else None
            generics = ", ".join(f"A{k}" for k in range(len(labels)) if k != scope_at)
            parameters = ", ".join(f"{label} a{k}: " + ("ImplicitScope" if k == scope_at else f"A{k}")
                                   for k, label in enumerate(labels))
            read_type = self.rng.choice(self.types(path))
            declaration = (f"  {static}func {c.group(2)}{'<' + generics + '>' if generics else ''}({parameters}) {{\n"
                           f"    @Implicit var overload{n}: {read_type}\n  }}")
            target = self.other(path)
            self.append(target, f"extension {owner} {{\n{declaration}\n}}" if owner else declaration.replace("\n  ", "\n").strip())
            return (f"{static}{(owner + '.') if owner else ''}{c.group(2)}({''.join(l + ':' for l in labels)}) overload reading "
                    f"{read_type} added in {self.rel(target)} (a call in {f.name} in {self.rel(path)})")
        return self.extension_of_same_base_name()

    def rename_type(self):
        """A type renamed where it is declared, and in the files that use it or not."""
        path = self.pick()
        if path is None:
            return "nothing to rename"
        text = read(path)
        mask = code_mask(text)
        declared = [m for m in re.finditer(r"\b(struct|class|enum|actor|protocol)\s+([A-Z]\w*)", text) if mask[m.start()]]
        if not declared:
            return self.comment_only()
        m = self.rng.choice(declared)
        old, new = m.group(2), f"{m.group(2)}V{self.fresh()}"
        rename = lambda t: re.sub(r"(?<![\w.])" + re.escape(old) + r"\b", new, t)
        everywhere = self.rng.random() < 0.5
        for other in self.files(self.module_of(path)) if everywhere else [path]:
            t = read(other)
            if rename(t) != t:
                self.change(other, rename(t))
        return f"type {old} renamed to {new} in {self.rel(path)}" + (" and every file" if everywhere else " only")

    def move_nested_type_out(self):
        """A nested type moved out of its type: into an extension of that type in another
        file (the same qualified name), or to the top level of another file (its uses
        spelled `Outer.Inner` follow it in every file, sometimes)."""
        found = self.pick_in_code(nested_types)
        if not found:
            return self.move_type()
        path, text, (outer_name, inner, start, end) = found
        declaration = text[start:end]
        self.change(path, text[:start] + text[end:].lstrip("\n"))
        target = self.other(path)
        if self.rng.random() < 0.5:
            self.append(target, f"extension {outer_name} {{\n{declaration}\n}}")
            return f"{outer_name}.{inner} moved from {self.rel(path)} into an extension in {self.rel(target)}"
        self.append(target, "\n".join(line[2:] if line.startswith("  ") else line for line in declaration.split("\n")))
        if self.rng.random() < 0.5:
            for other in self.files(self.module_of(path)):
                t = read(other)
                u = re.sub(r"\b" + outer_name + r"\." + inner + r"\b", inner, t)
                if u != t:
                    self.change(other, u)
            return f"{outer_name}.{inner} moved from {self.rel(path)} to the top level of {self.rel(target)}, uses as {inner}"
        return f"{outer_name}.{inner} moved from {self.rel(path)} to the top level of {self.rel(target)} (uses unchanged)"

    def implicit_property_type(self):
        """The type of an `@Implicit` stored property changed, in a class others inherit
        from when there is one: the subclasses' initializers, in other files, now read it."""
        candidates = []
        for path in self.files():
            text = read(path)
            mask = code_mask(text)
            for m in re.finditer(r"^[ \t]+@Implicit(\([^)]*\))?\s+(?:(?:private|fileprivate|internal|public|lazy)\s+)*var\s+\w+\s*:\s*([^\n={]+?)\s*$",
                                 text, re.M):
                if mask[m.start(2)]:
                    around = [o for o in top_level_types(text) if o[1] < m.start() < o[2]]
                    candidates.append((path, m, around[0][0] if around else None))
        if not candidates:
            return self.add_read()
        module_text = "\n".join(read(x) for x in self.files())
        bases = [c for c in candidates if c[2] and re.search(r"\bclass\s+\w+(<[^>]*>)?\s*:\s*" + re.escape(c[2]) + r"\b", module_text)]
        path, m, owner = self.rng.choice(bases if bases and self.rng.random() < 0.7 else candidates)
        text = read(path)
        new = self.rng.choice([t for t in self.types(path) if t != m.group(2)] + ["Int", "String?", "any Sendable"])
        self.change(path, text[:m.start(2)] + new + text[m.end(2):])
        return f"@Implicit property of {owner} in {self.rel(path)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(2)} -> {new}"

    def change_named_key(self):
        """A named key (`static let k = Key<T>(…)` in `extension ImplicitsKeys`) retyped,
        given or losing its default, or moved to another file: its readers in other files
        resolve `\.k` anew."""
        found = self.pick_match(r"^([ \t]*static\s+let\s+(\w+)\s*=\s*Key<)([^>\n]+)>\(([^)\n]*)\)[ \t]*\n", re.M,
                                at=lambda m: m.start(2))
        if not found:
            return self.add_read()
        path, text, m = found
        how = self.rng.choice(["retyped", "default", "moved"])
        if how == "retyped":
            new = self.rng.choice([t for t in ["Int", "String", "Double", "Bool", "UUID"] if t != m.group(3)])
            default = {"Int": "0", "String": '""', "Double": "0", "Bool": "false", "UUID": "UUID()"}[new]
            self.change(path, text[:m.start()] + f"{m.group(1)}{new}>({'default: ' + default if m.group(4) else ''})\n" + text[m.end():])
            return f"named key {m.group(2)} in {self.rel(path)}: Key<{m.group(3)}> -> Key<{new}>"
        if how == "default":
            value = "" if m.group(4) else "default: .init()"
            self.change(path, text[:m.start()] + f"{m.group(1)}{m.group(3)}>({value})\n" + text[m.end():])
            return f"named key {m.group(2)} in {self.rel(path)}: " + ("default removed" if m.group(4) else "default added")
        target = self.other(path)
        self.change(path, text[:m.start()] + text[m.end():])
        self.append(target, f"extension ImplicitsKeys {{\n{m.group(0).rstrip()}\n}}")
        return f"named key {m.group(2)} moved from {self.rel(path)} to {self.rel(target)}"

    def reshape_closure_alias(self):
        """A closure typealias that takes a scope reshaped: the scope parameter taken out,
        moved, or another added; the closures other files store or call through it change."""
        found = self.pick_in_code(lambda text, mask: [
            m for m in re.finditer(r"\btypealias\s+(\w+)\s*=\s*(@\w+\s+)*\(([^()\n]*)\)([^\n]*)\n", text)
            if mask[m.start()] and "->" in m.group(4)])
        if not found:
            return self.retarget_typealias()
        path, text, m = found
        parameters = [p.strip() for p in m.group(3).split(",") if p.strip()]
        if "ImplicitScope" in parameters and self.rng.random() < 0.6:
            parameters.remove("ImplicitScope")
            if self.rng.random() < 0.5:
                parameters.insert(0, "ImplicitScope")
                what = "scope moved first"
            else:
                what = "scope taken out"
        else:
            parameters.append("ImplicitScope")
            what = "a scope added last"
        self.change(path, text[:m.start(3)] + ", ".join(parameters) + text[m.end(3):])
        return f"closure typealias {m.group(1)} in {self.rel(path)}: {what}"

    def retype_factory(self):
        """A factory that an `@Implicit` in another file infers its key from (`@Implicit var
        clock = makeClock()`) returns another type: that declaration's key changes with no
        edit to its file (the change set's `keys` part: a function's `F` identifier)."""
        declared = []
        for path in self.files():
            text = read(path)
            mask = code_mask(text)
            for use in re.finditer(r"@Implicit\s+var\s+\w+\s*=\s*(?:[A-Z]\w*\.)?([a-z]\w*)\(", text):
                if not mask[use.start()]:
                    continue
                for where in self.files(self.module_of(path)):
                    other = read(where) if where != path else ""
                    other_mask = code_mask(other)
                    declared += [(where, d, path) for d in re.finditer(r"\bfunc\s+" + use.group(1) + r"\b[^{\n]*->\s*([^{\n]+?)\s*\{", other)
                                 if other_mask[d.start()]]
        if not declared:
            return self.change_return_type()
        path, d, user = self.rng.choice(declared)
        text = read(path)
        new = self.rng.choice([t for t in self.types(path) if t != d.group(1)] or ["Int"])
        self.change(path, text[:d.start(1)] + new + text[d.end(1):])
        return f"factory in {self.rel(path)}: -> {d.group(1)} -> {new} (an @Implicit in {self.rel(user)} infers its key from it)"

    def comment_only(self):
        path = self.pick()
        if path is None:
            return "nothing to touch"
        self.change(path, "// touched\n" + read(path))
        return f"comment added in {self.rel(path)} (every line moves)"


# --- Corpora and checks ---------------------------------------------------------------

def fixture_modules(directory):
    """[(module name, directory)] of a fixture directory: `N-Module` directories in order,
    or the directory itself as the module `Fixture` (the names the fixture tests use)."""
    entries = sorted(os.listdir(directory))
    subdirectories = [e for e in entries if os.path.isdir(os.path.join(directory, e)) and not e.startswith(".")]
    if subdirectories and not any(e.endswith(".swift") for e in entries):
        return [(e.split("-", 1)[1] if "-" in e else e, e) for e in subdirectories]
    return [("Fixture", ".")]


def first_branches(text):
    """The text with each `#if` block reduced to its first branch: a module the analyzer
    checks in one build configuration (with several, the outputs reuse nothing)."""
    out, stack = [], []  # per open #if: whether its lines are kept
    for line in text.split("\n"):
        directive = line.strip().split(" ")[0]
        keeping = all(stack)
        if directive == "#if":
            stack.append(True)
        elif directive in ("#else", "#elseif") and stack:
            stack[-1] = False
        elif directive == "#endif" and stack:
            stack.pop()
        elif keeping:
            out.append(line)
    return "\n".join(out)


def fixture_directories():
    return sorted(e for e in os.listdir(FIXTURES) if os.path.isdir(os.path.join(FIXTURES, e))
                  and not os.path.exists(os.path.join(FIXTURES, e, "overlay.diff")))


def materialize(corpus, work):
    """Copies a corpus into `work/src`: [(module name, directory)] in dependency order."""
    source = os.path.join(work, "src")
    if corpus in APPS or corpus.endswith("-decided") and corpus[:-len("-decided")] in APPS:
        name = corpus.split("-")[0]
        shutil.copytree(APPS[name][1], source)
        if corpus.endswith("-decided"):
            for file in os.listdir(source):
                write(os.path.join(source, file), first_branches(read(os.path.join(source, file))))
        return [(APPS[name][0], source)]
    if corpus == "examples":
        shutil.copytree(os.path.join(ROOT, "Examples", "Sources"), source)
        return [(m, os.path.join(source, m)) for m in ("ShopCore", "ShopFeatures", "ShopApp")]
    if corpus.startswith("fixture:"):
        shutil.copytree(os.path.join(FIXTURES, corpus.split(":", 1)[1]), source)
        return [(name, os.path.normpath(os.path.join(source, d))) for name, d in fixture_modules(source)]
    if corpus.startswith("package:"):
        repository, rest = corpus[len("package:"):].split("@", 1)
        tag, folder = rest.split(":", 1)
        os.makedirs(source)
        git = os.path.join(PACKAGES, repository + ".git")
        archive = subprocess.run(["git", "-C", git, "archive", tag, folder], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", source], input=archive.stdout, check=True)
        return [(os.path.basename(folder.rstrip("/")), os.path.join(source, folder))]
    shutil.copytree(corpus, source)
    return [(os.path.basename(os.path.normpath(corpus)), source)]


def options(directory):
    """`--define` and `--testable-dependency` from the fixture directives in the sources."""
    defines, testable = set(), set()
    for base, _, names in os.walk(directory):
        for n in names:
            if n.endswith(".swift"):
                text = read(os.path.join(base, n))
                defines.update(re.findall(r"//\s*analyzer-define:\s*(\w+)", text))
                testable.update(re.findall(r"@testable\s+import\s+(\w+)", text))
                if "analyzer-flag: enable-exporting" in text:
                    defines.add("--enable-exporting")
    flags = []
    for d in sorted(defines):
        flags += ["--enable-exporting"] if d == "--enable-exporting" else ["--define", d]
    for t in sorted(testable):
        flags += ["--testable-dependency", t]
    return flags


class Oracles:
    """The change-driven switches on the cached side (`--oracles`): the change index and its
    oracle (`IMPLICITS_CHANGE_INDEX`, `IMPLICITS_CHANGE_ORACLE`: every file whose records or
    call lookups differ from the last run's must be dirty) and the graph file with its oracle
    (`--experimental-graph-cache`, `IMPLICITS_GRAPH_ORACLE`: no node of an unchanged file
    renamed, the file written reads back). One report per module; after each cached check the
    lines it appended are read, and any miss is a failure of its own (the cold side runs
    without them, so a miss also shows as a diagnostics difference)."""

    def __init__(self, work, plant=None):
        self.work = work
        self.plant = plant  # `IMPLICITS_CHANGE_PLANT`: a part of the change set dropped
        self.rechecks = self.all_dirty = self.dirty = self.differ = 0
        self.unchanged = self.equal = self.reached = 0
        self.patched = self.answered = 0  # re-checks whose clean files' calls the last graph answered
        self.replayed = 0  # clean files whose loop was replayed from its record (IMPLICITS_PATCHED_GRAPH=2)
        self.graph_differ = 0  # unchanged files whose built graph differed (all dirty, or a miss)
        self.graphs = 0  # cached checks' graph files compared with a cold check's
        self.analysed = {}  # module -> whether its last cached check built a graph (not replayed)

    def paths(self, module):
        return tuple(os.path.join(self.work, f"{kind}-{module}") for kind in ("change", "graph", "patched"))

    def environment(self, module):
        change, graph, patched = self.paths(module)
        plant = {"dirty": "IMPLICITS_PATCHED_GRAPH_PLANT"}.get(self.plant, "IMPLICITS_CHANGE_PLANT")
        # The patched graph's mode is the caller's if set (a new mode is tried this way).
        return {"IMPLICITS_CHANGE_INDEX": "1", "IMPLICITS_CHANGE_ORACLE": change, "IMPLICITS_GRAPH_ORACLE": graph,
                "IMPLICITS_PATCHED_GRAPH": os.environ.get("IMPLICITS_PATCHED_GRAPH") or "1",
                "IMPLICITS_PATCHED_GRAPH_ORACLE": patched,
                **({plant: self.plant} if self.plant else {})}

    @staticmethod
    def count(path):
        return len(read(path).splitlines()) if os.path.exists(path) else 0

    def before(self, module):
        return tuple(self.count(p) for p in self.paths(module))

    def after(self, module, before):
        """What the oracles said about this module's check: a problem, or None."""
        import json
        change, graph, patched = self.paths(module)
        problems = []
        for line in (read(change).splitlines()[before[0]:] if os.path.exists(change) else []):
            row = json.loads(line)
            if "differ" not in row:
                continue
            self.rechecks += 1
            self.all_dirty += bool(row.get("all"))
            self.dirty += row["dirty"]
            self.differ += row["differ"]
            self.graph_differ += max(row.get("graph", 0), 0)
            if row["missed"]:
                problems.append(f"change index of {module}: not dirty but changed answers: {row['missed']} "
                                f"({row.get('parts')}; dirty {row.get('dirtyFiles')})")
            if row.get("unequal") or row.get("stale"):
                problems.append(f"change index of {module}: rows recorded otherwise than looked up {row.get('unequal')}, "
                                f"kept stale {row.get('stale')}")
        graph_lines = read(graph).splitlines()[before[1]:] if os.path.exists(graph) else []
        # A check replayed from the result cache (its sources are an earlier run's) builds no
        # graph and leaves the file as the last analysing run left it, or none.
        self.analysed[module] = bool(graph_lines)
        for line in graph_lines:
            fields = dict(f.split("=", 1) for f in line.split()[1:] if "=" in f)
            self.unchanged += int(fields.get("unchanged", 0))
            self.equal += int(fields.get("equal", 0))
            self.reached += int(fields.get("reached", 0))
            if fields.get("renamed", "0") != "0" or fields.get("reads-back") == "false" or "unreadable" in fields:
                problems.append(f"graph oracle of {module}: {line}")
        for line in (read(patched).splitlines()[before[2]:] if os.path.exists(patched) else []):
            fields = dict(f.split("=", 1) for f in line.split()[1:] if "=" in f)
            self.patched += 1
            self.answered += int(fields.get("answered", 0))
            self.replayed += int(fields.get("replayed", 0))
            if fields.get("equal") != "true":
                problems.append(f"patched graph oracle of {module}: {line}")
        return "; ".join(problems) or None

    def same_graph(self, module, cached_root, cold_root):
        """The cached check's graph file against a cold check's: a problem, or None. Both are
        written from the graph the check built and solved, named by stable ids, so equal
        bytes mean the same graph; neither is written for a module of several configurations,
        nor by a cached check replayed from the result cache (then nothing is compared)."""
        if not self.analysed.get(module):
            return None
        cached, cold = (os.path.join(root, module, module + ".graph") for root in (cached_root, cold_root))
        if os.path.exists(cached) != os.path.exists(cold):
            return f"graph file of {module}: written by the {'cached' if os.path.exists(cached) else 'cold'} check only"
        if not os.path.exists(cold):
            return None
        self.graphs += 1
        with open(cached, "rb") as a, open(cold, "rb") as b:
            if a.read() != b.read():
                return f"graph file of {module}: the cached check's differs from a cold check's"
        return None

    def summary(self):
        return (f"oracles: {self.rechecks} re-checks with a change index ({self.all_dirty} all dirty), dirty "
                f"{self.dirty} differ {self.differ} in total (built graph {self.graph_differ}); graph files equal to "
                f"a cold check's: {self.graphs}; graph: {self.unchanged} unchanged files compared, "
                f"{self.equal} equal, {self.reached} reached, none renamed; patched graph: {self.patched} "
                f"re-checks, {self.answered} calls answered from the last graph, {self.replayed} loops replayed, "
                f"each equal to a whole build")


def check_chain(analyzer, editor, out, cache_root, oracles=None, graph_root=None):
    """Checks every module in order; returns [(module, status, diagnostics, support, interface)].
    With `oracles` (cached side only), a problem they report is appended to `editor.oracle_problems`.
    With `graph_root` (cold side, with the oracles), each module's check is given an empty cache
    directory there and writes its graph file (`GraphFile`): a cold build's graph, which the
    cached side's must equal byte for byte (`Oracles.same_graph`)."""
    results, interfaces = [], []
    for name, directory in editor.modules:
        sources = editor.files(directory)
        listing = os.path.join(out, name + ".sources")
        write(listing, "".join(s + "\n" for s in sources))
        interface = os.path.join(out, name + ".implicitinterface")
        support = os.path.join(out, name + "+ImplicitsSupport.swift")
        command = [analyzer, "check", "--module-name", name, "--interface-output", interface,
                   "--support-file-output", support] + options(directory)
        for define in sorted(editor.defines):
            command += ["--define", define]
        for dependency in interfaces:
            command += ["--dependency-interface", dependency]
        # With the oracles, the switches are the cached side's only; without, the environment
        # is the caller's (`changeset-oracle.py --corpus` sets its own).
        env = dict(os.environ)
        if oracles:
            env = {k: v for k, v in env.items() if not k.startswith(("IMPLICITS_CHANGE_", "IMPLICITS_GRAPH_", "IMPLICITS_PATCHED_"))}
        if graph_root:
            command += ["--cache-dir", os.path.join(graph_root, name), "--experimental-graph-cache"]
        if cache_root:
            command += ["--cache-dir", os.path.join(cache_root, name)]
            if oracles:
                command += ["--experimental-graph-cache"]
                env.update(oracles.environment(name))
                before = oracles.before(name)
        result = subprocess.run(command + ["@" + listing], capture_output=True, text=True, errors="surrogateescape", env=env)
        if cache_root and oracles:
            problem = oracles.after(name, before)
            if problem:
                editor.oracle_problems.append(problem)
        if result.returncode == 2:
            results.append((name, 2, result.stderr, None, None))
            break  # the outputs of the run before stay (cached side only): later modules would differ
        contents = lambda p: read(p) if os.path.exists(p) else None
        results.append((name, result.returncode, result.stderr, contents(support), contents(interface)))
        interfaces.append(interface)
    return results


def run_corpus(analyzer, corpus, edits, seed, verbose=False, oracles=False, targeted=False, plant=None):
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="implicits-corpus-")
    modules = materialize(corpus, work)
    editor = Editor(modules, rng)
    editor.targeted = targeted
    editor.keeps_decided = bool(oracles or plant) and corpus.endswith("-decided")
    oracles = Oracles(work, plant) if oracles or plant else None
    warm_out, cold_out, cache = (os.path.join(work, d) for d in ("warm", "cold", "cache"))
    os.makedirs(warm_out)
    editor.outputs = warm_out
    first = check_chain(analyzer, editor, warm_out, cache, oracles)
    editor.remember_outputs()
    if corpus.startswith("package:") and any(r[2] for r in first):
        print(f"note: {corpus} has diagnostics before any edit:\n{first[0][2][:2000]}", file=sys.stderr)
    history = []
    for step in range(edits):
        history.append(editor.edit())
        if verbose:
            print(f"  {step + 1}. {history[-1]}", flush=True)
        warm = check_chain(analyzer, editor, warm_out, cache, oracles)
        editor.remember_outputs()
        shutil.rmtree(cold_out, ignore_errors=True)
        os.makedirs(cold_out)
        cold = check_chain(analyzer, editor, cold_out, None, graph_root=os.path.join(cold_out, "cache") if oracles else None)
        if oracles:
            # The first module only: the next ones read the interfaces before them from their
            # side's directory, and the paths are among the graph file's run-wide inputs.
            for name, _ in editor.modules[:min(1, len(warm))]:
                problem = oracles.same_graph(name, cache, os.path.join(cold_out, "cache"))
                if problem:
                    editor.oracle_problems.append(problem)
        problem = None
        if editor.oracle_problems:
            problem = "ORACLE: " + "; ".join(editor.oracle_problems)
        elif warm != cold:
            problem = "MISMATCH"
        elif any("warning:" in r[2] and "cache" in r[2] for r in warm):
            problem = "unexpected cache warning"
        if problem:
            print(f"{problem} in corpus {corpus} after edit {step + 1} (seed {seed}):", file=sys.stderr)
            for i, h in enumerate(history):
                print(f"  {i + 1}. {h}", file=sys.stderr)
            for w, c in zip(warm + [None] * len(cold), cold + [None] * len(warm)):
                if w == c:
                    continue
                if w is None or c is None:
                    print(f"--- one side checked fewer modules: cached {w and w[:2]}, cold {c and c[:2]}", file=sys.stderr)
                    continue
                for label, a, b in zip(["exit status", "diagnostics", "support file", "interface"], w[1:], c[1:]):
                    if a != b:
                        print(f"--- module {w[0]}: {label} differs\n[cached]\n{a}\n[cold]\n{b}", file=sys.stderr)
            print(f"work directory kept: {work}", file=sys.stderr)
            return False, history, problem
    if oracles:
        print(f"{corpus}: {oracles.summary()}", flush=True)
    shutil.rmtree(work)
    return True, history, None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--analyzer", required=True)
    parser.add_argument("--corpus", action="append")
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--verbose", action="store_true", help="print each edit")
    parser.add_argument("--plant", choices=["callables", "types", "keys", "aliases", "dirty"],
                        help="with the oracles, drop that part of the change set (`dirty`: answer the dirty files' "
                             "calls from the last graph too): the run fails unless an oracle finds it")
    parser.add_argument("--targeted", action="store_true",
                        help="also the edits aimed at the change index (Editor.toggle_conformance_elsewhere and after)")
    parser.add_argument("--oracles", action="store_true",
                        help="cached side with the change index and graph file, and their oracles (class Oracles)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    corpora = []
    for c in args.corpus or ["app"]:
        corpora += [f"fixture:{d}" for d in fixture_directories()] if c == "fixtures" else [c]
    print(f"corpus edits: seed {seed} ({len(corpora)} corpora, {args.edits} edits each); replay with --seed {seed}", flush=True)
    failed = 0
    for k, corpus in enumerate(corpora):
        ok, history, problem = run_corpus(args.analyzer, corpus, args.edits, seed + k, args.verbose, args.oracles, args.targeted,
                                 args.plant)
        if args.plant:
            # A planted bug (a part of the change set dropped) must be caught.
            caught = not ok and problem.startswith("ORACLE")
            print(f"planted {args.plant}: {corpus}: " + ("caught" if caught else "NOT caught"), flush=True)
            failed += not caught
            continue
        if ok:
            print(f"ok: {corpus}: {len(history)} edits, the cached re-check identical to a cold check after each", flush=True)
        else:
            failed += 1
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
