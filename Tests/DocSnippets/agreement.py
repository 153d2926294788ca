"""What README and the DocC catalog must say alike, checked without compiling anything.

- A block marked `"same-as": "<key>"` in `expectations.json` shows the same code as that other
  block (README's first example and the catalog's overview, say): compared line by line,
  ignoring comments and spacing, so one cannot change without the other.
- Every diagnostic ID the documents name — `[#id]` in a diagnostic shown, or a kebab-case
  name in backticks such as `bag-unknown` — has its section in *Analyzer diagnostics*,
  whose sections `DiagnosticCatalogTests` ties to the analyzer's own list of IDs.
"""
import re

from doc_blocks import DOCUMENTS, ROOT

CATALOG = ROOT / "Sources/Implicits/Documentation.docc/Articles/AnalyzerDiagnostics.md"
# Kebab-case names in backticks that are not diagnostic IDs: the package's executable and
# the files of the analyzer's cache directory (BuildTimeAnalysis.md describes them).
NOT_IDS = {"implicits-analyzer", "resolved-keys"}


def code_lines(code):
    """The code without comments, blank lines and differences in spacing."""
    lines = (re.sub(r"\s+", " ", line.split("//")[0]).strip() for line in code.split("\n"))
    return [line for line in lines if line]


def same_as_failures(every, expectations):
    by_key = {block.key: block for block in every}
    failures = []
    for key, expectation in expectations.items():
        other = expectation.get("same-as")
        if not other:
            continue
        if other not in by_key:
            failures.append(f"error: expectations.json: {key} is the same as '{other}', which no document has")
            continue
        block, twin = by_key[key], by_key[other]
        mine, theirs = code_lines(block.code), code_lines(twin.code)
        if mine != theirs:
            first = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
            shown = lambda lines: lines[first] if first < len(lines) else "(nothing)"
            failures.append(f"{block.place}: error: {key} must show the same code as {twin.place} ({other}); "
                            f"they differ at code line {first + 1}: '{shown(mine)}' against '{shown(theirs)}'")
    return failures


def diagnostic_id_failures():
    documented = set(re.findall(r"^### `([a-z-]+)`", CATALOG.read_text(), re.M))
    failures = []
    for document in DOCUMENTS:
        for number, line in enumerate(document.read_text().split("\n"), 1):
            named = re.findall(r"\[#([a-z]+(?:-[a-z]+)*)\]", line) + re.findall(r"`([a-z]+(?:-[a-z]+)+)`", line)
            for name in named:
                if name not in documented and name not in NOT_IDS:
                    failures.append(f"{document.relative_to(ROOT)}:{number}: error: '{name}' is not a diagnostic "
                                    f"ID of the analyzer (no section in {CATALOG.name})")
    return failures
