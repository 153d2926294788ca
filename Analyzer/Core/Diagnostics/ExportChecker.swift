#if ImplicitsAnalysis
/// `--enable-exporting`: functions marked `@_spi(Implicits)` get exported wrappers, which
/// only makes sense for public implicit functions.
enum ExportChecker {
  static func check(_ files: [FileSummary]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for file in files {
      for function in file.declarations.functions where function.isSPIImplicits {
        if !function.isImplicit {
          diagnostics.append(.error(
            .exportNotImplicit, "'@_spi(Implicits)' function '\(function.signature)' takes no ImplicitScope; only implicit functions are exported",
            at: function.location))
        } else if function.access < .public {
          diagnostics.append(.error(
            .exportNotPublic, "'@_spi(Implicits)' function '\(function.signature)' must be 'public' to be exported",
            at: function.location))
        }
      }
    }
    return diagnostics
  }
}
#endif
