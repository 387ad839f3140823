/// The one way a generated page names another file: a relative path that starts with `./`
/// (or `./../` for the folder above), each path segment percent-encoded, safe in a quoted
/// attribute as it is.
///
/// A plan file named `javascript:void(document.body.id=7).json` has a folder of that name; its
/// link is `./javascript%3Avoid%28document.body.id%3D7%29/index.html`, which a browser can only
/// read as a path, never as a scheme. Only the unreserved characters of RFC 3986 (letters,
/// digits, `-`, `.`, `_`, `~`) stay as they are; every other byte of the UTF-8 encoding is `%XX`.
///
/// ```swift
/// RelativeLink.to("frames/0007.png")          // "./frames/0007.png"
/// RelativeLink.to("index.html", up: 1)         // "./../index.html"
/// ```
package enum RelativeLink {
    /// The link to `path` (segments separated by `/`, relative to the page's folder), after
    /// going `up` folders. Empty segments, `.` and `..` inside `path` are encoded, not followed.
    package static func to(_ path: String, up: Int = 0) -> String {
        var link = "./" + String(repeating: "../", count: max(0, up))
        link += path.split(separator: "/", omittingEmptySubsequences: false).map { segment(String($0)) }.joined(separator: "/")
        return link
    }

    /// One path segment, percent-encoded; `.` and `..` become `%2E` and `%2E%2E`.
    package static func segment(_ text: String) -> String {
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.count) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF")
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result.append("%")
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
