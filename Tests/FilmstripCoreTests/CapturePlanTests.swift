import FilmstripCore
import FilmstripTestSupport
import FilmstripSeedBenches
import Foundation
import Testing

@Suite struct CapturePlanTests {
    func parse(_ json: String) throws(PlanError) -> CapturePlan {
        try CapturePlan(json: Data(json.utf8), name: "p", benches: [.inbox, .scenes, .orders])
    }

    func error(_ json: String) -> PlanError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    let minimal = #"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":790}]}"#

    @Test func minimalPlanGetsTheDefaults() throws {
        let plan = try parse(minimal)
        #expect(plan.panels == ["loadedOnly", "allFour"])
        #expect(plan.mode == .cycle)
        #expect(plan.slowMotion == .off)
        #expect(plan.scale == 2)
        #expect(plan.frameInstants == [0, 250, 500, 750])
        #expect(plan.expect.minFrames == ["loading": 1, "empty": 1, "failed": 1, "loaded": 1])
        #expect(plan.expect.maxSharePercent == ["loading": 50])
    }

    @Test func shippedPlansAllParse() throws {
        let names = TestSupport.shippedPlanNames
        #expect(names.count >= 5)
        for name in names {
            _ = try TestSupport.shippedPlan(name)
        }
    }

    /// Every plan in `captures/` passes its own coverage, dominance and rule checks, judged on
    /// the virtual clock without drawing a frame (the end-to-end tests record a few of them).
    @Test func everyShippedPlanPassesItsOwnChecks() throws {
        for name in TestSupport.shippedPlanNames {
            let plan = try TestSupport.shippedPlan(name)
            // Live plans need the scripted server and the real clock: LiveCapturesTests runs them.
            guard plan.bench.clocks.contains(.virtual) else { continue }
            let analysis = Analysis(try plan.run(clock: .virtual))
            #expect(analysis.passed, "\(name)")
        }
    }

    @Test func malformedJSONIsReportedAtItsLineAndColumnWithWhatWasExpected() {
        let problem = error("{\n  \"bench\": \"inbox\",\n  \"windowMs\": ,\n}")
        #expect(problem == PlanError(path: "$", message: "not valid JSON at line 3, column 15: expected a value (an object, array, string, number, true, false or null), found ','"))
        #expect(error(#"{"bench":"inbox""#)?.message == "not valid JSON at line 1, column 17: expected ',' or '}' to continue the object, found the end of the file")
    }

    /// Foundation reports these as "around character 13"; each is given as a line and column.
    @Test(arguments: [
        ("{\"bench\":\"in\u{1B}box\"}", "not valid JSON at line 1, column 13: expected control characters in a string escaped (\\n, \\t or \\u00XX), found control character U+001B"),
        ("{\n\"bench\":\"a\u{0}\"}", "not valid JSON at line 2, column 11: expected control characters in a string escaped (\\n, \\t or \\u00XX), found control character U+0000"),
        ("{\"bench\": 01}", "not valid JSON at line 1, column 12: expected no leading zero in a number, found '1'"),
        ("{\"bench\": \"\\uDC00\"}", "not valid JSON at line 1, column 12: expected a high surrogate before a low surrogate, found '\\'"),
        ("{\"bench\": \"é\\q\"}", "not valid JSON at line 1, column 14: expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX, found 'q'"),
        ("{} x", "not valid JSON at line 1, column 4: expected the end of the document after the top-level value, found 'x'"),
        (String(repeating: "[", count: 600), "not valid JSON at line 1, column 513: expected at most 512 nested arrays and objects, found '['"),
    ])
    func syntaxErrorsAreGivenAsLineAndColumn(json: String, message: String) {
        #expect(error(json) == PlanError(path: "$", message: message))
    }

    @Test func aByteOrderMarkIsReadLikeNone() throws {
        let plan = try CapturePlan(json: Data([0xEF, 0xBB, 0xBF] + Array(minimal.utf8)), name: "p", benches: [.inbox, .scenes, .orders])
        #expect(plan.windowMs == 1000)
    }

    @Test func textThatIsNotUTF8IsNamedAtItsPlace() {
        let raw = Data(#"{"bench":"ab"#.utf8 + [0xFF] + #""}"#.utf8)
        do {
            _ = try CapturePlan(json: raw, name: "p", benches: [.inbox, .scenes, .orders])
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "not valid JSON at line 1, column 11: expected a string of UTF-8 text, found 'a'")
        }
    }

    @Test(arguments: [
        (#"{"bench":"inbox","windowMs":1e308,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.windowMs", "number out of range: 1e308; expected 0 or a magnitude from 1e-128 to below 1e165"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":-1e-300}]}"#, "$.script[0].latencyMs", "number out of range: -1e-300; expected 0 or a magnitude from 1e-128 to below 1e165"),
    ])
    func numbersOutOfRangeAreNamedAtTheirPath(json: String, path: String, message: String) {
        #expect(error(json) == PlanError(path: path, message: message))
    }

    @Test func aMemberGivenTwiceIsFoundAfterUnescaping() {
        let json = #"{"\u0062ench":"inbox","bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#
        #expect(error(json) == PlanError(path: "$.bench", message: "this member is given twice in one object; expected each name once"))
        let escapedSlash = #"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1,"re\/ply":"x"}]}"#
        #expect(error(escapedSlash)?.path == "$.script[0].re/ply")
    }

    @Test func wholeNumbersWrittenWithAFractionOrExponentAreIntegers() throws {
        let plan = try parse(#"{"bench":"inbox","windowMs":1e3,"frameIntervalMs":250.0,"script":[{"reply":"empty","latencyMs":1}]}"#)
        #expect(plan.windowMs == 1000)
        #expect(plan.frameInstants == [0, 250, 500, 750])
    }

    @Test(arguments: [
        (#"{"bench":"inbox","windwMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.windwMs", "unknown key 'windwMs'; expected one of: bench, summary, panels, mode, slowMotion, windowStartMs, windowMs, frameIntervalMs, frameCount, scale, stills, expect, flashThresholdMs, extendToSettle, theme, script"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":-5}]}"#, "$.script[0].latencyMs", "expected an integer from 0 to 3600000 ms, found -5"),
        (#"{"bench":"inbox","windowMs":0,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.windowMs", "expected an integer from 1 to 3600000 ms, found 0"),
        (#"{"bench":"inbox","windowMs":"12s","frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.windowMs", "expected an integer from 1 to 3600000 ms, found string"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250.5,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.frameIntervalMs", "expected an integer from 1 to 1000 ms (at most the window), found 250.5"),
        (#"{"bench":"inbox","windowMs":1000,"frameCount":3,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.frameCount", "expected a count that divides the 1000 ms window into whole milliseconds, found 3 (1000 / 3 is not whole)"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[]}"#, "$.script", "expected at least one beat"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"maybe","latencyMs":1}]}"#, "$.script[0].reply", #"expected "loading", "empty", "failed" or "loaded", found "maybe""#),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1,"rows":[]}]}"#, "$.script[0].rows", "only a loaded reply carries rows"),
        (#"{"bench":"kitchen","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.bench", "unknown bench 'kitchen'; expected one of: inbox, scenes, orders"),
        (#"{"bench":"inbox","panels":["allFour","fancy"],"windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.panels[1]", "unknown panel 'fancy' for bench inbox; expected one of: loadedOnly, allFour"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"stills":[{"name":"late","atMs":1000}],"script":[{"reply":"empty","latencyMs":1}]}"#, "$.stills[0].atMs", "expected an integer from 0 to 999 ms (inside the window), found 1000"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"expect":{"minFrames":{"spinning":1}},"script":[{"reply":"empty","latencyMs":1}]}"#, "$.expect.minFrames.spinning", "unknown phase 'spinning'; expected one of: loading, empty, failed, loaded"),
        (#"{"bench":"inbox","slowMotion":1.2345,"windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.slowMotion", "expected a number from 0.001 to 100 with at most three decimals, found 1.2345"),
        (#"{"bench":"inbox","mode":"cycle","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":0}]}"#, "$.script", "a cycle whose beats all take 0 ms would repeat without end; expected at least one beat with latencyMs or holdMs above 0"),
        (#"[1, 2]"#, "$", "expected an object, found array"),
        (#"{"bench":"inbox","windowMs":1000,"windowMs":500,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1}]}"#, "$.windowMs", "this member is given twice in one object; expected each name once"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"empty","latencyMs":1},{"reply":"failed","latencyMs":2,"message":"a \"q\" {","latencyMs":3}]}"#, "$.script[1].latencyMs", "this member is given twice in one object; expected each name once"),
        (#"{"bench":"orders","windowMs":1000,"frameIntervalMs":250,"script":[{"atMs":0,"event":"teleport"}]}"#, "$.script[0].event", "unknown event 'teleport'; expected one of: reopen, tapTryAgain, tapRefresh, serverAnswers, networkOffline, networkOnline, search, clearSearch, createFirstItem"),
        (#"{"bench":"orders","windowMs":1000,"frameIntervalMs":250,"script":[{"atMs":0,"event":"reopen","query":"x"}]}"#, "$.script[0].query", "the reopen event takes no 'query'"),
        (#"{"bench":"orders","windowMs":1000,"frameIntervalMs":250,"script":[{"atMs":0,"event":"serverAnswers","answer":"error","status":700}]}"#, "$.script[0].status", "expected an integer from 100 to 599, found 700"),
        (#"{"bench":"orders","windowMs":1000,"frameIntervalMs":250,"settings":{"retryLimit":0},"script":[{"atMs":0,"event":"reopen"}]}"#, "$.settings.retryLimit", "expected an integer from 1 to 100, found 0"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"settings":{},"script":[{"reply":"empty","latencyMs":1}]}"#, "$.settings", "the inbox bench has no 'settings' member (the orders bench has); expected one of: bench, summary, panels, mode, slowMotion, windowStartMs, windowMs, frameIntervalMs, frameCount, scale, stills, expect, flashThresholdMs, extendToSettle, theme, script"),
        (#"{"bench":"inbox","windowMs":1000,"frameIntervalMs":250,"script":[{"trigger":"refresh","reply":"empty","latencyMs":1}]}"#, "$.script[0].trigger", #"expected one of "open" for the inbox bench, found "refresh""#),
        (#"{"bench":"scenes","mode":"pinned","windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"loaded","latencyMs":1},{"trigger":"retry","reply":"loaded","latencyMs":1}]}"#, "$.script[1].trigger", "a retry follows a failure on screen: expected failed on screen before this beat, found loaded on screen"),
        (#"{"bench":"scenes","mode":"pinned","windowMs":1000,"frameIntervalMs":250,"script":[{"trigger":"refresh","reply":"loaded","latencyMs":1}]}"#, "$.script[0].trigger", "a refresh needs content on screen: expected loaded on screen before this beat, found no beat before"),
        (#"{"bench":"scenes","windowMs":1000,"frameIntervalMs":250,"loaderPolicies":{"slow":{"delayMs":1}},"script":[{"reply":"loaded","latencyMs":1}]}"#, "$.loaderPolicies.slow", "unknown loader panel 'slow'; expected one of: immediate, delayed, delayedMinimum"),
        (#"{"bench":"scenes","panels":["delayed"],"windowMs":1000,"frameIntervalMs":250,"expect":{"maxFlashes":{"immediate":0}},"script":[{"reply":"loaded","latencyMs":1}]}"#, "$.expect.maxFlashes.immediate", "unknown panel 'immediate' in this plan; expected one of: delayed"),
    ])
    func invalidPlansNameTheJSONPathAndWhatWasExpected(json: String, path: String, message: String) {
        let problem = error(json)
        #expect(problem?.path == path)
        #expect(problem?.message == message)
    }

    @Test func slowMotionIsKeptExactInThousandths() throws {
        let plan = try parse(#"{"bench":"inbox","slowMotion":1.5,"windowMs":1000,"frameIntervalMs":250,"script":[{"reply":"loading","latencyMs":8000}]}"#)
        #expect(plan.slowMotion.permille == 1500)
        #expect(plan.slowMotion.description == "1.5")
        #expect(plan.slowMotion.apply(toMs: plan.settings(as: InboxSettings.self).script[0].latencyMs) == 12_000)
    }

    @Test func frameCountGivesTheInterval() throws {
        let plan = try parse(#"{"bench":"inbox","windowMs":12000,"frameCount":6,"script":[{"reply":"loading","latencyMs":8000}]}"#)
        #expect(plan.frameIntervalMs == 2000)
        #expect(plan.frameInstants == [0, 2000, 4000, 6000, 8000, 10_000])
    }
}
