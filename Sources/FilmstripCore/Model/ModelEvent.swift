/// One scripted user event of a model bench's plan, at an exact instant: what a person does to
/// the screen, which the bench's `perform` turns into a call on the team's model.
///
/// In a plan's `script`: `{"atMs": 0, "event": "appear"}`, `{"atMs": 40, "type": "query", "text": "sw"}`,
/// `{"atMs": 900, "tap": "retry"}`, `{"atMs": 5000, "event": "disappear"}`.
public struct ModelEvent: Hashable, Sendable, CustomStringConvertible {
    /// What the person did.
    public enum Action: Hashable, Sendable {
        /// Typed `text` into the field named `field` (the field's whole new text).
        case type(field: String, text: String)
        /// Tapped the control named by the string (`retry`).
        case tap(String)
        /// The screen appeared (SwiftUI's `.task` / `onAppear`).
        case appear
        /// The screen disappeared (`onDisappear`, or the `.task` being cancelled).
        case disappear
    }

    /// When, in ms since the start of the run.
    package var atMs: Int
    /// What.
    public var action: Action

    /// An event at `atMs`.
    public init(atMs: Int, _ action: Action) {
        self.atMs = atMs
        self.action = action
    }

    /// `type "sw" into query`, `tap retry`, `appear`, `disappear`: the event in the timeline.
    public var description: String {
        switch action {
        case .type(let field, let text): "type \"\(text)\" into \(field)"
        case .tap(let control): "tap \(control)"
        case .appear: "appear"
        case .disappear: "disappear"
        }
    }
}
