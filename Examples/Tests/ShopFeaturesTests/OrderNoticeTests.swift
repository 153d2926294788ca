import Foundation
import Implicits
import ImplicitsTesting
import ShopCore
import Testing

@testable import ShopFeatures

/// A named closure wrapper's closure reads what was captured where the wrapper was
/// called: after that scope has ended, and on a thread that sees no implicits of its own.
@Suite(.implicits { @Implicit var logger: Logger = .silent })
struct OrderNoticeTests {
  @Test func theNoticeReadsTheCapturedValuesAfterItsScopeEnded() {
    let notice = withScope { scope in
      @Implicit(\.customerName) var customer = "Ada"
      return makeOrderNotice(scope)
    }
    #expect(notice(7) == "Order 7 is on its way, Ada.")
  }

  @Test func theNoticeRunsOnAnotherThread() async {
    let notice = withScope { scope in
      @Implicit(\.customerName) var customer = "Grace"
      return makeOrderNotice(scope)
    }
    let text = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: notice(12)) }
    }
    #expect(text == "Order 12 is on its way, Grace.")
  }
}
