import XCTest

#if canImport(Testing)
    import Testing
#endif

/// Reports a failure to the test framework running the caller: Swift Testing's `Issue.record`
/// when a Swift Testing test is running (`Test.current` is set), XCTest's `XCTFail` otherwise.
func recordFailure(_ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: fileID.description, filePath: filePath.description, line: Int(line), column: Int(column)))
            return
        }
    #endif
    XCTFail(message, file: filePath, line: line)
}
