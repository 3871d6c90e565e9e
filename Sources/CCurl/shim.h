#ifndef LEAVENOW_CCURL_SHIM_H
#define LEAVENOW_CCURL_SHIM_H

#include <curl/curl.h>

/*
 * Typed wrappers for libcurl's variadic functions, which Swift cannot call.
 * One wrapper per argument type: the option decides which one is right
 * (CURLOPTTYPE_LONG, _OBJECTPOINT/_STRINGPOINT, _OFF_T, _FUNCTIONPOINT).
 */

static inline CURLcode leavenow_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode leavenow_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode leavenow_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode leavenow_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode leavenow_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION share this signature. */
static inline CURLcode leavenow_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode leavenow_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode leavenow_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode leavenow_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode leavenow_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/* The string stays owned by the handle: copy it before the next transfer or cleanup. */
static inline CURLcode leavenow_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode leavenow_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

#endif
