#ifndef LEAVENOW_CLINUXEVENTS_SHIM_H
#define LEAVENOW_CLINUXEVENTS_SHIM_H
/* Linux event descriptors the Glibc module does not export. Header-only: glibc links them.
 * Owner: the Daemon module (WakeSource, SystemdNotifier, SingleInstanceLock). */
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <time.h>
#endif
