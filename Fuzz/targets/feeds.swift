// fuzz-modules: CXML2 Messages Feeds
// fuzz-seeds: Tests/Fixtures/feeds Tests/Fixtures/feeds-broken
// fuzz-dict: Fuzz/dicts/xml.dict
//
// The feed decoder (Atom / RSS / RDF on libxml2): any bytes either decode or throw a FeedDecodeError
// that names the source and, for a parse error, a 1-based line:column. A trap, a crash, a hang or
// another error type is a finding.
import Feeds

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let feed = try FeedDecoder.decode(bytes, source: "fuzz")
        for entry in feed.entries { _ = entry.identity }
    } catch let error as FeedDecodeError {
        precondition(error.description.hasPrefix("fuzz"), "an error that does not name its source: \(error)")
        if let line = error.line { precondition(line >= 1, "line \(line) in \(error)") }
        if let column = error.column { precondition(column >= 1 && error.line != nil, "column without a line in \(error)") }
    } catch {
        preconditionFailure("not a FeedDecodeError: \(error)")
    }
    return 0
}
