/// What ODPT ids say about themselves: `odpt.Station:TokyoMetro.Ginza.Ginza` is a station of the
/// operator `odpt.Operator:TokyoMetro` on the railway `odpt.Railway:TokyoMetro.Ginza`.
public enum ODPTIdentifier {
    /// The id's type prefix (`odpt.Station`) and name (`TokyoMetro.Ginza.Ginza`); nil without a `:`.
    public static func split(_ id: String) -> (type: String, name: String)? {
        guard let colon = id.firstIndex(of: ":") else { return nil }
        let type = String(id[..<colon]), name = String(id[id.index(after: colon)...])
        guard !type.isEmpty, !name.isEmpty else { return nil }
        return (type, name)
    }

    /// Whether `id` is `<type>:<name>` with a non-empty name (`odpt.Station:TokyoMetro.Ginza.Ginza`).
    public static func has(type: String, _ id: String) -> Bool {
        split(id)?.type == type
    }

    /// The operator of a station, pole or railway id: its name's first component
    /// (`odpt.BusstopPole:Toei.Shinbashi.1` → `odpt.Operator:Toei`); nil when the id has no name.
    public static func operatorID(of id: String) -> String? {
        guard let name = split(id)?.name, let first = name.split(separator: ".").first else { return nil }
        return "odpt.Operator:" + first
    }

    /// The railway of a station id: its name without the last component
    /// (`odpt.Station:TokyoMetro.Ginza.Ginza` → `odpt.Railway:TokyoMetro.Ginza`); nil for other ids.
    public static func railwayID(ofStation id: String) -> String? {
        guard let (type, name) = split(id), type == "odpt.Station" else { return nil }
        let parts = name.split(separator: ".")
        guard parts.count >= 3 else { return nil }
        return "odpt.Railway:" + parts.dropLast().joined(separator: ".")
    }

    /// The id without its type prefix (`TokyoMetro.Ginza.Ginza`), or the id itself.
    public static func name(of id: String) -> String {
        split(id)?.name ?? id
    }
}
