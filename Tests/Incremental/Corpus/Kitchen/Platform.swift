import Implicits

// What differs per platform and per build: a haptic on devices, verbose logs in debug builds.

#if canImport(UIKit)
import UIKit

enum Haptics {
  static func confirm(_ scope: ImplicitScope) {
    @Implicit var flags: FeatureFlags
    if flags.expressCheckout { UINotificationFeedbackGenerator().notificationOccurred(.success) }
  }
}
#else
enum Haptics {
  static func confirm(_ scope: ImplicitScope) {
    @Implicit var logger: any Logging
    logger.log("haptic: confirm")
  }
}
#endif

func logOrder(_ order: Order, _ scope: ImplicitScope) {
  #if DEBUG
  @Implicit var logger: any Logging
  logger.log("order \(order.id): \(order.lines.count) lines", scope)
  #endif
  Haptics.confirm(scope)
}
