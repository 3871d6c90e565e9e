#ifndef LEAVENOW_CSQLITE_SHIM_H
#define LEAVENOW_CSQLITE_SHIM_H

#include <sqlite3.h>

/*
 * SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
 * Passing it to sqlite3_bind_text / _blob makes SQLite copy the bytes before the call returns,
 * so a Swift buffer only has to live for the duration of the call.
 */
static inline sqlite3_destructor_type leavenow_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/*
 * Turns off SQLite's memory statistics (sqlite3_memory_used, sqlite3_status), which nothing here
 * reads: with them on, every allocation SQLite makes takes a global mutex. Must run before SQLite
 * initialises (the first open); later it returns SQLITE_MISUSE and changes nothing.
 */
static inline int leavenow_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
