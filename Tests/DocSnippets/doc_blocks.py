"""The swift blocks of README.md and the DocC catalog, and the Swift source each becomes.

A block is compiled as written, except: `…` is removed, and statements at the top level are
moved into a function of their own (declarations stay at the top level), since only
`main.swift` may hold statements. `expectations.json` says what a block needs around it.
"""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DOCUMENTS = [ROOT / "README.md"] + sorted((ROOT / "Sources/Implicits/Documentation.docc").rglob("*.md"))
DECLARATION = re.compile(
    r"^(import|@_spi|func|struct|class|final|enum|extension|actor|protocol|public|private|"
    r"fileprivate|internal|typealias|@Suite|@Test|@MainActor|@Observable|@available|#if|#endif|#else)\b")


class Block:
    """The n-th (`index`) swift block under a heading, at `line` of a document."""

    def __init__(self, document, heading, index, line, code, shown):
        self.document, self.heading, self.index, self.line = document, heading, index, line
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
    """The non-swift fenced block that follows after at most a paragraph of prose."""
    for j in range(i, min(i + 8, len(lines))):
        if lines[j].startswith("#"):
            return None
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


def stand_in_swiftui(code):
    """A SwiftUI block as the stand-in module (`SwiftUIStandIn.swift`) compiles it where SwiftUI
    does not exist: its macros replaced by what they stand for. `#Preview { … }` becomes a
    main-actor function returning the view, `@Entry var name = Type(…)` an environment value
    computed from that expression; everything else is compiled as written."""
    code = re.sub(r"^(\s*)#Preview \{", r"\1@MainActor func preview() -> some View {", code, flags=re.M)
    return re.sub(r"@Entry var (\w+) = (\w+)(\(.*\))",
                  r"var \1: \2 { get { \2\3 } set {} }", code)
