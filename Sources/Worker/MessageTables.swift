import Channels
import Config
import Daemon
import Delivery
import Facts
import Feeds
import HTTP
import JSONText
import LiveSources
import Messages
import Realtime
import Rules
import Secrets
import Store
import Timetable
import Weather

/// The message tables of the modules the worker is made of, one line each (a module that keeps
/// messages and is not listed here is refused by the catalogue tests): what reads stored messages
/// back — the rule history's reasons — by their names.
public enum MessageTables {
    /// Every table below the command line.
    public static let all: [MessageTable] = [
        MessagesMessageTable.table,
        JSONTextMessageTable.table,
        SecretsMessageTable.table,
        TimetableMessageTable.table,
        WeatherMessageTable.table,
        FeedsMessageTable.table,
        RealtimeMessageTable.table,
        ChannelsMessageTable.table,
        HTTPMessageTable.table,
        ConfigMessageTable.table,
        FactsMessageTable.table,
        RulesMessageTable.table,
        LiveSourcesMessageTable.table,
        DeliveryMessageTable.table,
        DaemonMessageTable.table,
        StoreMessageTable.table,
        WorkerMessageTable.table,
    ]

    /// The keys of ``all`` by name.
    public static let index = MessageKeyIndex(all)
}
