import Implicits

#if DEBUG
/// In debug builds the tool talks to canned responses.
public struct MockHTTPClient: HTTPClient {
  public var responses: [String: String]
  public init(responses: [String: String] = ["/settings": "{push:true}"]) { self.responses = responses }
  public func get(_ path: String) async throws -> String { responses[path] ?? "404" }
}

func makeClient() -> any HTTPClient { MockHTTPClient() }

/// A debug overlay lists what the screen sees.
public func debugOverlay(_ scope: ImplicitScope) -> String {
  @Implicit var clock: Clock
  @Implicit(\.locale) var locale: String
  return "t=\(clock.now) locale=\(locale)"
}
#else
func makeClient() -> any HTTPClient { LiveHTTPClient() }

public func debugOverlay(_ scope: ImplicitScope) -> String { "" }
#endif
