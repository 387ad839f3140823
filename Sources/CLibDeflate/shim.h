// The system libdeflate (Debian: libdeflate-dev, pkg-config "libdeflate"; Homebrew: libdeflate):
// the deflate of the frames' and the animation's palette rows (CPNGShim's indexed_writer.c).
#include <libdeflate.h>
