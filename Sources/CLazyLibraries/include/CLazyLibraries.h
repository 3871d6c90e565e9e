#ifndef LEAVENOW_CLAZYLIBRARIES_H
#define LEAVENOW_CLAZYLIBRARIES_H

/*
 * libcurl, libpq, libsqlite3 and libcrypto are loaded when one of their functions is first called,
 * not when leavenow starts (see scripts/generate-lazy-libraries.py): `leavenow next` never loads them.
 */

/* Loads every lazily loaded library now and binds every function it provides; the number of
 * functions that could not be bound (0: all of them), each named on stderr. For the tests: a
 * library upgrade that drops a function fails there, not at the first call in production. */
int leavenow_lazy_bind_all(void);

#endif
