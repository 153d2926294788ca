// A value whose type is written (a parameter `formatter: RowFormatter`, a stored property,
// an optional, a local `let formatter: RowFormatter = .init()`) and called as a function:
// Swift calls the type's `callAsFunction`. Such a call was taken for one through closures
// of its shape only (the written name might be a closure alias), so what `callAsFunction`
// reads went unreported (a silent miss, named by session 27, fixed in session 28). A
// closure alias of the same shape stays a closure call, with no unresolved-call.
struct Logger { init() {} }
struct Row { var id: Int }

struct RowFormatter {
  func callAsFunction(_ row: Row, _ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
    return "\(row.id)"
  }
}

typealias RowPick = (Row, ImplicitScope) -> String

func render(_ row: Row, with formatter: RowFormatter, _ scope: ImplicitScope) -> String {
  formatter(row, scope) // expected-note@:3 {{'Logger' is required by the call to 'callAsFunction(_:_:)' here}}
}

func renderMaybe(_ row: Row, with formatter: RowFormatter?, _ scope: ImplicitScope) -> String? {
  formatter?(row, scope) // expected-note@:3 {{'Logger' is required by the call to 'callAsFunction(_:_:)' here}}
}

func pick(_ row: Row, with pick: RowPick, _ scope: ImplicitScope) -> String {
  pick(row, scope) // expected-note@:3 {{'Logger' is required by the closures passed for this parameter, which is called here}}
}

final class TableViewModel {
  let formatter: RowFormatter
  var fallback: RowFormatter?
  init(formatter: RowFormatter) { self.formatter = formatter }

  func titles(_ rows: [Row], _ scope: ImplicitScope) -> [String] {
    rows.map { formatter($0, scope) } // expected-note@:14 {{'Logger' is required by the closure created here}} // expected-note@:16 {{'Logger' is required by the call to 'formatter(_:_:)' here}}
  }
  func title(_ row: Row, _ scope: ImplicitScope) -> String {
    self.formatter(row, scope) // expected-note@:5 {{'Logger' is required by the call to 'formatter(_:_:)' here}}
  }
  func fallbackTitle(_ row: Row, _ scope: ImplicitScope) -> String? {
    fallback?(row, scope) // expected-note@:5 {{'Logger' is required by the call to 'fallback(_:_:)' here}}
  }
}

struct Table {
  struct Cell {
    func callAsFunction(_ row: Row, _ scope: ImplicitScope) -> String {
      @Implicit var logger: Logger // expected-note@:21 {{'Logger' is read here}}
      return ""
    }
  }
  let cell: Cell
  func draw(_ row: Row, _ scope: ImplicitScope) -> String { cell(row, scope) } // expected-note@:61 {{'Logger' is required by the call to 'cell(_:_:)' here}}
}

func missing() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  let row = Row(id: 1)
  _ = render(row, with: RowFormatter(), scope) // expected-note@:7 {{'Logger' is required by the call to 'render(_:with:_:)' here}}
  _ = renderMaybe(row, with: nil, scope) // expected-note@:7 {{'Logger' is required by the call to 'renderMaybe(_:with:_:)' here}}
  let model = TableViewModel(formatter: RowFormatter())
  _ = model.titles([row], scope) // expected-note@:7 {{'Logger' is required by the call to 'titles(_:_:)' here}}
  _ = model.title(row, scope) // expected-note@:7 {{'Logger' is required by the call to 'title(_:_:)' here}}
  _ = model.fallbackTitle(row, scope) // expected-note@:7 {{'Logger' is required by the call to 'fallbackTitle(_:_:)' here}}
  _ = Table(cell: .init()).draw(row, scope) // expected-note@:7 {{'Logger' is required by the call to 'draw(_:_:)' here}}
  let local: RowFormatter = .init()
  _ = local(row, scope) // expected-note@:7 {{'Logger' is required by the call to 'callAsFunction(_:_:)' here}}
}

func closuresOnly() {
  let scope = ImplicitScope()
  defer { scope.end() }
  _ = pick(Row(id: 2), with: { row, _ in "\(row.id)" }, scope)
}

func closureReads() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Logger' at this entry point}}
  defer { scope.end() }
  _ = pick(Row(id: 3), with: { row, scope in // expected-note@:7 {{'Logger' is required by the call to 'pick(_:with:_:)' here}} // expected-note@:30 {{'Logger' is required by the closure created here}}
    @Implicit var logger: Logger // expected-note@:19 {{'Logger' is read here}}
    return "\(row.id)"
  }, scope)
}

func provided() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var logger = Logger()
  let row = Row(id: 4)
  _ = render(row, with: RowFormatter(), scope)
  _ = TableViewModel(formatter: RowFormatter()).fallbackTitle(row, scope)
  _ = Table(cell: .init()).draw(row, scope)
}
