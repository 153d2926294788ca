import Implicits

public enum ShelfAction: Equatable, Sendable {
  case load
  case loaded([String])
  case rate(String, Int)
  case failed(String)
}

public struct ShelfState: Equatable, Sendable {
  public var books: [String] = []
  public var ratings: [String: Int] = [:]
  public var error: String?
  public init() {}
}

/// An effect runs after the reducer, in the scope the store restores, and may feed an
/// action back.
public typealias Effect = @Sendable (ImplicitScope) async -> ShelfAction?

public struct ShelfReducer: Sendable {
  public init() {}

  public func reduce(_ state: inout ShelfState, _ action: ShelfAction) -> [Effect] {
    switch action {
    case .load:
      return [{ scope in
        @Implicit var api: any APIClient
        do {
          return .loaded(try await api.fetch("/books"))
        } catch {
          return .failed("\(error)")
        }
      }]
    case let .loaded(books):
      state.books = books
      state.error = nil
      return [saveCount(books.count)]
    case let .rate(title, stars) where (1...5).contains(stars):
      state.ratings[title] = stars
      return [
        { scope in
          @Implicit var database: Database
          database.save(title, stars)
          return nil
        },
        { scope in
          log("rated \(title)", scope)
          return nil
        },
      ]
    case .rate:
      return []
    case .failed(let message):
      state.error = message
      return []
    }
  }

  private func saveCount(_ count: Int) -> Effect {
    { scope in
      @Implicit var database: Database
      database.save("count", count)
      return nil
    }
  }
}

/// Runs actions through the reducer and their effects in the scope it was made in.
@MainActor
public final class Store {
  public private(set) var state = ShelfState()
  private let reducer = ShelfReducer()
  private let implicits: Implicits

  public init(_ scope: ImplicitScope) {
    implicits = Implicits.captureAll()
  }

  public func send(_ action: ShelfAction) async {
    let effects = reducer.reduce(&state, action)
    for effect in effects {
      let next = await withScope(with: implicits) { scope in
        await effect(scope)
      }
      if let next {
        await send(next)
      }
    }
  }
}
