/// An optional that a report writes as JSON `null` when absent, where a plain optional member
/// would be left out: a reader sees that the field exists and has no value.
package struct Nullable<Wrapped: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The value, or nil for `null`.
    package var value: Wrapped?

    /// Wraps `value`; nil is written as JSON `null`.
    package init(_ value: Wrapped?) {
        self.value = value
    }

    /// Decodes JSON `null` as nil, anything else as `Wrapped`.
    /// - Throws: `DecodingError` when the value is neither `null` nor a valid `Wrapped`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }

    /// Encodes the value, or JSON `null` when it is nil.
    /// - Throws: what encoding `Wrapped` throws.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
