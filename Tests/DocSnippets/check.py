#!/usr/bin/env python3
"""Compiles every ```swift block of README.md and the DocC catalog.

    Tests/DocSnippets/check.py [--list] [--scratch-path DIR]

Each block becomes a target of a scratch package (`.build-snippets/package`) that depends on
this package and applies `ImplicitsAnalysisPlugin`, so a block must both type-check and
pass the analyzer. A block that shows a mistake (a `// Wrong` part in *Analyzer diagnostics*,
or a block marked `"fails"` in `expectations.json`) is instead run through
`implicits-analyzer check`, which must report the diagnostic ID; when the document shows the
diagnostic in the block that follows, each message shown must be among those reported.

What a block needs around it (the types it names, the functions it calls) and how it is
checked is in one place, `expectations.json`, keyed by `"<document> › <heading> #<n>"` (the
n-th swift block under that heading). `--list` prints the keys. `--scratch-path` builds there
(CI passes the package's own `.build`, so swift-syntax is not built a second time). A block is compiled as written,
except: `…` is removed, and statements at the top level are moved into a function of their
own (declarations stay at the top level), since only `main.swift` may hold statements.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCRATCH = ROOT / ".build-snippets"
PACKAGE = SCRATCH / "package"
DOCUMENTS = [ROOT / "README.md"] + sorted((ROOT / "Sources/Implicits/Documentation.docc").rglob("*.md"))
DECLARATION = re.compile(
    r"^(import|@_spi|func|struct|class|final|enum|extension|actor|protocol|public|private|"
    r"fileprivate|internal|typealias|@Suite|@Test|@MainActor|@Observable|@available|#if|#endif|#else)\b")


DIAGNOSTICS_OVERVIEW = "AnalyzerDiagnostics.md › Overview #1"
MAIN = set()  # keys of blocks that are a `main.swift` (top-level code)


class Block:
    def __init__(self, document, heading, index, line, code, shown):
        self.key = f"{document.name} › {heading} #{index}"
        self.place = f"{document.relative_to(ROOT)}:{line}"
        self.code = code
        self.shown = shown  # the text of the fenced non-swift block right after, if any


def blocks(document):
    """Every swift block of a document, with the heading it sits under."""
    lines = document.read_text().split("\n")
    heading, counts, found, i = "(top)", {}, [], 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        elif stripped.startswith("```"):
            language, start = stripped[3:].strip(), i
            indent = line[: len(line) - len(line.lstrip())]
            i += 1
            body = []
            while not lines[i].strip().startswith("```"):
                body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            if language == "swift":
                counts[heading] = counts.get(heading, 0) + 1
                shown = following_block(lines, i + 1)
                found.append(Block(document, heading, counts[heading], start + 1, "\n".join(body), shown))
        i += 1
    return found


def following_block(lines, i):
    """The non-swift fenced block that follows after at most a few lines of prose."""
    for j in range(i, min(i + 4, len(lines))):
        if lines[j].strip() == "```":
            end = next(k for k in range(j + 1, len(lines)) if lines[k].strip().startswith("```"))
            return "\n".join(lines[j + 1:end])
        if lines[j].strip().startswith("```"):
            return None
    return None


def split_top_level(code):
    """(declarations, statements): top-level chunks by their first line's kind."""
    declarations, statements, target = [], [], None
    for line in code.split("\n"):
        starts_chunk = line and not line[0].isspace() and not line.startswith(("}", ")", "]", "//"))
        if starts_chunk:
            target = declarations if DECLARATION.match(line) else statements
        (target if target is not None else declarations).append(line)
    return "\n".join(declarations), "\n".join(statements)


def wrap(statements, name, around=("", ""), extra=""):
    """A function holding the statements. It takes `scope` unless they create one,
    and opens a nested scope if they declare without opening one (as the analyzer requires)."""
    code = "\n".join(part for part in (around[0], statements, around[1]) if part)
    creates = re.search(r"^let scope = ", code, re.M)
    parameter = "" if creates else "_ scope: ImplicitScope"
    opens = re.search(r"ImplicitScope\(|withScope|withImplicits|\.nested\(\)", code)
    if re.search(r"^((@\w+ )*@Implicit\b.*=|Implicit\.map)", statements, re.M) and not opens:
        parameter = "_ scope: ImplicitScope"
        code = "let scope = scope.nested()\ndefer { scope.end() }\n" + code
    parameter = ", ".join(p for p in (parameter, extra) if p)
    effects = ("async " if "await" in code else "") + ("throws " if "try" in code else "")
    body = "\n".join("  " + line for line in code.split("\n"))
    return f"func {name}({parameter}) {effects}{{\n{body}\n}}\n"


def source_of(block, expectation, name):
    code = block.code.replace("…", "")
    if "enclose" in expectation:  # members shown without their type
        return expectation["enclose"][0] + "\n" + code + "\n" + expectation["enclose"][1]
    if expectation.get("as-is") or expectation.get("main"):
        return code
    declarations, statements = split_top_level(code)
    if not statements.strip():
        return declarations
    around = tuple(expectation.get("around", ["", ""]))
    extra = expectation.get("parameters", "")
    if expectation.get("each-line"):
        lines = [line for line in statements.split("\n") if line.strip()]
        return declarations + "\n" + "".join(wrap(line, f"{name}_{i}", around, extra) for i, line in enumerate(lines))
    return declarations + "\n" + wrap(statements, name, around, extra)


def diagnostic_parts(block):
    """For an *Analyzer diagnostics* block: [(kind, code)] split at `// Wrong` / `// Right`."""
    parts, kind, current = [], None, []
    for line in block.code.split("\n"):
        if line.startswith(("// Wrong", "// Right")):
            if kind:
                parts.append((kind, "\n".join(current)))
            kind, current = line[3:8].lower(), []
        else:
            current.append(line)
    if kind:
        parts.append((kind, "\n".join(current)))
    return parts


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


def main():
    every, expectations, preludes = load()
    if "--list" in sys.argv:
        for block in every:
            print(f"{block.place}\t{block.key}")
        return
    targets, wrong, skipped = [], [], []
    by_key = {block.key: block for block in every}
    for number, block in enumerate(every):
        expectation = expectations.get(block.key, {})
        if "skip" in expectation:
            skipped.append((block, expectation["skip"]))
            continue
        if expectation.get("apple-only") and sys.platform != "darwin":
            skipped.append((block, "needs SwiftUI: compiled on Apple platforms only"))
            continue
        document = block.key.split(" › ")[0]
        prelude = prelude_of(expectation, preludes, document)
        # Every example of *Analyzer diagnostics* uses the declarations of its overview.
        shared = [DIAGNOSTICS_OVERVIEW] if document == "AnalyzerDiagnostics.md" and block.key != DIAGNOSTICS_OVERVIEW else []
        shared_source = ""
        for key in shared + expectation.get("with", []):
            shared_source += "\n" + source_of(by_key[key], expectations.get(key, {}), f"with_{len(shared_source)}")
        prelude += shared_source
        name = f"Snippet{number:03}"
        parts = diagnostic_parts(block) if document == "AnalyzerDiagnostics.md" else []
        if parts:
            section = block.key.split(" › ")[1].split("`")[1]
            for i, (kind, code) in enumerate(parts):
                part = Block.__new__(Block)
                part.key, part.place, part.code, part.shown = block.key, block.place, code, None
                source = source_of(part, expectation, f"{name.lower()}_{i}")
                if kind == "wrong":
                    # Only what the section asks for: the article's helpers would hide some mistakes.
                    defaults = preludes if expectation.get("prelude") else {**preludes, document: ""}
                    own = prelude_of(expectation, defaults, document) + "\n" + shared_source
                    wrong.append((block, f"{name}_{i}", own, source, section, None, expectation))
                else:
                    targets.append((block, f"{name}_{i}", prelude, source))
        elif "fails" in expectation:
            wrong.append((block, name, prelude, source_of(block, expectation, name.lower()),
                          expectation["fails"], block.shown, expectation))
        elif expectation.get("continues") and targets:
            previous = targets.pop()
            targets.append((previous[0], previous[1], previous[2],
                            previous[3] + "\n" + source_of(block, expectation, name.lower())))
        else:
            targets.append((block, name, prelude, source_of(block, expectation, name.lower())))

    MAIN.update(key for key, value in expectations.items() if isinstance(value, dict) and value.get("main"))
    write_package(targets)
    failures = check_wrong(wrong) + build(targets)
    print(f"doc snippets: {len(targets)} targets built with the analysis plugin, "
          f"{len(wrong)} mistakes reported as the text shows, {len(skipped)} not compiled here:")
    for block, reason in skipped:
        print(f"  {block.place}: {reason}")
    if failures:
        for failure in failures:
            print(failure, file=sys.stderr)
        sys.exit(1)


def swift(command, *arguments):
    """`swift <command> --package-path <scratch package>`, in the scratch path if one was given."""
    scratch = sys.argv[sys.argv.index("--scratch-path") + 1] if "--scratch-path" in sys.argv else None
    return ["swift", command, "--package-path", str(PACKAGE)] + (["--scratch-path", scratch] if scratch else []) \
        + list(arguments)


def analyzer():
    bin_path = subprocess.run(swift("build", "--show-bin-path"),
                              capture_output=True, text=True, check=True).stdout.strip()
    return Path(bin_path) / "implicits-analyzer"


def check_wrong(wrong):
    if not wrong:
        return []
    subprocess.run(swift("build", "--product", "implicits-analyzer"),
                   check=True)
    tool, failures = analyzer(), []
    for block, name, prelude, source, diagnostic_id, shown, expectation in wrong:
        directory = SCRATCH / "wrong" / name
        directory.mkdir(parents=True, exist_ok=True)
        snippet = directory / ("main.swift" if expectation.get("main") else "Snippet.swift")
        (directory / "Prelude.swift").write_text("import Implicits\n" + prelude)
        snippet.write_text("import Implicits\n" + source)
        result = subprocess.run([str(tool), "check", "--module-name", name] + expectation.get("analyzer-arguments", [])
                                + [str(directory / "Prelude.swift"), str(snippet)], capture_output=True, text=True)
        output = result.stdout + result.stderr
        if f"[#{diagnostic_id}]" not in output:
            failures.append(f"{block.place}: error: {block.key} shows a mistake, but the analyzer did not "
                            f"report [#{diagnostic_id}] (exit {result.returncode}):\n{output}")
            continue
        reported = {m.group(1) for m in re.finditer(r": (?:error|warning|note): (.*)$", output, re.M)}
        for message in re.findall(r": (?:error|warning|note): (.*)$", shown or "", re.M):
            if message not in reported:
                failures.append(f"{block.place}: error: the text shows '{message}', the analyzer reported:\n"
                                + "\n".join(sorted(reported)))
    return failures


def write_package(targets):
    sources = PACKAGE / "Sources"
    sources.mkdir(parents=True, exist_ok=True)
    wanted = {"DocWorld"} | {name for _, name, _, _ in targets}
    for stale in sources.iterdir():
        if stale.name not in wanted:
            for file in stale.iterdir():
                file.unlink()
            stale.rmdir()
    world = sources / "DocWorld"
    world.mkdir(exist_ok=True)
    write_if_changed(world / "DocWorld.swift", (HERE / "DocWorld.swift").read_text())
    declared = []
    for block, name, prelude, source in targets:
        directory = sources / name
        directory.mkdir(exist_ok=True)
        header = f"// {block.key}\n// {block.place}\nimport DocWorld\nimport Implicits\n"
        main = block.key in MAIN
        if main:
            write_if_changed(directory / "Prelude.swift", header + prelude + "\n")
        file = "main.swift" if main else "Snippet.swift"
        write_if_changed(directory / file, (header + source if main else header + prelude + "\n" + source) + "\n")
        for stale in directory.iterdir():
            if stale.name not in (file, "Prelude.swift" if main else file):
                stale.unlink()
        kind = "executableTarget" if main else "target"
        declared.append(f'    .{kind}(name: "{name}", dependencies: deps, plugins: plugin),')
    manifest = f"""// swift-tools-version: 6.1
// Generated by Tests/DocSnippets/check.py: one target per swift block of the docs.
import PackageDescription

let deps: [Target.Dependency] = [
  "DocWorld", .product(name: "Implicits", package: "Implicits"),
  .product(name: "ImplicitsTesting", package: "Implicits"),
]
let plugin: [Target.PluginUsage] = [.plugin(name: "ImplicitsAnalysisPlugin", package: "Implicits")]
let package = Package(
  name: "DocSnippets",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [],
  dependencies: [.package(name: "Implicits", path: "{ROOT}")],
  targets: [
    .target(name: "DocWorld"),
{chr(10).join(declared)}
  ]
)
"""
    write_if_changed(PACKAGE / "Package.swift", manifest)


def write_if_changed(path, text):
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def build(targets):
    result = subprocess.run(swift("build"), capture_output=True, text=True)
    if result.returncode == 0:
        return []
    output = result.stdout + result.stderr
    failures = []
    for block, name, _, _ in targets:
        lines = [line for line in output.split("\n") if f"/Sources/{name}/" in line and ": error:" in line]
        if lines:
            failures.append(f"{block.place}: error: {block.key} does not compile ({PACKAGE}/Sources/{name}):\n  "
                            + "\n  ".join(lines))
    return failures or [f"error: the snippet package did not build:\n{output[-4000:]}"]


if __name__ == "__main__":
    main()
