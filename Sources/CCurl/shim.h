#ifndef LEAVENOW_CCURL_SHIM_H
#define LEAVENOW_CCURL_SHIM_H

#include <curl/curl.h>
#include <stdint.h>
#include <sys/epoll.h>

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

static inline CURLcode leavenow_easy_setopt_opensocket_callback(CURL *handle, curl_opensocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, value);
}

static inline CURLcode leavenow_easy_setopt_closesocket_callback(CURL *handle, curl_closesocket_callback value) {
    return curl_easy_setopt(handle, CURLOPT_CLOSESOCKETFUNCTION, value);
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

/* The multi handle on the caller's epoll (curl_multi_socket_action): its callbacks and their data. */
static inline CURLMcode leavenow_multi_setopt_pointer(CURLM *handle, CURLMoption option, void *value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLMcode leavenow_multi_setopt_socket_callback(CURLM *handle, curl_socket_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode leavenow_multi_setopt_timer_callback(CURLM *handle, curl_multi_timer_callback value) {
    return curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, value);
}

/* CURLINFO_PRIVATE and the like. */
static inline CURLcode leavenow_easy_getinfo_pointer(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

/*
 * epoll for the multi handle's sockets, without Swift seeing the packed `struct epoll_event`:
 * a descriptor and its events in, parallel arrays of descriptors and events out.
 */
static inline int leavenow_epoll_ctl(int epoll, int operation, int descriptor, uint32_t events) {
    struct epoll_event event = { .events = events, .data = { .fd = descriptor } };
    return epoll_ctl(epoll, operation, descriptor, &event);
}

#define LEAVENOW_EPOLL_BATCH 64

/* Waits like epoll_wait for at most LEAVENOW_EPOLL_BATCH events (fewer when `capacity` is smaller). */
static inline int leavenow_epoll_wait(int epoll, int *descriptors, uint32_t *events, int capacity, int timeout) {
    struct epoll_event ready[LEAVENOW_EPOLL_BATCH];
    if (capacity > LEAVENOW_EPOLL_BATCH) capacity = LEAVENOW_EPOLL_BATCH;
    int count = epoll_wait(epoll, ready, capacity, timeout);
    for (int index = 0; index < count; index++) {
        descriptors[index] = ready[index].data.fd;
        events[index] = ready[index].events;
    }
    return count;
}

#endif
