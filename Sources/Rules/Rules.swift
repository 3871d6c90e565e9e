/// Configuration: YAML files with `file:line:col` diagnostics, boards, and (later) rules.
public enum RulesModule {}
