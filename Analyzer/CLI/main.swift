#if ImplicitsAnalysis
ImplicitsAnalyzerCommand.runAndExit()
#else
import Foundation

// Without the trait this executable is a stub, so that the plugin product still resolves.
// The usual way here is a consumer that added the package with `traits: []` (or only
// `ImplicitsMacros`) and kept the plugin on a target: say which module and what to change.
let arguments = CommandLine.arguments
let module = arguments.firstIndex(of: "--module-name").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
let subject = module.map { "cannot check module '\($0)'" } ?? "cannot check anything"
FileHandle.standardError.write(Data("""
  error: implicits-analyzer \(subject): it was built without the 'ImplicitsAnalysis' trait \
  (the package was added with `traits: []` or `traits: ["ImplicitsMacros"]`). Either take \
  `.plugin(name: "ImplicitsAnalysisPlugin", package: "implicits")` out of the target's \
  `plugins:`, or enable the trait: `traits: ["ImplicitsAnalysis"]`, or no `traits:` for the defaults.

  """.utf8))
exit(2)
#endif
