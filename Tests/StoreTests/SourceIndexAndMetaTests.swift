import Foundation
import Store
import XCTest

final class SourceIndexAndMetaTests: StoreTestCase {
    func testAFailedFetchKeepsTheLastGoodTimesAndASuccessClearsTheError() throws {
        let store = try openStore()
        XCTAssertEqual(try store.sourceStates(), [])
        try store.recordSourceFetch(name: "weather/chofu", fetchedAt: 100, checkedAt: 100, lastError: nil, bytesSaved: 0,
                                    nextRefreshAt: 700)
        try store.recordSourceFetch(name: "odpt/ginza", fetchedAt: nil, checkedAt: nil, lastError: "HTTP 401",
                                    bytesSaved: 0, nextRefreshAt: 160)
        try store.recordSourceFetch(name: "weather/chofu", fetchedAt: nil, checkedAt: nil, lastError: "timed out",
                                    bytesSaved: 0, nextRefreshAt: 800)
        XCTAssertEqual(try store.sourceStates(), [
            SourceStateRow(name: "odpt/ginza", fetchedAt: nil, checkedAt: nil, lastError: "HTTP 401", bytesSaved: 0,
                           nextRefreshAt: 160),
            SourceStateRow(name: "weather/chofu", fetchedAt: 100, checkedAt: 100, lastError: "timed out", bytesSaved: 0,
                           nextRefreshAt: 800),
        ])
        // A 304: checked, not fetched.
        try store.recordSourceFetch(name: "weather/chofu", fetchedAt: nil, checkedAt: 900, lastError: nil, bytesSaved: 4_096,
                                    nextRefreshAt: 1_500)
        XCTAssertEqual(try store.sourceStates().last, SourceStateRow(name: "weather/chofu", fetchedAt: 100, checkedAt: 900,
                                                                     lastError: nil, bytesSaved: 4_096, nextRefreshAt: 1_500))
    }

}
