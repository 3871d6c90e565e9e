#ifndef LEAVENOW_CCURL_SHIM_H
#define LEAVENOW_CCURL_SHIM_H
#include <curl/curl.h>
#endif
