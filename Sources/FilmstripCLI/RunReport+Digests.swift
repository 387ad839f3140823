import FilmstripReports

extension RunReport {
    /// Frame file (`frames/0003.png`) → a digest its row records, for the frames that have both.
    func frameDigests(_ digest: (Frame) -> String?) -> [String: String] {
        Dictionary(frames.compactMap { frame in frame.file.flatMap { file in digest(frame).map { (file, $0) } } }, uniquingKeysWith: { first, _ in first })
    }
}
