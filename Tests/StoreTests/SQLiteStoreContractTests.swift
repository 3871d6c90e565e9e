import Foundation
import Store
import XCTest

/// The store contract (`StoreContractTestCase`) on `SQLiteStore`, a fresh file per test.
final class SQLiteStoreContractTests: StoreContractTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-contract-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    override func makeStore() throws -> any NotificationStore { try SQLiteStore(path: directory + "/state.db") }

    override func reopen(_ store: any NotificationStore) throws -> any NotificationStore {
        store.close()
        return try SQLiteStore(path: directory + "/state.db")
    }

    override func makeSibling(of store: any NotificationStore) throws -> any NotificationStore {
        try SQLiteStore(path: directory + "/state.db")
    }

    override func writeRawRuleState(_ store: any NotificationStore, rule: String, json: String) throws {
        let store = try XCTUnwrap(store as? SQLiteStore)
        try store.database.run("INSERT INTO rule_state (rule, state, updated_at) VALUES (?, ?, 0)", [.text(rule), .text(json)])
    }

    func testEnqueueStoresOneRowPerChannelAndIgnoresKnownKeys() throws { try checkEnqueueStoresOneRowPerChannelAndIgnoresKnownKeys() }
    func testTheNotificationComesBackAsStored() throws { try checkTheNotificationComesBackAsStored() }
    func testDueIsOrderedByNextAttemptThenIDAndSkipsTheFutureTheExpiredAndHeldChannels() throws { try checkDueIsOrderedByNextAttemptThenIDAndSkipsTheFutureTheExpiredAndHeldChannels() }
    func testNextAttemptTimeIsTheEarliestPendingMomentIncludingExpiry() throws { try checkNextAttemptTimeIsTheEarliestPendingMomentIncludingExpiry() }
    func testADeferralMovesTheTimeWithoutCountingAnAttempt() throws { try checkADeferralMovesTheTimeWithoutCountingAnAttempt() }
    func testABackoffIsReleasedWhenTheChannelAnswers() throws { try checkABackoffIsReleasedWhenTheChannelAnswers() }
    func testRecordMovesEntriesAndLogsEveryOutcome() throws { try checkRecordMovesEntriesAndLogsEveryOutcome() }
    func testRecordAppliesTheSameIDTwiceInOrder() throws { try checkRecordAppliesTheSameIDTwiceInOrder() }
    func testExpireMarksOnlyPendingEntriesPastTheirExpiry() throws { try checkExpireMarksOnlyPendingEntriesPastTheirExpiry() }
    func testRetryPutsADeadEntryBackToPendingWithItsExpiry() throws { try checkRetryPutsADeadEntryBackToPendingWithItsExpiry() }
    func testRetryRefusesAnExpiredEntryAndADeadOneWhoseExpiryHasPassed() throws { try checkRetryRefusesAnExpiredEntryAndADeadOneWhoseExpiryHasPassed() }
    func testPurgeDeletesOldEntriesOfTheGivenStatusesWithTheirLog() throws { try checkPurgeDeletesOldEntriesOfTheGivenStatusesWithTheirLog() }
    func testListFiltersByStatusNewestFirst() throws { try checkListFiltersByStatusNewestFirst() }
    func testRuleStatesLoadReplaceAndSave() throws { try checkRuleStatesLoadReplaceAndSave() }
    func testCommitEnqueuesAndSavesStateTogether() throws { try checkCommitEnqueuesAndSavesStateTogether() }
    func testACommitThatFailsHalfWayWritesNothing() throws { try checkACommitThatFailsHalfWayWritesNothing() }
    func testAnUndecodableRuleStateThrowsOrIsLeftOut() throws { try checkAnUndecodableRuleStateThrowsOrIsLeftOut() }
    func testAFailedFetchKeepsTheLastGoodTimesAndASuccessClearsTheError() throws { try checkAFailedFetchKeepsTheLastGoodTimesAndASuccessClearsTheError() }
    func testMetaSetGetAndRemove() throws { try checkMetaSetGetAndRemove() }
    func testEachCapabilityWorksOnItsOwnAndOnlyASharedStateOffersTheFleet() throws { try checkEachCapabilityWorksOnItsOwnAndOnlyASharedStateOffersTheFleet() }

    func testHistoryIsAppendedPrunedToKeepInTheCommitAndReadOldestFirst() throws { try checkHistoryIsAppendedPrunedToKeepInTheCommitAndReadOldestFirst() }
    func testHistorySurvivesAReopenAndItsPruningGoesOn() throws { try checkHistorySurvivesAReopenAndItsPruningGoesOn() }
    func testAFailedCommitWritesNoHistoryNorMeta() throws { try checkAFailedCommitWritesNoHistoryNorMeta() }
    func testHistoryPurgeAndTheDeliveryLogAfterACursor() throws { try checkHistoryPurgeAndTheDeliveryLogAfterACursor() }
}
