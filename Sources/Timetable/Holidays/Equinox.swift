import Foundation

/// The days of the vernal and autumnal equinoxes in Japan Standard Time, which the law makes
/// 春分の日 and 秋分の日.
///
/// The law names the day of the equinox itself, which the National Astronomical Observatory of
/// Japan announces each February for the following year. For 1851–2150 the days follow from the
/// well-known approximation formula derived from the observatory's ephemeris
/// (`int(C + 0.242194 × (Y − 1980) − int((Y − L) / 4))`), which agrees with every 春分 / 秋分 the
/// Cabinet Office has listed since 1955. Outside that range the moment of the equinox is computed
/// with Jean Meeus' algorithm (Astronomical Algorithms, chapter 27; accurate to about a minute)
/// corrected by an estimate of ΔT: an approximation, as any prediction that far ahead must be.
public enum Equinox {
    /// Years for which the approximation formula is used.
    public static let formulaYears: ClosedRange<Int> = 1851...2150

    /// The day in March of the vernal equinox (春分) in Japan Standard Time.
    public static func vernalDay(year: Int) -> Int {
        if formulaYears.contains(year) { return formulaDay(year: year, march: true) }
        return meeusDay(year: year, march: true)
    }

    /// The day in September of the autumnal equinox (秋分) in Japan Standard Time.
    public static func autumnalDay(year: Int) -> Int {
        if formulaYears.contains(year) { return formulaDay(year: year, march: false) }
        return meeusDay(year: year, march: false)
    }

    /// The approximation formula (valid 1851–2150).
    static func formulaDay(year: Int, march: Bool) -> Int {
        let constant: Double
        let leapBase: Int
        switch year {
        case ..<1900:
            constant = march ? 19.8277 : 22.2588
            leapBase = 1983
        case ..<1980:
            constant = march ? 20.8357 : 23.2588
            leapBase = 1983
        case ..<2100:
            constant = march ? 20.8431 : 23.2488
            leapBase = 1980
        default:
            constant = march ? 21.8510 : 24.2488
            leapBase = 1980
        }
        // `int` in the published formula truncates toward zero, as Swift's integer division does.
        let leapDays = Double((year - leapBase) / 4)
        return Int(constant + 0.242194 * Double(year - 1980) - leapDays)
    }

    /// The day of the equinox from its computed moment (Meeus, chapter 27), in JST.
    static func meeusDay(year: Int, march: Bool) -> Int {
        let jdTT = meeusJulianEphemerisDay(year: year, march: march)
        let jdUT = jdTT - deltaTSeconds(year: Double(year)) / 86_400
        // Julian day 2440587.5 is 1970-01-01T00:00 UT; add 9 hours for JST.
        let jstDays = jdUT - 2_440_587.5 + 9.0 / 24.0
        let date = LocalDate(dayNumber: Int(jstDays.rounded(.down)))
        return date.day
    }

    /// The Julian Ephemeris Day (TT) of the March or September equinox, Meeus table 27.B/27.C.
    static func meeusJulianEphemerisDay(year: Int, march: Bool) -> Double {
        let y = (Double(year) - 2000) / 1000
        let jde0: Double
        if march {
            jde0 = 2_451_623.80984 + 365_242.37404 * y + 0.05169 * y * y - 0.00411 * y * y * y - 0.00057 * y * y * y * y
        } else {
            jde0 = 2_451_810.21715 + 365_242.01767 * y - 0.11575 * y * y + 0.00337 * y * y * y + 0.00078 * y * y * y * y
        }
        let t = (jde0 - 2_451_545.0) / 36_525
        let w = (35_999.373 * t - 2.47) * Double.pi / 180
        let deltaLambda = 1 + 0.0334 * cos(w) + 0.0007 * cos(2 * w)
        var s = 0.0
        for term in periodicTerms {
            s += term.a * cos((term.b + term.c * t) * Double.pi / 180)
        }
        return jde0 + 0.00001 * s / deltaLambda
    }

    /// ΔT = TT − UT in seconds: Espenak & Meeus' polynomial expressions (NASA, 2006).
    static func deltaTSeconds(year y: Double) -> Double {
        switch y {
        case ..<1900:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u
        case ..<2005:
            let t = y - 2000
            return 63.86 + 0.3345 * t - 0.060374 * t * t + 0.0017275 * t * t * t
        case ..<2050:
            let t = y - 2000
            return 62.92 + 0.32217 * t + 0.005589 * t * t
        case ..<2150:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u - 0.5628 * (2150 - y)
        default:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u
        }
    }

    private struct PeriodicTerm {
        let a: Double, b: Double, c: Double
    }

    /// Meeus table 27.C.
    private static let periodicTerms: [PeriodicTerm] = [
        .init(a: 485, b: 324.96, c: 1934.136), .init(a: 203, b: 337.23, c: 32964.467),
        .init(a: 199, b: 342.08, c: 20.186), .init(a: 182, b: 27.85, c: 445267.112),
        .init(a: 156, b: 73.14, c: 45036.886), .init(a: 136, b: 171.52, c: 22518.443),
        .init(a: 77, b: 222.54, c: 65928.934), .init(a: 74, b: 296.72, c: 3034.906),
        .init(a: 70, b: 243.58, c: 9037.513), .init(a: 58, b: 119.81, c: 33718.147),
        .init(a: 52, b: 297.17, c: 150.678), .init(a: 50, b: 21.02, c: 2281.226),
        .init(a: 45, b: 247.54, c: 29929.562), .init(a: 44, b: 325.15, c: 31555.956),
        .init(a: 29, b: 60.93, c: 4443.417), .init(a: 18, b: 155.12, c: 67555.328),
        .init(a: 17, b: 288.79, c: 4562.452), .init(a: 16, b: 198.04, c: 62894.029),
        .init(a: 14, b: 199.76, c: 31436.921), .init(a: 12, b: 95.39, c: 14577.848),
        .init(a: 12, b: 287.11, c: 31931.756), .init(a: 12, b: 320.81, c: 34777.259),
        .init(a: 9, b: 227.73, c: 1222.114), .init(a: 8, b: 15.45, c: 16859.074),
    ]
}
