import Foundation
import TestServers
import XCTest

/// One `PostgresCluster` per test suite, started on first use and stopped by the suite's class
/// `tearDown`. Skips (XCTSkip) only where a cluster cannot run and the test is not root; as root — in
/// CI — a missing PostgreSQL fails the test instead, so the suite cannot pass without running.
final class PostgresTestCluster: @unchecked Sendable {
    /// The cluster of `PostgresStoreContractTests`.
    static let shared = PostgresTestCluster()
    /// The cluster of `PostgresStoreTests` (stopped and restarted by its tests).
    static let lifecycle = PostgresTestCluster()
    /// The cluster of `WorkerLeasesTests`.
    static let leases = PostgresTestCluster()
    /// The cluster of `PostgresOutboxClaimTests` (restarted by one of its tests).
    static let claims = PostgresTestCluster()

    private let lock = NSLock()
    private var running: PostgresCluster?
    private var failure: String?

    /// The running cluster, started now if needed.
    func cluster() throws -> PostgresCluster {
        lock.lock()
        defer { lock.unlock() }
        if let running { return running }
        if let reason = PostgresCluster.unavailableReason, getuid() != 0 {
            throw XCTSkip("no PostgreSQL cluster: \(reason)")
        }
        if let failure { throw PostgresClusterError(message: failure) }
        do {
            let started = Date()
            let cluster = try PostgresCluster()
            print("PostgreSQL 15 test cluster up in \(String(format: "%.2f", Date().timeIntervalSince(started))) s at \(cluster.directory)")
            running = cluster
            return cluster
        } catch {
            failure = "\(error)"
            throw error
        }
    }

    /// Stops the server and deletes its directory (a later `cluster()` starts a new one).
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        running?.destroy()
        running = nil
        failure = nil
    }
}
