/// The value of one BDF font property (`STARTPROPERTIES` … `ENDPROPERTIES`): an integer, or a
/// string that was written in double quotes (a doubled `""` inside stands for one quote).
package enum BDFProperty: Hashable, Sendable {
    /// A property written as an integer (`PIXEL_SIZE 13`).
    case integer(Int)
    /// A property written in double quotes, without them (`FAMILY_NAME "Fixed"` → `Fixed`).
    case string(String)

    /// The integer value, or nil for a string.
    package var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The string value, or nil for an integer.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
