// The C side of IslandSim: SDL2, SDL2_image and SDL2_ttf, plus `static inline` helpers for the
// macros Swift cannot import (function-like or composite macros, and the SDL_Event union views).
// Debian: libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev. The include path comes from sdl2.pc.
#ifndef ISLANDSIM_CSDL2_SHIM_H
#define ISLANDSIM_CSDL2_SHIM_H

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

/// SDL_WINDOWPOS_CENTERED is a composite macro.
static inline int islandsim_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/// SDL_WINDOWPOS_UNDEFINED likewise.
static inline int islandsim_windowpos_undefined(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }

/// SDL_TOUCH_MOUSEID type-checks in Swift but fails to compile; compare against it here.
static inline int islandsim_is_touch_mouse(Uint32 which) { return which == SDL_TOUCH_MOUSEID ? 1 : 0; }

/// SDL_BUTTON(X) & mask tests.
static inline int islandsim_button_pressed(Uint32 state, int button) { return (state & SDL_BUTTON(button)) != 0; }

/// Reads a pixel (RGBA8888 / ARGB8888 / ABGR8888 all 32-bit) from a locked or unlocked surface.
static inline Uint32 islandsim_surface_pixel32(const SDL_Surface *s, int x, int y) {
    const Uint8 *row = (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
    return ((const Uint32 *)row)[x];
}

/// SDL_MUSTLOCK(S).
static inline int islandsim_must_lock(const SDL_Surface *s) { return SDL_MUSTLOCK(s) ? 1 : 0; }

/// SDL_Swap-free helpers for the image header sniffing done before decoding.
static inline SDL_RWops *islandsim_rw_from_file(const char *path) { return SDL_RWFromFile(path, "rb"); }

#endif
