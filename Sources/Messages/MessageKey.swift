/// The key of one entry of the ``MessageCatalogue``: every text for people has one. The comment
/// of each case is its English entry. To add a message, see ``MessageCatalogue``.
public enum MessageKey: String, Sendable, CaseIterable {
    // MARK: Shared pieces

    /// , 
    case listSeparator
    ///  and 
    case andSeparator
    /// did you mean {name}? 
    case didYouMean
    /// did you mean {name}?
    case didYouMeanSentence
    /// known: {list}
    case knownNames
    /// no {plural} are defined
    case noneDefined
    /// expected one of: {list}
    case expectedKeys
    /// expected one of: {list}
    case expectedValues
    /// warning: {message}
    case warningLine

    // MARK: Things a configuration names

    /// board
    case nounBoard
    /// source
    case nounSource
    /// rule
    case nounRule
    /// weather
    case nounWeather
    /// weather source
    case nounWeatherSource
    /// feed
    case nounFeed
    /// channel
    case nounChannel
    /// service status
    case nounServiceStatus
    /// odpt trains
    case nounODPTTrains
    /// weather condition
    case nounWeatherCondition
    /// csv files by day type
    case nounCSVFiles
    /// special day
    case nounSpecialDay
    /// the top level of a configuration file
    case nounTopLevel
    /// boards
    case pluralBoards
    /// weather sources
    case pluralWeatherSources
    /// feeds
    case pluralFeeds
    /// channels
    case pluralChannels
    /// odpt service_status sources
    case pluralServiceStatusSources
    /// rules
    case pluralRules
    /// {key}
    case nounKeyValue
    /// trains
    case nounTrainsEntry

    // MARK: Configuration files and YAML

    /// cannot open the file for reading
    case fileCannotOpen
    /// cannot read the file: {reason}
    case fileCannotRead
    /// the file is larger than {max} bytes
    case fileTooLarge
    /// cannot list the configuration directory
    case directoryCannotList
    /// a second YAML document starts here; a file holds one document
    case yamlSecondDocument
    /// alias {alias} refers to a node that contains it (a cycle)
    case yamlAliasCycle
    /// alias {alias} refers to no anchor defined before it
    case yamlAliasUnknown
    /// nesting is deeper than {max} levels
    case yamlTooDeep
    /// libyaml closed a collection that was not open
    case yamlCollectionNotOpen
    /// the document has more than {max} nodes (counting what aliases expand to)
    case yamlTooManyNodes
    /// libyaml could not allocate a parser
    case yamlNoParser
    /// libyaml produced an unknown event {event}
    case yamlUnknownEvent
    /// libyaml ran out of memory
    case yamlOutOfMemory
    /// invalid text: {problem}
    case yamlInvalidText
    /// invalid text: {problem} (byte {byte})
    case yamlInvalidTextByte
    /// YAML syntax error: {problem}
    case yamlSyntaxError
    /// YAML syntax error: {problem} ({context})
    case yamlSyntaxErrorContext
    /// YAML syntax error: {problem} ({context} at {place})
    case yamlSyntaxErrorContextAt
    /// unknown error
    case yamlUnknownProblem
    /// a mapping
    case yamlKindMapping
    /// a list
    case yamlKindList
    /// nothing
    case yamlKindNothing
    /// expected a string, found {found}
    case yamlExpectedString
    /// expected a whole number, found {found}
    case yamlExpectedInteger
    /// expected a whole number, found the quoted string {value}
    case yamlExpectedIntegerQuoted
    /// expected true or false, found {found}
    case yamlExpectedBool
    /// expected a date like 2024-12-30, found {found}
    case yamlExpectedDate
    /// expected a list, found {found}
    case yamlExpectedList
    /// expected a mapping ({what}), found {found}
    case yamlExpectedMapping
    /// a key must be a string, found {found}
    case yamlKeyNotString
    /// duplicate key {key} (first given at {place})
    case yamlDuplicateKey
    /// missing required key {key} in {what}
    case yamlMissingKey
    /// unknown key {key} ({suggestion}{expected})
    case yamlUnknownKey
    /// no keys are expected here
    case yamlNoKeysExpected
    /// {what} id {id} may only contain lowercase letters a-z, digits 0-9 and "-"
    case configBadID

    // MARK: Durations

    /// duration {value} must not be negative
    case durationNegative
    /// duration {value} needs a unit: write {number}s, {number}m or {number}h
    case durationNeedsUnit
    /// expected a duration like 4m, 90s or 1h30m, found {found}
    case durationExpected
    /// expected a duration like 4m, 90s or 1h30m, found {found} (did you mean {suggestion}?)
    case durationExpectedMeant
    /// duration {value} needs a unit after {digits}: h, m or s
    case durationNeedsUnitAfter
    /// unknown unit {unit} in duration {value} (use d, h, m or s, as in 1h30m)
    case durationUnknownUnit
    /// duration {value} must give d, h, m and s in that order, each at most once
    case durationOrder
    /// duration {value} is too large
    case durationTooLarge

    // MARK: Boards and sources

    /// unknown timezone {name}{hint}
    case configUnknownTimezone
    ///  ({hint})
    case configTimezoneHint
    /// an IANA name such as Asia/Tokyo, Europe/Paris or UTC
    case configTimezoneExample
    /// board {id} needs at least one source
    case configBoardNeedsSource
    /// expected a date like 2024-12-30 or a range like 2024-12-30..2025-01-03, found {found}
    case configHolidayExpected
    /// holiday range {range} ends before it starts
    case configHolidayRangeBackwards
    /// holiday range {range} spans {days} days; at most {max} are allowed
    case configHolidayRangeTooLong
    /// a source needs one of: {keys}
    case configSourceNeedsKind
    /// a source takes exactly one of {keys}; found {found}
    case configSourceTwoKinds
    /// valid_until {until} is before valid_from {from}
    case configValidUntilBeforeFrom
    /// realtime: is for gtfs sources (a GTFS-Realtime feed matches GTFS trip ids); ODPT trains are listed under the odpt: section's trains:
    case configRealtimeNotGTFS
    /// {key} must be a date like 2025-03-15, found {found}
    case configDateExpected
    /// a gtfs source takes stop_id or stop_name, not both
    case configGTFSStopBoth
    /// a gtfs source needs stop_id or stop_name
    case configGTFSStopMissing
    /// {key} must be an ODPT id like {example}, found {found}
    case configODPTIDExpected
    /// csv needs at least one day type: {keys}
    case configCSVNeedsDayType
    /// expected a path, found an empty string
    case configPathEmpty
    /// duplicate {what} id {id} (first defined at {place})
    case configDuplicateID
    /// unknown special day {name} (expected year_end, {year_end: "12-29..01-03"} or {dates: 2025-05-06, as: sunday})
    case configUnknownSpecialDay
    /// year_end must be a period like "12-29..01-03" (a December day to a January day), found {found}
    case configYearEndPeriod
    /// as must be weekday, saturday, sunday or holiday, found {found}
    case configSpecialDayAs
    /// special_days names year_end twice
    case configYearEndTwice

    // MARK: Rules

    /// unknown rule kind {name} ({suggestion}{expected})
    case configUnknownRuleKind
    /// rule {id} needs channels: a list of channel ids to send through
    case configRuleNeedsChannels
    /// unknown day type {name} ({suggestion}expected one of: weekday, saturday, sunday, holiday)
    case configUnknownDayType
    /// pick must be "all" or "first", found {found}
    case configPick
    /// heads_up needs at least one duration, e.g. [10m, 0m]
    case configHeadsUpEmpty
    /// moved_by must be between 1m and 1h, found {found}
    case configMovedByRange
    /// when_suspended must be "notify" or "hold", found {found}
    case configWhenSuspended
    /// heads_up, buffer and rain extra_walk add up to {minutes} min before the leave time; at most {hours} h is allowed
    case configLeadTooLong
    /// a weather condition needs one of: {list}
    case configWeatherConditionNeedsOne
    /// a weather condition takes exactly one of {list}; found {found}
    case configWeatherConditionTakesOne
    /// new_alert: false watches nothing; remove the rule or write new_alert: true
    case configNewAlertFalse
    /// first_run must be "silent" or "notify", found {found}
    case configFirstRun
    /// max_per_day must be at least 1, found {count}
    case configMaxPerDay
    /// urgency must be one of: low, normal, critical; found {found}
    case configUrgency
    /// language must be "ja" or "en", found {found}
    case configLanguage
    /// unknown template variable {variable} (known: {list})
    case configUnknownTemplateVariable
    /// bad template: {problem}
    case configBadTemplate
    /// "{{" without a closing "}}"
    case templateUnclosed
    /// {text} is not a variable name (letters, digits and _)
    case templateBadName
    /// unknown weather provider {name} ({suggestion}{expected})
    case configUnknownWeatherProvider
    /// units must be one of: standard, metric, imperial; found {found}
    case configUnits
    /// version must be "3.0" or "2.5", found {found}
    case configVersion
    /// idle_refresh ({value}) must not be shorter than refresh
    case configIdleRefreshShort
    /// {provider} needs lat and lon
    case configNeedsLatLon
    /// jma needs office (a forecast office code such as 130000)
    case configJMANeedsOffice
    /// advent_calendar must look like 2024/ios (year/slug), found {found}
    case configAdventCalendar
    /// a feed needs url or advent_calendar
    case configFeedNeedsURL
    /// a feed takes url or advent_calendar, not both
    case configFeedBothURL
    /// feed url must start with https:// or http://, found {found}
    case configFeedURLScheme
    /// unknown channel type {name} ({suggestion}{expected})
    case configUnknownChannelType
    /// unknown day {name} ({suggestion}expected sun, mon, tue, wed, thu, fri, sat, weekdays, weekends or everyday)
    case configUnknownDay
    /// {key} must be a time window HH:MM-HH:MM, found {found}
    case configTimeWindow
    /// expected a number in {min}...{max}, found {found}
    case configNumber
    /// expected a number of {unit} in {min}...{max}, found {found}
    case configNumberUnit
    /// expected a probability like 60% or 0.6, found {found}
    case configProbability
    /// a service_status rule needs status (an odpt service_status id) or board (a board with status:)
    case configServiceStatusNeedsTarget
    /// lines needs at least one line title or railway id, e.g. [銀座線]
    case configLinesEmpty
    /// unknown service status {name} in when (expected one of: {list})
    case configUnknownServiceStatusCondition
    /// when needs at least one of: delayed, suspended, other
    case configWhenEmpty
    /// max_age must be at least 1m, found {found}
    case configMaxAgeMinute

    // MARK: The odpt: section and realtime feeds

    /// odpt needs key_env or key_file: where the ODPT consumer key comes from (never the key itself)
    case configODPTNeedsKey
    /// timetable_refresh must be at least 1h (timetables change rarely), found {found}
    case configTimetableRefresh
    /// refresh must be at least {minimum}, found {found}
    case configRefreshAtLeast
    /// max_age must be at least refresh ({refresh} s), found {found}
    case configMaxAgeAtLeastRefresh
    /// refresh must be at least 10s (a GTFS-Realtime feed changes every 10–30 s), found {found}
    case configRealtimeRefresh
    /// key_parameter must be a query parameter name like api_key, found {found}
    case configKeyParameterName
    /// a realtime file needs no key: key_env / key_file are for a URL
    case configRealtimeFileNoKey
    /// realtime key_env / key_file need key_parameter: the query parameter the key goes in (e.g. api_key)
    case configRealtimeKeyNeedsParameter
    /// key_parameter needs key_env or key_file: where the key comes from (never the key itself)
    case configKeyParameterNeedsKey
    /// gtfs_rt needs a URL or a file path, found an empty string
    case configGTFSRTEmpty
    /// gtfs_rt must be an http(s) URL or a file path, found the scheme {scheme} in {found}
    case configGTFSRTScheme
    /// gtfs_rt is not a valid URL (no host): {found}
    case configGTFSRTNoHost

    // MARK: Across files

    /// a second odpt section (first defined at {place}); keep one
    case configSecondODPT
    /// a second state section (first defined at {place}); keep one
    case configSecondState
    /// unknown {target} {name} in rule {rule} ({hint})
    case configUnknownReference
    /// unknown service status {name} in board {board} ({hint})
    case configUnknownBoardStatus
    /// board {board}: an ODPT API source needs an odpt: section with key_env or key_file (the ODPT consumer key) in one of the rules files
    case configODPTAPINeedsSection
    /// rule {rule} watches board {board}, which has no status: give the rule status: ({hint}) or the board status:
    case configRuleBoardNoStatus
    /// {provider} {requests} (free tier {free})
    case quotaSummary
    /// {provider} {requests} (no published free tier)
    case quotaSummaryNoTier
    /// {provider} would get {requests} requests a day from {sources}, above its free tier of {free}: raise refresh
    case quotaWarning
    /// {provider} would get {requests} requests a day from {sources}, above the limit of {limit} leavenow allows: raise refresh
    case quotaRefusal

    // MARK: Channels

    /// rate_per_minute must be a number of notifications per minute (0 for unlimited), not {value}
    case channelRatePerMinute
    /// max_retry_delay must be a duration from 1s to 1d like 5m (the longest wait between two attempts), not {value}
    case channelMaxRetryDelay
    /// unknown channel type {name} (expected one of: {list})
    case channelUnknownKind
    /// a {kind} channel needs exactly one of {keys}
    case channelNeedsExactlyOneA
    /// an {kind} channel needs exactly one of {keys}
    case channelNeedsExactlyOneAn
    /// {key} must start with https:// or http:// (it starts with "{scheme}")
    case urlScheme
    /// {key} must start with https:// or http://, not {value}
    case urlSchemeShown
    /// {key} must not contain spaces or control characters
    case urlSpaces
    /// {key} must not contain spaces or control characters: {value}
    case urlSpacesShown
    /// {key} must start with https:// or http://
    case urlSchemeOnly
    /// {key} has no host after the scheme
    case urlNoHost
    /// {key} has no host after the scheme: {value}
    case urlNoHostShown
    /// the URL
    case nounTheURL
    /// the URL from {secret}
    case nounTheURLFrom
    /// expire must be a number of seconds or a duration like 5m, from 1 s to {max} s, not {value}
    case channelDesktopExpire
    /// {key} must not be empty
    case channelNotEmpty
    /// a gotify channel needs server (the Gotify server's https:// URL)
    case channelGotifyNeedsServer
    /// priority must be 0 to 10 (Gotify's min … max), not {value}
    case channelGotifyPriority
    /// priority must be 1 to 5 (ntfy's min … max), not {value}
    case channelNtfyPriority
    /// tags must not contain control characters (a line break?): {value}
    case channelNtfyTags
    /// icon must be an https:// or http:// URL of a JPEG or PNG image, not {value}
    case channelNtfyIcon
    /// signature_header must be an HTTP header name (letters, digits and !#$%&'*+-.^_'|~), not {value}
    case channelSignatureHeader
    /// signature_header needs secret_env or secret_file: there is no signing secret to sign with
    case channelSignatureNeedsSecret
    /// unknown placeholder {placeholder} in body_template (known: {list})
    case channelBodyTemplatePlaceholder
    /// the {what} is written in the configuration; {warning}
    case channelSecretInConfig
    /// no {what}: {reasons}
    case channelNoSecret
    /// needs one of {keys}
    case channelNeedsOneOf
    /// the settings are not those of a {kind} channel
    case channelNotKindSettings
    /// the {what} is empty
    case channelSecretEmpty
    /// URL
    case secretWhatURL
    /// topic
    case secretWhatTopic
    /// token
    case secretWhatToken
    /// signing secret
    case secretWhatSigningSecret
    /// whoever knows a webhook URL can post to it: prefer url_env or url_file
    case secretLiteralWebhookURL
    /// whoever knows an ntfy topic can read and post to it: prefer topic_env or topic_file
    case secretLiteralNtfyTopic
    /// whoever knows a Gotify application token can post to it: prefer token_env or token_file
    case secretLiteralGotifyToken
    /// (written in the configuration)
    case secretWrittenInConfiguration
    /// channel "{channel}"
    case secretOwnerChannel

    // MARK: Secrets

    /// no API key for {owner}: {reasons}
    case secretNoKey
    /// no key_env or key_file is configured
    case secretNoKeyConfigured
    /// the environment variable {name} is not set
    case secretVariableNotSet
    /// the environment variable {name} is empty
    case secretVariableEmpty
    /// there is no credential {name} in $CREDENTIALS_DIRECTORY ({directory})
    case secretNoCredential
    /// the credential {name} was asked for but $CREDENTIALS_DIRECTORY is not set
    case secretCredentialNoDirectory
    /// {what} {path} does not exist
    case secretFileMissing
    /// {what} {path} cannot be read
    case secretFileUnreadable
    /// {what} {path} is not UTF-8 text
    case secretFileNotUTF8
    /// {what} {path} is empty
    case secretFileEmpty
    /// the credential file
    case secretCredentialFile
    /// the key file
    case secretKeyFile
    /// the credential {name}
    case secretHintCredential
    /// the key file {path}
    case secretHintKeyFile
    /// the key configuration
    case secretHintConfiguration

    // MARK: Boards and their sources

    /// {location}: board {board}: {message}
    case factsBoardPrefixed
    /// {location}: the {dayType} timetable of board {board} not loaded: {reason}
    case factsDayTypeNotLoaded
    /// {location}: source of board {board} not loaded: {reason}
    case factsSourceNotLoaded
    /// odpt:StationTimetable of {id}
    case factsODPTStationTimetable
    /// odpt:BusstopPoleTimetable of {id}
    case factsODPTPoleTimetable
    /// the {what} comes from the ODPT API and is read from the source cache, which this command does not read
    case factsODPTAPINotRead
    /// no cached timetable yet for the {what}: run 'leavenow fetch'
    case factsODPTNotCached
    /// {location}: board {board}: {source} could not be loaded: {message}
    case factsSourceFailure
    /// board {board} is incomplete: {source} could not be loaded: {message}
    case factsBoardIncomplete
    /// board {board} has no loadable source: {source}: {message}
    case factsBoardUnloadable
    /// board {board}: {source}: {message}
    case factsBoardSourceNotice
    /// {source} could not be loaded: {message}
    case unknownCauseNotLoaded
    /// {source}: {message}
    case unknownCauseValidity
    /// ; no source runs after it: add the next timetable
    case factsNoSourceAfter
    /// board {board}: no source is valid on {date}{reasons}: add the next timetable
    case factsNoSourceValid
    ///  ({list})
    case factsReasons
    /// {location}: board {board}: {count|holiday|holidays} {dates} {count|lies|lie} outside the service of every source ({served}); {count|it has|they have} no effect
    case factsHolidaysOutside
    /// {location}: board {board}: {count|special day|special days} {dates} {count|lies|lie} outside the service of every source ({served}); {count|it has|they have} no effect
    case factsSpecialDaysOutside
    /// {dates} of {entry}
    case factsDatesOf
    /// {location}: board {board}: {source}: the feed runs its usual {usual} departures on {date} (as on {reference}), which {setting} makes a {type}: rules' day_types see a {type} while the departures are the {usual} ones (the feed's calendar_dates.txt has no exception for it); remove the date or check the feed
    case factsFeedIgnoresDay

    // MARK: Fixtures

    /// {file}: ignored (expected {extensions} files named by their fetch time)
    case factsFixtureIgnoredExtension
    /// {file}: ignored: the name is not a fetch time like 2024-12-22T10:00:00+09:00
    case factsFixtureIgnoredName
    /// {error} (snapshot skipped; the previous one stays in force)
    case factsFixtureSkipped
    /// {path}: no {what} with this id is configured
    case factsFixtureUnknownID
    /// {path}: board {board} has no realtime: source with this index (known: {list}; 0 is its first source)
    case factsFixtureUnknownIndex
    /// weather source
    case nounFixtureWeather
    /// feed
    case nounFixtureFeed
    /// odpt service_status
    case nounFixtureServiceStatus
    /// board with a realtime: source
    case nounFixtureRealtimeBoard
    /// odpt trains entry
    case nounFixtureTrains

    // MARK: Service periods

    /// the feed's service ended on {date}
    case noticeFeedEnded
    /// the feed's service starts on {date}
    case noticeFeedStarts
    /// the feed's service ends on {date} ({when})
    case noticeFeedEndsSoon
    /// the timetable's validity ended on {date} ({field})
    case noticeValidityEnded
    /// the timetable is valid from {date} ({field})
    case noticeValidFrom
    /// the timetable's validity ends on {date}, {when} ({field})
    case noticeValidityEndsSoon
    /// today
    case whenToday
    /// tomorrow
    case whenTomorrow
    /// in {days} days
    case whenInDays
    /// the feed's times are in agency_timezone {agency} but the board's timezone is {board}; set 'timezone: {zone}' on the board
    case factsAgencyTimezone

    // MARK: Command line

    /// usage: {synopsis}
    case cliUsage
    /// {option} takes no value
    case cliTakesNoValue
    /// {option} needs a value
    case cliNeedsValue
    /// unknown option {option} ({suggestion}expected one of: {list})
    case cliUnknownOption
    /// unknown option {option} ({command} takes no options)
    case cliUnknownOptionNone
    /// {option} must be a whole number in {min}...{max}, got {value}
    case cliIntegerRange
    /// missing {name}
    case cliMissingPositional
    /// unexpected argument {value}
    case cliUnexpectedArgument
    /// none
    case cliNone
    /// --from is after --to
    case cliFromAfterTo

    // MARK: check

    /// {count} {count|problem|problems} in {directory}
    case checkProblems
    /// {count} {count|source|sources} could not be loaded in {directory}
    case checkSourcesNotLoaded
    /// {location}: rule {rule} will not fire: {reason}
    case checkRuleWillNotFire
    /// {location}: rule {rule} has when_suspended: hold, but board {board} has no status: and no realtime: feed, so no suspension can ever hold it
    case checkHoldsNothing
    /// {problem}; the worker holds this channel's notifications until a reload finds it: make it available to the worker, then reload (SIGHUP or restart)
    case checkChannelHeld
    /// {place}: no password for the PostgreSQL state: {reasons}; the worker cannot log in until it is there
    case checkStateNoPassword
    /// {directory}: ok — {counts}
    case checkOK
    /// {directory}: no problems, {count} {count|warning|warnings} (above; check --strict fails on warnings) — {counts}
    case checkOKWithWarnings
    /// {count} {count|warning|warnings} in {directory}, and --strict fails on warnings
    case checkStrictWarnings
    /// requests a day: {list}
    case checkRequestsADay
    /// none (no source is fetched over the network)
    case checkNoRequests
    /// {count} {count|board|boards}
    case countBoards
    /// {count} {count|weather source|weather sources}
    case countWeatherSources
    /// {count} {count|feed|feeds}
    case countFeeds
    /// {count} {count|channel|channels}
    case countChannels
    /// {count} {count|rule|rules}
    case countRules

    // MARK: dry-run and explain

    /// a dry run covers at most {days} days
    case dryRunTooLong
    /// give --at TIME, or --from TIME and --to TIME
    case dryRunNeedsTime
    /// give --fixtures (recorded snapshots) or --state (the source cache), not both
    case dryRunFixturesOrState
    /// dry run {from} → {to}; nothing is sent
    case dryRunHeader
    /// Nothing would be sent.
    case dryRunNothing
    /// rule {rule}: departures of board {board} are unknown on {dates} ({causes}): nothing is sent for them
    case dryRunUnknown
    /// held: channel {channel}: {problem} (its notifications are marked held below)
    case dryRunChannelHeld
    /// {channel} (held)
    case dryRunHeldMark
    /// --at TIME is required
    case explainNeedsAt
    /// no rule {rule} ({suggestion}rules: {known})
    case explainNoRule
    /// rule {rule} ({kind}) at {at} — defined at {location}
    case explainHeader
    /// → does not fire at this time
    case explainNoFire
    /// → fires: {texts}
    case explainFires
    /// → next time it could fire: {time}
    case explainNext
    /// → no time ahead: it runs again only when a source it reads has new data
    case explainNoTimeAhead

    // MARK: test

    /// no rule tests in {path} (give FILES or add *.yaml there)
    case testNoTests
    /// {path}: the rules it tests have problems:
    case testRulesHaveProblems
    /// {path}: {count} {count|test|tests}
    case testFileCount
    ///   PASS {name}
    case testPass
    ///   FAIL {name}
    case testFail
    /// - expected {rule} at {time}{channel}{containing} ({place})
    case testExpected
    ///  containing {text}
    case testExpectedContaining
    /// + got {rule} at {time} → {channels}: {text}
    case testGot
    /// {passed} passed, {failed} failed
    case testSummary

    // MARK: outbox

    /// no state at {path} (the worker has not run yet; give --state PATH)
    case outboxNoState
    /// retry: {value} is not an outbox id
    case outboxBadID
    /// entry {id} is pending again; a running worker sends it at its next wake-up (send SIGHUP to wake it now)
    case outboxRequeued
    /// outbox entry {id} does not exist
    case outboxNotFound
    /// outbox entry {id} is {status}: only a dead entry can be retried
    case outboxNotRetryable
    /// outbox entry {id} expired at {time}: an expired notification is never sent late, so it was not retried
    case outboxExpired
    /// removed {count} {count|entry|entries}
    case outboxRemoved
    /// unknown outbox action {action}
    case outboxUnknownAction
    /// --status: {value} is not one of {list}
    case outboxBadStatus
    /// {count} {status}
    case outboxStatusCount
    /// STATUS
    case outboxHeaderStatus
    /// TRIES
    case outboxHeaderTries
    /// NEXT / DONE
    case outboxHeaderWhen
    /// RULE
    case outboxHeaderRule
    /// CHANNEL
    case outboxHeaderChannel
    /// LAST ERROR
    case headerLastError

    // MARK: Health, history and status
    /// a second health section (first defined at {place}); keep one
    case configSecondHealth
    /// a second history section (first defined at {place}); keep one
    case configSecondHistory
    /// unknown channel {name} in health ({hint})
    case configHealthUnknownChannel
    /// health needs channels (where its notices go) or heartbeat (a URL the worker calls), or both
    case configHealthNeedsTarget
    /// source_stale_after must be between 1m and 7d, found {found}
    case configHealthStaleRange
    /// feed_ends_within must be whole days from 0d to 365d, found {found}
    case configHealthFeedDays
    /// channel_failures must be a whole number from 1 to 1000, found {found}
    case configHealthFailures
    /// heartbeat needs url_env (an environment variable, also the name of a systemd credential) or url_file
    case configHeartbeatNeedsURL
    /// heartbeat: the URL does not belong in the configuration (a monitor's ping URL is its credential): give url_env (an environment variable, also the name of a systemd credential) or url_file
    case configHeartbeatLiteralURL
    /// heartbeat every must be between 10s and 1d, found {found}
    case configHeartbeatEvery
    /// history keep must be a whole number from 0 to 1000, found {found}
    case configHistoryKeep
    /// board {board}
    case healthSubjectBoard
    /// source {source}
    case healthSubjectSource
    /// feed {feed}
    case healthSubjectFeed
    /// channel {channel}
    case healthSubjectChannel
    /// the worker's state
    case healthSubjectState
    /// the worker
    case healthSubjectWorker
    /// the workers
    case healthSubjectWorkers
    /// worker {worker}
    case healthSubjectWorkerID
    /// the rules' partitions
    case healthSubjectPartitions
    /// {subject}: {detail} (since {since})
    case healthProblemLine
    /// {source}: {why}
    case healthFailedSource
    /// ; 
    case healthDetailSeparator
    /// no source could be loaded ({failures}); its rules cannot fire
    case healthDetailBoard
    /// departures from {date} on are unknown ({causes}); {count|rule|rules} {rules} cannot notify them
    case healthDetailUnknown
    /// never fetched successfully; last error: {error}
    case healthDetailSourceNever
    /// no good fetch for {age}; last error: {error}
    case healthDetailSourceFailing
    /// not refreshed for {age} (its refresh was due at {due})
    case healthDetailSourceOverdue
    /// {count} failed {count|attempt|attempts} in a row; last error: {error}
    case healthDetailChannel
    /// its secret {secret} is missing; its notifications are held
    case healthDetailSecret
    /// no D-Bus session bus for its desktop notifications; they are held
    case healthDetailNoSessionBus
    /// notify-send is not installed; its notifications are held
    case healthDetailNoNotifySend
    /// the worker could not commit it: {error}
    case healthDetailCommit
    /// leavenow problem: {subject}
    case healthTitleProblem
    /// leavenow resolved: {subject}
    case healthTitleResolved
    /// {subject} is fine again (the problem lasted from {since} to {until})
    case healthResolvedText
    /// --since: {value} is not a time (use 2024-12-22T10:32:00+09:00 or 2024-12-22T10:32)
    case historyBadSince
    /// no rule {rule} in the configuration or the recorded history ({hint})
    case historyNoRule
    ///  since {time}
    case historySince
    /// rule {rule}: no evaluation recorded{since} (the worker records each evaluation of a rule and keeps the last {keep})
    case historyNone
    /// rule {rule} ({kind}): {count} {count|evaluation|evaluations} recorded{since}, oldest first (the worker keeps the last {keep} of each rule)
    case historyHeader
    /// (a record this leavenow cannot read)
    case historyUnreadable
    /// run as the worker started (or reloaded its rules)
    case historyTriggerStart
    /// run at the time it asked for
    case historyTriggerTime
    /// run on new data from {sources}
    case historyTriggerData
    /// {kind} {source}
    case historyFact
    ///  (no data yet)
    case historyFactNoData
    ///  (fetched {time}, {age} before)
    case historyFactFetched
    /// ; 
    case historyFactSeparator
    /// realtime feed
    case historyKindRealtime
    ///   read: {facts}
    case historyRead
    ///   decided: send {count} {count|notification|notifications}
    case historyDecidedSend
    ///   decided: nothing now; {count} {count|notification waits|notifications wait} for the quiet hours to end at {time}
    case historyDecidedHeld
    ///   decided: nothing to send
    case historyDecidedNothing
    ///   queued: {key} → {channels}
    case historyQueued
    ///   why:
    case historyWhy
    ///   next: {time}
    case historyNext
    ///   next: only on new data
    case historyNextOnData
    /// is not running (last pass by pid {pid}): no rule runs, nothing is sent
    case healthDetailWorkerStopped
    /// has not run yet (leavenow run)
    case healthDetailWorkerNever
    /// stopped at {time} by SIGTERM or SIGINT (pid {pid}): no rule runs, nothing is sent
    case healthDetailWorkerSignalled
    /// none is live (the last heartbeat was {heartbeat}, pid {pid} on {host}; the lease TTL is {ttl} s): no rule runs, nothing is sent
    case healthDetailFleetDown
    /// its heartbeat stopped at {heartbeat} (pid {pid} on {host}), its lease expired, and no live worker has taken over its {count} {count|partition|partitions}: {rules} {rules|rule is|rules are} not evaluated
    case healthDetailLeaseExpired
    /// {count} {count|partition has|partitions have} no live worker ({list}): {rules} {rules|rule is|rules are} not evaluated
    case healthDetailPartitionsUnheld
    /// health: ok (for what the rules use: every board loads, no source failing for {stale}, no feed ending within {days} days, no channel failing {failures} times in a row, no secret missing)
    case statusHealthOK
    /// health: {count} {count|problem|problems} (exit status 1)
    case statusHealthProblems
    /// not counted as problems, since no rule depends on them:
    case statusHealthInformation
    /// no state at {path}: the worker has not run yet (leavenow run --state {path})
    case statusNoState
    /// cannot read the state: {error}
    case statusCannotRead
    /// no worker running on this machine with the cache directory {directory} says how it reaches the database
    case statusNoLocalWorker
    /// worker: running (pid {pid}), last pass {last}, next wake-up {next}
    case statusWorkerRunning
    /// worker: not running (last pass {last} by pid {pid})
    case statusWorkerStopped
    /// worker: ran once (run --once, last pass {last} by pid {pid})
    case statusWorkerOnce
    /// worker: has not run yet
    case statusWorkerNeverRan
    /// worker: stopped cleanly at {time}, as run --until asked (pid {pid}); not a health problem
    case statusWorkerFinished
    /// worker: stopped at {time} by SIGTERM or SIGINT (pid {pid})
    case statusWorkerSignalled
    /// workers: {live} of {count} live (a heartbeat within the lease TTL of {ttl} s), holding {held} of {partitions} partitions
    case statusFleetRunning
    /// workers: none live (the last heartbeat {heartbeat}; the lease TTL is {ttl} s)
    case statusFleetNone
    /// worker {worker} (pid {pid} on {host}) is gone: its last heartbeat was {heartbeat}; live workers took its partitions over
    case statusFleetGone
    /// {count} {count|partition is|partitions are} changing hands: handed back at a worker's last heartbeat, taken at the next heartbeat of a worker below its share
    case statusFleetChangingHands
    /// worker pid {pid} on this machine: connected to {url} since {since}
    case statusDatabaseConnected
    /// worker pid {pid} on this machine: waiting for the PostgreSQL server {url} since {since} (not started: no rule runs until it answers), {attempts} failed {attempts|attempt|attempts}{next}{error}
    case statusDatabaseWaiting
    /// , next at {time}
    case statusDatabaseNextAttempt
    /// : {error}
    case statusDatabaseError
    /// worker pid {pid} on this machine: cannot reach the PostgreSQL server {url} since {since} (its rules' decisions wait; its leases lapse){error}
    case statusDatabaseUnreachable
    /// workers sharing the PostgreSQL state:
    case statusWorkersHeader
    /// (none has taken partition leases)
    case statusNoLeases
    /// HOST
    case statusHeaderHost
    /// PID
    case statusHeaderPID
    /// LEASES
    case statusHeaderLeases
    /// LAST HEARTBEAT
    case statusHeaderHeartbeat
    /// STATE
    case statusHeaderState
    /// LAST PASS
    case statusHeaderLastPass
    /// live
    case statusStateLive
    /// gone
    case statusStateGone
    /// NEXT WAKE-UP
    case statusHeaderNextWake
    /// SOURCE
    case statusHeaderSource
    /// lease table: {problem}
    case statusLeaseProblem
    /// rules:
    case statusRules
    /// never: board {board} has no loadable source
    case statusNeverUnloadable
    /// never: {reason}
    case statusNever
    /// on new data
    case statusOnNewData
    /// not evaluated: no live worker holds its partition
    case statusRuleUnheld
    /// boards:
    case statusBoards
    /// every source loaded
    case statusEverySourceLoaded
    /// stale sources:
    case statusStaleSources
    /// {source}: last fetch {fetched}
    case statusStaleLine
    /// {age} ago
    case statusAgo
    /// never
    case statusNeverFetched
    /// ; last error: {error}
    case statusLastError
    /// ; refresh overdue since {time}
    case statusOverdue
    /// feeds:
    case statusFeeds
    /// no feed's service ends within {days} days
    case statusNoFeedEnding
    /// board {board}: {source}: {notice}
    case statusFeedLine
    /// sources:
    case statusSources
    /// (none fetched by the worker yet)
    case statusNoSourcesFetched
    /// outbox: {counts}
    case statusOutbox
    /// held: channel {channel}: {count} {count|notification|notifications} waiting for its secret {secret}, which the worker did not find (set it, then reload: SIGHUP or restart)
    case statusHeld
    /// held: channel {channel}: {count} {count|notification|notifications} waiting for a D-Bus session bus, which the worker does not have (run it in the desktop session: systemctl --user, or send them to another channel)
    case statusHeldNoSessionBus
    /// held: channel {channel}: {count} {count|notification|notifications} waiting for notify-send, which the worker did not find (install libnotify-bin)
    case statusHeldNoNotifySend
    /// {place}: no heartbeat URL: {reasons}; the worker pings nothing until a reload finds it
    case checkHeartbeatNoURL
    /// {subject}: {detail}
    case healthProblemLineUndated

    // MARK: sources and fetch

    /// {directory}: no weather sources or feeds are configured
    case sourcesNone
    /// KIND
    case sourcesHeaderKind
    /// LAST FETCH
    case sourcesHeaderLastFetch
    /// AGE
    case sourcesHeaderAge
    /// NEXT REFRESH
    case sourcesHeaderNextRefresh
    /// BYTES
    case sourcesHeaderBytes
    /// SAVED
    case sourcesHeaderSaved
    /// due
    case sourcesDue
    /// never fetched
    case sourcesNeverFetched
    /// unreadable cache
    case sourcesUnreadableCache
    /// {seconds} s
    case ageSeconds
    /// {minutes} min
    case ageMinutes
    /// {hours} h
    case ageHours
    /// {hours} h {minutes} min
    case ageHoursMinutes
    /// {days} d
    case ageDays
    /// {days} d {hours} h
    case ageDaysHours
    /// Fetches every weather source and feed of the configuration (or the ids given) into <state>/sources/ (default $XDG_STATE_HOME/leavenow, else $HOME/.local/state/leavenow; with a PostgreSQL --state, --cache-dir or that default) and records each fetch in the state. For testing: LEAVENOW_SOURCE_BASE_URL=http://127.0.0.1:PORT sends every request to that server instead of the providers (same paths and queries, no proxy).
    case fetchHelp
    /// unknown {count|source|sources} {names}{hint}
    case fetchUnknownSources
    ///  (no weather sources or feeds are configured)
    case fetchNoSourcesConfigured
    ///  ({suggestion}sources: {list})
    case fetchKnownSources
    /// {id}  updated  {size}
    case fetchUpdated
    /// {id}  not modified (saved {size})
    case fetchNotModified
    /// {id}  failed: {error}{kept}
    case fetchFailed
    /// ; keeping the data of {time}
    case fetchKeeping
    /// the fetch results were not recorded in {state}: {error}
    case fetchNotRecorded

    // MARK: notify and holidays

    /// no channel {channel} in {directory}{hint}
    case notifyNoChannel
    ///  (it defines no channels)
    case notifyDefinesNoChannels
    ///  ({suggestion}channels: {list})
    case notifyKnownChannels
    /// --urgency: {value} is not one of low, normal, critical
    case notifyBadUrgency
    /// --year must be a year from 1955 on (the holiday law's first full year), got {value}
    case holidaysBadYear
    /// --from {from} is after --to {to}
    case holidaysFromAfterTo
    /// give --year Y, or --from DATE and --to DATE
    case holidaysNeedsRange
    /// No holidays from {from} to {to}.
    case holidaysNone
    /// {option} must be a date YYYY-MM-DD from 1955 on, got {value}
    case holidaysBadDate
    /// Sun
    case weekdaySun
    /// Mon
    case weekdayMon
    /// Tue
    case weekdayTue
    /// Wed
    case weekdayWed
    /// Thu
    case weekdayThu
    /// Fri
    case weekdayFri
    /// Sat
    case weekdaySat

    // MARK: Live sources and the source cache

    /// weather source "{id}"
    case liveSourceWeather
    /// feed "{id}"
    case liveSourceFeed
    /// ODPT station timetable "{id}"
    case liveSourceStationTimetable
    /// ODPT bus pole timetable "{id}"
    case liveSourcePoleTimetable
    /// ODPT train information "{id}"
    case liveSourceTrainInformation
    /// GTFS-Realtime feed "{id}"
    case liveSourceRealtime
    /// ODPT trains "{id}"
    case liveSourceTrains
    /// {error} (fetching it again)
    case liveRefetching
    /// an API key is needed: set key_env or key_file
    case liveKeyNeeded
    /// not fetched
    case liveNotFetched
    /// the server answered 304 Not Modified but nothing is cached
    case liveNotModifiedWithoutCache
    /// not modified, but the cache could not be updated: {error}
    case liveNotModifiedCacheFailed
    /// the API key was refused (HTTP {status}){hint}
    case liveKeyRefused
    /// ; check {what}
    case liveCheckHint
    /// the calendar {calendar} does not exist (404)
    case liveCalendarNotFound
    /// HTTP {status}{details}{retry}
    case liveHTTPStatus
    ///  ({type}, {bytes} bytes)
    case liveHTTPDetails
    /// ; retry after {seconds} s
    case liveRetryAfter
    /// the response is not valid: {error}
    case liveInvalidResponse
    /// fetched, but the cache could not be written: {error}
    case liveCacheWriteFailed
    /// no complete answer within the {limit} limit
    case liveTimeoutHint
    /// the transfer was stopped at the {limit} limit
    case liveTooLargeHint
    /// stopped after {count} redirects (a redirect loop?)
    case liveRedirectsHint
    /// the connection closed before the whole body arrived
    case liveClosedHint
    /// the file could not be read: {error}
    case liveFileUnreadable
    /// the file is unchanged, but the cache could not be updated: {error}
    case liveFileUnchangedCacheFailed
    /// the file is not valid: {error}
    case liveFileInvalid
    /// read, but the cache could not be written: {error}
    case liveFileCacheWriteFailed
    /// {source}: the cached response does not decode: {error}
    case liveCachedDoesNotDecode
    /// missing or unreadable (its sidecar {sidecar} exists)
    case cacheBodyMissing
    /// does not match its sidecar ({bytes} bytes, expected {expected} with checksum {checksum}); ignored
    case cacheBodyMismatch
    /// cannot encode: {error}
    case cacheCannotEncode
    /// cannot be read
    case cacheCannotRead
    /// not a valid cache sidecar: {error}
    case cacheBadSidecar
    /// the id {id} of {source} cannot name a cache file
    case cacheBadID
    /// cannot create
    case cacheCannotCreate
    /// cannot write
    case cacheCannotWrite
    /// cannot close
    case cacheCannotClose
    /// cannot replace
    case cacheCannotReplace
    /// cannot set mode 0700
    case cacheCannotSetMode
    /// cannot create the directory: {error}
    case cacheCannotCreateDirectory
    /// is not a directory
    case cacheNotDirectory

    // MARK: The state store

    /// opening
    case storeOpening
    /// enabling WAL
    case storeEnablingWAL
    /// configuring
    case storeConfiguring
    /// executing {sql}
    case storeExecuting
    /// reading {sql}
    case storeReadingSQL
    /// migrating
    case storeMigrating
    /// migrating to schema version {version} ({summary})
    case storeMigratingTo
    /// reading outbox entry {id}
    case storeReadingEntry
    /// reading the delivery log of entry {id}
    case storeReadingLog
    /// decoding outbox entry {id}
    case storeDecodingEntry
    /// creating its directory
    case storeCreatingItsDirectory
    /// creating the directory {directory}
    case storeCreatingDirectory
    /// creating the file
    case storeCreatingFile
    /// setting mode 0600
    case storeSettingMode
    /// checking that the target is empty
    case storeCheckingEmpty
    /// verifying {table}
    case storeVerifying
    /// migration {summary} has version {version}, expected {expected}
    case storeBadMigrationVersion
    /// the journal mode stayed {mode} (is the file on a network file system?)
    case storeJournalMode
    /// the schema version is {found}, newer than the {latest} this leavenow knows; refusing to use it (upgrade leavenow, or choose another state file)
    case storeNewerSchema
    /// unknown status {status}
    case storeUnknownStatus
    /// unknown outcome {outcome}
    case storeUnknownOutcome
    /// the notification is not valid: {error}
    case storeNotificationInvalid
    /// column {column} is NULL
    case storeColumnNull
    /// the database is closed
    case storeClosed
    /// {directory} is not a directory
    case storeNotDirectory
    /// {path} is not writable by {user} (it belongs to {owner}, mode {mode})
    case storeNotWritableBy
    /// {path} is not readable by {user} (it belongs to {owner}, mode {mode})
    case storeNotReadableBy
    /// {problem}: run leavenow as {owner}, or give --state a path you can write (status, outbox list, history and sources only read the state: they work on one you can read)
    case storeFixWrite
    /// {problem}: run leavenow as {owner}, or make it readable to you (chmod a+r, or a group you share)
    case storeFixRead
    /// {problem}: give --state a path you can write (or set XDG_STATE_HOME)
    case storeFixPath
    /// the schema version is {found}, older than the {latest} this leavenow reads, and the state cannot be written to upgrade it: run the worker (as the state's owner) once, then look again
    case storeOlderSchemaReadOnly
    /// {table} has {count} {count|row|rows}
    case storeTableRows
    /// the database already holds a leavenow state ({tables}); state migrate copies only into an empty database: give a new one, or drop its leavenow tables first
    case storeTargetOccupied
    /// {copied} rows read from {source} but {stored} in the target; nothing was committed
    case storeVerifyMismatch
    /// beginning a transaction
    case storeBeginning
    /// binding {count} values to {sql}
    case storeBinding
    /// preparing {sql}
    case storePreparing
    /// encoding {what}
    case storeEncoding
    /// decoding {what}
    case storeDecoding
    /// the state of rule {rule}
    case storeRuleState

    // MARK: Help, version and completion (the command table)

    /// leavenow — tells you when to leave.
    case helpTitle
    /// leavenow COMMAND --help (or leavenow help COMMAND) lists a command's options; leavenow --version prints the version.
    case helpCommandHelp
    /// commands:
    case helpCommandsHeading
    /// options:
    case helpOptionsHeading
    /// TIME is ISO 8601 with an offset (2024-12-22T10:32:00+09:00) or a wall time in the board's …
    case helpNotes
    /// upcoming departures of a board, and when to leave
    case helpNext
    /// a whole service day as a departure board
    case helpBoard
    /// Japanese national holidays
    case helpHolidays
    /// check the configuration: every problem at its file:line:col
    case helpCheck
    /// what the rules would send over a span of time; sends nothing
    case helpDryRun
    /// why a rule fires or does not at a time
    case helpExplain
    /// run the rule tests
    case helpTest
    /// fetch the live sources now into the source cache
    case helpFetch
    /// the live sources and what the cache holds for each
    case helpSources
    /// run the worker: fetch, run the rules, send the notifications
    case helpRun
    /// the worker, its rules, sources, outbox and channels
    case helpStatus
    case helpHistory
    case helpHistoryDetails
    /// list, retry or purge the notifications of the outbox
    case helpOutbox
    /// send one test notification through a channel, now
    case helpNotify
    /// copy an SQLite state into an empty PostgreSQL database
    case helpState
    /// shell completion for bash or zsh
    case helpCompletion
    /// the version and the git commit of this build
    case helpVersion
    /// help on the commands, or on one
    case helpHelp
    /// this help
    case helpOptionHelp
    /// the rules directory (default $XDG_CONFIG_HOME/leavenow/rules when it exists, else ./rules)
    case helpOptionRules
    /// the worker's state: a directory, a .db file or a postgresql:// URL (default: the state: section of the rules, else $XDG_STATE_HOME/leavenow)
    case helpOptionState
    /// the state directory whose source cache holds fetched timetables and realtime (default $XDG_STATE_HOME/leavenow)
    case helpOptionStateCache
    /// answer from the source cache of this state (the last good data) instead of fixtures
    case helpOptionStateDryRun
    /// the source cache directory when --state is a PostgreSQL URL (default $XDG_STATE_HOME/leavenow)
    case helpOptionCacheDirectory
    /// recorded source snapshots instead of the network
    case helpOptionFixtures
    /// JSON for programs (snake_case keys, English whatever the language)
    case helpOptionJSON
    /// exit 1 when there is any warning too (for CI)
    case helpOptionStrict
    /// the time to answer for (default now)
    case helpOptionAtNext
    /// how many departures (1–1000, default 5)
    case helpOptionCount
    /// the service date (default: the date of --at)
    case helpOptionDate
    /// the time realtime is read at (default now)
    case helpOptionAtBoard
    /// the holidays of one year (1955 on)
    case helpOptionYear
    /// the first date of a range (with --to)
    case helpOptionFromDate
    /// the last date of the range
    case helpOptionToDate
    /// accepted like every command's --rules; the national holidays do not depend on it
    case helpOptionRulesHolidays
    /// what would be sent at one instant
    case helpOptionAtDryRun
    /// the start of a span (with --to)
    case helpOptionFromTime
    /// the end of the span (at most 400 days after --from)
    case helpOptionToTime
    /// the instant to explain (required)
    case helpOptionAtExplain
    /// run one pass and exit (for cron)
    case helpOptionOnce
    /// run on a simulated clock that starts at TIME (a demo)
    case helpOptionSimulateFrom
    /// how many times faster the simulated clock runs (default 1)
    case helpOptionSpeed
    /// the real time at which the simulated clock read TIME (seconds since the epoch, or ISO 8601; default now)
    case helpOptionSimulateAnchor
    /// stop when the clock passes TIME
    case helpOptionUntil
    /// the statuses to list or purge, separated by commas (pending, delivered, dead, expired)
    case helpOptionOutboxStatus
    /// list at most N entries (default 50)
    case helpOptionLimit
    case helpOptionHistorySince
    case helpOptionHistoryLimit
    /// purge only entries older than this (default 7d)
    case helpOptionOlderThan
    /// the notification's title (default leavenow)
    case helpOptionTitle
    /// low, normal (default) or critical
    case helpOptionUrgency
    /// the SQLite state file to copy (only read)
    case helpOptionMigrateFrom
    /// the empty PostgreSQL database to copy into
    case helpOptionMigrateTo
    /// Runs the worker: fetches sources on their schedules, runs the rules, keeps every notification in …
    case helpRunDetails
    /// Copies the outbox (with its delivery log), the rule state, the source index and the meta values …
    case helpStateDetails
    /// Without --state: the state: section of --rules DIR, else the default state file.
    case helpOutboxDetails
    /// bash: leavenow completion bash > ~/.local/share/bash-completion/completions/leavenow …
    case helpCompletionDetails
    /// unknown shell {shell} ({suggestion}expected one of: {list})
    case completionUnknownShell
    /// unknown kind of id {kind} ({suggestion}expected one of: {list})
    case completionUnknownKind
    /// unknown command {command} ({suggestion}commands: {list}); leavenow --help says what each does
    case cliUnknownCommand

    // MARK: Loading a configuration or a board (every command)

    /// no rules directory {directory}: give --rules DIR, or put the configuration in $XDG_CONFIG_HOME/leavenow/rules or ./rules
    case cliNoRulesDirectory
    /// {directory} has problems:
    case cliDirectoryHasProblems
    /// no board {board} in {directory} ({suggestion}boards: {list})
    case cliNoBoard
    /// no board {board} in {directory} (it defines no boards)
    case cliNoBoards
    /// board {board} has no source that could be loaded:
    case cliBoardUnloadable
    /// {option}: {value} is not a time (use 2024-12-22T10:32:00+09:00, 2024-12-22T10:32, 2024-12-22 or 10:32 for today)
    case cliNotATime
    /// no state directory: give --state PATH, or set XDG_STATE_HOME or HOME
    case cliNoStateDirectory

    // MARK: next and board

    /// {title} — {weekday} {date} {time} ({zone}){holiday}
    case nextHeader
    /// holiday schedule
    case nextHolidaySchedule
    /// No departures in the next {days} days.
    case nextNoDepartures
    /// Departures from {day} on are unknown: {causes}.
    case nextUnknownFrom
    /// Departures are unknown: {causes}.
    case nextUnknownNow
    /// The last {vehicle} has left; next: {when} from {place}.
    case nextLastHasLeft
    /// The first {vehicle} is at {when} from {place}.
    case nextFirstIs
    /// bus
    case nextBus
    /// train
    case nextTrain
    /// departure
    case nextDeparture
    /// {when} from {place} to {destination}{last}{mark} — {action}
    case nextLine
    ///  · last
    case nextLastMark
    /// platform {stop}
    case nextPlatform
    /// tomorrow 
    case nextTomorrow
    /// {weekday} {day} {month} 
    case nextOtherDay
    /// Jan
    case monthJan
    /// Feb
    case monthFeb
    /// Mar
    case monthMar
    /// Apr
    case monthApr
    /// May
    case monthMay
    /// Jun
    case monthJun
    /// Jul
    case monthJul
    /// Aug
    case monthAug
    /// Sep
    case monthSep
    /// Oct
    case monthOct
    /// Nov
    case monthNov
    /// Dec
    case monthDec
    /// leave at {time}
    case nextLeaveAt
    /// {departure}, {leave}
    case nextAction
    /// in {duration}
    case nextDepartsIn
    /// departing now
    case nextDepartingNow
    /// leave now
    case nextLeaveNow
    /// leave in {duration}
    case nextLeaveIn
    /// too late to walk there ({walk} min walk)
    case nextOutOfReach
    /// timetable: {list}
    case boardTimetables
    /// weekday
    case boardTimetableWeekday
    /// saturday
    case boardTimetableSaturday
    /// sunday
    case boardTimetableSunday
    /// sunday_holiday
    case boardTimetableSundayHoliday
    /// saturday_holiday
    case boardTimetableSaturdayHoliday
    /// holiday
    case boardTimetableHoliday
    /// everyday
    case boardTimetableEveryday
    /// No departures on this service day.
    case boardNoDepartures
    /// {from} does not exist on the wall clock that day (clocks go forward): departs at {to}
    case boardSkippedTime
    /// * last departure toward its destination
    case boardLastLegend
    /// --date must be YYYY-MM-DD, got {value}
    case boardBadDate
    /// incomplete: {source} could not be loaded: {message}
    case boardIncomplete
    /// {message} ({source}).
    case boardServiceLine
    /// This service day is unknown: {causes}.
    case boardUnknownDate
    /// weekday
    case dayTypeWeekday
    /// saturday
    case dayTypeSaturday
    /// sunday
    case dayTypeSunday
    /// holiday
    case dayTypeHoliday

    // MARK: run and state migrate

    /// --speed: {value} is not a speed between 0 and 100000
    case runBadSpeed
    /// --simulate-anchor: {value} is not a real time (seconds since the epoch, or 2024-12-22T10:32:00+09:00)
    case runBadAnchor
    /// --speed and --simulate-anchor need --simulate-from TIME
    case runNeedsSimulateFrom
    /// run --once: {count} {count|source|sources} failed; the rules ran on the last good data:
    case runOnceSourcesFailed
    /// unknown state action {action} ({suggestion}the action is migrate)
    case stateUnknownAction
    /// state migrate needs --from STATE.db
    case stateNeedsFrom
    /// state migrate needs --to postgresql://…
    case stateNeedsTo
    /// --from: give the SQLite state file to copy, not a PostgreSQL URL
    case stateFromNotFile
    /// --to: {value} is not a postgresql:// or postgres:// URL
    case stateToNotURL
    /// --from: no state at {path}
    case stateFromMissing
    /// state migrate: {error}
    case stateMigrateFailed
    /// copied {from} to {to} in one transaction; rows per table (verified):
    case stateCopied
    /// TABLE
    case stateHeaderTable

    // MARK: Realtime in next and board

    /// realtime {age} old
    case realtimeLive
    /// timetable: {reason}
    case realtimeTimetable
    /// timetable for {source}: {reason}
    case realtimeSourceTimetable
    /// realtime {age} old (max {max})
    case realtimeStale
    /// no realtime yet
    case realtimeMissing
    /// suspended: {summary}
    case realtimeSuspended
    /// {time} (on time)
    case realtimeOnTime
    /// {time} (timetable): a departure realtime has no time for, on a board whose realtime is live
    case realtimeTimetableTime
    /// {time} → {predicted} ({delay})
    case realtimeDelayed
    ///  · duplicated trip
    case realtimeDuplicated
    ///  · added trip
    case realtimeAdded
    /// canceled
    case realtimeCanceled
    /// {minutes} min {seconds} s
    case durationMinutesSeconds

    // MARK: The state a command uses (--state, the state: section)

    /// --state: {error}
    case stateBadOption
    /// {place}: state url: {error}
    case stateBadURL
    /// {place}: no password for the PostgreSQL state {url}: {reasons} (state: password_env / password_file)
    case stateNoPassword

    // MARK: Data errors: JSON

    /// the input is empty (no JSON value)
    case jsonEmpty
    /// unexpected {what} after the end of the JSON document
    case jsonTrailing
    /// an XML document
    case jsonAnXMLDocument
    /// an HTML page
    case jsonAnHTMLPage
    /// expected JSON, got {what} ({excerpt})
    case jsonGotMarkup
    /// expected JSON, got plain text ({excerpt})
    case jsonGotText
    /// unexpected {what} where a JSON value was expected
    case jsonUnexpectedValue
    /// unexpected {what} where an object key (a string) was expected
    case jsonUnexpectedKey
    /// unexpected {what} after the key {key} (expected ':')
    case jsonUnexpectedAfterKey
    /// unexpected {what} in an object (expected ',' or '}')
    case jsonUnexpectedInObject
    /// unexpected {what} in an array (expected ',' or ']')
    case jsonUnexpectedInArray
    /// JSON nested deeper than {max} levels
    case jsonTooDeep
    /// unexpected {what} where a string was expected
    case jsonUnexpectedString
    /// truncated JSON: the string starting here is never closed
    case jsonUnclosedString
    /// the string starting here is not valid UTF-8
    case jsonStringNotUTF8
    /// a control character (0x{hex}) inside a string
    case jsonControlCharacter
    /// invalid escape: {what} after '\' in a string
    case jsonInvalidEscapeByte
    /// invalid escape '\{character}' in a string
    case jsonInvalidEscape
    /// invalid hex digit {what} in a \u escape
    case jsonInvalidHexDigit
    /// unexpected {what} after '-' (expected a digit)
    case jsonMissingIntegerDigit
    /// unexpected {what} after '.' in a number (expected a digit)
    case jsonMissingFractionDigit
    /// unexpected {what} in the exponent of a number (expected a digit)
    case jsonMissingExponentDigit
    /// the number {number} has a leading zero
    case jsonLeadingZero
    /// the number {what} is not a whole number
    case jsonNotWholeNumber
    /// the number {number} is out of range
    case jsonNumberOutOfRange
    /// truncated JSON: the input ends {place}
    case jsonTruncated
    /// inside '{literal}'
    case jsonEndsInsideLiteral
    /// inside a \u escape
    case jsonEndsInsideUnicodeEscape
    /// inside a number
    case jsonEndsInsideNumber
    /// where a value was expected
    case jsonEndsWhereValueExpected
    /// inside an object
    case jsonEndsInsideObject
    /// inside an array
    case jsonEndsInsideArray
    /// end of input
    case jsonEndOfInput
    /// byte 0x{hex}
    case jsonByte

    // MARK: Data errors: timetables (ODPT, bus CSV, GTFS, holidays)

    /// a boolean
    case jsonKindBoolean
    /// a number
    case jsonKindNumber
    /// a string
    case jsonKindString
    /// an array
    case jsonKindArray
    /// an object
    case jsonKindObject
    /// byte {offset}
    case decodeByte
    /// row {row}
    case decodeRow
    /// a NUL byte: this is a binary file, not text (UTF-8 or Shift_JIS)
    case textNulByte
    /// the text is neither UTF-8 nor Shift_JIS (byte 0x{hex} is invalid UTF-8, and the file does not decode as Shift_JIS either)
    case textNotUTF8OrShiftJIS
    /// no such file
    case fileNoSuchFile
    /// cannot open: {reason}
    case fileOpenFailed
    /// cannot stat: {reason}
    case fileStatFailed
    /// is a directory, not a file
    case fileIsDirectory
    /// cannot map into memory: {reason}
    case fileMapFailed
    /// not a date (YYYY/M/D): {value}
    case holidayListNotADate
    /// expected 2 fields (date,name), found {count}: {line}
    case holidayListFieldCount
    /// empty holiday name for {date}
    case holidayListEmptyName
    /// name for {date} is neither UTF-8 nor Shift_JIS
    case holidayListNameEncoding
    /// date {date} listed twice (first on line {line})
    case holidayListListedTwice
    /// no holidays in the list
    case holidayListEmpty
    /// record {index} of {count}
    case odptRecord
    /// record {index} of {count} ({id})
    case odptRecordWithID
    /// {record}, departure {index}
    case odptDeparturePlace
    /// {record}, stop {index}
    case odptStopPlace
    /// {record}, station {index}
    case odptStationPlace
    /// […] ({count} {count|item|items})
    case odptItems
    /// station {id}
    case odptWantedStation
    /// direction {id}
    case odptWantedDirection
    /// {station} toward {direction}
    case odptToward
    /// no {type} record for {wanted}; the file has: {contents}
    case odptNoRecordFor
    /// the file holds timetables of {count} stations ({list}); choose one station
    case odptManyStations
    /// odpt:calendar {id} names no known day type (expected odpt.Calendar:{known})
    case odptUnknownCalendar
    /// expected an object, got {kind} {value}
    case odptExpectedObject
    /// missing {key}
    case odptMissing
    /// odpt:departureTime {value} is not a time HH:MM (hours 0–29, minutes 0–59)
    case odptBadDepartureTime
    /// odpt:destinationStation must hold station ids, got {value}
    case odptMustHoldStations
    /// {key} must be {expected}, got {value}
    case odptMustBe
    /// true or false
    case odptExpectedBool
    /// a whole number
    case odptExpectedWholeNumber
    /// a station id or an array of them
    case odptExpectedStations
    /// a string or an object of strings per language
    case odptExpectedTitle
    /// {key} {value} is not a date ({example}) or an ISO 8601 time
    case odptBadDate
    /// {key} is not an ISO 8601 time ({example}), got {value}
    case odptNotISOTime
    /// expected a JSON array of {type} records, got {kind}
    case odptNotAnArray
    /// the file holds no {type} records (an empty array)
    case odptEmptyArray
    /// expected a {type} object, got {kind} {value}
    case odptExpectedTypeObject
    /// this is {actual}, not {found} like the records before it
    case odptMixedTypes
    /// this is {actual}, not {expected}
    case odptWrongType
    ///  or 
    case odptOrSeparator
    /// the file is empty: expected a JSON array of {type} records
    case odptEmptyFile
    /// expected ODPT JSON, got an HTML page ({excerpt})
    case odptGotHTML
    /// expected ODPT JSON, got plain text ({excerpt})
    case odptGotText
    /// no {type} record for pole {pole}; the file has: {list}
    case odptNoPoleRecord
    /// the file holds timetables of {count} poles ({list}); choose one pole
    case odptManyPoles
    /// the file holds odpt:BusTimetable trips through many poles ({list}, …); choose one pole
    case odptBusTimetableManyPoles
    /// no odpt:BusTimetable trip departs from pole {pole}; the trips stop at {list}
    case odptNoTripFromPole
    /// expected an object with a string "odpt:station", got {value}
    case odptRailwayStation
    /// the hour is missing (the line starts with a comma)
    case busCSVHourMissing
    /// hour {value} is not a number{hint}
    case busCSVHourNotNumber
    ///  (a header line is not allowed; start a comment line with #)
    case busCSVHeaderHint
    ///  (full-width characters: type {value} in half-width)
    case busCSVFullWidthHint
    /// hour {value} has {count} digits; an hour has 1 or 2 (a comma missing?)
    case busCSVHourDigits
    /// hour {value} is out of range 0–29
    case busCSVHourRange
    /// minute {value} is not a number
    case busCSVMinuteNotNumber
    /// minute {value} is not a number{hint}
    case busCSVMinuteFullWidth
    /// minute {value} has {count} digits; a minute has 1 or 2 (a comma missing?)
    case busCSVMinuteDigits
    /// minute {value} is out of range 0–59
    case busCSVMinuteRange
    /// {time} is listed twice (first on line {line})
    case busCSVListedTwice
    /// cannot list the directory ({why})
    case busCSVCannotList
    /// not a readable directory
    case busCSVNotReadableDirectory
    /// no such directory
    case busCSVNoSuchDirectory
    /// this file and {other} are both the {dayType} timetable of {route} {origin} → {destination}, {platform}
    case busCSVSameDayType
    /// no bus timetable file named 路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv ({found})
    case busCSVNoFiles
    /// the directory is empty
    case busCSVDirectoryEmpty
    /// found: {list}
    case busCSVFound
    /// the file is empty; expected a header row
    case gtfsEmptyFile
    /// the header is not valid UTF-8 text
    case gtfsHeaderNotUTF8
    /// missing required column {name} (the header has: {columns})
    case gtfsMissingColumn
    /// expected {expected} cells, found {found}
    case gtfsCellCount
    /// the row is not valid UTF-8 text
    case gtfsRowNotUTF8
    /// the quoted cell {cell} is never closed (a closing " is missing)
    case gtfsUnclosedQuote
    /// unexpected {character} after the closing quote of cell {cell}
    case gtfsAfterQuote
    /// the file is UTF-16 ({order}) text; GTFS files must be UTF-8: re-save it as UTF-8
    case gtfsUTF16
    /// big-endian
    case gtfsBigEndian
    /// little-endian
    case gtfsLittleEndian
    /// NUL byte (0x00) at column {column}; GTFS files are UTF-8 text without NUL bytes
    case gtfsNULByte
    /// invalid UTF-8 (bytes {bytes}) at column {column}; re-save the file as UTF-8
    case gtfsInvalidUTF8
    /// is defined twice
    case gtfsDefinedTwice
    /// is not in {file}
    case gtfsNotInFile
    /// is not a non-negative whole number
    case gtfsNotNonNegativeWhole
    /// is not a time (H:MM:SS)
    case gtfsNotATime
    /// is not 0, 1, 2 or 3
    case gtfsNotPickupType
    /// is not 0 or 1
    case gtfsNotZeroOrOne
    /// is not a date (YYYYMMDD)
    case gtfsNotADate
    /// is not 1 (added) or 2 (removed)
    case gtfsNotExceptionType
    /// is in neither calendar.txt nor calendar_dates.txt
    case gtfsServiceUndefined
    /// is not a positive number of seconds
    case gtfsNotPositiveSeconds
    /// feed_end_date {end} is before feed_start_date {start}
    case gtfsEndBeforeStart
    /// no such file or directory (a GTFS feed is a .zip file or a directory of .txt files)
    case gtfsNoFeed
    /// the feed has no {name}, which GTFS requires
    case gtfsMissingFile
    /// the feed has neither calendar.txt nor calendar_dates.txt; GTFS needs one of them
    case gtfsNoCalendar
    /// no stop with stop_id {id} in stops.txt
    case gtfsNoStopID
    /// no stop with stop_name {name} in stops.txt
    case gtfsNoStopName
    /// give exactly one of stop_id and stop_name to choose a stop
    case gtfsStopChoice
    /// no route with route_id or route_short_name {route} in routes.txt
    case gtfsNoRoute
    /// the frequencies expand to more than {max} departures at the chosen stop(s); check headway_secs and the windows
    case gtfsTooManyDepartures
    /// the member is encrypted; only unencrypted archives can be read
    case zipEncrypted
    /// the local file header at offset {offset} is missing: the archive is corrupt
    case zipLocalHeaderMissing
    /// the member's data runs past the end of the archive (truncated download?)
    case zipMemberPastEnd
    /// stored member has compressed size {compressed} but size {size}
    case zipStoredSizeMismatch
    /// the member says it inflates from {compressed} to {size} bytes, more than deflate can: the archive is corrupt
    case zipInflateTooLarge
    /// compression method {method} is not supported (only stored and deflate); re-pack the archive with plain zip
    case zipMethod
    /// CRC-32 mismatch (expected {expected}, got {actual}): the archive is corrupt
    case zipCRC
    /// the member says it is empty but holds data: the archive is corrupt
    case zipEmptyButData
    /// zlib could not start inflating
    case zipInflateStart
    /// the deflated data is corrupt ({reason})
    case zipDeflateCorrupt
    /// inflated to {actual} bytes, expected {size}
    case zipInflatedSize
    /// zlib error {status}
    case zipZlibError
    /// not a zip archive ({count} bytes, too short)
    case zipTooShort
    /// not a zip archive (no end-of-central-directory record)
    case zipNoEnd
    /// zip64 archives are not supported; re-pack the feed as a plain zip (under 4 GB)
    case zip64Archive
    /// the central directory points outside the archive (truncated download?)
    case zipDirectoryOutside
    /// central directory entry {number} of {count} is missing: the archive is corrupt
    case zipEntryMissing
    /// central directory entry {number} is cut short: the archive is corrupt
    case zipEntryShort
    /// zip64 members are not supported; re-pack the feed as a plain zip (under 4 GB)
    case zip64Member

    // MARK: Data errors: GTFS trips

    ///  (and {count} more {count|trip|trips} with an undefined service_id)
    case gtfsMoreUndefinedTrips
    /// ; such a trip would never run
    case gtfsTripWouldNeverRun

    // MARK: Data errors: odpt:Train

    /// a whole number of seconds
    case odptExpectedWholeSeconds

    // MARK: Data errors: weather forecasts

    /// (top level)
    case weatherTopLevel
    /// boolean {value}
    case weatherQuotedBoolean
    /// number {value}
    case weatherQuotedNumber
    /// string {value}
    case weatherQuotedString
    /// an array of {count}
    case weatherQuotedArray
    /// the response is empty, expected JSON
    case weatherEmpty
    /// {message}; an error page or a wrong URL?
    case weatherErrorPageHint
    /// byte {offset}: {message}
    case weatherAtByte
    /// expected an object, got {value}
    case weatherExpectedObject
    /// missing required value
    case weatherMissingValue
    /// expected an array, got {value}
    case weatherExpectedArray
    /// expected a number, got {value}
    case weatherExpectedNumber
    /// expected a whole number, got {value}
    case weatherExpectedWholeNumber
    /// expected a string, got {value}
    case weatherExpectedString
    /// expected a number in a string, got {value}
    case weatherExpectedNumberInString
    /// expected an ISO 8601 time, got {value}
    case weatherExpectedISOTime
    /// expected a time (number or ISO 8601 string), got {value}
    case weatherExpectedTime
    /// expected whole Unix seconds, got {value} (a fraction)
    case weatherUnixFraction
    /// expected Unix seconds, got {value} (out of range)
    case weatherUnixRange
    /// temperature {value} is not plausible with units={units}{hint}; pass the units the request used
    case weatherImplausibleTemperature
    ///  (it looks like units={units})
    case weatherLooksLikeUnits
    /// expected a probability 0…1, got {value}
    case weatherExpectedProbability
    /// expected an array of forecast reports, got an empty array
    case weatherNoReports
    /// expected at least 2 timeSeries (weathers, pops), got {count}
    case weatherTooFewSeries
    /// no areas
    case weatherNoAreas
    /// no area {area}; the forecast has: {list}
    case weatherNoArea
    /// no temperature station {station}
    case weatherNoTemperatureStation
    /// Open-Meteo answered with an error: {reason}
    case weatherOpenMeteoError
    /// has {count} values but {time} has {times}
    case weatherColumnLength

    // MARK: Data errors: feeds

    /// the document is {bytes} bytes; feeds are decoded up to {max} bytes (10 MiB)
    case feedTooLarge
    /// feed has a DOCTYPE; refusing to parse it (entity expansion)
    case feedDoctype
    /// elements are nested deeper than {max} levels
    case feedTooDeep
    /// not well-formed XML: {explanation}
    case feedNotWellFormed
    /// truncated: the document ends before {root} is closed
    case feedTruncated
    /// the root element
    case feedTheRootElement
    /// this is an HTML page, not a feed
    case feedHTMLPage
    /// not a feed: the root element is <{root}>; expected <feed> (Atom), <rss> (RSS 2.0) or <rdf:RDF> (RSS 1.0)
    case feedNotAFeed
    /// the document is empty
    case feedXMLEmpty
    /// extra content after the root element
    case feedXMLExtraContent
    /// invalid UTF-8
    case feedXMLInvalidUTF8
    /// an invalid character
    case feedXMLInvalidCharacter
    /// an entity reference is missing its ';'
    case feedXMLEntitySemicolon
    /// an undefined entity
    case feedXMLUndefinedEntity
    /// a malformed attribute
    case feedXMLMalformedAttribute
    /// an attribute given twice
    case feedXMLDuplicateAttribute
    /// a broken XML declaration
    case feedXMLBrokenDeclaration
    /// '>' expected
    case feedXMLExpectedGreaterThan
    /// a closing tag does not match its opening tag
    case feedXMLMismatchedTag
    /// truncated: an element is not closed before the end of the document
    case feedXMLUnclosedElement
    /// syntax error
    case feedXMLSyntax
    /// {words} (libxml2 code {code})
    case feedXMLLibraryCode
    /// {words} (libxml2: {message})
    case feedXMLLibraryMessage
    /// unsupported encoding {label} in the XML declaration
    case feedUnsupportedEncoding
    /// the bytes are not valid {label} as the XML declaration says
    case feedBytesNotEncoding
    /// not XML: the document starts with {text}
    case feedNotXML

    // MARK: Data errors: GTFS-Realtime

    /// empty body (0 bytes), not a GTFS-Realtime FeedMessage
    case realtimeEmpty
    /// {size} bytes is more than the {limit}-byte cap for a GTFS-Realtime feed
    case realtimeTooLarge
    /// not a GTFS-Realtime FeedMessage: protobuf-c could not unpack the {size} bytes (truncated, corrupt, another message type, or a required field such as header.gtfs_realtime_version missing)
    case realtimeNotAFeedMessage
    /// the body is only whitespace
    case realtimeHintWhitespace
    /// the body starts with {character}: it looks like JSON, not protobuf
    case realtimeHintJSON
    /// the body starts with "<": it looks like HTML or XML, not protobuf
    case realtimeHintMarkup

    // MARK: Facts: labels, suspensions, fetched bodies

    ///  since {time}
    case factsSuspensionSince
    /// the server answered with an HTML page ({type}, {bytes} bytes) instead of {expected}
    case factsHTMLInsteadOf
    /// no content type
    case factsNoContentType
    /// an Atom / RSS feed
    case factsExpectedFeed
    /// a GTFS-Realtime feed (protobuf)
    case factsExpectedRealtime
    /// expected an odpt:Train JSON array: {error}
    case factsTrainsNotJSON
    /// expected an odpt:Train JSON array, found {kind}
    case factsTrainsNotArray
    /// [{index}]: expected an odpt:Train object, found {kind}
    case factsTrainsNotObject
    /// [{index}]: expected "@type": "odpt:Train", found {type}
    case factsTrainsWrongType
    /// no @type
    case factsTrainsNoType
    /// {feed} stop {id}
    case factsLabelStop
    /// {feed} route {route} stop {id}
    case factsLabelRouteStop

    // MARK: Transfer errors (HTTP)

    /// timed out
    case httpTimedOut
    /// could not connect
    case httpCouldNotConnect
    /// could not resolve the host name
    case httpCouldNotResolve
    /// TLS failed
    case httpTLSFailed
    /// response too large
    case httpTooLarge
    /// too many redirects
    case httpTooManyRedirects
    /// response body truncated
    case httpTruncatedBody
    /// malformed response
    case httpMalformedResponse
    /// connection failed during the transfer
    case httpNetwork
    /// cancelled
    case httpCancelled
    /// invalid request
    case httpInvalidRequest
    /// unexpected status code {status}
    case httpUnexpectedStatus
    /// transfer failed
    case httpTransferFailed
    ///  (curl error {code})
    case httpCurlError

    // MARK: Delivery: channel problems and outcomes

    /// {kind} channel {channel}
    case deliveryChannelPlace
    /// {location}: channel {channel}: {message}
    case deliveryChannelProblem
    /// channel {channel}: not sent
    case deliveryNotSent
    /// unknown channel {channel}
    case deliveryUnknownChannel
    ///  (redirects are not followed)
    case deliveryRedirectsNotFollowed
    /// delivered
    case deliveryDelivered
    /// delivered (HTTP {status})
    case deliveryDeliveredHTTP
    /// retry after {after}: {reason}
    case deliveryRetryAfter
    /// retry: {reason}
    case deliveryRetry
    /// permanent: {reason}
    case deliveryPermanent
    /// expired
    case deliveryExpired
    /// deferred until {until}
    case deliveryDeferred
    /// no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS names {path}, which does not exist): desktop notifications need a graphical session
    case desktopNoBusMissing
    /// no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications need a graphical session
    case desktopNoBusUnset
    /// {program} not found in PATH ({path}): install libnotify-bin
    case desktopNotInstalled
    /// {problem}; the worker holds this channel's notifications until it has a session bus: run it in your desktop session (systemctl --user) or with DBUS_SESSION_BUS_ADDRESS set, or send them to another channel
    case desktopHeldNoBus
    /// {problem}; the worker holds this channel's notifications until it is installed
    case desktopHeldNotInstalled
    /// {program} did not finish within {timeout} and was killed
    case desktopTimedOut
    /// {program} failed ({status})
    case desktopFailed
    /// cannot create a pipe for {program}: {reason}
    case desktopNoPipe
    /// cannot start {program}: {reason}
    case desktopCannotStart

    // MARK: Delivery: notify-send

    /// killed by signal {signal}
    case desktopKilledBySignal
    /// exit status {status}
    case desktopExitStatus

    // MARK: The worker's primitives (Daemon)

    /// {call} failed: {reason} (errno {code})
    case daemonCallFailed
    /// another leavenow worker holds the lock {path}: two workers must not share one state directory; stop the other worker or give this one another --state
    case daemonLockHeld
    /// another leavenow worker (pid {pid}) holds the lock {path}: two workers must not share one state directory; stop the other worker or give this one another --state
    case daemonLockHeldByPID
    /// {name}={value} cannot be used: {reason}
    case daemonInvalidEnvironment
    /// the abstract socket name is empty
    case daemonAbstractSocketEmpty
    /// expected an absolute socket path or @abstract-name
    case daemonSocketPath
    /// longer than a unix socket address ({max} bytes)
    case daemonSocketTooLong
    /// expected a positive number of microseconds
    case daemonWatchdogMicroseconds
    /// expected a process id
    case daemonWatchdogPID

    // MARK: The state: section and PostgreSQL URLs

    /// {reason} (expected postgresql://user[:password]@host[:port]/database)
    case postgresURLExpected
    /// the scheme is not postgresql:// or postgres://
    case postgresURLScheme
    /// the IPv6 address has no closing ]
    case postgresURLIPv6
    /// unexpected {text} after the host
    case postgresURLAfterHost
    /// several hosts are not supported
    case postgresURLSeveralHosts
    /// the database name {name} contains a /
    case postgresURLDatabaseSlash
    /// the query parameter {pair} has no value
    case postgresURLQueryNoValue
    /// the {what} has an invalid percent-encoding
    case postgresURLPercent
    /// user name
    case postgresURLUserName
    /// password
    case postgresURLPassword
    /// database name
    case postgresURLDatabaseName
    /// the port {port} is not a number from 1 to 65535
    case postgresURLPort
    /// state url must be a postgresql:// (or postgres://) URL, found {url} (an SQLite state file is given with --state PATH)
    case stateURLNotPostgres
    /// state url: {problem}
    case stateURLProblem
    /// state url: the password does not belong in the configuration: remove it from the URL and give password_env (an environment variable, also the name of a systemd credential) or password_file
    case stateURLPassword
    /// state: a password does not belong in the configuration: give password_env (an environment variable, also the name of a systemd credential) or password_file
    case statePasswordInline

    // MARK: The state store: PostgreSQL URLs

    /// reading the PostgreSQL URL
    case storeReadingPostgresURL

    // MARK: Rule test files

    /// rule test file
    case testFileWhat
    /// test
    case testCaseWhat
    /// expected notification
    case testExpectationWhat
    /// the file is empty: expected tests:
    case testFileEmpty
    /// unknown {kind} {name} ({hint})
    case testUnknownReference
    /// {key} must be a time like 2024-12-22T10:19 or 2024-12-22T10:19:00+09:00, found {value}
    case testTimeFormat
    /// a test needs at: T, or from: T1 and to: T2
    case testNeedsTimes
    /// at must be a time like 2024-12-22T10:19, found {value}
    case testAtFormat
    /// to is before from
    case testToBeforeFrom
    /// sources
    case pluralSources

    // MARK: explain's reasons (the rule engine's trace) and dry-run

    /// no departure of board {board} within {hours} h matches the rule's filters
    case explainNoMatchWithin
    /// no forecast from weather source {source} yet: no rain adjustment
    case explainNoForecastNoRain
    /// departure {time} {line}: held, the line is suspended ({mention}) and the rule says when_suspended: hold
    case explainHeldSuspended
    /// departure {time} {line}: held, an alert of {source} says no service ({header}) and the rule says when_suspended: hold
    case explainHeldAlert
    ///   service status: {mention}
    case explainServiceStatusMention
    ///   heads-up {minutes} min skipped: a later notification for the same departure is due
    case explainHeadsUpSkipped
    /// departure {time} {line} from {stop}: leave at {leave}{delay}{rain}{due}
    case explainDeparture
    ///  ({delay})
    case explainDepartureDelay
    ///  (rain expected: +{minutes} min walk)
    case explainDepartureRain
    /// ; due now: {list}
    case explainDepartureDue
    /// leave-now
    case explainDueLeaveNow
    /// heads-up {minutes} min
    case explainDueHeadsUp
    /// on time
    case explainOnTime
    /// {minutes} min late, leaves {time}
    case explainLate
    /// {minutes} min early, leaves {time}
    case explainEarly
    /// nothing to send at this time
    case explainNothingToSend
    /// board {board} is not loaded
    case explainBoardNotLoaded
    /// {plan}; the rule wakes at {time}
    case explainPlanWakes
    /// {plan}; the rule looks again at {time}
    case explainPlanLooksAgain
    /// dropped {key}: expired at {time}
    case explainDroppedExpired
    /// dropped {key}: the rule is not active on this weekday
    case explainDroppedWeekday
    /// dropped {key}: outside the active hours {hours}
    case explainDroppedHours
    /// dropped {key}: quiet hours {quiet}, and it expires before they end
    case explainDroppedQuiet
    /// held {key} until the quiet hours {quiet} end at {time}
    case explainHeldQuiet
    /// dropped {key}: cooldown {minutes} min since the last one at {time}
    case explainDroppedCooldown
    /// dropped {key}: already {count} today (max_per_day {limit})
    case explainDroppedMaxPerDay
    /// send {key} → {channels}: {text}
    case explainSend
    /// no forecast from weather source {source} yet
    case explainNoForecast
    /// forecast fetched at {time} ({age} min old): {minutely} minutely, {hourly} hourly points, {alerts} alerts
    case explainForecastFetched
    /// the forecast is older than max_age {minutes} min: not used (nothing fires until a newer one)
    case explainForecastTooOld
    /// in a rain episode (fires again only after a dry spell)
    case explainInRainEpisode
    /// no rain of ≥ {threshold} mm/h expected within {minutes} min
    case explainNoRainExpected
    /// probability ≥ {percent}% within {hours} h: {answer}
    case explainProbability
    /// pressure drop ≥ {hpa} hPa within {hours} h: {answer}
    case explainPressureDrop
    /// temperature ≥ {degrees} °C below the same hour yesterday: {answer}
    case explainTemperatureDrop
    /// yes
    case explainYes
    /// no
    case explainNo
    /// {total} alerts in the forecast, {new} new
    case explainAlerts
    /// first forecast: recorded as the baseline
    case explainFirstForecast
    /// compared with the previous forecast: {change}
    case explainComparedForecast
    /// no change
    case explainNoChange
    /// changed
    case explainChanged
    /// fires: {text}
    case explainWeatherFires
    /// no snapshot of feed {feed} yet
    case explainNoFeedSnapshot
    /// feed {feed} has not been fetched again since it was last looked at
    case explainFeedNotRefetched
    /// first snapshot of {feed}: {count} entries recorded as seen, nothing sent (first_run: silent)
    case explainFeedFirstSnapshot
    /// {new} new entries, {wanted} pass the filters
    case explainFeedNewEntries
    /// departure {time} {line}: canceled (realtime); the notice is due at {at}
    case explainCanceledNoticeDue
    /// departure {time} {line}: canceled (realtime), already said
    case explainCanceledAlreadySaid
    /// departure {time} {line}: canceled (realtime); next serving departure {next}, leave at {leave}
    case explainCanceledNext
    /// departure {time} {line}: canceled (realtime); no later departure serves the rule within {hours} h
    case explainCanceledNoNext
    ///   leave time moved {seconds} s since {told} was told: less than moved_by {minutes} min, no update
    case explainMovedTooLittle
    ///   leave time moved to {leave}, but {updates} updates were sent already (at most {maximum})
    case explainMovedTooOften
    ///   leave time moved from {told} to {leave}: update
    case explainMovedUpdate
    /// realtime {source}: live, observed {age} s ago (max_age {maximum} s): predictions used
    case explainRealtimeLive
    /// realtime {source}: stale, observed {age} s ago, older than max_age {maximum} s: not used, the timetable applies
    case explainRealtimeStale
    /// realtime {source}: nothing fetched yet: the timetable applies
    case explainRealtimeMissing
    /// realtime {source}: not configured
    case explainRealtimeNotConfigured
    /// no snapshot of service status {source} yet: departures carry no status
    case explainStatusNoSnapshotForBoard
    /// service status {source} is {age} min old (older than {maximum} min): stale, not mentioned
    case explainStatusStaleForBoard
    /// board {board} has no status: nothing to watch
    case explainBoardHasNoStatus
    /// no snapshot of service status {source} yet
    case explainNoStatusSnapshot
    /// service status {source} fetched at {time} ({age} min old): {count} railways
    case explainStatusFetched
    /// the snapshot is older than max_age {minutes} min: stale, not used (nothing fires until a newer one)
    case explainStatusTooOld
    /// {title}: {condition} (since {time}): fires
    case explainLineFires
    /// {title}: {condition}: already notified ({key})
    case explainLineAlreadyNotified
    /// {title}: {condition}{episode}{notified}
    case explainLineCondition
    /// , a new episode
    case explainNewEpisode
    /// , episode since {time}
    case explainEpisodeSince
    /// , already notified
    case explainAlreadyNotified
    ///  (not in when: {list})
    case explainNotInWhen
    /// {title}: back to normal: recovery fires
    case explainRecoveryFires
    /// {title}: back to normal (episode since {time} ended)
    case explainEpisodeEnded
    /// {title}: normal
    case explainLineNormal
    /// board {board} is not loaded: its lines are unknown
    case explainStatusBoardNotLoaded
    /// line {line} is not in service status {source} (railways: {list})
    case explainLineNotInStatus
    /// the next departure that matches is {time} {line} from {stop}
    case explainPlanFound
    /// the service of board {board} ended on {date} (the last date any of its sources runs): the rule cannot fire again until its timetable changes
    case explainPlanEnded
    /// no departure of board {board} matches the rule's filters through {date}{reason}
    case explainPlanNothing
    /// departures of board {board} from {date} on are unknown ({causes}): the rule cannot fire for them until their timetable is known
    case explainPlanUnknown
    /// : {reason}
    case explainPlanReason
    /// `{key}: [{missing}]` names no {noun} of this board (it has: {known})
    case explainMissingLabels
    /// line
    case explainNounLine
    /// stop
    case explainNounStop
    /// destination
    case explainNounDestination
    /// {path}: no such fixtures directory
    case dryRunNoFixtures

    // MARK: The state store: PostgreSQL

    /// connecting
    case storeConnecting
    /// out of memory
    case storeOutOfMemory
    ///  (check the password: the URL's, the state: section's password_env / password_file, PGPASSWORD or ~/.pgpass; and the user name)
    case storeHintPassword
    ///  (create the database — createdb -O USER NAME — or fix its name in the URL)
    case storeHintCreateDatabase
    ///  (create the role — createuser NAME — or fix the user name in the URL)
    case storeHintCreateRole
    ///  (allow this client in the server's pg_hba.conf)
    case storeHintPgHba
    ///  (is the server running, and is the host / port / socket of the URL right?)
    case storeHintServerRunning
    /// parameter ${index} contains a NUL character, which PostgreSQL text cannot hold
    case storeNulInParameter
    /// the connection is closed
    case storeConnectionClosed
    /// reconnecting after the connection was lost
    case storeReconnecting
    /// the server is still unreachable ({error}); next attempt in {seconds} s
    case storeStillUnreachableFor
    /// the server is still unreachable: {error}; next attempt in {delay}
    case storeStillUnreachable
    /// gave up after {attempts} {attempts|attempt|attempts} over {waited}: {error}{next}
    case storeGaveUpAfter
    /// ; next attempt in {delay}
    case storeNextAttemptIn
    /// the connection to the server was lost{detail}
    case storeConnectionLost
    /// no result
    case storeNoResult
    /// the schema version is {found}, newer than the {latest} this leavenow knows; refusing to use it (upgrade leavenow, or choose another database)
    case storeNewerSchemaDatabase
    /// listening
    case storeListening
    /// the listener is closed
    case storeListenerClosed
    /// waiting for notifications
    case storeWaitingForNotifications
    /// connecting the listener
    case storeConnectingListener
    /// reconnecting the listener after the connection was lost
    case storeReconnectingListener
    /// gave up after {count} attempts: {error}
    case storeListenerGaveUp
    /// reading column {index}
    case storeReadingColumn
    /// {value} is not an integer
    case storeNotInteger
    /// the value is NULL
    case storeValueNull
    /// reading the delivery log after row {after}
    case storeReadingLogAfter
    /// joining the lease table leavenow_leases
    case storeJoiningLeases
    /// the partition count in meta ({key} = {value}) is not a positive number: with no worker running, set it to {partitions} (UPDATE meta SET value = '{partitions}' WHERE key = '{key}')
    case storeBadPartitionCount
    /// it holds {agreed} partitions (0…{agreedLast}), this worker expects {partitions} (0…{partitionsLast}): start every worker with the same partition count, or, with no worker running, empty the table (DELETE FROM leavenow_leases; DELETE FROM meta WHERE key = '{key}')
    case storePartitionMismatch
}
