#!/usr/bin/env python3
"""The manifest check rejects the fragments a user could not build with, at their line.

    Tests/DocSnippets/manifests_test.py [--scratch-path DIR]

Wrong fragments, as a document could show them, go through the same check as README's and
the catalog's (`manifests.check_fragment`, a real `swift package dump-package` each); every
mistake must be reported at the document line that holds it, and nothing else. CI runs this
in the docs step, so a check that stopped finding mistakes fails there.
"""
import sys
import tempfile
import unittest
from pathlib import Path

from doc_blocks import ROOT, Block
from manifests import Fragment, PackageFacts, check_fragment

FENCE = 100  # the fence line of each block below in its pretend document
SCRATCH = Path(sys.argv[sys.argv.index("--scratch-path") + 1]) if "--scratch-path" in sys.argv \
    else Path(tempfile.mkdtemp(prefix="manifests-test-"))
FACTS = PackageFacts.of_root(SCRATCH / "manifests")


def failures(code, name):
    block = Block(ROOT / "README.md", f"Wrong {name}", 1, FENCE, code.strip("\n"), None)
    return check_fragment(Fragment(block), lambda: FACTS, SCRATCH)


def lines_of(found):
    """The document lines the failures point at."""
    return sorted(int(failure.split(":")[1]) for failure in found)


class ManifestFragmentTests(unittest.TestCase):
    def test_names_this_package_does_not_have(self):
        found = failures("""
platforms: [.macOS(.v14), .iOS(.v18)],
dependencies: [
  .package(path: "../implicits", traits: ["ImplicitsAnalyzer"]),
],
targets: [
  .target(
    name: "MyApp",
    dependencies: [.product(name: "ImplicitsTest", package: "implicits")],
    plugins: [.plugin(name: "Implicits", package: "implicits")]
  ),
]
""", "names")
        # macOS 14 (line 1), the trait (3), the product (8), a library applied as a plugin (9).
        self.assertEqual(lines_of(found), [FENCE + 1, FENCE + 3, FENCE + 8, FENCE + 9], "\n".join(found))
        self.assertIn("the trait 'ImplicitsAnalyzer'", found[0])
        self.assertIn("'ImplicitsTest', which is not a library product", "\n".join(found))
        self.assertIn("the plugin 'Implicits', which is not a plugin product", "\n".join(found))
        self.assertIn("macOS 14.0 is below 15.0", "\n".join(found))

    def test_a_fragment_that_does_not_parse(self):
        found = failures("""
.target(
  name: "Checkout"
  dependencies: [.product(name: "Implicits", package: "implicits")]
),
""", "syntax")
        self.assertEqual(len(found), 1, "\n".join(found))
        self.assertIn(f"README.md:{FENCE + 2}: error:", found[0])
        self.assertNotIn("Invalid manifest", found[0])
        self.assertIn("SwiftPM cannot evaluate it", found[0])

    def test_a_package_the_manifest_does_not_depend_on(self):
        found = failures("""
.testTarget(
  name: "ShopTests",
  dependencies: ["Shop", .product(name: "ImplicitsTesting", package: "Implicit")]
),
""", "package")
        self.assertEqual(lines_of(found), [FENCE + 3], "\n".join(found))
        self.assertIn("unknown package 'Implicit' in dependencies of target 'ShopTests'", found[0])

    def test_a_manifest_without_platforms(self):
        found = failures("""
dependencies: [.package(path: "../implicits")],
targets: [.target(name: "MyApp", dependencies: [.product(name: "Implicits", package: "implicits")])]
""", "platforms")
        self.assertEqual(lines_of(found), [FENCE], "\n".join(found))
        self.assertIn("names no `platforms:`", found[0])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
