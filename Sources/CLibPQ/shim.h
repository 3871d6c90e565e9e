#ifndef LEAVENOW_CLIBPQ_SHIM_H
#define LEAVENOW_CLIBPQ_SHIM_H

/* libpq, PostgreSQL's client library (libpq-dev puts the header under /usr/include/postgresql,
 * which pkg-config adds to the search path). */
#include <libpq-fe.h>

#endif
