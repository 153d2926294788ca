#if ImplicitsAnalysis
import Testing
@testable import ImplicitsAnalysis

/// `#fileID` as the support file spells it: the module and the path's last component,
/// however the path is written.
@Suite struct FileIDTests {
  @Test(arguments: [
    ("/work/App/Sources/Feed/FeedView.swift", "App/FeedView.swift"),
    ("FeedView.swift", "App/FeedView.swift"),
    ("Sources//FeedView.swift", "App/FeedView.swift"),
    ("./Views/Feed View+Rows.swift", "App/Feed View+Rows.swift"),
    ("/work/App/Sources/", "App/Sources"),
    ("/", "App//"),
  ])
  func lastComponent(path: String, fileID: String) {
    #expect(ImplicitsNaming.fileID(module: "App", path: path) == fileID)
  }
}
#endif
