import Foundation
import XCTest
import TestServers
@testable import Feeds

/// Issue 10's experiment, bounded and in process: random byte mutations of the real fixtures through the
/// decoder, with `xmllint --noout` (libxml2-utils) as the oracle of well-formedness.
///
/// - Nothing traps (a trap would end the test process).
/// - A mutant the decoder accepts is well-formed once ``FeedBytePreparation``'s documented repairs are
///   applied (xmllint agrees with the decoder on the very bytes it parsed).
/// - A mutant xmllint refuses but the decoder accepts is explained by those repairs only: a bare `&`,
///   an HTML named reference, blanks before the XML declaration.
/// - A mutant xmllint accepts but the decoder refuses is refused by policy: not a feed, an HTML page, a
///   DOCTYPE, an unsupported encoding, an empty document.
///
/// `LEAVENOW_FEED_MUTATIONS` sets the number of mutants (default 2,000); `LEAVENOW_FEED_MUTATION_SEED` the seed.
final class FeedMutationTests: XCTestCase {
    func testMutatedFixturesAgainstXmllint() throws {
        let xmllint = "/usr/bin/xmllint"
        guard FileManager.default.isExecutableFile(atPath: xmllint) else {
            throw XCTSkip("xmllint is missing: apt-get install libxml2-utils (make deps installs it)")
        }
        let environment = ProcessInfo.processInfo.environment
        let count = environment["LEAVENOW_FEED_MUTATIONS"].flatMap(Int.init) ?? 2_000
        var random = SplitMix64(seed: environment["LEAVENOW_FEED_MUTATION_SEED"].flatMap(UInt64.init) ?? 10)
        let seeds = try Self.seedDocuments()
        XCTAssertGreaterThanOrEqual(seeds.count, 10)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-feed-mutants-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var mutants: [[UInt8]] = []
        var outcomes: [Result<Feed, FeedDecodeError>] = []
        for index in 0..<count {
            let mutant = Self.mutate(seeds[index % seeds.count], &random)
            mutants.append(mutant)
            do {
                outcomes.append(.success(try FeedDecoder.decode(mutant, source: "mutant-\(index)")))
            } catch let error as FeedDecodeError {
                XCTAssertTrue(error.description.hasPrefix("mutant-\(index)"), error.description)
                outcomes.append(.failure(error))
            }
        }
        let raw = try Self.xmllint(mutants, in: directory.appendingPathComponent("raw"))

        var accepted = 0, refused = 0, lenient = 0, policy = 0
        var prepared: [(index: Int, bytes: [UInt8])] = []
        for index in 0..<count {
            switch outcomes[index] {
            case .success:
                accepted += 1
                prepared.append((index, try FeedBytePreparation.prepare(mutants[index], source: "mutant")))
                if let errors = raw[index] {
                    lenient += 1
                    let unexplained = errors.filter { !Self.isDocumentedLeniency($0) }
                    XCTAssertEqual(unexplained, [], "mutant \(index) was accepted although xmllint says: \(errors)")
                }
            case .failure(let error):
                refused += 1
                if raw[index] == nil {
                    policy += 1
                    let byPolicy: Set<FeedDecodeError.Code> = [.notAFeed, .html, .doctype, .unsupportedEncoding, .empty]
                    XCTAssertTrue(byPolicy.contains(error.code), "mutant \(index) is well-formed per xmllint but refused: \(error)")
                }
            }
        }
        let verdicts = try Self.xmllint(prepared.map(\.bytes), in: directory.appendingPathComponent("prepared"))
        for (position, item) in prepared.enumerated() {
            XCTAssertNil(verdicts[position], "mutant \(item.index) was accepted but xmllint refuses the bytes it parsed: \(verdicts[position] ?? [])")
        }
        print("feed mutations: \(count) mutants, \(accepted) accepted (\(lenient) by documented leniency), \(refused) refused (\(policy) of them well-formed but not a feed / DOCTYPE / encoding), 0 traps")
        XCTAssertGreaterThan(refused, count / 4, "the mutations should break most documents")
    }

    /// xmllint's complaints about a mutant that ``FeedBytePreparation`` repairs by design.
    static func isDocumentedLeniency(_ line: String) -> Bool {
        if line.contains("EntityRef: expecting ';'") || line.contains("xmlParseEntityRef: no name")
            || line.contains("XML declaration allowed only at the start") { return true }
        if let range = line.range(of: "Entity '"), let end = line[range.upperBound...].firstIndex(of: "'") {
            return HTMLEntities.table[String(line[range.upperBound..<end])] != nil
        }
        return false
    }

    /// For each document, nil when xmllint finds it well-formed, else its error lines.
    static func xmllint(_ documents: [[UInt8]], in directory: URL) throws -> [[String]?] {
        let marker = "@@leavenow-xmllint-status-\(UInt64.random(in: 0...UInt64.max))@@"
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for (index, bytes) in documents.enumerated() {
            let path = directory.appendingPathComponent(String(format: "%05d.xml", index)).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        // One shell for all files: a status line after each file's messages (which quote the document).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "for f; do /usr/bin/xmllint --noout \"$f\" 2>&1; echo \"\(marker)$?\"; done", "sh"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var results: [[String]?] = []
        var lines: [String] = []
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(marker), let status = Int(line.dropFirst(marker.count)) {
                results.append(status == 0 ? nil : lines.filter { $0.contains(" error : ") && !$0.contains("namespace error") })
                lines = []
            } else {
                lines.append(String(line))
            }
        }
        XCTAssertEqual(results.count, documents.count, "xmllint answered for every file")
        return results
    }

    static func seedDocuments() throws -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        for folder in ["gofeed", "feedkit", "qiita"] {
            let url = FeedFixtures.directory.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
                let bytes = [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
                if bytes.count > 16 { seeds.append(bytes) }
            }
        }
        return seeds
    }

    /// One to four of: a byte replaced (by a random or an XML-significant byte), a byte inserted, a
    /// byte deleted, a chunk duplicated, the document cut.
    static func mutate(_ document: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        let interesting: [UInt8] = [0xFF, 0xFE, 0xC3, 0xE3, 0x80, 0x00, 0x3C, 0x3E, 0x26, 0x3B, 0x22, 0x27, 0x2F, 0x3D, 0x3F, 0x21, 0x5D, 0x23]
        var bytes = document
        for _ in 0..<(1 + Int(random.next() % 4)) where !bytes.isEmpty {
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 6 {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1, 2: bytes[at] = interesting[Int(random.next() % UInt64(interesting.count))]
            case 3: bytes.insert(interesting[Int(random.next() % UInt64(interesting.count))], at: at)
            case 4: bytes.remove(at: at)
            default:
                let length = min(bytes.count - at, 1 + Int(random.next() % 16))
                bytes.insert(contentsOf: bytes[at..<at + length], at: at)
            }
        }
        if random.next() % 20 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1)))) }
        return bytes
    }
}

