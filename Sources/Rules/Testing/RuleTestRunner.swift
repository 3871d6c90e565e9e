import Timetable

/// Runs rule test files against the production engine on a simulated clock.
public struct RuleTestRunner {
    /// The outcome of one test.
    public struct Result: Sendable {
        public var name: String
        /// Expected notifications that did not happen.
        public var missing: [ExpectedNotification]
        /// Notifications that happened but were not expected.
        public var unexpected: [SimulatedDelivery]
        public var passed: Bool { missing.isEmpty && unexpected.isEmpty }
    }

    public init() {}

    /// Runs every test of a file in the workspace it names (loaded once per file).
    public func run(_ file: RuleTestFile, workspace: Workspace) -> [Result] {
        file.tests.map { test in
            let deliveries = workspace.simulation.run(from: test.from, to: test.to).deliveries
                .filter { test.rules?.contains($0.notification.rule) ?? true }
            var unmatched = deliveries
            var missing: [ExpectedNotification] = []
            for expectation in test.expected {
                if let index = unmatched.firstIndex(where: expectation.matches) {
                    unmatched.remove(at: index)
                } else {
                    missing.append(expectation)
                }
            }
            return Result(name: test.name, missing: missing, unexpected: unmatched)
        }
    }
}
