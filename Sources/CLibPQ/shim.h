#ifndef LEAVENOW_CLIBPQ_SHIM_H
#define LEAVENOW_CLIBPQ_SHIM_H

/* libpq, PostgreSQL's client library (libpq-dev puts the header under /usr/include/postgresql; it
 * includes its neighbours with quotes, so no search path is needed). Loaded on first use:
 * Sources/CLazyLibraries. */
#include <postgresql/libpq-fe.h>

#endif
