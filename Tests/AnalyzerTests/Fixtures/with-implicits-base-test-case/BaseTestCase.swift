// A base test case of the test target wraps every test in `withImplicits`: the tests of
// its subclasses, in other files, run with those values.
import Implicits
import ImplicitsTesting
import XCTest

protocol API {}
struct MockAPI: API {}
struct Cart { init() {} }

class BaseTestCase: XCTestCase {
  override func invokeTest() {
    withImplicits({ @Implicit var api: any API = MockAPI() }) {
      super.invokeTest()
    }
  }
}

class CartTestCase: BaseTestCase {}
