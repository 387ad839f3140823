/// An element a panel exposes to assistive technology (its accessibility tree), recorded
/// beside its pixels: a role and a label.
public struct SemanticElement: Hashable, Sendable, CustomStringConvertible {
    /// The element's role.
    public enum Role: String, Hashable, Sendable {
        /// Plain text, a button, a progress indicator (spinner, skeleton), an image, a list row.
        case text, button, progressIndicator, image, row
    }

    /// The role.
    package var role: Role
    /// What a screen reader says.
    package var label: String

    /// An element with its role and the label a screen reader says.
    public init(role: Role, label: String) {
        self.role = role
        self.label = label
    }

    /// `role: label`, e.g. `button: Try again`, as reports list elements.
    public var description: String { "\(role.rawValue): \(label)" }
}
