#if ImplicitsMacros
import Testing
@Test func macroPluginBuilds() { #expect(Bool(true)) }
#endif
