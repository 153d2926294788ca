import Foundation
import HarborCore
import Implicits

/// A protocol every feature module conforms to; what it does at launch is an extension.
public protocol Feature {
  var name: String { get }
}

extension Feature {
  /// Logs the feature's start; a default every feature shares.
  public func start(_ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    logger.info("starting \(name)")
    return name
  }
}

public struct SearchFeature: Feature {
  public let name = "search"
  public init() {}
}

public struct UploadFeature: Feature {
  public let name = "upload"
  public init() {}
}

/// Starts any features, existential or generic.
public func startAll(_ features: [any Feature], _ scope: ImplicitScope) -> [String] {
  features.map { $0.start(scope) }
}

public func startOne(_ feature: some Feature, _ scope: ImplicitScope) -> String {
  feature.start(scope)
}

public enum DeviceInfo {
  public static func describe(_ scope: ImplicitScope) -> String {
    @Implicit(\.deviceName) var deviceName: String // expected-note@:33 {{'\.deviceName' is read here}}
    #if os(Linux)
    return "linux:\(deviceName)"
    #else
    return "apple:\(deviceName)"
    #endif
  }
}

/// The app's launch: opens the root scope from the container's services.
public enum AppLauncher {
  public static func launch(showGallery: Bool) -> [String] {
    let container = AppContainer.shared
    let scope = ImplicitScope() // expected-error@:17 [unresolved-implicit] {{unresolved implicit 'ImageCache' at this entry point}}
    defer { scope.end() }
    @Implicit var logger = Logger(label: "app")
    @Implicit var api = container.api
    @Implicit var session = container.session
    #if os(iOS)
    @Implicit(\.deviceName) var deviceName = "iPhone"
    #elseif os(macOS)
    @Implicit(\.deviceName) var deviceName = "Mac"
    #else
    @Implicit(\.deviceName) var deviceName = ProcessInfo.processInfo.hostName.isEmpty ? "box" : "linux-box"
    #endif
    var events: [String] = []
    let tabs = TabsViewController(scope)
    tabs.present()
    events.append(contentsOf: tabs.children.compactMap(\.title))
    if showGallery {
      let gallery = GalleryViewController(cache: container.imageCache, scope) // expected-note@:21 {{'ImageCache' is required by the call to 'GalleryViewController.init(cache:_:)' here}}
      gallery.present()
      gallery.cells.first?.onSelect?(2)
      events.append("gallery \(gallery.cells.count) \(gallery.selected)")
    }
    events += startAll([SearchFeature(), UploadFeature()], scope)
    events.append(startOne(SearchFeature(), scope))
    session.userName = "ada"
    events.append("session changes \(session.changes)")
    events.append(DeviceInfo.describe(scope))
    events.append("log \(logger.count)")
    return events
  }

  /// The home-screen widget starts with less: no screens, the device name only.
  public static func launchWidget() -> String {
    withScope { scope in // expected-error@:5 [unresolved-implicit] {{unresolved implicit '\.deviceName' at this entry point}}
      #if !os(Linux) // expected-note@:7 {{reported where 'os(Linux)' holds; the analyzer does not know which configuration is built, so the code must be correct in each}}
      @Implicit(\.deviceName) var deviceName = "widget"
      #endif
      return DeviceInfo.describe(scope)                  // P3: no `\.deviceName` on Linux // expected-note@:14 {{'\.deviceName' is required by the call to 'describe(_:)' here}}
    }
  }
}
