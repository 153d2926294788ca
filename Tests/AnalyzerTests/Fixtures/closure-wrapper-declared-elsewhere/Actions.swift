// A function of the module that happens to be named like a closure wrapper, declared in
// another file than its call: the call is not taken for a wrapper silently.
func withUndoImplicits(_ action: @escaping (String) -> Void) -> () -> Void { // expected-note@:6 {{'withUndoImplicits' is declared here}}
  { action("undo") }
}

// Called in the file that declares it: an ordinary function, no diagnostic.
func withRedoImplicits(_ action: @escaping (Int, String) -> Void) -> (Int) -> Void {
  { action($0, "redo") }
}

func redo() {
  _ = withRedoImplicits { (step: Int, label) in print(step, label) }
}
