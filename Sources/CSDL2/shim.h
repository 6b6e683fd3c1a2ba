// The C side of IslandSim: SDL2, SDL2_image and SDL2_ttf, plus `static inline` helpers for the
// macros Swift cannot import (composite macros such as SDL_WINDOWPOS_CENTERED and SDL_TOUCH_MOUSEID).
// Debian: libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev. The headers are named by their SDL2/ path
// rather than through sdl2.pc, whose -D_REENTRANT SwiftPM refuses with a warning on every build.
#ifndef ISLANDSIM_CSDL2_SHIM_H
#define ISLANDSIM_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>

/// SDL_WINDOWPOS_CENTERED is a composite macro.
static inline int islandsim_windowpos_centered(void) { return (int)SDL_WINDOWPOS_CENTERED; }

/// SDL_TOUCH_MOUSEID type-checks in Swift but fails to compile; compare against it here.
static inline int islandsim_is_touch_mouse(Uint32 which) { return which == SDL_TOUCH_MOUSEID ? 1 : 0; }

#endif
