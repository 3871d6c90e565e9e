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

#endif
