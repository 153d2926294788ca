"""Checks one snippet the way the analysis plugin and SwiftPM would, without a package.

A scratch package per block made SwiftPM plan, resolve and link dozens of targets, and a new
scratch path rebuilt the analyzer (minutes). Instead this reuses what the package's own
`swift build`/`swift test` already built (`Modules/`, the macro plugin, `implicits-analyzer`):
per snippet, `implicits-analyzer check` writes the support file the plugin would (named-key
accessors, `#implicits` bags), then `swiftc -c` compiles the snippet with it. Nothing
is linked: the docs' claims are about what compiles and what the analyzer reports.
"""
import subprocess
from pathlib import Path

from doc_blocks import ROOT


class Toolchain:
    def __init__(self, bin_path, scratch):
        self.bin = Path(bin_path)
        self.scratch = Path(scratch)
        self.analyzer = self.bin / "implicits-analyzer"
        missing = [path for path in (self.analyzer, self.bin / "ImplicitsMacroPlugin-tool",
                                     self.bin / "Modules" / "Implicits.swiftmodule",
                                     self.bin / "Modules" / "ImplicitsTesting.swiftmodule") if not path.exists()]
        if missing:
            raise SystemExit("error: the snippet check uses the package's own build, which lacks "
                             + ", ".join(map(str, missing)) + ": run `swift build` (or `swift test`) first")

    def swiftc(self, *arguments):
        """swiftc with the package's modules, its C module and its macro plugin."""
        include = ROOT / "CSupport" / "include"
        return ["swiftc", "-swift-version", "6", "-I", str(self.bin / "Modules"), "-I", str(self.scratch),
                "-Xcc", f"-fmodule-map-file={include / 'module.modulemap'}", "-Xcc", "-I", "-Xcc", str(include),
                "-module-cache-path", str(self.scratch / "ModuleCache"),
                "-Xfrontend", "-load-plugin-executable",
                "-Xfrontend", f"{self.bin / 'ImplicitsMacroPlugin-tool'}#ImplicitsMacroPlugin"] + list(arguments)

    def build_world(self, source):
        """DocWorld, the app the examples talk about, as a module every snippet imports."""
        self.build_module("DocWorld", source)

    def build_module(self, name, source):
        """A module of one source file in the scratch directory, which snippets can import."""
        self.scratch.mkdir(parents=True, exist_ok=True)
        subprocess.run(["swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", name,
                        "-emit-module", "-emit-module-path", str(self.scratch / f"{name}.swiftmodule"),
                        "-module-cache-path", str(self.scratch / "ModuleCache"), str(source)], check=True)

    def analyze(self, name, files, arguments=()):
        """`implicits-analyzer check` as the plugin runs it; (exit status, output, support file)."""
        support = files[0].parent / f"{name}+ImplicitsSupport.swift"
        result = subprocess.run([str(self.analyzer), "check", "--module-name", name, *arguments,
                                 "--support-file-output", str(support),
                                 "--interface-output", str(files[0].parent / f"{name}.implicitinterface")]
                                + [str(file) for file in files], capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr, support

    def compile(self, name, files, is_main):
        """(exit status, output) of compiling the files as one module to an object file.

        Not only `-typecheck`: some diagnostics (data races found by region-based isolation,
        definite initialization) come from the SIL passes that follow type-checking."""
        mode = [] if is_main else ["-parse-as-library"]
        result = subprocess.run(self.swiftc("-c", "-wmo", *mode, "-module-name", name, *map(str, files),
                                            "-o", str(files[0].parent / f"{name}.o")),
                                capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr
