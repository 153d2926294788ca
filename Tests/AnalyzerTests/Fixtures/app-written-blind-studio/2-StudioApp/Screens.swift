import Implicits
import Observation
import StudioCore

/// The document list: an @Observable model the views hold, built where the app starts.
@Observable final class LibraryModel {
  @ObservationIgnored @Implicit var logger: Logger
  @Implicit @ObservationIgnored var flags: FeatureFlags
  @ObservationIgnored private let implicits = Implicits.captureAll()

  var titles: [String] = []
  var selected: EditorModel?

  init(_ scope: ImplicitScope) {}

  /// A button calls this long after the root scope ended: it restores the bag.
  func open(_ title: String) {
    logger.log("open \(title)")
    selected = withScope(with: implicits) { scope in EditorModel(title: title, scope) }
  }

  func refresh() async {
    await withScope(with: implicits) { scope in
      titles = await loadTitles(scope)
    }
  }
}

/// Reads the repository's documents through the networking layer.
func loadTitles(_ scope: ImplicitScope) async -> [String] {
  let client = APIClient(scope)
  let names = (try? await client.get("/documents", scope)) ?? ""
  return names.split(separator: ",").map(String.init)
}

/// One open document.
@Observable final class EditorModel {
  @ObservationIgnored @Implicit(\.author) var author: String
  @ObservationIgnored let session: DocumentSession
  var title: String

  init(title: String, _ scope: ImplicitScope) {
    self.title = title
    session = DocumentSession(Document(id: title, text: "", author: ""), scope)
  }
}

/// The screen: a view tree over the model, with a button per document and a `.task`.
struct LibraryScreen: View {
  let model: LibraryModel

  var body: some View {
    VStack {
      Text("Library (\(model.titles.count))")
      if model.flags.experimentalExport {
        Text("export: on")
      }
      for title in model.titles {
        Button(title) { model.open(title) }
      }
    }
    .task { await model.refresh() }
  }
}

/// A settings row whose view model is made from a bag the parent hands down, as the
/// environment would.
struct ThemeBadge: View {
  let implicits: Implicits

  var body: some View {
    Text(ThemeBadge.describe(with: implicits))
  }

  static func describe(with implicits: Implicits) -> String {
    withScope(with: implicits) { scope in
      let theme = currentTheme(scope)
      return "\(theme.background)/\(theme.fontSize)"
    }
  }
}

/// The app's root view model, on the main actor as UI code is.
@MainActor final class AppModel {
  let library: LibraryModel
  private let implicits: Implicits

  init(_ scope: ImplicitScope) {
    library = LibraryModel(scope)
    implicits = Implicits.captureAll()
  }

  /// Called from any thread by the crash reporter: it needs no actor state.
  nonisolated func crashSummary(_ scope: ImplicitScope) -> String {
    @Implicit var logger: Logger
    return "lines=\(logger.all.count)"
  }

  func badge() -> ThemeBadge { ThemeBadge(implicits: implicits) }
}
