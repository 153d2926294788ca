#!/usr/bin/env python3
"""Checks every ```swift block of README.md and the DocC catalog.

    Tests/DocSnippets/check.py [--list] [--bin-path DIR] [--scratch-path DIR] [--jobs N]

Every block is one of three kinds, and each kind is checked:

- **Swift code** is checked as a module of its own, the way the analysis plugin and SwiftPM
  check a target: `implicits-analyzer check` must accept it, then `swiftc -c` must compile
  it with the support file the analyzer wrote. Both come from the package's own build
  (`--bin-path`, default `swift build --show-bin-path`), so run `swift build` or `swift test`
  first; nothing is rebuilt here (toolchain.py says why).
- **A mistake** — a `// Wrong` part in *Analyzer diagnostics*, or a block marked `"fails"` in
  `expectations.json` — must instead make the analyzer report that diagnostic ID; when the
  document shows the diagnostic in the block that follows, each message shown must be among
  those reported. A block whose text shows what the analyzer says had one line been left out
  (`"mistake-without": {"line": …, "id": …}`) is checked both as written and without it.
- **A `Package.swift` fragment** (`"manifest": true`: a whole manifest, `Package` arguments, a
  `.package(…)` line or a target) is spliced into a manifest that depends on this package by
  path and evaluated with `swift package dump-package` (no resolution, no build); the
  products, plugins, traits and platforms it names must be this package's (manifests.py;
  manifests_test.py proves it rejects wrong ones). `Tests/ReadmeConsumer/run.sh` also builds,
  runs and tests README's whole Install manifest.

What README and the catalog must say alike (a block `"same-as"` another, the diagnostic IDs
the text names) is checked by agreement.py.

What a block needs around it (the types it names, the functions it calls) and how it is
checked is in one place, `expectations.json`, keyed by `"<document> › <heading> #<n>"` (the
n-th swift block under that heading). `--list` prints the keys. Blocks that need SwiftUI
(`"apple-only"`) are compiled with SwiftUI on Apple platforms; elsewhere against a stand-in
module of the SwiftUI declarations they use (`SwiftUIStandIn.swift`), so that their plain
Swift, Observation and Implicits parts are compiled and analysed there too. A block marked
`"skip"` (with the reason) is not checked; none is.
"""
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from agreement import diagnostic_id_failures, same_as_failures
from doc_blocks import DOCUMENTS, ROOT, Block, blocks, diagnostic_parts, source_of, stand_in_swiftui
from manifests import Fragment, PackageFacts, check_fragment
from toolchain import Toolchain

HERE = Path(__file__).resolve().parent
DIAGNOSTICS_OVERVIEW = "AnalyzerDiagnostics.md › Overview #1"


def option(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


class Snippet:
    """One module to check: a block (or a part of one) with its prelude."""

    def __init__(self, block, name, prelude, source, is_main=False, mistake=None, analyzer_arguments=()):
        self.block, self.name, self.prelude, self.source = block, name, prelude, source
        self.is_main = is_main
        self.mistake = mistake  # (diagnostic ID, the diagnostic text the document shows) for a wrong block
        self.analyzer_arguments = list(analyzer_arguments)

    def write(self, directory):
        directory.mkdir(parents=True, exist_ok=True)
        for stale in directory.glob("*.swift"):
            stale.unlink()
        header = f"// {self.block.key}\n// {self.block.place}\nimport DocWorld\nimport Implicits\n"
        if not self.is_main:
            # One file, as in the document: the prelude's imports and a snippet's `private`
            # members are visible to each other.
            snippet = directory / "Snippet.swift"
            snippet.write_text(header + self.prelude + "\n" + self.source + "\n")
            return [snippet]
        prelude, snippet = directory / "Prelude.swift", directory / "main.swift"
        prelude.write_text(header + self.prelude + "\n")
        snippet.write_text(header + self.source + "\n")
        return [prelude, snippet]


def load():
    expectations = json.loads((HERE / "expectations.json").read_text())
    preludes = expectations.pop("preludes")
    every = [block for document in DOCUMENTS for block in blocks(document)]
    keys = {block.key for block in every}
    stale = [key for key in expectations if key not in keys]
    if stale:
        sys.exit("error: expectations.json names blocks that no document has: " + ", ".join(stale))
    return every, expectations, preludes


def prelude_of(expectation, preludes, section):
    names = expectation.get("prelude", [])
    names = [names] if isinstance(names, str) else names
    if section in preludes and not expectation.get("prelude"):
        names = [section]
    return "\n".join(preludes[n] for n in names)


def plan(every, expectations, preludes):
    """(snippets, fragments, skipped, stand_in): what to compile, the manifest fragments to
    evaluate, the blocks not checked here with the reason, and the blocks whose SwiftUI parts
    are compiled against the stand-in only."""
    snippets, fragments, skipped, stand_in = [], [], [], []
    by_key = {block.key: block for block in every}
    for number, block in enumerate(every):
        expectation = expectations.get(block.key, {})
        if "skip" in expectation:
            skipped.append((block, expectation["skip"]))
            continue
        if expectation.get("manifest"):
            fragments.append(Fragment(block))
            continue
        document = block.key.split(" › ")[0]
        prelude = prelude_of(expectation, preludes, document)
        if expectation.get("apple-only") and sys.platform != "darwin":
            stand_in.append(block)
            block = Block(block.document, block.heading, block.index, block.line,
                          stand_in_swiftui(block.code), block.shown)
            prelude = stand_in_swiftui(prelude)
        # Every example of *Analyzer diagnostics* uses the declarations of its overview.
        shared = [DIAGNOSTICS_OVERVIEW] if document == "AnalyzerDiagnostics.md" and block.key != DIAGNOSTICS_OVERVIEW else []
        shared_source = ""
        for key in shared + expectation.get("with", []):
            shared_source += "\n" + source_of(by_key[key], expectations.get(key, {}), f"with_{len(shared_source)}")
        prelude += shared_source
        name = f"Snippet{number:03}"
        is_main = bool(expectation.get("main"))
        arguments = expectation.get("analyzer-arguments", [])
        parts = diagnostic_parts(block) if document == "AnalyzerDiagnostics.md" else []
        if parts:
            section = block.key.split(" › ")[1].split("`")[1]
            for i, (kind, code) in enumerate(parts):
                part = Block(block.document, block.heading, block.index, block.line, code, None)
                source = source_of(part, expectation, f"{name.lower()}_{i}")
                if kind == "wrong":
                    # Only what the section asks for: the article's helpers would hide some mistakes.
                    defaults = preludes if expectation.get("prelude") else {**preludes, document: ""}
                    own = prelude_of(expectation, defaults, document) + "\n" + shared_source
                    snippets.append(Snippet(block, f"{name}_{i}", own, source, is_main, (section, None), arguments))
                else:
                    snippets.append(Snippet(block, f"{name}_{i}", prelude, source, is_main, None, arguments))
        elif "fails" in expectation:
            snippets.append(Snippet(block, name, prelude, source_of(block, expectation, name.lower()), is_main,
                                    (expectation["fails"], block.shown), arguments))
        elif expectation.get("continues") and snippets:
            previous = snippets[-1]
            previous.source += "\n" + source_of(block, expectation, name.lower())
        else:
            snippets.append(Snippet(block, name, prelude, source_of(block, expectation, name.lower()), is_main,
                                    None, arguments))
        if "mistake-without" in expectation:
            snippets.append(without(snippets[-1], block, expectation["mistake-without"]))
    return snippets, fragments, skipped, stand_in


def without(snippet, block, mistake):
    """The text's "had it forgotten …" variant of a snippet: one line removed, and the analyzer
    must report what the document shows after the block."""
    line, diagnostic_id = mistake["line"], mistake["id"]
    if not block.shown:
        sys.exit(f"{block.place}: error: {block.key} is checked without '{line}', but no diagnostic "
                 "block follows it to compare with")
    if line not in snippet.source:
        sys.exit(f"{block.place}: error: expectations.json removes '{line}', which {block.key} does not contain")
    source = "\n".join(text for text in snippet.source.split("\n") if line not in text)
    return Snippet(block, snippet.name + "_without", snippet.prelude, source, snippet.is_main,
                   (diagnostic_id, block.shown), snippet.analyzer_arguments)


def check(toolchain, snippet):
    """The failures of one snippet, as messages that name the document and line."""
    block = snippet.block
    files = snippet.write(toolchain.scratch / snippet.name)
    status, output, support = toolchain.analyze(snippet.name, files, snippet.analyzer_arguments)
    if snippet.mistake:
        return mistake_failures(snippet, status, output)
    if status != 0:
        return [f"{block.place}: error: {block.key}: the analyzer rejects it ({files[-1]}):\n{output}"]
    status, output = toolchain.compile(snippet.name, files + [support], snippet.is_main)
    if status == 0:
        return []
    errors = [line for line in output.split("\n") if ": error:" in line]
    if not errors:  # a compiler crash: no diagnostic, a stack dump
        errors = output.split("\n")[-30:]
    return [f"{block.place}: error: {block.key} does not compile ({files[-1]}):\n  " + "\n  ".join(errors)]


def mistake_failures(snippet, status, output):
    block, (diagnostic_id, shown) = snippet.block, snippet.mistake
    if f"[#{diagnostic_id}]" not in output:
        return [f"{block.place}: error: {block.key} shows a mistake, but the analyzer did not "
                f"report [#{diagnostic_id}] (exit {status}):\n{output}"]
    reported = {m.group(1) for m in re.finditer(r": (?:error|warning|note): (.*)$", output, re.M)}
    return [f"{block.place}: error: the text shows '{message}', the analyzer reported:\n" + "\n".join(sorted(reported))
            for message in re.findall(r": (?:error|warning|note): (.*)$", shown or "", re.M)
            if message not in reported]


def main():
    every, expectations, preludes = load()
    if "--list" in sys.argv:
        for block in every:
            print(f"{block.place}\t{block.key}")
        return
    snippets, fragments, skipped, stand_in = plan(every, expectations, preludes)
    bin_path = option("--bin-path") or subprocess.run(
        ["swift", "build", "--package-path", str(ROOT), "--show-bin-path"],
        capture_output=True, text=True, check=True).stdout.strip()
    toolchain = Toolchain(bin_path, option("--scratch-path", ROOT / ".build-snippets"))
    toolchain.build_world(HERE / "DocWorld.swift")
    if stand_in:
        toolchain.build_module("SwiftUI", HERE / "SwiftUIStandIn.swift")
    with ThreadPoolExecutor(max_workers=int(option("--jobs", "2"))) as pool:
        # The manifests' checks wait for this package's own dump, which runs beside the snippets.
        facts = pool.submit(PackageFacts.of_root, toolchain.scratch / "manifests")
        checks = [pool.submit(check_fragment, fragment, facts.result, toolchain.scratch) for fragment in fragments]
        checks += [pool.submit(check, toolchain, snippet) for snippet in snippets]
        failures = [failure for found in checks for failure in found.result()]
    failures += same_as_failures(every, expectations) + diagnostic_id_failures()
    wrong = sum(1 for snippet in snippets if snippet.mistake)
    print(f"doc snippets: {len(snippets) - wrong} compiled and accepted by the analyzer, "
          f"{wrong} mistakes reported as the text shows, {len(fragments)} manifest fragments evaluated by "
          f"SwiftPM and checked against this package's products, plugins, traits and platforms"
          + (f", {len(skipped)} not checked here:" if skipped else ""))
    for block, reason in skipped:
        print(f"  {block.place}: {reason}")
    if stand_in:
        print(f"{len(stand_in)} of the compiled blocks need SwiftUI, which this platform lacks: compiled "
              "against a stand-in of its declarations (SwiftUIStandIn.swift), not against SwiftUI:")
    for block in stand_in:
        print(f"  {block.place}: {block.key}")
    if failures:
        for failure in failures:
            print(failure, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
