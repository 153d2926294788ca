#!/usr/bin/env python3
"""The cached re-check must be a cold check: random edit sequences over a generated module.

Generates a module (`Benchmarks/Analyzer/generate-module.py`), checks it once with
`--cache-dir`, then applies seeded random edits, one at a time: a changed function body, a
changed signature or what a function reads, a new or deleted declaration (functions,
overloads, named keys, type aliases, `DefaultImplicit` types, factories a key is inferred
from), an `#if` the analyzer cannot decide, a new, deleted or renamed file, a syntax
error, and a file restored to an earlier content. Some edits change only what another,
unchanged file's keys resolve to (a typealias retargeted, a factory's return type changed,
a nested type declared that shadows a key's type inside a type of another file, a closure
typealias that takes a scope reshaped): the cached resolved keys of that file must not be
replayed. After each edit the module is checked twice, with the cache directory kept from
the previous runs and cold (no cache), and the diagnostics, exit status, support file and
interface must be byte-identical.

With `--decided`, every `#if` an edit writes is one the analyzer decides (`DEBUG`, given as
`--define DEBUG` to every check, and `FEATURE_X`, which an edit gives or takes back): the
module stays in one build configuration, the only kind whose re-checks copy interface
entries from the last run's file (`ReprintedEntries`). Without it, the first `#if os(iOS)`,
`canImport(UIKit)` or `DEBUG` makes the module one of several configurations, and every
later re-check prints every entry: a re-check that copied an entry it should have printed
would go unseen. Each re-check prints how many entries it copied and printed (the
analyzer's hidden `--reuse-report`); a `--decided` sequence that never copies one fails.
Three edits come only with `--decided`: `--define FEATURE_X` given or taken back, a
function renamed where it sorts (its unchanged callers lose an edge only the last run's
graph shows), static methods of the type that sorts last (an entry moved past the last
run's end). `.ci/run` runs seed 271 (12 edits), which fails with each of three bugs planted
in `ReprintedEntries`: every entry copied (edit 2), `record.upstream` ignored (edit 6),
places compared only within the last run's count (edit 7, the bug ef34f0b fixed).
With `--file-facts`, a conformance is put in a file of its own and that file later deleted or
renamed (`Editor.conformance_file`): an added or gone file's type facts reprint everything
only when another file spells their names (`ReprintedEntries.typeFactsChanged`); `.ci/run`'s
seed 2 fails at edit 7 when no file is searched (`IMPLICITS_TYPE_FACTS_PLANT=mentions`).

The cached checks also keep the solved graph (`<Module>.graph`) and run its oracle
(`IMPLICITS_GRAPH_ORACLE`, `GraphOracle`): each re-check compares the last run's graph with
its own, file by file for the files the edit did not change; no node of such a file may be
renamed, and the graph written must read back as written. Files the edit reached (their
edges, rows or diagnostics changed) are counted and printed.

    Tests/Incremental/run.py --analyzer PATH [--files 60] [--edits 40] [--seed N] [--decided]

Prints the seed first; a failure prints the edit history and the two diagnostics, and
`--seed N` replays it exactly. Without `--seed` the seed is random.
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
GENERATE = os.path.join(ROOT, "Benchmarks", "Analyzer", "generate-module.py")
SERVICES = 8
FLAGS = 4


def swift_files(module):
    return sorted(f for f in os.listdir(module) if f.endswith(".swift"))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def functions(text):
    """(start, end) line indices of each top-level `func` (its closing brace at column 0)."""
    lines = text.split("\n")
    spans = []
    for i, line in enumerate(lines):
        if line.startswith("func "):
            for j in range(i + 1, len(lines)):
                if lines[j] == "}":
                    spans.append((i, j))
                    break
    return lines, spans


class Editor:
    def __init__(self, module, rng, decided=False, renames=False, file_facts=False):
        self.module = module
        self.rng = rng
        self.decided = decided
        # `--renames`: functions renamed past their neighbours in the order (`rename_across`),
        # a switch of its own so that the other seeds keep their edit sequences.
        self.renames = renames
        # `--file-facts`: a conformance in a file of its own, then that file deleted or renamed
        # (`conformance_file`), a switch of its own for the same reason.
        self.file_facts = file_facts
        # (its file, the model's file, the protocol's file): `conformance_file`.
        self.conformance = None
        # Given to both sides' checks: with `--decided`, `DEBUG` always (a debug build),
        # and `FEATURE_X` while an edit has given it.
        self.defines = {"DEBUG"} if decided else set()
        self.counter = 0
        self.originals = {}
        # Declarations other files' keys resolve through: (file, name, what it stands for).
        self.aliases = []
        self.factories = []
        self.boxes = []
        # Closure typealiases: (file, name, closure type); users are in other files.
        self.closure_aliases = []
        # The file a syntax error was put in and its text before (`--decided` repairs it).
        self.broken = None
        # (type, method, its file, its caller's file): `method_near_the_end`.
        self.last_method = None

    def fresh(self):
        self.counter += 1
        return self.counter

    def pick(self):
        return self.rng.choice(swift_files(self.module))

    def edit(self):
        # With `--decided`, a syntax error is mostly repaired by the next edit: until it is,
        # no check writes an interface, and the edits after it test nothing of its reuse.
        if self.decided and self.broken and self.rng.random() < 0.7:
            name, before = self.broken
            self.broken = None
            if os.path.exists(os.path.join(self.module, name)):
                write(os.path.join(self.module, name), before)
                return f"syntax error in {name} repaired"
        kinds = [
            self.body_read, self.body_read, self.drop_provision, self.signature, self.overload,
            self.delete_function, self.new_function_and_call, self.new_file, self.delete_file,
            self.rename_file, self.if_config, self.named_key, self.type_alias, self.defaulted_type,
            self.inferred_factory, self.restore, self.syntax_error, self.comment_only,
            self.retarget_alias, self.retype_factory, self.shadow_in_type, self.shadow_in_type,
            self.closure_alias, self.reshape_closure_alias,
        ] + ([self.toggle_define, self.rename_in_place, self.method_near_the_end] if self.decided else []) \
          + ([self.rename_across] * 4 if self.renames else []) \
          + ([self.conformance_file] * 4 if self.file_facts else [])
        return self.rng.choice(kinds)()

    def _change(self, name, text):
        path = os.path.join(self.module, name)
        self.originals.setdefault(name, read(path))
        write(path, text)

    def _function_edit(self, transform, label):
        name = self.pick()
        lines, spans = functions(read(os.path.join(self.module, name)))
        if not spans:
            return self.comment_only()
        span = self.rng.choice(spans)
        transform(lines, span)
        self._change(name, "\n".join(lines))
        return f"{label} in {name}:{span[0] + 1}"

    def body_read(self):
        k = self.rng.randrange(SERVICES)
        n = self.fresh()
        return self._function_edit(
            lambda lines, span: lines.insert(span[0] + 1, f"  @Implicit var read{n}: Service{k}"),
            f"body reads Service{k}")

    def drop_provision(self):
        name = self.pick()
        lines = read(os.path.join(self.module, name)).split("\n")
        candidates = [i for i, line in enumerate(lines) if re.match(r"\s+@Implicit(\(.*\))? var \w+ = ", line)]
        if not candidates:
            return self.comment_only()
        i = self.rng.choice(candidates)
        del lines[i]
        self._change(name, "\n".join(lines))
        return f"provision dropped in {name}:{i + 1}"

    def signature(self):
        def change(lines, span):
            lines[span[0]] = lines[span[0]].replace("(_ scope: ImplicitScope)", "(_ scope: ImplicitScope, retry: Int = 0)", 1)
            if lines[span[0]].endswith("() {"):
                lines[span[0]] = lines[span[0]].replace("() {", "(_ scope: ImplicitScope) {")
        return self._function_edit(change, "signature changed")

    def overload(self):
        k = self.rng.randrange(SERVICES)
        def add(lines, span):
            match = re.match(r"func (\w+)\(", lines[span[0]])
            lines.insert(span[1] + 1, f"\nfunc {match.group(1)}(_ scope: ImplicitScope, count: Int) {{\n  @Implicit var other: Service{k}\n}}")
        return self._function_edit(add, f"overload reading Service{k}")

    def delete_function(self):
        return self._function_edit(lambda lines, span: lines.__delitem__(slice(span[0], span[1] + 1)), "function deleted")

    def new_function_and_call(self):
        n = self.fresh()
        k = self.rng.randrange(SERVICES)
        caller = self.pick()
        lines, spans = functions(read(os.path.join(self.module, caller)))
        spans = [s for s in spans if "(_ scope: ImplicitScope" in lines[s[0]]]
        if not spans:
            return self.comment_only()
        span = self.rng.choice(spans)
        lines.insert(span[0] + 1, f"  added{n}(scope)")
        self._change(caller, "\n".join(lines))
        home = self.pick()
        text = read(os.path.join(self.module, home))
        self._change(home, text + f"\nfunc added{n}(_ scope: ImplicitScope) {{\n  @Implicit var value: Service{k}\n}}\n")
        return f"added{n} reading Service{k} declared in {home}, called in {caller}:{span[0] + 2}"

    def new_file(self):
        n = self.fresh()
        k = self.rng.randrange(SERVICES)
        name = f"Added{n:03d}.swift"
        target = self.rng.choice([f for f in swift_files(self.module) if f.startswith("File")] or ["File00000.swift"])
        callee = re.sub(r"File0*(\d+)\.swift", r"step\1_0", target)
        if callee == "step_0":
            callee = "step0_0"
        write(os.path.join(self.module, name),
              f"import Implicits\n\nfunc entry{n}() {{\n  let scope = ImplicitScope()\n  defer {{ scope.end() }}\n"
              f"  @Implicit var s = Service{k}()\n  {callee}(scope)\n}}\n")
        return f"new file {name} calling {callee}"

    def delete_file(self):
        name = self.pick()
        self.originals.setdefault(name, read(os.path.join(self.module, name)))
        os.remove(os.path.join(self.module, name))
        return f"deleted {name}"

    def rename_file(self):
        name = self.pick()
        # A name that sorts first: every other file's index moves.
        new = f"A{self.fresh():03d}{name}"
        os.rename(os.path.join(self.module, name), os.path.join(self.module, new))
        return f"renamed {name} to {new}"

    # With `--decided`, conditions the analyzer decides: `DEBUG` is defined, `FEATURE_X` as
    # `toggle_define` says (an undefined flag other than `DEBUG` is false).
    CONDITIONS = ["DEBUG", "os(iOS)", "canImport(UIKit)", "FEATURE_X"]
    DECIDED_CONDITIONS = ["DEBUG", "!DEBUG", "FEATURE_X", "!FEATURE_X"]

    def if_config(self):
        condition = self.rng.choice(self.DECIDED_CONDITIONS if self.decided else self.CONDITIONS)
        name = self.pick()
        lines = read(os.path.join(self.module, name)).split("\n")
        candidates = [i for i, line in enumerate(lines) if re.match(r"\s+@Implicit(\(.*\))? var \w+", line)]
        if not candidates:
            return self.comment_only()
        i = self.rng.choice(candidates)
        lines[i:i + 1] = [f"#if {condition}", lines[i], "#endif"]
        self._change(name, "\n".join(lines))
        return f"#if {condition} around {name}:{i + 1}"

    def _declare_and_use(self, declaration, use, label):
        """Declares something in one file and uses it in a function of another (or the same)."""
        home = self.pick()
        self.last_home = home
        self._change(home, read(os.path.join(self.module, home)) + "\n" + declaration + "\n")
        return self._function_edit(lambda lines, span: lines.insert(span[0] + 1, "  " + use), f"{label} in {home}, used")

    def named_key(self):
        n = self.fresh()
        value = f"Key<Int>(default: {n})" if self.rng.random() < 0.5 else "Key<Int>()"
        return self._declare_and_use(f"extension ImplicitsKeys {{\n  static let key{n} = {value}\n}}",
                                     f"@Implicit(\\.key{n}) var key{n}", f"named key key{n} = {value}")

    def type_alias(self):
        n, k = self.fresh(), self.rng.randrange(SERVICES)
        home, user = self.pick(), self.pick()
        self.aliases.append((home, f"Alias{n}", f"Service{k}"))
        self._change(home, read(os.path.join(self.module, home)) + f"\ntypealias Alias{n} = Service{k}\n")
        # An implicit function of its own: what its key resolves to shows in the interface.
        self._change(user, read(os.path.join(self.module, user))
                     + f"\nfunc aliased{n}(_ scope: ImplicitScope) {{\n  @Implicit var a: Alias{n}\n}}\n")
        return f"typealias Alias{n} = Service{k} in {home}, read in {user}"


    def _redeclare(self, declarations, old, new, label):
        """Rewrites one declaration in its own file only: the files using it stay unchanged."""
        live = [d for d in declarations if os.path.exists(os.path.join(self.module, d[0]))
                and old(d) in read(os.path.join(self.module, d[0]))]
        if not live:
            return None
        home, name, target = self.rng.choice(live)
        k = self.rng.randrange(SERVICES)
        text = read(os.path.join(self.module, home))
        self._change(home, text.replace(old((home, name, target)), new((home, name, f"Service{k}")), 1))
        declarations.remove((home, name, target))
        declarations.append((home, name, f"Service{k}"))
        return f"{label} {name} in {home}: {target} -> Service{k}"

    def retarget_alias(self):
        return self._redeclare(
            self.aliases, lambda d: f"typealias {d[1]} = {d[2]}\n", lambda d: f"typealias {d[1]} = {d[2]}\n",
            "typealias retargeted") or self.type_alias()

    def retype_factory(self):
        return self._redeclare(
            self.factories, lambda d: f"func {d[1]}() -> {d[2]} {{ {d[2]}() }}",
            lambda d: f"func {d[1]}() -> {d[2]} {{ {d[2]}() }}", "factory's return type changed") or self.inferred_factory()

    def shadow_in_type(self):
        """A type whose implicit method reads `ShadowN` (declared beside it); later, from another
        file, a nested `ShadowN` in that type, which the unchanged file's key now names."""
        unshadowed = [b for b in self.boxes if os.path.exists(os.path.join(self.module, b[0])) and not b[2]]
        if unshadowed and self.rng.random() < 0.6:
            home, box, _, k = self.rng.choice(unshadowed)
            other = self.rng.choice([f for f in swift_files(self.module) if f != home] or [home])
            self._change(other, read(os.path.join(self.module, other))
                         + f"\nextension {box} {{\n  typealias Shadow{k} = Service{k % SERVICES}\n}}\n")
            self.boxes.remove((home, box, False, k))
            self.boxes.append((home, box, True, k))
            return f"{box}.Shadow{k} declared in {other}; {home} unchanged"
        n = self.fresh()
        home = self.pick()
        self._change(home, read(os.path.join(self.module, home))
                     + f"\nstruct Shadow{n} {{}}\n\nstruct Box{n} {{\n  func use(_ scope: ImplicitScope) {{\n    @Implicit var s: Shadow{n}\n  }}\n}}\n")
        self.boxes.append((home, f"Box{n}", False, n))
        return f"Box{n} reading Shadow{n} in {home}"

    CLOSURE_SHAPES = ["(ImplicitScope, Int) -> Void", "(Int, ImplicitScope) -> Void", "(Int, Int) -> Void"]

    def closure_alias(self):
        """A closure typealias taking a scope in one file; a parameter of that type and a
        closure passed for it in another: where the closure's scope is comes from the alias."""
        n, k = self.fresh(), self.rng.randrange(SERVICES)
        home, user = self.pick(), self.pick()
        shape = self.rng.choice(self.CLOSURE_SHAPES)
        self.closure_aliases.append((home, f"Handler{n}", shape))
        self._change(home, read(os.path.join(self.module, home)) + f"\ntypealias Handler{n} = {shape}\n")
        self._change(user, read(os.path.join(self.module, user))
                     + f"\nfunc route{n}(_ handler: @escaping Handler{n}, _ scope: ImplicitScope) {{}}\n"
                     + f"\nfunc serve{n}(_ scope: ImplicitScope) {{\n  route{n}({{ first, second in\n"
                     + f"    @Implicit var handled: Service{k}\n  }}, scope)\n}}\n")
        return f"typealias Handler{n} = {shape} in {home}, taken by route{n} in {user}"

    def reshape_closure_alias(self):
        live = [d for d in self.closure_aliases if os.path.exists(os.path.join(self.module, d[0]))
                and f"typealias {d[1]} = {d[2]}\n" in read(os.path.join(self.module, d[0]))]
        if not live:
            return self.closure_alias()
        home, name, shape = self.rng.choice(live)
        new = self.rng.choice([s for s in self.CLOSURE_SHAPES if s != shape])
        text = read(os.path.join(self.module, home))
        self._change(home, text.replace(f"typealias {name} = {shape}\n", f"typealias {name} = {new}\n", 1))
        self.closure_aliases.remove((home, name, shape))
        self.closure_aliases.append((home, name, new))
        return f"closure typealias {name} in {home}: {shape} -> {new}; its users unchanged"

    def defaulted_type(self):
        n = self.fresh()
        return self._declare_and_use(
            f"struct Defaulted{n}: DefaultImplicit {{\n  static var defaultValue: Defaulted{n} {{ Defaulted{n}() }}\n}}",
            f"@Implicit var defaulted{n}: Defaulted{n}", f"DefaultImplicit type Defaulted{n}")

    def inferred_factory(self):
        n, k = self.fresh(), self.rng.randrange(SERVICES)
        done = self._declare_and_use(f"func makeService{n}() -> Service{k} {{ Service{k}() }}",
                                     f"@Implicit var made{n} = makeService{n}()", f"factory makeService{n} -> Service{k}")
        self.factories.append((self.last_home, f"makeService{n}", f"Service{k}"))
        return done

    def restore(self):
        names = [n for n in self.originals]
        if not names:
            return self.comment_only()
        name = self.rng.choice(sorted(names))
        write(os.path.join(self.module, name), self.originals.pop(name))
        return f"restored {name}"

    def syntax_error(self):
        name = self.pick()
        self.broken = (name, read(os.path.join(self.module, name)))
        self._change(name, self.broken[1] + "\nfunc broken( {\n")
        return f"syntax error in {name}"

    def rename_in_place(self):
        """A function renamed so that it sorts where it was (a suffix): no entry moves, and
        its callers in other files, unchanged, lose the edge from it, which only the last
        run's graph shows (`ReusedEntries.Record.upstream`)."""
        n = self.fresh()
        def rename(lines, span):
            lines[span[0]] = re.sub(r"^func (\w+)\(", rf"func \1Renamed{n}(", lines[span[0]], count=1)
        return self._function_edit(rename, f"renamed (suffix Renamed{n}), callers unchanged")

    def rename_across(self):
        """A function renamed so that it sorts past its neighbours in the interface's order,
        its file and index unchanged: right after the next function of its file (the two
        swap places), or after a function of another file. The last run's order is then not
        the sort's, and only the check of each adjacent pair tells (`KeptOrder`); kept
        unchecked, every incremental check passed and only unit tests failed."""
        name = self.pick()
        lines, spans = functions(read(os.path.join(self.module, name)))
        if not spans:
            return self.comment_only()
        at = self.rng.randrange(len(spans))
        old = re.match(r"^func (\w+)\(", lines[spans[at][0]])
        if old is None:
            return self.comment_only()
        if at + 1 < len(spans) and self.rng.random() < 0.5:
            after = re.match(r"^func (\w+)\(", lines[spans[at + 1][0]])
        else:
            other = self.pick()
            _, other_spans = functions(read(os.path.join(self.module, other)))
            other_lines = read(os.path.join(self.module, other)).split("\n")
            after = other_spans and re.match(r"^func (\w+)\(", other_lines[self.rng.choice(other_spans)[0]])
        if not after or after.group(1) == old.group(1):
            return self.comment_only()
        new = f"{after.group(1)}X{self.fresh()}"
        lines[spans[at][0]] = lines[spans[at][0]].replace(f"func {old.group(1)}(", f"func {new}(", 1)
        self._change(name, "\n".join(lines))
        return f"{old.group(1)} renamed {new} in {name}:{spans[at][0] + 1} (sorts after {after.group(1)})"

    def method_near_the_end(self):
        """Static methods of the type whose entries come last in the interface (`ModelN`, by
        name): first `zzN`, which sorts last, and a caller of it in another file; then, from a
        third file, `zyN`, which sorts just before it. `zzN`, unchanged, moves one place, past
        the last run's end, and its unchanged caller's link must follow it (the bug ef34f0b
        fixed: only the places within the last run's count were compared)."""
        live = self.last_method and all(
            os.path.exists(os.path.join(self.module, f)) and text in read(os.path.join(self.module, f))
            for f, text in ((self.last_method[2], f"static func {self.last_method[1]}("),
                            (self.last_method[3], f"{self.last_method[0]}.{self.last_method[1]}(scope)")))
        n, k = self.fresh(), self.rng.randrange(SERVICES)
        if not live:
            models = sorted(f"Model{int(m.group(1))}" for m in
                            map(re.compile(r"File0*(\d+)\.swift$").match, swift_files(self.module)) if m)
            if not models:
                return self.comment_only()
            home, caller = self.pick(), self.pick()
            self.last_method = (models[-1], f"zz{n}", home, caller)
            self._change(home, read(os.path.join(self.module, home)) + f"\nextension {models[-1]} {{\n"
                         f"  static func zz{n}(_ scope: ImplicitScope) {{\n    @Implicit var s: Service{k}\n  }}\n}}\n")
            self._change(caller, read(os.path.join(self.module, caller))
                         + f"\nfunc callsZz{n}(_ scope: ImplicitScope) {{\n  {models[-1]}.zz{n}(scope)\n}}\n")
            return f"{models[-1]}.zz{n} reading Service{k} in {home}, called from {caller}"
        model, last, home, caller = self.last_method
        third = self.rng.choice([f for f in swift_files(self.module) if f not in (home, caller)] or [home])
        self._change(third, read(os.path.join(self.module, third)) + f"\nextension {model} {{\n"
                     f"  static func zy{n}(_ scope: ImplicitScope) {{\n    @Implicit var s: Service{k}\n  }}\n}}\n")
        return f"{model}.zy{n} reading Service{k} added in {third}, before {last} ({home}, called from {caller})"

    def conformance_file(self):
        """A conformance in a file of its own (`extension ModelN: PokesK {}`), the protocol's
        method in another file and a call of it on a `ModelN` in `ModelN`'s file; then, once
        more, the conformance's file deleted or renamed to sort first. Neither the caller's
        file nor the method's changes, no edge leads to the deleted file, and the call moves
        with that file's type facts alone: the caller's file names `ModelN`, so every entry
        must be printed (`ReprintedEntries.typeFactsChanged`). A rename keeps the call."""
        if self.conformance and os.path.exists(os.path.join(self.module, self.conformance[0])):
            name, home, protocol = self.conformance
            self.conformance = None
            if self.rng.random() < 0.5:
                self.originals.setdefault(name, read(os.path.join(self.module, name)))
                os.remove(os.path.join(self.module, name))
                return f"deleted {name} (the conformance {home}'s call resolves through, in {protocol})"
            new = f"A{self.fresh():03d}{name}"
            os.rename(os.path.join(self.module, name), os.path.join(self.module, new))
            return f"renamed {name} to {new} (the conformance {home}'s call resolves through)"
        models = [f for f in swift_files(self.module) if re.match(r"File0*\d+\.swift$", f)]
        if not models:
            return self.comment_only()
        home = self.rng.choice(models)
        model = "Model" + str(int(re.match(r"File0*(\d+)", home).group(1) or 0))
        protocol = self.pick()
        n, k = self.fresh(), self.rng.randrange(SERVICES)
        name = f"Conformance{n:03d}.swift"
        write(os.path.join(self.module, name), f"extension {model}: Pokes{n} {{}}\n")
        self._change(protocol, read(os.path.join(self.module, protocol)) + f"\nprotocol Pokes{n} {{}}\nextension Pokes{n} {{\n"
                     f"  func poke{n}(_ scope: ImplicitScope) {{\n    @Implicit var s: Service{k}\n  }}\n}}\n")
        self._change(home, read(os.path.join(self.module, home)) + f"\nfunc pokes{n}(_ scope: ImplicitScope) {{\n"
                     f"  let model = {model}(scope)\n  model.poke{n}(scope)\n}}\n")
        self.conformance = (name, home, protocol)
        return f"{model}: Pokes{n} in {name}, poke{n} reading Service{k} in {protocol}, called in {home}"

    def toggle_define(self):
        """A run-wide input: the module's `#if FEATURE_X` code comes or goes, no file changes."""
        self.defines ^= {"FEATURE_X"}
        return f"--define FEATURE_X {'given' if 'FEATURE_X' in self.defines else 'no longer given'}"

    def comment_only(self):
        name = self.pick()
        self._change(name, "// touched\n" + read(os.path.join(self.module, name)))
        return f"comment added in {name} (every line moves)"


def oracle_line(report):
    """The last line the graph oracle appended to `report`, as a dict."""
    if not os.path.exists(report):
        return None
    lines = read(report).strip().split("\n")
    return dict(field.split("=", 1) for field in lines[-1].split()[1:] if "=" in field)


def check(analyzer, module, out, cache, defines=(), oracle=None):
    """(exit status, diagnostics, support file, interface) of one check, and with a cache,
    the reuse report: `(copied, printed)` interface entries, or `None` when no interface
    was written (a syntax error, or the last check replayed whole)."""
    sources = [os.path.join(module, f) for f in swift_files(module)]
    listing = out + ".sources"
    write(listing, "".join(s + "\n" for s in sources))
    interface = os.path.join(out, "Bench.implicitinterface")
    support = os.path.join(out, "Bench+ImplicitsSupport.swift")
    command = [analyzer, "check", "--module-name", "Bench", "--interface-output", interface,
               "--support-file-output", support]
    for define in sorted(defines):
        command += ["--define", define]
    report = out + ".reuse"
    if cache:
        command += ["--cache-dir", cache, "--reuse-report", report]
        if os.path.exists(report):
            os.remove(report)
    env = dict(os.environ)
    env.pop("IMPLICITS_GRAPH_ORACLE", None)
    if oracle:
        env["IMPLICITS_GRAPH_ORACLE"] = oracle
    result = subprocess.run(command + ["@" + listing], capture_output=True, text=True, env=env)
    reuse = None
    if cache and os.path.exists(report):
        m = re.fullmatch(r"copied (\d+) printed (\d+)\n", read(report))
        reuse = (int(m.group(1)), int(m.group(2))) if m else None
    if result.returncode == 2:
        # Input that cannot be analysed (a syntax error): nothing is written, and the
        # outputs of the run before stay, in the warm directory only.
        return (result.returncode, result.stderr, None, None), reuse
    def contents(path):
        return read(path) if os.path.exists(path) else None
    return (result.returncode, result.stderr, contents(support), contents(interface)), reuse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--analyzer", required=True)
    parser.add_argument("--files", type=int, default=60)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--decided", action="store_true",
                        help="only #if conditions the analyzer decides: one build configuration, entries reused")
    parser.add_argument("--renames", action="store_true",
                        help="also rename functions past their neighbours in the interface's order")
    parser.add_argument("--file-facts", action="store_true",
                        help="also put a conformance in a file of its own, then delete or rename that file")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    mode = (", --decided" if args.decided else "") + (", --renames" if args.renames else "") \
        + (", --file-facts" if args.file_facts else "")
    print(f"edit sequences: seed {seed} ({args.files} files, {args.edits} edits{mode}); "
          f"replay with --seed {seed}{mode}", flush=True)
    rng = random.Random(seed)

    work = tempfile.mkdtemp(prefix="implicits-incremental-")
    module = os.path.join(work, "module")
    subprocess.run([sys.executable, GENERATE, module, "--files", str(args.files), "--errors", "3",
                    "--seed", str(seed % 1000)], check=True, capture_output=True)
    os.remove(os.path.join(module, "expected-errors.txt"))
    warm_out, cold_out, cache = (os.path.join(work, d) for d in ("warm", "cold", "cache"))
    for d in (warm_out, cold_out):
        os.makedirs(d)

    editor = Editor(module, rng, decided=args.decided, renames=args.renames, file_facts=args.file_facts)
    history = []
    failures = 0
    copied = printed = 0
    oracle = os.path.join(work, "graph-oracle")
    totals = {"unchanged": 0, "equal": 0, "reached": 0}
    check(args.analyzer, module, warm_out, cache, editor.defines, oracle)
    for step in range(args.edits):
        history.append(editor.edit())
        lines_before = len(read(oracle).splitlines()) if os.path.exists(oracle) else 0
        warm, reuse = check(args.analyzer, module, warm_out, cache, editor.defines, oracle)
        report = oracle_line(oracle)
        if warm[0] != 2 and report is not None and len(read(oracle).splitlines()) > lines_before:
            for name in totals:
                totals[name] += int(report[name])
            if report["renamed"] != "0" or report["reads-back"] != "true" or "unreadable" in report:
                print(f"GRAPH ORACLE after edit {step + 1} (seed {seed}): {read(oracle).splitlines()[-1]}",
                      file=sys.stderr)
                for i, h in enumerate(history):
                    print(f"  {i + 1}. {h}", file=sys.stderr)
                failures += 1
                break
        # What the cached side reused: a reader sees that the comparison below covered
        # copied entries, not only printed ones.
        print(f"  {step + 1}. {history[-1]}: "
              + (f"{reuse[0]} entries copied, {reuse[1]} printed" if reuse else "no interface written"), flush=True)
        if reuse:
            copied, printed = copied + reuse[0], printed + reuse[1]
        shutil.rmtree(cold_out)
        os.makedirs(cold_out)
        cold, _ = check(args.analyzer, module, cold_out, None, editor.defines)
        if warm != cold:
            failures += 1
            print(f"MISMATCH after edit {step + 1} (seed {seed}):", file=sys.stderr)
            for i, h in enumerate(history):
                print(f"  {i + 1}. {h}", file=sys.stderr)
            for label, (w, c) in zip(["exit status", "diagnostics", "support file", "interface"], zip(warm, cold)):
                if w != c:
                    print(f"--- {label} differs\n[cached]\n{w}\n[cold]\n{c}", file=sys.stderr)
            break
        if "warning:" in warm[1] and "cache" in warm[1]:
            print(f"unexpected cache warning after edit {step + 1}: {warm[1]}", file=sys.stderr)
            failures += 1
            break
    if failures == 0 and args.decided and copied == 0:
        # One build configuration and a cache: some re-check must copy an entry, or the
        # reuse this mode is for went untested (or broke).
        print(f"no re-check copied an interface entry ({printed} printed) in one build configuration",
              file=sys.stderr)
        failures += 1
    if failures == 0:
        print(f"ok: {len(history)} edits, the cached re-check identical to a cold check after each "
              f"({copied} interface entries copied, {printed} printed)")
        print(f"graph oracle: {totals['unchanged']} unchanged files compared, {totals['equal']} equal,"
              f" {totals['reached']} reached by an edit, none renamed")
    if failures == 0 and not args.keep:
        shutil.rmtree(work)
    else:
        print(f"work directory kept: {work}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
