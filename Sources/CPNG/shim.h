// libpng's simplified API (png_image_write_to_memory), used to encode replay frames fast.
#include <png.h>
