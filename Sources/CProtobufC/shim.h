#ifndef LEAVENOW_CPROTOBUFC_SHIM_H
#define LEAVENOW_CPROTOBUFC_SHIM_H
/* libprotobuf-c (Debian: libprotobuf-c-dev), the runtime of the generated code in CGTFSRealtime. */
#include <protobuf-c/protobuf-c.h>
#endif
