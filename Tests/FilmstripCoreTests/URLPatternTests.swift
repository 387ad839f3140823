@testable import FilmstripCore
import Testing

/// The `sweep --url` matcher: the syntax it reads, where it matches, and what it refuses.
@Suite struct URLPatternTests {
    static func matches(_ pattern: String, _ url: String) throws -> Bool {
        try URLPattern(pattern).matches(url)
    }

    @Test func searchesAnywhereWithAnchorsAtTheEnds() throws {
        #expect(try Self.matches("api", "https://api.example.com"))
        #expect(try Self.matches("^https://api\\.", "https://api.example.com/v1"))
        #expect(try !Self.matches("^https://api\\.", "http://api.example.com/v1"))
        #expect(try !Self.matches("^https://api\\.", "https://apix.example.com"))
        #expect(try Self.matches("/orders$", "https://x/v1/orders"))
        #expect(try !Self.matches("/orders$", "https://x/v1/orders/7"))
        #expect(try Self.matches("", "anything"))
        #expect(try Self.matches("^$", ""))
    }

    @Test func setsClassesGroupsAndAlternatives() throws {
        #expect(try Self.matches("/orders/[0-9]+$", "https://x/orders/42"))
        #expect(try !Self.matches("/orders/[0-9]+$", "https://x/orders/4a"))
        #expect(try Self.matches("/v\\d/", "https://x/v2/rows"))
        #expect(try Self.matches("/[^/]+/rows", "https://x/api/rows"))
        #expect(try !Self.matches("^[^/]*$", "a/b"))
        #expect(try Self.matches("\\.(png|jpe?g)$", "https://x/a.jpg"))
        #expect(try Self.matches("\\.(?:png|jpe?g)$", "https://x/a.jpeg"))
        #expect(try !Self.matches("\\.(png|jpe?g)$", "https://x/a.gif"))
        #expect(try Self.matches("[]a]", "]"))
        #expect(try Self.matches("[a-]", "-"))
        #expect(try Self.matches("\\w+@", "user_1@host"))
        #expect(try Self.matches("a\\sb", "a b"))
        #expect(try Self.matches("x\\Dy", "x-y"))
        #expect(try !Self.matches("x\\Dy", "x1y"))
        #expect(try Self.matches("a.c", "abc"))
        #expect(try Self.matches("{", "a{b"))
    }

    @Test func countsAreExactAtTheirBounds() throws {
        #expect(try Self.matches("^a{3}$", "aaa"))
        #expect(try !Self.matches("^a{3}$", "aa"))
        #expect(try !Self.matches("^a{3}$", "aaaa"))
        #expect(try Self.matches("^a{2,3}$", "aa"))
        #expect(try Self.matches("^a{2,3}$", "aaa"))
        #expect(try !Self.matches("^a{2,3}$", "aaaa"))
        #expect(try !Self.matches("^a{2,}$", "a"))
        #expect(try Self.matches("^a{2,}$", "aaaaaa"))
        #expect(try Self.matches("^(ab)*?c$", "ababc"))
        #expect(try Self.matches("^a{1000}$", String(repeating: "a", count: 1_000)))
    }

    @Test func nestedRepetitionTakesStepsLinearInTheURL() throws {
        let pattern = try URLPattern("(a+)+$")
        let url = String(repeating: "a", count: 100_000) + "b"
        #expect(!pattern.matches(url))
        #expect(pattern.matches(String(repeating: "a", count: 100_000)))
        #expect(try !URLPattern("(x+x+)+y").matches(String(repeating: "x", count: 50_000)))
        #expect(try URLPattern("(|a)*b").matches("aaab"))
    }

    @Test func refusesWhatNoLinearMatcherDoesSayingWhere() throws {
        func refusal(_ pattern: String) -> String? {
            do {
                _ = try URLPattern(pattern)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal("(a)\\1") == "a backreference (\\1) at character 4 cannot be matched in linear time")
        #expect(refusal("a(?!b)") == "lookaround or an inline option '(?' at character 2 cannot be matched in linear time or is not supported; use (?:…) for a group")
        #expect(refusal("\\bword") == "the escape \\b at character 1 is not supported (only \\d, \\w, \\s, \\D, \\W, \\S and \\ before a character other than a letter or digit)")
        #expect(refusal("(unclosed") == "a '(' at character 1 that is never closed")
        #expect(refusal("a)") == "an unmatched ')' at character 2")
        #expect(refusal("[abc") == "a '[' at character 1 that is never closed")
        #expect(refusal("*a") == "'*' at character 1 repeats nothing")
        #expect(refusal("a{1001}") == "a count above 1,000 at character 2")
        #expect(refusal("a{3,2}") == "a count {3,2} at character 2 whose maximum is below its minimum")
        #expect(refusal("[z-a]") == "a range at character 1 whose end comes before its start")
        #expect(refusal("a\\") == "a '\\' at character 2 that ends the pattern")
        #expect(refusal("(a{100}){300}") == "the pattern expands to more than 20,000 steps once its counts are written out")
        #expect(refusal("(a{100}){200}") == nil)
    }
}
