import Foundation
import Testing

@testable import FilmstripReports

/// Data.firstByteRange(of:from:), against Foundation's own firstRange(of:) on every case.
struct ByteSearchTests {
    @Test(arguments: [
        ("abcabcd", "abcd", nil), ("abcabcd", "abc", 2), ("abcabcd", "d", nil), ("aaab", "aab", 0),
        ("abc", "abcd", nil), ("abc", "c", 3), ("abc", "c", nil), ("", "a", nil), ("xyz", "z", 0),
    ] as [(String, String, Int?)])
    func findsWhatFirstRangeFinds(haystack: String, needle: String, from: Int?) {
        let data = Data(haystack.utf8)
        let wanted = Data(needle.utf8)
        let start = from.map { data.startIndex + $0 } ?? data.startIndex
        let expected = data[start...].firstRange(of: wanted)
        #expect(data.firstByteRange(of: Array(wanted), from: from.map { data.startIndex + $0 }) == expected)
    }

    @Test func aSliceIsSearchedByItsOwnIndices() {
        let whole = Data("....\n  \"frames\" : [\n\n  ]...".utf8)
        let slice = whole[2...]
        let marker = Array("\n  \"frames\" : [\n\n  ]".utf8)
        #expect(slice.firstByteRange(of: marker) == 4..<(4 + marker.count))
        #expect(slice.firstByteRange(of: marker, from: 5) == nil)
        #expect(slice.firstByteRange(of: []) == nil)
        #expect(whole.firstByteRange(of: Array("...".utf8), from: 4) == (whole.count - 3)..<whole.count)
    }

    @Test func startsAndEqualsCompareWholeBytes() {
        let line = Data("    },".utf8)[0...]
        #expect(line.startsWithBytes(Array("    }".utf8)))
        #expect(!line.startsWithBytes(Array("    },,".utf8)))
        #expect(line.equalsBytes(Array("    },".utf8)))
        #expect(!line.equalsBytes(Array("    }".utf8)))
        #expect(!line.dropFirst().equalsBytes(Array("    },".utf8)))
    }
}
