import Timetable

/// The typed getters of `YAMLNode` as plain functions, to hand to `MappingReader` and
/// `DiagnosticCollector.decode`: `reader.optional("walk", YAMLValue.duration)`.
public enum YAMLValue {
    /// `YAMLNode.string()`.
    public static func string(_ node: YAMLNode) throws(YAMLValueError) -> String { try node.string() }
    /// `YAMLNode.integer()`.
    public static func integer(_ node: YAMLNode) throws(YAMLValueError) -> Int { try node.integer() }
    /// `YAMLNode.bool()`.
    public static func bool(_ node: YAMLNode) throws(YAMLValueError) -> Bool { try node.bool() }
    /// `YAMLNode.durationSeconds()`.
    public static func duration(_ node: YAMLNode) throws(YAMLValueError) -> Int { try node.durationSeconds() }
    /// `YAMLNode.date()`.
    public static func date(_ node: YAMLNode) throws(YAMLValueError) -> LocalDate { try node.date() }
    /// `YAMLNode.list()`.
    public static func list(_ node: YAMLNode) throws(YAMLValueError) -> [YAMLNode] { try node.list() }
}
