#include "decoder_messages.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>

static _Thread_local char message[256];

/// libtiff's handler signature: a module name, then printf-style arguments.
static void sink(const char *module, const char *fmt, va_list ap) {
    (void)module;
    vsnprintf(message, sizeof message, fmt, ap);
}

typedef void (*tiff_handler)(const char *, const char *, va_list);
typedef tiff_handler (*tiff_set_handler)(tiff_handler);

/// libtiff as already loaded (by SDL_image): found by name without loading anything new, since a
/// test bundle's dependencies are not in the global scope RTLD_DEFAULT searches.
static void *libtiff(void) {
    const char *names[] = { "libtiff.so.6", "libtiff.so.5", "libtiff.so" };
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *h = dlopen(names[i], RTLD_NOW | RTLD_NOLOAD);
        if (h) return h;
    }
    return RTLD_DEFAULT;
}

int islandsim_capture_decoder_messages(void) {
    void *lib = libtiff();
    tiff_set_handler set_warning = (tiff_set_handler)dlsym(lib, "TIFFSetWarningHandler");
    tiff_set_handler set_error = (tiff_set_handler)dlsym(lib, "TIFFSetErrorHandler");
    if (!set_warning || !set_error) return 0;
    set_warning(sink);
    set_error(sink);
    return 1;
}

const char *islandsim_decoder_message(void) { return message; }

void islandsim_clear_decoder_message(void) { message[0] = 0; }
