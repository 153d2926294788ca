#if ImplicitsMacros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@NamedImplicitKey` generates what the analysis plugin generates for a named key.
@Suite struct NamedImplicitKeyMacroTests {
  @Test func generatesTagAndAccessor() {
    assertExpansion(
      """
      extension ImplicitsKeys {
        @NamedImplicitKey static let darkMode = Key<Bool>()
      }
      """,
      expandedSource: """
        extension ImplicitsKeys {
          static let darkMode = Key<Bool>()

          enum _darkMode_Tag {
          }

          var darkMode: ImplicitKey<Bool, _darkMode_Tag>.Type {
            ImplicitKey<Bool, _darkMode_Tag>.self
          }
        }
        """)
  }

  @Test func aKeyWithADefaultGetsATagThatForwardsToIt() {
    assertExpansion(
      """
      extension ImplicitsKeys {
        @NamedImplicitKey public static let retries = Key<Int>(default: 3)
      }
      """,
      expandedSource: """
        extension ImplicitsKeys {
          public static let retries = Key<Int>(default: 3)

          public enum _retries_Tag: _ImplicitsDefaultTag {
            public static var _implicitsDefault: Any? {
              ImplicitsKeys.retries._defaultValue
            }
          }

          public var retries: ImplicitKey<Int, _retries_Tag>.Type {
            ImplicitKey<Int, _retries_Tag>.self
          }
        }
        """)
  }

  @Test func copiesTheAccessLevel() {
    assertExpansion(
      """
      extension ImplicitsKeys {
        @NamedImplicitKey public static let currency = Key<[String: Int]>()
      }
      """,
      expandedSource: """
        extension ImplicitsKeys {
          public static let currency = Key<[String: Int]>()

          public enum _currency_Tag {
          }

          public var currency: ImplicitKey<[String: Int], _currency_Tag>.Type {
            ImplicitKey<[String: Int], _currency_Tag>.self
          }
        }
        """)
  }

  @Test func keepsBackticksOnKeywordNames() {
    assertExpansion(
      """
      extension ImplicitsKeys {
        @NamedImplicitKey static let `default` = Key<String>()
      }
      """,
      expandedSource: """
        extension ImplicitsKeys {
          static let `default` = Key<String>()

          enum _default_Tag {
          }

          var `default`: ImplicitKey<String, _default_Tag>.Type {
            ImplicitKey<String, _default_Tag>.self
          }
        }
        """)
  }
}
#endif
