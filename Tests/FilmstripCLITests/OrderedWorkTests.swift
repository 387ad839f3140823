@testable import FilmstripCLI
import FilmstripOutputs
import Foundation
import Synchronization
import Testing

/// `check` compares plans a few at a time and takes their results in the plans' order.
@Suite struct OrderedWorkTests {
    @Test func resultsComeInTheItemsOrderWhateverFinishesFirst() throws {
        let finished = Mutex<[Int]>([])
        // The first item is the slowest: run concurrently, the others may finish before it.
        let work = OrderedWork<Int>(count: 4, concurrently: true) { position throws(FilmstripError) in
            Thread.sleep(forTimeInterval: position == 0 ? 0.2 : 0.01)
            finished.withLock { $0.append(position) }
            if position == 2 { throw FilmstripError(.usage("item 2 fails")) }
            return position * 10
        }
        defer { work.waitForAll() }
        #expect(try work.result(0).result.get() == 0)
        #expect(try work.result(1).result.get() == 10)
        #expect(throws: FilmstripError.self) { try work.result(2).result.get() }
        #expect(try work.result(3).result.get() == 30)
        #expect(work.result(0).elapsed >= .milliseconds(200))
        work.waitForAll()
        // Whether two ran at once depends on the cores free; the results' order does not.
        #expect(finished.withLock { $0 }.sorted() == [0, 1, 2, 3])
    }

    @Test func oneAtATimeRunsTheItemsInOrder() throws {
        let started = Mutex<[Int]>([])
        let work = OrderedWork<String>(count: 3, concurrently: false) { position throws(FilmstripError) in
            started.withLock { $0.append(position) }
            Thread.sleep(forTimeInterval: position == 0 ? 0.05 : 0)
            return "plan \(position)"
        }
        #expect((0..<3).map { try? work.result($0).result.get() } == ["plan 0", "plan 1", "plan 2"])
        work.waitForAll()
        #expect(started.withLock { $0 } == [0, 1, 2])
    }

    @Test func noItemsIsNoWork() {
        let work = OrderedWork<Int>(count: 0, concurrently: true) { _ throws(FilmstripError) in 1 }
        work.waitForAll()
    }
}
