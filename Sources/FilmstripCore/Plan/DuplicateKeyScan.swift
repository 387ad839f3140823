/// Finds the first member name that appears twice in one JSON object, which Foundation's
/// decoders accept silently (keeping one of the values).
///
/// It reads text that already parsed as JSON, so it only tracks strings, nesting, member names
/// and array positions, and reports the duplicate's JSON path (`$.script[2].latencyMs`).
enum DuplicateKeyScan {
    private enum Container {
        case object(keys: Set<String>, current: String?, expectingKey: Bool)
        case array(index: Int)
    }

    /// The path of the first duplicated member, or nil.
    static func firstDuplicate(in bytes: [UInt8]) -> String? {
        var stack: [Container] = []
        var index = 0
        func readString() -> String {
            // At the opening quote; returns the decoded text and moves past the closing quote.
            var raw: [UInt8] = []
            index += 1
            while index < bytes.count, bytes[index] != 0x22 {
                if bytes[index] == 0x5C, index + 1 < bytes.count {
                    raw.append(bytes[index])
                    index += 1
                }
                raw.append(bytes[index])
                index += 1
            }
            index += 1
            return String(decoding: raw, as: UTF8.self)
        }
        func location() -> String {
            var text = "$"
            for container in stack {
                switch container {
                case .object(_, let current, _): if let current { text += ".\(current)" }
                case .array(let position): text += "[\(position)]"
                }
            }
            return text
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x7B:  // {
                stack.append(.object(keys: [], current: nil, expectingKey: true))
                index += 1
            case 0x5B:  // [
                stack.append(.array(index: 0))
                index += 1
            case 0x7D, 0x5D:  // } ]
                stack.removeLast()
                index += 1
            case 0x2C:  // ,
                if case .object(let keys, let current, _)? = stack.last {
                    stack[stack.count - 1] = .object(keys: keys, current: current, expectingKey: true)
                } else if case .array(let position)? = stack.last {
                    stack[stack.count - 1] = .array(index: position + 1)
                }
                index += 1
            case 0x22:  // "
                if case .object(var keys, _, true)? = stack.last {
                    let name = readString()
                    if keys.contains(name) {
                        stack[stack.count - 1] = .object(keys: keys, current: name, expectingKey: false)
                        return location()
                    }
                    keys.insert(name)
                    stack[stack.count - 1] = .object(keys: keys, current: name, expectingKey: false)
                } else {
                    _ = readString()
                }
            default:
                index += 1
            }
        }
        return nil
    }
}
