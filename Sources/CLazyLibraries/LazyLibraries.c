/*
 * The resolver behind Trampolines.S: the first call of a lazily bound function lands here with its
 * index; the library is dlopen()ed (once), the function looked up, its address stored in the slot
 * the trampoline jumps through, and returned for the first call to continue there.
 */
#include "CLazyLibraries.h"
#include "LazySymbols.h"

#include <dlfcn.h>
#include <string.h>
#include <unistd.h>

static void *library_handles[LEAVENOW_LAZY_LIBRARY_COUNT];

static void say(const char *text) {
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

static const char *symbol_name(unsigned long index) {
    return leavenow_lazy_symbol_names + leavenow_lazy_symbol_offsets[index];
}

/* The library's handle, loading it on first use; NULL with the reason on stderr when it cannot be loaded. */
static void *library_handle(unsigned library, const char *wanted_by) {
    void *handle = __atomic_load_n(&library_handles[library], __ATOMIC_ACQUIRE);
    if (handle != NULL) return handle;
    /* RTLD_LOCAL: the library serves these trampolines, not the process's global namespace.
     * Two threads may both get here: dlopen returns the same handle to both. */
    handle = dlopen(leavenow_lazy_library_names[library], RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        say("leavenow: cannot load ");
        say(leavenow_lazy_library_names[library]);
        say(" (needed for ");
        say(wanted_by);
        say("): ");
        say(reason != NULL ? reason : "unknown error");
        say("\n");
        return NULL;
    }
    __atomic_store_n(&library_handles[library], handle, __ATOMIC_RELEASE);
    return handle;
}

/* The address of function `index`, or NULL (with the reason on stderr). */
static void *bind_symbol(unsigned long index) {
    const char *name = symbol_name(index);
    void *handle = library_handle(leavenow_lazy_symbol_library[index], name);
    if (handle == NULL) return NULL;
    void *address = dlsym(handle, name);
    if (address == NULL) {
        say("leavenow: ");
        say(leavenow_lazy_library_names[leavenow_lazy_symbol_library[index]]);
        say(" has no function ");
        say(name);
        say("\n");
        return NULL;
    }
    __atomic_store_n(&leavenow_lazy_slots[index], address, __ATOMIC_RELEASE);
    return address;
}

/* Called by the trampolines' common stub (Trampolines.S) with the function's index. A library that
 * cannot be loaded ends the process: there is no way to return from a call that cannot be made. */
__attribute__((visibility("hidden"))) void *leavenow_lazy_resolve(unsigned long index) {
    void *address = bind_symbol(index);
    if (address == NULL) _exit(127);
    return address;
}

int leavenow_lazy_bind_all(void) {
    int missing = 0;
    for (unsigned long index = 0; index < LEAVENOW_LAZY_SYMBOL_COUNT; index++) {
        if (bind_symbol(index) == NULL) missing++;
    }
    return missing;
}
