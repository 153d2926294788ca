// Only the imports README's Testing section shows: ImplicitsTesting re-exports Implicits.
import ImplicitsTesting
import MyApp
import Synchronization
import Testing

final class RecordingOutput: Output {
  private let lines = Mutex<[String]>([])
  var written: [String] { lines.withLock { $0 } }
  func write(_ line: String) { lines.withLock { $0.append(line) } }
}

@Suite(.implicits { @Implicit(\.userName) var userName = "Ada" })
struct GreeterTests {
  @Test func greetsTheUserFromTheSuiteTrait() {
    let recorder = RecordingOutput()
    withScope { scope in
      @Implicit var output: any Output = recorder
      greetUser(scope)
    }
    #expect(recorder.written == ["Hello, Ada!"])
  }

  @Test(.implicits {
    @Implicit(\.userName) var userName = "Grace"
    @Implicit(\.repeats) var repeats = 2
  })
  func aTestsTraitShadowsTheSuites() async {
    let recorder = RecordingOutput()
    await withScope { scope in
      @Implicit var output: any Output = recorder
      await Task.yield()
      greetUser(scope)
    }
    #expect(recorder.written == ["Hello, Grace!", "Hello, Grace!"])
  }
}
