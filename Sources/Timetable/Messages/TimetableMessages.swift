import Messages

// What Timetable says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Shared pieces

    public static let andSeparator = MessageKey("andSeparator",
        en: " and ",
        ja: " と ")
    public static let knownNames = MessageKey("knownNames",
        en: "known: {list}",
        ja: "定義済み: {list}")

    // MARK: next and board

    public static let nextPlatform = MessageKey("nextPlatform",
        en: "platform {stop}",
        ja: "{stop}番のりば")

    // MARK: Data errors: timetables (ODPT, bus CSV, GTFS, holidays)

    static let decodeByte = MessageKey("decodeByte",
        en: "byte {offset}",
        ja: "{offset} バイト目")
    static let decodeRow = MessageKey("decodeRow",
        en: "row {row}",
        ja: "{row} 行目")
    static let textNulByte = MessageKey("textNulByte",
        en: "a NUL byte: this is a binary file, not text (UTF-8 or Shift_JIS)",
        ja: "NUL バイトがあります: テキスト（UTF-8 か Shift_JIS）ではなくバイナリファイルです")
    static let textNotUTF8OrShiftJIS = MessageKey("textNotUTF8OrShiftJIS",
        en: "the text is neither UTF-8 nor Shift_JIS (byte 0x{hex} is invalid UTF-8, and the file does not decode as Shift_JIS either)",
        ja: "テキストが UTF-8 でも Shift_JIS でもありません（バイト 0x{hex} は UTF-8 として不正で、Shift_JIS としても読めません）")
    static let fileNoSuchFile = MessageKey("fileNoSuchFile",
        en: "no such file",
        ja: "ファイルがありません")
    static let fileOpenFailed = MessageKey("fileOpenFailed",
        en: "cannot open: {reason}",
        ja: "開けません: {reason}")
    static let fileStatFailed = MessageKey("fileStatFailed",
        en: "cannot stat: {reason}",
        ja: "ファイルの情報（stat）を読めません: {reason}")
    static let fileIsDirectory = MessageKey("fileIsDirectory",
        en: "is a directory, not a file",
        ja: "ファイルではなくディレクトリです")
    static let fileMapFailed = MessageKey("fileMapFailed",
        en: "cannot map into memory: {reason}",
        ja: "メモリに割り当てられません（mmap）: {reason}")
    static let holidayListNotADate = MessageKey("holidayListNotADate",
        en: "not a date (YYYY/M/D): {value}",
        ja: "日付（YYYY/M/D）ではありません: {value}")
    static let holidayListFieldCount = MessageKey("holidayListFieldCount",
        en: "expected 2 fields (date,name), found {count}: {line}",
        ja: "項目は 2 つ（日付,名称）のはずが {count} つあります: {line}")
    static let holidayListEmptyName = MessageKey("holidayListEmptyName",
        en: "empty holiday name for {date}",
        ja: "{date} の祝日名が空です")
    static let holidayListNameEncoding = MessageKey("holidayListNameEncoding",
        en: "name for {date} is neither UTF-8 nor Shift_JIS",
        ja: "{date} の名称が UTF-8 でも Shift_JIS でもありません")
    static let holidayListListedTwice = MessageKey("holidayListListedTwice",
        en: "date {date} listed twice (first on line {line})",
        ja: "日付 {date} が 2 回書かれています（最初は {line} 行目）")
    static let holidayListEmpty = MessageKey("holidayListEmpty",
        en: "no holidays in the list",
        ja: "一覧に祝日がありません")
    static let odptRecord = MessageKey("odptRecord",
        en: "record {index} of {count}",
        ja: "レコード {index}/{count}")
    static let odptRecordWithID = MessageKey("odptRecordWithID",
        en: "record {index} of {count} ({id})",
        ja: "レコード {index}/{count}（{id}）")
    static let odptDeparturePlace = MessageKey("odptDeparturePlace",
        en: "{record}, departure {index}",
        ja: "{record}、{index} 番目の発車")
    static let odptStopPlace = MessageKey("odptStopPlace",
        en: "{record}, stop {index}",
        ja: "{record}、{index} 番目の停留所")
    static let odptStationPlace = MessageKey("odptStationPlace",
        en: "{record}, station {index}",
        ja: "{record}、{index} 番目の駅")
    static let odptItems = MessageKey("odptItems",
        en: "[…] ({count} {count|item|items})",
        ja: "[…]（{count} 個）")
    static let odptWantedStation = MessageKey("odptWantedStation",
        en: "station {id}",
        ja: "駅 {id}")
    static let odptWantedDirection = MessageKey("odptWantedDirection",
        en: "direction {id}",
        ja: "方面 {id}")
    static let odptToward = MessageKey("odptToward",
        en: "{station} toward {direction}",
        ja: "{station}（{direction} 方面）")
    static let odptNoRecordFor = MessageKey("odptNoRecordFor",
        en: "no {type} record for {wanted}; the file has: {contents}",
        ja: "{wanted} の {type} レコードがありません。ファイルにあるのは: {contents}")
    static let odptManyStations = MessageKey("odptManyStations",
        en: "the file holds timetables of {count} stations ({list}); choose one station",
        ja: "ファイルには {count} 駅の時刻表があります（{list}）: 駅を 1 つ選んでください")
    static let odptUnknownCalendar = MessageKey("odptUnknownCalendar",
        en: "odpt:calendar {id} names no known day type (expected odpt.Calendar:{known})",
        ja: "odpt:calendar {id} は既知の曜日区分ではありません（odpt.Calendar:{known} のいずれかを指定してください）")
    static let odptExpectedObject = MessageKey("odptExpectedObject",
        en: "expected an object, got {kind} {value}",
        ja: "オブジェクトのはずが {kind} {value} でした")
    static let odptMissing = MessageKey("odptMissing",
        en: "missing {key}",
        ja: "{key} がありません")
    static let odptBadDepartureTime = MessageKey("odptBadDepartureTime",
        en: "odpt:departureTime {value} is not a time HH:MM (hours 0–29, minutes 0–59)",
        ja: "odpt:departureTime {value} は時刻 HH:MM（時は 0〜29、分は 0〜59）ではありません")
    static let odptMustHoldStations = MessageKey("odptMustHoldStations",
        en: "odpt:destinationStation must hold station ids, got {value}",
        ja: "odpt:destinationStation には駅 ID を書いてください（実際の値: {value}）")
    static let odptMustBe = MessageKey("odptMustBe",
        en: "{key} must be {expected}, got {value}",
        ja: "{key} は{expected}にしてください（実際の値: {value}）")
    static let odptExpectedBool = MessageKey("odptExpectedBool",
        en: "true or false",
        ja: " true か false ")
    static let odptExpectedWholeNumber = MessageKey("odptExpectedWholeNumber",
        en: "a whole number",
        ja: "整数")
    static let odptExpectedStations = MessageKey("odptExpectedStations",
        en: "a station id or an array of them",
        ja: "駅 ID かその配列")
    static let odptExpectedTitle = MessageKey("odptExpectedTitle",
        en: "a string or an object of strings per language",
        ja: "文字列か、言語ごとの文字列のオブジェクト")
    static let odptBadDate = MessageKey("odptBadDate",
        en: "{key} {value} is not a date ({example}) or an ISO 8601 time",
        ja: "{key} {value} は日付（{example}）でも ISO 8601 の時刻でもありません")
    static let odptNotISOTime = MessageKey("odptNotISOTime",
        en: "{key} is not an ISO 8601 time ({example}), got {value}",
        ja: "{key} が ISO 8601 の時刻（{example}）ではありません（実際の値: {value}）")
    static let odptNotAnArray = MessageKey("odptNotAnArray",
        en: "expected a JSON array of {type} records, got {kind}",
        ja: "{type} レコードの JSON 配列のはずが {kind} でした")
    static let odptEmptyArray = MessageKey("odptEmptyArray",
        en: "the file holds no {type} records (an empty array)",
        ja: "ファイルに {type} のレコードがありません（空の配列）")
    static let odptExpectedTypeObject = MessageKey("odptExpectedTypeObject",
        en: "expected a {type} object, got {kind} {value}",
        ja: "{type} のオブジェクトのはずが {kind} {value} でした")
    static let odptMixedTypes = MessageKey("odptMixedTypes",
        en: "this is {actual}, not {found} like the records before it",
        ja: "これは {actual} です。前のレコードと同じ {found} ではありません")
    static let odptWrongType = MessageKey("odptWrongType",
        en: "this is {actual}, not {expected}",
        ja: "これは {actual} です。{expected} ではありません")
    static let odptOrSeparator = MessageKey("odptOrSeparator",
        en: " or ",
        ja: " または ")
    static let odptEmptyFile = MessageKey("odptEmptyFile",
        en: "the file is empty: expected a JSON array of {type} records",
        ja: "ファイルが空です: {type} レコードの JSON 配列が必要です")
    static let odptGotHTML = MessageKey("odptGotHTML",
        en: "expected ODPT JSON, got an HTML page ({excerpt})",
        ja: "ODPT の JSON のはずが HTML ページでした（{excerpt}）")
    static let odptGotText = MessageKey("odptGotText",
        en: "expected ODPT JSON, got plain text ({excerpt})",
        ja: "ODPT の JSON のはずがプレーンテキストでした（{excerpt}）")
    static let odptNoPoleRecord = MessageKey("odptNoPoleRecord",
        en: "no {type} record for pole {pole}; the file has: {list}",
        ja: "標柱 {pole} の {type} レコードがありません。ファイルにあるのは: {list}")
    static let odptManyPoles = MessageKey("odptManyPoles",
        en: "the file holds timetables of {count} poles ({list}); choose one pole",
        ja: "ファイルには {count} 本の標柱の時刻表があります（{list}）: 標柱を 1 つ選んでください")
    static let odptBusTimetableManyPoles = MessageKey("odptBusTimetableManyPoles",
        en: "the file holds odpt:BusTimetable trips through many poles ({list}, …); choose one pole",
        ja: "ファイルの odpt:BusTimetable の便は多くの標柱を通ります（{list}、…）: 標柱を 1 つ選んでください")
    static let odptNoTripFromPole = MessageKey("odptNoTripFromPole",
        en: "no odpt:BusTimetable trip departs from pole {pole}; the trips stop at {list}",
        ja: "標柱 {pole} を出発する odpt:BusTimetable の便がありません。便が停まるのは {list}")
    static let odptRailwayStation = MessageKey("odptRailwayStation",
        en: "expected an object with a string \"odpt:station\", got {value}",
        ja: "文字列の \"odpt:station\" を持つオブジェクトのはずが {value} でした")
    static let busCSVHourMissing = MessageKey("busCSVHourMissing",
        en: "the hour is missing (the line starts with a comma)",
        ja: "時がありません（行がカンマで始まっています）")
    static let busCSVHourNotNumber = MessageKey("busCSVHourNotNumber",
        en: "hour {value} is not a number{hint}",
        ja: "時の値 {value} は数値ではありません{hint}")
    static let busCSVHeaderHint = MessageKey("busCSVHeaderHint",
        en: " (a header line is not allowed; start a comment line with #)",
        ja: "（見出し行は書けません: コメント行は # で始めてください）")
    static let busCSVFullWidthHint = MessageKey("busCSVFullWidthHint",
        en: " (full-width characters: type {value} in half-width)",
        ja: "（全角文字です。半角で {value} と書いてください）")
    static let busCSVHourDigits = MessageKey("busCSVHourDigits",
        en: "hour {value} has {count} digits; an hour has 1 or 2 (a comma missing?)",
        ja: "時の値 {value} が {count} 桁です。時は 1 桁か 2 桁です（カンマの書き忘れ？）")
    static let busCSVHourRange = MessageKey("busCSVHourRange",
        en: "hour {value} is out of range 0–29",
        ja: "時の値 {value} が範囲 0〜29 の外です")
    static let busCSVMinuteNotNumber = MessageKey("busCSVMinuteNotNumber",
        en: "minute {value} is not a number",
        ja: "分の値 {value} は数値ではありません")
    static let busCSVMinuteFullWidth = MessageKey("busCSVMinuteFullWidth",
        en: "minute {value} is not a number{hint}",
        ja: "分の値 {value} は数値ではありません{hint}")
    static let busCSVMinuteDigits = MessageKey("busCSVMinuteDigits",
        en: "minute {value} has {count} digits; a minute has 1 or 2 (a comma missing?)",
        ja: "分の値 {value} が {count} 桁です。分は 1 桁か 2 桁です（カンマの書き忘れ？）")
    static let busCSVMinuteRange = MessageKey("busCSVMinuteRange",
        en: "minute {value} is out of range 0–59",
        ja: "分の値 {value} が範囲 0〜59 の外です")
    static let busCSVListedTwice = MessageKey("busCSVListedTwice",
        en: "{time} is listed twice (first on line {line})",
        ja: "{time} が 2 回書かれています（最初は {line} 行目）")
    static let busCSVCannotList = MessageKey("busCSVCannotList",
        en: "cannot list the directory ({why})",
        ja: "ディレクトリの一覧を読めません（{why}）")
    static let busCSVNotReadableDirectory = MessageKey("busCSVNotReadableDirectory",
        en: "not a readable directory",
        ja: "読めるディレクトリではありません")
    static let busCSVNoSuchDirectory = MessageKey("busCSVNoSuchDirectory",
        en: "no such directory",
        ja: "ディレクトリがありません")
    static let busCSVSameDayType = MessageKey("busCSVSameDayType",
        en: "this file and {other} are both the {dayType} timetable of {route} {origin} → {destination}, {platform}",
        ja: "このファイルと {other} はどちらも {route} {origin} → {destination}（{platform}）の {dayType} の時刻表です")
    static let busCSVNoFiles = MessageKey("busCSVNoFiles",
        en: "no bus timetable file named 路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv ({found})",
        ja: "路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv という名前のバス時刻表ファイルがありません（{found}）")
    static let busCSVDirectoryEmpty = MessageKey("busCSVDirectoryEmpty",
        en: "the directory is empty",
        ja: "ディレクトリが空です")
    static let busCSVFound = MessageKey("busCSVFound",
        en: "found: {list}",
        ja: "あるファイル: {list}")
    static let gtfsEmptyFile = MessageKey("gtfsEmptyFile",
        en: "the file is empty; expected a header row",
        ja: "ファイルが空です: ヘッダー行が必要です")
    static let gtfsHeaderNotUTF8 = MessageKey("gtfsHeaderNotUTF8",
        en: "the header is not valid UTF-8 text",
        ja: "ヘッダーが正しい UTF-8 テキストではありません")
    static let gtfsMissingColumn = MessageKey("gtfsMissingColumn",
        en: "missing required column {name} (the header has: {columns})",
        ja: "必須の列 {name} がありません（ヘッダーにある列: {columns}）")
    static let gtfsCellCount = MessageKey("gtfsCellCount",
        en: "expected {expected} cells, found {found}",
        ja: "セルは {expected} 個のはずが {found} 個あります")
    static let gtfsRowNotUTF8 = MessageKey("gtfsRowNotUTF8",
        en: "the row is not valid UTF-8 text",
        ja: "行が正しい UTF-8 テキストではありません")
    static let gtfsUnclosedQuote = MessageKey("gtfsUnclosedQuote",
        en: "the quoted cell {cell} is never closed (a closing \" is missing)",
        ja: "引用符で始まるセル {cell} が閉じられていません（閉じる \" がありません）")
    static let gtfsAfterQuote = MessageKey("gtfsAfterQuote",
        en: "unexpected {character} after the closing quote of cell {cell}",
        ja: "セル {cell} の閉じ引用符の後に予期しない {character} があります")
    static let gtfsUTF16 = MessageKey("gtfsUTF16",
        en: "the file is UTF-16 ({order}) text; GTFS files must be UTF-8: re-save it as UTF-8",
        ja: "ファイルが UTF-16（{order}）のテキストです。GTFS のファイルは UTF-8 でなければなりません: UTF-8 で保存し直してください")
    static let gtfsBigEndian = MessageKey("gtfsBigEndian",
        en: "big-endian",
        ja: "ビッグエンディアン")
    static let gtfsLittleEndian = MessageKey("gtfsLittleEndian",
        en: "little-endian",
        ja: "リトルエンディアン")
    static let gtfsNULByte = MessageKey("gtfsNULByte",
        en: "NUL byte (0x00) at column {column}; GTFS files are UTF-8 text without NUL bytes",
        ja: "{column} 列目に NUL バイト（0x00）があります。GTFS のファイルは NUL バイトを含まない UTF-8 テキストです")
    static let gtfsInvalidUTF8 = MessageKey("gtfsInvalidUTF8",
        en: "invalid UTF-8 (bytes {bytes}) at column {column}; re-save the file as UTF-8",
        ja: "{column} 列目が不正な UTF-8 です（バイト {bytes}）: ファイルを UTF-8 で保存し直してください")
    static let gtfsDefinedTwice = MessageKey("gtfsDefinedTwice",
        en: "is defined twice",
        ja: "が 2 回定義されています")
    static let gtfsNotInFile = MessageKey("gtfsNotInFile",
        en: "is not in {file}",
        ja: "は {file} にありません")
    static let gtfsNotNonNegativeWhole = MessageKey("gtfsNotNonNegativeWhole",
        en: "is not a non-negative whole number",
        ja: "は 0 以上の整数ではありません")
    static let gtfsNotATime = MessageKey("gtfsNotATime",
        en: "is not a time (H:MM:SS)",
        ja: "は時刻（H:MM:SS）ではありません")
    static let gtfsNotPickupType = MessageKey("gtfsNotPickupType",
        en: "is not 0, 1, 2 or 3",
        ja: "は 0、1、2、3 のいずれでもありません")
    static let gtfsNotZeroOrOne = MessageKey("gtfsNotZeroOrOne",
        en: "is not 0 or 1",
        ja: "は 0 でも 1 でもありません")
    static let gtfsNotADate = MessageKey("gtfsNotADate",
        en: "is not a date (YYYYMMDD)",
        ja: "は日付（YYYYMMDD）ではありません")
    static let gtfsNotExceptionType = MessageKey("gtfsNotExceptionType",
        en: "is not 1 (added) or 2 (removed)",
        ja: "は 1（追加）でも 2（削除）でもありません")
    static let gtfsServiceUndefined = MessageKey("gtfsServiceUndefined",
        en: "is in neither calendar.txt nor calendar_dates.txt",
        ja: "は calendar.txt にも calendar_dates.txt にもありません")
    static let gtfsNotPositiveSeconds = MessageKey("gtfsNotPositiveSeconds",
        en: "is not a positive number of seconds",
        ja: "は正の秒数ではありません")
    static let gtfsEndBeforeStart = MessageKey("gtfsEndBeforeStart",
        en: "feed_end_date {end} is before feed_start_date {start}",
        ja: "feed_end_date {end} が feed_start_date {start} より前です")
    static let gtfsNoFeed = MessageKey("gtfsNoFeed",
        en: "no such file or directory (a GTFS feed is a .zip file or a directory of .txt files)",
        ja: "ファイルもディレクトリもありません（GTFS フィードは .zip ファイルか、.txt ファイルのディレクトリです）")
    static let gtfsMissingFile = MessageKey("gtfsMissingFile",
        en: "the feed has no {name}, which GTFS requires",
        ja: "フィードに GTFS の必須ファイル {name} がありません")
    static let gtfsNoCalendar = MessageKey("gtfsNoCalendar",
        en: "the feed has neither calendar.txt nor calendar_dates.txt; GTFS needs one of them",
        ja: "フィードに calendar.txt も calendar_dates.txt もありません。GTFS ではどちらかが必要です")
    static let gtfsNoStopID = MessageKey("gtfsNoStopID",
        en: "no stop with stop_id {id} in stops.txt",
        ja: "stops.txt に stop_id が {id} の停留所がありません")
    static let gtfsNoStopName = MessageKey("gtfsNoStopName",
        en: "no stop with stop_name {name} in stops.txt",
        ja: "stops.txt に stop_name が {name} の停留所がありません")
    static let gtfsStopChoice = MessageKey("gtfsStopChoice",
        en: "give exactly one of stop_id and stop_name to choose a stop",
        ja: "停留所を選ぶには stop_id と stop_name のどちらか一方だけを指定してください")
    static let gtfsNoRoute = MessageKey("gtfsNoRoute",
        en: "no route with route_id or route_short_name {route} in routes.txt",
        ja: "routes.txt に route_id か route_short_name が {route} の路線がありません")
    static let gtfsTooManyDepartures = MessageKey("gtfsTooManyDepartures",
        en: "the frequencies expand to more than {max} departures at the chosen stop(s); check headway_secs and the windows",
        ja: "frequencies を展開すると、選んだ停留所の発車が {max} 件を超えます: headway_secs と時間帯を確認してください")
    static let zipEncrypted = MessageKey("zipEncrypted",
        en: "the member is encrypted; only unencrypted archives can be read",
        ja: "メンバーが暗号化されています: 読めるのは暗号化されていないアーカイブだけです")
    static let zipLocalHeaderMissing = MessageKey("zipLocalHeaderMissing",
        en: "the local file header at offset {offset} is missing: the archive is corrupt",
        ja: "オフセット {offset} のローカルファイルヘッダーがありません: アーカイブが壊れています")
    static let zipMemberPastEnd = MessageKey("zipMemberPastEnd",
        en: "the member's data runs past the end of the archive (truncated download?)",
        ja: "メンバーのデータがアーカイブの終わりを越えています（ダウンロードが途中で切れた？）")
    static let zipStoredSizeMismatch = MessageKey("zipStoredSizeMismatch",
        en: "stored member has compressed size {compressed} but size {size}",
        ja: "無圧縮のメンバーの圧縮後のサイズ {compressed} が、サイズ {size} と一致しません")
    static let zipInflateTooLarge = MessageKey("zipInflateTooLarge",
        en: "the member says it inflates from {compressed} to {size} bytes, more than deflate can: the archive is corrupt",
        ja: "メンバーは {compressed} バイトから {size} バイトに展開されるとしていますが、deflate ではありえません: アーカイブが壊れています")
    static let zipMethod = MessageKey("zipMethod",
        en: "compression method {method} is not supported (only stored and deflate); re-pack the archive with plain zip",
        ja: "圧縮方式 {method} には対応していません（対応は stored と deflate だけ）: 普通の zip で作り直してください")
    static let zipCRC = MessageKey("zipCRC",
        en: "CRC-32 mismatch (expected {expected}, got {actual}): the archive is corrupt",
        ja: "CRC-32 が一致しません（期待値 {expected}、実際 {actual}）: アーカイブが壊れています")
    static let zipEmptyButData = MessageKey("zipEmptyButData",
        en: "the member says it is empty but holds data: the archive is corrupt",
        ja: "メンバーは空のはずなのにデータがあります: アーカイブが壊れています")
    static let zipInflateStart = MessageKey("zipInflateStart",
        en: "zlib could not start inflating",
        ja: "zlib が展開を始められませんでした")
    static let zipDeflateCorrupt = MessageKey("zipDeflateCorrupt",
        en: "the deflated data is corrupt ({reason})",
        ja: "圧縮データが壊れています（{reason}）")
    static let zipInflatedSize = MessageKey("zipInflatedSize",
        en: "inflated to {actual} bytes, expected {size}",
        ja: "展開すると {actual} バイトで、{size} バイトのはずでした")
    static let zipZlibError = MessageKey("zipZlibError",
        en: "zlib error {status}",
        ja: "zlib エラー {status}")
    static let zipTooShort = MessageKey("zipTooShort",
        en: "not a zip archive ({count} bytes, too short)",
        ja: "zip アーカイブではありません（{count} バイトで短すぎます）")
    static let zipNoEnd = MessageKey("zipNoEnd",
        en: "not a zip archive (no end-of-central-directory record)",
        ja: "zip アーカイブではありません（セントラルディレクトリの終端レコードがありません）")
    static let zip64Archive = MessageKey("zip64Archive",
        en: "zip64 archives are not supported; re-pack the feed as a plain zip (under 4 GB)",
        ja: "zip64 アーカイブには対応していません: フィードを普通の zip（4 GB 未満）で作り直してください")
    static let zipDirectoryOutside = MessageKey("zipDirectoryOutside",
        en: "the central directory points outside the archive (truncated download?)",
        ja: "セントラルディレクトリがアーカイブの外を指しています（ダウンロードが途中で切れた？）")
    static let zipEntryMissing = MessageKey("zipEntryMissing",
        en: "central directory entry {number} of {count} is missing: the archive is corrupt",
        ja: "セントラルディレクトリのエントリ {number}/{count} がありません: アーカイブが壊れています")
    static let zipEntryShort = MessageKey("zipEntryShort",
        en: "central directory entry {number} is cut short: the archive is corrupt",
        ja: "セントラルディレクトリのエントリ {number} が途中で切れています: アーカイブが壊れています")
    static let zip64Member = MessageKey("zip64Member",
        en: "zip64 members are not supported; re-pack the feed as a plain zip (under 4 GB)",
        ja: "zip64 のメンバーには対応していません: フィードを普通の zip（4 GB 未満）で作り直してください")

    // MARK: Data errors: GTFS trips

    static let gtfsMoreUndefinedTrips = MessageKey("gtfsMoreUndefinedTrips",
        en: " (and {count} more {count|trip|trips} with an undefined service_id)",
        ja: "（ほかにも service_id が未定義の便が {count} 件あります）")
    static let gtfsTripWouldNeverRun = MessageKey("gtfsTripWouldNeverRun",
        en: "; such a trip would never run",
        ja: ": このような便は運行されません")

    // MARK: Data errors: odpt:Train

    static let odptExpectedWholeSeconds = MessageKey("odptExpectedWholeSeconds",
        en: "a whole number of seconds",
        ja: "秒数（整数）")
}
