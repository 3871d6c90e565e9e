/// The parts of a bus timetable file name `路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv`,
/// for example `鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv`.
public struct BusCSVFileName: Sendable, Hashable {
    /// Route name (鷹56).
    public var route: String
    /// Where the route starts (調布駅北口).
    public var origin: String
    /// Where it goes (三鷹駅).
    public var destination: String
    /// The platform, without a leading 乗り場 / のりば / 乗場 ("12").
    public var stop: String
    /// The day type of the file's timetable.
    public var dayType: DayTypeKey

    /// Parses a file name (a path is fine: only its last component is read); nil when the name does
    /// not follow the pattern.
    ///
    /// Day-type words: 平日 → `weekday`; 土曜 / 土曜日 → `saturday`; 日祝 / 日祝日 / 日曜祝日 →
    /// `sunday_holiday`; 土休日 / 土日祝 / 土日祝日 → `saturday_holiday`; 日曜 → `sunday`;
    /// 祝日 → `holiday`; 毎日 → `everyday`. The extension `.csv` is matched in any case.
    public init?(fileName: String) {
        let name = fileName.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? fileName
        guard name.count > 4, name.suffix(4).lowercased() == ".csv" else { return nil }
        let parts = name.dropLast(4).split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, parts.allSatisfy({ !$0.isEmpty }),
              let dayType = BusCSVFileName.dayTypes[parts[4]] else { return nil }
        let stop = BusCSVFileName.platform(parts[3])
        guard !stop.isEmpty else { return nil }
        route = parts[0]
        origin = parts[1]
        destination = parts[2]
        self.stop = stop
        self.dayType = dayType
    }

    /// "乗り場12", "のりば12", "12番のりば", "12番" → "12".
    private static func platform(_ text: String) -> String {
        var stop = Substring(text)
        for word in ["乗り場", "のりば", "乗場"] {
            if stop.hasPrefix(word) { stop = stop.dropFirst(word.count) }
            if stop.hasSuffix(word) { stop = stop.dropLast(word.count) }
        }
        if stop.hasSuffix("番"), stop.count > 1 { stop = stop.dropLast() }
        return String(stop)
    }

    private static let dayTypes: [String: DayTypeKey] = [
        "平日": .weekday,
        "土曜": .saturday, "土曜日": .saturday,
        "日祝": .sundayHoliday, "日祝日": .sundayHoliday, "日曜祝日": .sundayHoliday,
        "土休日": .saturdayHoliday, "土日祝": .saturdayHoliday, "土日祝日": .saturdayHoliday,
        "日曜": .sunday, "祝日": .holiday, "毎日": .everyday,
    ]
}
