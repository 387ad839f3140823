// The system libpng (Debian: libpng-dev, pkg-config "libpng").
#include <png.h>
