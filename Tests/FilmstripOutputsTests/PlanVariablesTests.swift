@testable import FilmstripOutputs
import Foundation
import Testing

/// `${FILMSTRIP_…}` placeholders in plan files.
@Suite struct PlanVariablesTests {
    let variables = PlanVariables(environment: ["FILMSTRIP_LIVE_PORT": "8080", "FILMSTRIP_ODD": "a\"b\\c", "HOME": "/root"])

    func substitute(_ text: String) throws(PlanVariableError) -> String {
        String(decoding: try variables.substitute(Data(text.utf8)), as: UTF8.self)
    }

    @Test func placeholdersAreReplacedAndEscapedForAJSONString() throws {
        #expect(try substitute(#"{"url": "http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/inbox"}"#) == #"{"url": "http://127.0.0.1:8080/inbox"}"#)
        #expect(try substitute(#"["${FILMSTRIP_ODD}"]"#) == #"["a\"b\\c"]"#)
        #expect(try substitute(#"{"a": "$HOME {FILMSTRIP_LIVE_PORT}"}"#) == #"{"a": "$HOME {FILMSTRIP_LIVE_PORT}"}"#)
    }

    @Test func anUnsetVariableOrAnotherPrefixIsAnErrorWithItsLine() {
        #expect(throws: PlanVariableError.self) { try substitute("{\n\"a\": \"${FILMSTRIP_NOPE}\"}") }
        do {
            _ = try substitute("{\n\"a\": \"${FILMSTRIP_NOPE}\"}")
        } catch {
            #expect(error.line == 2 && error.message.hasPrefix("${FILMSTRIP_NOPE} is not set"))
        }
        do {
            _ = try substitute(#"{"a": "${HOME}"}"#)
            Issue.record("${HOME} must not be read")
        } catch {
            #expect(error.message == "${HOME}: a plan may use only variables named FILMSTRIP_… in capitals, digits and '_'")
        }
        do {
            _ = try substitute(#"["${FILMSTRIP_LIVE_PORT"]"#)
            Issue.record("an unclosed placeholder is an error")
        } catch {
            #expect(error.message == "'${' without a closing '}'")
        }
        do {
            _ = try substitute(#"{"a": "${FILMSTRIP_LIVE_PORT"}"#)
            Issue.record("a placeholder closed by the object's brace is not a variable name")
        } catch {
            #expect(error.message.hasPrefix(#"${FILMSTRIP_LIVE_PORT"}: a plan may use only variables named"#))
        }
    }
}
