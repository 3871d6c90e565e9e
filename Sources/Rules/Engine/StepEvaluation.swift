/// One rule's evaluation in a ``RuleStepper`` step, kept when the stepper ``RuleStepper/recordsEvaluations``:
/// what the worker's rule history records (the engine's reasons are those `explain` shows).
public struct StepEvaluation: Sendable {
    /// The rule's index in the stepper's engine.
    public var rule: Int
    /// What it produced, with the engine's reasons (``RuleEngine/RuleEvaluation/explanation``).
    public var evaluation: RuleEngine.RuleEvaluation
}

extension RuleEngine {
    /// The ids of the sources rule `index` reads — a weather source, a feed, a service status, its
    /// board's realtime feeds and `odpt: trains:` — sorted: the facts a history names beside its board.
    public func sourcesRead(by index: Int) -> [String] {
        sources(of: index).sorted()
    }
}
