import Foundation
import Implicits

let coordinator = AppCoordinator(flags: FeatureFlags())
print(coordinator.start())
checkoutSession()
let semaphore = DispatchSemaphore(value: 0)
Task {
  await startSync(["x", "y"])
  print(try await handleConnection(HTTPRequest(method: "GET", path: "/notes/list")).body)
  print(try await handleConnection(HTTPRequest(method: "GET", path: "/notes/me")).body)
  semaphore.signal()
}
semaphore.wait()
// Each of these stops at run time (a value not declared), one per run by argument:
switch CommandLine.arguments.dropFirst().first {
case "offline":
  let done = DispatchSemaphore(value: 0)
  Task { await startOfflineSync(); done.signal() }
  done.wait()
case "health":
  let done = DispatchSemaphore(value: 0)
  Task { print(try await handleHealth(HTTPRequest(method: "GET", path: "/notes/me")).body); done.signal() }
  done.wait()
case "noclock":
  coordinator.startWithoutClock()
default:
  break
}
