import Messages
import Timetable

extension UnknownServiceDate.Cause {
    /// Why the source is unknown on the date, alone: the loader's reason (`…/bad.csv:1:3: minute
    /// "O5" is not a number`), or its validity (`the timetable's validity ended on 2018-01-15 (dct:valid)`).
    public var reasonText: Message {
        switch reason {
        case .notLoaded(let why): return why
        case .outOfValidity(let notice): return notice.text
        }
    }

    /// `X1 (platform 1), weekday could not be loaded: <why>` / `kichi06 pole: the timetable's
    /// validity ended on 2018-01-15 (dct:valid)`, in the reader's language.
    public var text: Message {
        switch reason {
        case .notLoaded(let why): return Message(.unknownCauseNotLoaded, ["source": .message(sourceText), "message": .message(why)])
        case .outOfValidity(let notice): return Message(.unknownCauseValidity, ["source": .message(sourceText), "message": .message(notice.text)])
        }
    }

    /// Whether this cause is the source failure `failure` (the same source, configured at the same place).
    public func isCause(of failure: TimetableFailure) -> Bool {
        guard case .notLoaded = reason else { return false }
        return failure.source == source && origin == "\(failure.location)"
    }

    /// Whether this cause is the service-period notice `notice`.
    public func isCause(of notice: ServicePeriodNotice) -> Bool {
        guard case .outOfValidity(let own) = reason else { return false }
        return own == notice
    }
}

extension UnknownServiceDate {
    /// Every cause, `; `-separated (`、` in Japanese).
    public var causesText: Message {
        .joined(causes.map(\.text), separator: Message(.healthDetailSeparator))
    }
}
