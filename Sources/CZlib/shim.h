#ifndef LEAVENOW_CZLIB_SHIM_H
#define LEAVENOW_CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit2` is a macro; this typed wrapper makes it callable from Swift.
static inline int leavenow_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}
#endif
