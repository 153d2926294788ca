// Declarations in alternative `#if` branches are one function, whichever compiles.
struct Camera { init() {} }
struct PhotoLibrary { init() {} }

#if os(iOS) // expected-note@:1 {{reported where 'os(iOS)' does not hold}}
func pickImage(_ scope: ImplicitScope) {
  @Implicit var camera: Camera
}
#else
func pickImage(_ scope: ImplicitScope) {
  @Implicit var library: PhotoLibrary // expected-note@:17 {{'PhotoLibrary' is read here}}
}
#endif

final class AvatarEditor {
  init() {}
  #if DEBUG
  func preview(_ scope: ImplicitScope) {}
  #else
  func preview(_ scope: ImplicitScope) {
    pickImage(scope)
  }
  #endif
}

func editProfile() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var camera = Camera()
  @Implicit var library = PhotoLibrary()
  pickImage(scope)
  AvatarEditor().preview(scope)
}

func editProfileWithCameraOnly() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'PhotoLibrary' at this entry point}}
  defer { scope.end() }
  @Implicit var camera = Camera()
  pickImage(scope) // expected-note@:3 {{'PhotoLibrary' is required by the call to 'pickImage(_:)'}}
}
