import ImplicitsTesting
import StudioApp
import StudioCore
import XCTest

final class StudioXCTests: XCTestCase {
  override func invokeTest() {
    withImplicits({
      @Implicit var logger = Logger(label: "xctest")
      @Implicit var store = KeyValueStore()
      @Implicit(\.author) var author = "xavier"
    }) {
      super.invokeTest()
    }
  }

  func testEditSavesWithTheAuthor() {
    let result = withScope { scope in Studio.edit(scope) }
    XCTAssertEqual(result, "hello|saved=1|undo=true")
  }

  func testRenameUndoesWithItsAuthor() {
    let id = withScope { scope in Studio.renameAndUndo("memo", scope) }
    XCTAssertEqual(id, "memo")
  }

  func testAsyncIndexDeclaresItsOwn() async {
    let found = await withImplicits({
      @Implicit var logger = Logger(label: "async")
      @Implicit(\.author) var author = "ann"
    }) {
      await withScope { scope in await Studio.index(["swift"], scope) }
    }
    XCTAssertEqual(found, ["d0"])
  }

  func testPlayMovesTheEntity() async {
    let line = await withImplicits({
      @Implicit var logger = Logger(label: "game")
      @Implicit var store = KeyValueStore()
      @Implicit var analytics = AnalyticsService()
      @Implicit(\.authToken) var token = "abc"
    }) {
      await withScope { scope in await Studio.play(scope) }
    }
    XCTAssertTrue(line.hasSuffix("post#3 game"), line)
  }
}
