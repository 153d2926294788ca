func edit() {
  _ = withUndoImplicits { label in print(label) } // expected-error@:7 [closure-wrapper-duplicate] {{'withUndoImplicits' is declared in this module}}
}
