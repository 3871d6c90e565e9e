import JSONText
import Messages
import XCTest

/// A message stored as JSON reads back as the same message, rendered in either language; what an
/// older version stored (a plain English string) or a key this version does not know reads as text.
final class MessageJSONTests: XCTestCase {
    private func roundTrip(_ message: Message) throws -> Message {
        var writer = JSONWriter(style: .compact)
        MessageJSON.write(message, to: &writer)
        let value = try JSONParser.parse(Array(writer.text.utf8))
        return try XCTUnwrap(MessageJSON.message(from: value), writer.text)
    }

    func testKeyedNestedVerbatimAndSequencesReadBackTheSame() throws {
        let messages = [
            Message(.configUnknownTimezone, ["name": .text("\"Asia/Tokio\""), "hint": .text("")]),
            Message(.didYouMeanSentence, ["name": .message(Message(.knownNames, ["list": .message(.list(["a", "b"]))]))]),
            Message(.noneDefined, ["plural": .key(.pluralRules)]) + .verbatim(" — ") + Message(.testToBeforeFrom),
            .verbatim("libcurl: Couldn't connect to server"),
            Message(.testNeedsTimes),
        ]
        for message in messages {
            let read = try roundTrip(message)
            XCTAssertEqual(read.english, message.english)
            XCTAssertEqual(read.rendered(in: .japanese), message.rendered(in: .japanese))
        }
        let counted = Message(.testUnknownReference, ["kind": .key(.nounRule), "name": .text("\"x\""), "hint": .message(Message(.noneDefined, ["plural": .key(.pluralRules)]))])
        XCTAssertEqual(try roundTrip(counted), counted, "keys, texts and nested messages keep their kind")
    }

    func testNumbersStayNumbersForPlurals() throws {
        var writer = JSONWriter(style: .compact)
        MessageJSON.write(Message(.testUnknownReference, ["kind": .text("rule"), "name": .number(3), "hint": .text("h")]), to: &writer)
        XCTAssertEqual(writer.text, #"{"k":"testUnknownReference","a":{"hint":"h","kind":"rule","name":3}}"#)
    }

    func testOldPlainStringsAndUnknownKeysReadAsText() throws {
        let old = try JSONParser.parse(Array(#""nothing to send at this time""#.utf8))
        XCTAssertEqual(MessageJSON.message(from: old)?.rendered(in: .japanese), "nothing to send at this time")
        let unknown = try JSONParser.parse(Array(#"{"k":"aKeyFromTheFuture","a":{"x":1}}"#.utf8))
        XCTAssertEqual(MessageJSON.message(from: unknown)?.english, "aKeyFromTheFuture")
        let withEnglish = try JSONParser.parse(Array(#"{"k":"aKeyFromTheFuture","en":"a later text"}"#.utf8))
        XCTAssertEqual(MessageJSON.message(from: withEnglish)?.english, "a later text")
        XCTAssertNil(MessageJSON.message(from: .number(1)))
    }
}
