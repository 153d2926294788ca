"""The `Package.swift` blocks of README and the DocC catalog, checked against this package.

A manifest fragment is not Swift that a snippet module can compile: it is part of a manifest.
Each one is spliced into the manifest it is a part of — a whole manifest as it is; the
`platforms:`/`dependencies:`/`targets:` arguments into `Package(name: …)`; a `.package(…)`
line into the dependencies; a `.target(…)` into the targets, beside a dependency on this
package by path — and SwiftPM evaluates it with `swift package dump-package`, which needs no
resolution and no build. That finds what does not parse or type-check. What SwiftPM checks
only when it loads the package graph (and would report to a user at their first build) is
checked here against this package's own dump: every product and plugin a fragment takes
from this package exists, a plugin is a plugin product, every trait it enables is declared,
a path dependency leads to a package, and each platform it names is at least this package's
minimum — a whole manifest or `Package` arguments must name one, since SwiftPM's defaults
(macOS 10.13, iOS 12) are below it.
"""
import json
import os
import re
import subprocess
from pathlib import Path

from doc_blocks import ROOT

HEADER = "// swift-tools-version: 6.1\nimport PackageDescription\n\n"
# What a fragment is a part of, by its first line; the template it is spliced into
# ("{}" is where it goes).
KINDS = [
    ("whole", re.compile(r"^// swift-tools-version:"), "{}"),
    ("dependency", re.compile(r"^\.package\("),
     HEADER + 'let package = Package(\n  name: "Fragment",\n  dependencies: [\n{}\n  ],\n  targets: []\n)\n'),
    ("target", re.compile(r"^\.(target|executableTarget|testTarget|macro|plugin)\("),
     HEADER + 'let package = Package(\n  name: "Fragment",\n  dependencies: [.package(path: "../implicits")],\n'
              '  targets: [\n{}\n  ]\n)\n'),
    ("arguments", re.compile(r"^(platforms|dependencies|targets|products|swiftLanguageModes):"),
     HEADER + 'let package = Package(\n  name: "Fragment",\n{}\n)\n'),
]
# How a platform of the dump is spelled in a manifest, to find its line.
PACKAGE_LINE = r"\.package\("
PLATFORM_SPELLING = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS",
                     "maccatalyst": "macCatalyst", "visionos": "visionOS"}


def dump(package, scratch):
    """(exit status, JSON or SwiftPM's output) of `swift package dump-package`."""
    result = subprocess.run(["swift", "package", "--package-path", str(package), "--scratch-path", str(scratch),
                             "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        return result.returncode, result.stderr + result.stdout
    return 0, json.loads(result.stdout)


class PackageFacts:
    """What a consumer can take from this package: its dump, read once."""

    def __init__(self, description):
        self.products = {p["name"]: next(iter(p["type"])) for p in description["products"]}
        self.traits = {t["name"] for t in description["traits"]}
        self.platforms = {p["platformName"]: p["version"] for p in description["platforms"]}

    @staticmethod
    def of_root(scratch):
        status, description = dump(ROOT, Path(scratch) / "root")
        if status != 0:
            raise SystemExit(f"error: `swift package dump-package` of this package failed:\n{description}")
        return PackageFacts(description)


class Fragment:
    """A manifest block: the manifest it is spliced into and where the block's lines sit in it."""

    def __init__(self, block):
        self.block = block
        code = block.code.strip("\n")
        first = next((line for line in code.split("\n") if line.strip() and not line.startswith("//")), "")
        first = code.split("\n")[0] if code.startswith("// swift-tools-version:") else first
        match = next((kind for kind in KINDS if kind[1].match(first)), None)
        if match is None:
            self.kind, self.manifest, self.first_line = None, None, 0
            return
        self.kind, template = match[0], match[2]
        self.manifest = template.replace("{}", code)
        # The 1-based manifest line of the block's first line.
        self.first_line = template[: template.index("{}")].count("\n") + 1

    def document_line(self, manifest_line):
        """Where a line of the spliced manifest is in the document (the fence for the template's own)."""
        offset = manifest_line - self.first_line
        inside = 0 <= offset < len(self.block.code.strip("\n").split("\n"))
        return self.block.line + 1 + offset if inside else self.block.line

    def line_of(self, pattern):
        """The document line of the block's first line matching `pattern` (the fence if none)."""
        for number, line in enumerate(self.block.code.strip("\n").split("\n")):
            if re.search(pattern, line):
                return self.block.line + 1 + number
        return self.block.line


def check_fragment(fragment, facts, scratch):
    """The failures of one manifest fragment, as messages that name the document and line.
    `facts` is a callable returning this package's PackageFacts (shared, computed once)."""
    block = fragment.block
    where = lambda line: f"{block.document.relative_to(ROOT)}:{line}: error: {block.key}"
    if fragment.kind is None:
        return [f"{where(block.line)}: a manifest block, but not a whole Package.swift, `Package` arguments, "
                "a `.package(…)` line or a target: which part of a manifest it is cannot be told"]
    directory = Path(scratch) / "manifests" / block_directory(block)
    directory.mkdir(parents=True, exist_ok=True)
    link = directory.parent / "implicits"  # what `.package(path: "../implicits")` names
    if not link.is_symlink():
        try:
            link.symlink_to(ROOT)
        except FileExistsError:  # another fragment's check made it at the same moment
            pass
    (directory / "Package.swift").write_text(fragment.manifest)
    status, description = dump(directory, directory / ".build")
    if status != 0:
        return [parse_failure(fragment, description, where)]
    return consistency_failures(fragment, description, facts(), where, directory)


def block_directory(block):
    return re.sub(r"[^A-Za-z0-9]+", "-", block.key).strip("-")


def parse_failure(fragment, output, where):
    """SwiftPM's errors, each at the document line it points to: a compiler error's line, or
    for a manifest SwiftPM rejects (`unknown package 'x' in dependencies of target 'y'`) the
    first line that names what the message quotes."""
    errors = []
    for match in re.finditer(r"Package\.swift:(\d+):(\d+): error: (.*)", output):
        errors.append(f"{where(fragment.document_line(int(match.group(1))))}: as part of a "
                      f"Package.swift ({fragment.kind}), SwiftPM cannot evaluate it: {match.group(3)}")
    for match in re.finditer(r"^error: '[^']*': (.*)$", output, re.M):
        message = match.group(1)
        if message.startswith("Invalid manifest"):  # the compiler's errors above say why
            continue
        named = [fragment.line_of('"' + re.escape(name) + '"') for name in re.findall(r"'([^']+)'", message)]
        line = next((n for n in named if n != fragment.block.line), fragment.block.line)
        errors.append(f"{where(line)}: as part of a Package.swift ({fragment.kind}), SwiftPM rejects it: {message}")
    if not errors:
        errors.append(f"{where(fragment.block.line)}: `swift package dump-package` failed:\n{output.strip()}")
    return "\n".join(errors)


def consistency_failures(fragment, description, facts, where, directory):
    failures = []
    declared, ours = set(), set()  # the identities of every dependency, and of this package's
    for dependency in description["dependencies"]:
        kind, (details,) = next(iter(dependency.items()))
        identity = details["identity"]
        declared.add(identity)
        if kind == "fileSystem":
            path = Path(details["path"])
            if not (path / "Package.swift").exists():
                failures.append(f"{where(fragment.line_of(PACKAGE_LINE))}: depends on the path "
                                f"'{os.path.relpath(path, directory)}', which holds no package")
                continue
            if path.resolve() != ROOT.resolve():
                continue  # another package: not ours to check
        elif identity != "implicits":
            continue  # a URL of another package
        ours.add(identity)
        for trait in details.get("traits") or []:
            if trait["name"] not in facts.traits:
                failures.append(f"{where(fragment.line_of('traits:'))}: enables the trait '{trait['name']}', which "
                                f"this package does not declare (its traits: {', '.join(sorted(facts.traits))})")
    for target in description["targets"]:
        for dependency in target["dependencies"]:
            # A target by name: the fragment does not show the package it is in. (A product of a
            # package the manifest does not depend on, SwiftPM itself rejects.)
            if "product" not in dependency:
                continue
            name, package = dependency["product"][0], dependency["product"][1].lower()
            line = fragment.line_of(r'\.product\(name: "' + re.escape(name) + '"')
            if package in ours and facts.products.get(name) != "library":
                failures.append(f"{where(line)}: target "
                                f"'{target['name']}' links '{name}', which is not a library product of this package "
                                f"(its libraries: {', '.join(sorted(p for p, t in facts.products.items() if t == 'library'))})")
        for usage in target.get("pluginUsages") or []:
            name, package = usage["plugin"][0], (usage["plugin"][1] or "").lower()
            line = fragment.line_of(r'\.plugin\(name: "' + re.escape(name) + '"')
            if package in ours and facts.products.get(name) != "plugin":
                failures.append(f"{where(line)}: target "
                                f"'{target['name']}' applies the plugin '{name}', which is not a plugin product of "
                                f"this package (its plugins: "
                                f"{', '.join(sorted(p for p, t in facts.products.items() if t == 'plugin'))})")
            elif package and package not in declared:
                failures.append(f"{where(line)}: target "
                                f"'{target['name']}' applies a plugin of package '{package}', which the manifest "
                                "does not depend on")
    failures += platform_failures(fragment, description, facts, where)
    return failures


def platform_failures(fragment, description, facts, where):
    failures = []
    declared = {p["platformName"]: p["version"] for p in description["platforms"]}
    if fragment.kind in ("whole", "arguments") and not declared:
        minimum = ", ".join(f"{PLATFORM_SPELLING.get(p, p)} {v}" for p, v in facts.platforms.items())
        failures.append(f"{where(fragment.block.line)}: names no `platforms:`, so on Apple platforms SwiftPM's "
                        f"defaults apply, which are below this package's ({minimum})")
    for platform, version in declared.items():
        minimum = facts.platforms.get(platform)
        if minimum and version_tuple(version) < version_tuple(minimum):
            spelling = PLATFORM_SPELLING.get(platform, platform)
            line = fragment.line_of(r"\." + spelling + r"\(")
            failures.append(f"{where(line)}: {spelling} {version} is below "
                            f"{minimum}, the oldest this package supports")
    return failures


def version_tuple(version):
    return tuple(int(part) for part in version.split("."))
