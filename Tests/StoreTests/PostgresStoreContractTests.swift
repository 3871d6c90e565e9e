import Foundation
import Store
import TestServers
import XCTest

/// The store contract (`StoreContractTestCase`) on `PostgresStore`: one throwaway PostgreSQL 15 cluster
/// for the suite (`PostgresCluster`), a fresh database per test.
final class PostgresStoreContractTests: StoreContractTestCase {
    private var database = 0

    override func setUpWithError() throws {
        database += 1
    }

    override class func tearDown() {
        PostgresTestCluster.shared.stop()
        super.tearDown()
    }

    override func makeStore() throws -> any NotificationStore {
        let cluster = try PostgresTestCluster.shared.cluster()
        let name = "contract_\(name.filter { $0.isLetter || $0.isNumber }.suffix(40).lowercased())_\(database)"
        try cluster.createDatabase(name)
        return try PostgresStore(url: cluster.socketURL(database: name))
    }

    override func reopen(_ store: any NotificationStore) throws -> any NotificationStore {
        let url = try XCTUnwrap(store as? PostgresStore).connection.url
        store.close()
        return try PostgresStore(url: url)
    }

    override func makeSibling(of store: any NotificationStore) throws -> any NotificationStore {
        try PostgresStore(url: try XCTUnwrap(store as? PostgresStore).connection.url)
    }

    override var sharesAFleet: Bool { true }

    override func writeRawRuleState(_ store: any NotificationStore, rule: String, json: String) throws {
        let store = try XCTUnwrap(store as? PostgresStore)
        try store.connection.run("INSERT INTO rule_state (rule, state, updated_at) VALUES ($1, $2, 0)", [rule, json])
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
