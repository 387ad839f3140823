// The system zlib (Debian: zlib1g-dev, pkg-config "zlib"), used alone to measure the
// reference floor of `filmstrip bench`: plain deflate of a frame's RGBA scanlines.
#include <zlib.h>
