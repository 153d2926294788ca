// The conformance in an extension of another file than the accessor.
import Implicits

public enum BackoffKey: ImplicitKeyType { public typealias Value = Int }

extension BackoffKey: DefaultImplicitKey {
  public static var defaultValue: Int { 2 }
}
