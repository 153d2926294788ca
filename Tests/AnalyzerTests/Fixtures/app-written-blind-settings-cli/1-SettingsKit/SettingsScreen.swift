import Implicits
import Observation

public struct SettingRow: Identifiable, Sendable {
  public var id: String { key }
  public let key: String
  public let title: String
  public static let all = [
    SettingRow(key: "push", title: "Notifications"),
    SettingRow(key: "sync", title: "Sync over cellular"),
  ]
}

/// Stand-ins for SwiftUI's controls: each keeps its action for later, as SwiftUI does.
public struct Button {
  public let title: String
  public let action: () -> Void
  public init(_ title: String, action: @escaping () -> Void) {
    self.title = title
    self.action = action
  }
}

public struct ForEach<Data: RandomAccessCollection, Content> {
  public let items: [Content]
  public init(_ data: Data, @ContentBuilder content: @escaping (Data.Element) -> Content) {
    items = data.map(content)
  }
}

@resultBuilder
public enum ContentBuilder {
  public static func buildBlock<C>(_ content: C) -> C { content }
}

@Observable
public final class SettingsModel {
  public var rows: [SettingRow] = SettingRow.all
  public var lastSaved: Int = 0
  @ObservationIgnored @Implicit var preferences: Preferences
  @ObservationIgnored @Implicit var clock: Clock

  public init(_ scope: ImplicitScope) {}

  public func isOn(_ row: SettingRow) -> Bool { preferences.bool(row.key) }

  public func toggle(_ row: SettingRow, _ scope: ImplicitScope) {
    preferences.set(row.key, !preferences.bool(row.key))
    lastSaved = clock.now
    track("toggle.\(row.key)", scope)
  }

  public func reset(_ scope: ImplicitScope) {
    for row in rows where preferences.bool(row.key) {
      toggle(row, scope)
    }
  }
}

/// A settings screen in the style of a SwiftUI view: its `body` builds controls whose
/// actions run later, when the user taps.
public struct SettingsScreen {
  public let model: SettingsModel

  public init(model: SettingsModel) { self.model = model }

  public func body(_ scope: ImplicitScope) -> [Button] {
    let toggleRow = withToggleRowImplicits { (row: SettingRow, scope) in
      model.toggle(row, scope)
    }
    let rows = ForEach(model.rows) { row in
      Button(row.title) { toggleRow(row) }
    }
    let reset = withResetImplicits { scope in
      model.reset(scope)
      track("reset", scope)
    }
    return rows.items + [Button("Reset", action: reset), footer(scope)]
  }

  private func footer(_ scope: ImplicitScope) -> Button {
    @Implicit(\.locale) var locale: String
    return Button("About (\(locale))", action: withAboutImplicits { scope in
      AboutScreen().show(scope)
    })
  }
}
