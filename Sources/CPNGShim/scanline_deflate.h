// filmstrip's own deflate coder for filtered scanlines in which many rows repeat the row above
// (an image enlarged by a whole scale, rows filtered None): see scanline_deflate.c. Internal to
// CPNGShim; indexed_writer.c is its one caller.
#ifndef FS_SCANLINE_DEFLATE_H
#define FS_SCANLINE_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/// The longest row, filter byte included, the coder takes: a repeated row is coded as a match
/// at the distance of one row, and deflate reaches back at most 32,768 bytes (RFC 1951 §3.2.5).
#define FS_SCANLINE_MAX_LINE 32768

/// Lowest and highest level (how hard the coder searches for matches).
#define FS_SCANLINE_MIN_LEVEL 1
#define FS_SCANLINE_MAX_LEVEL 9

/// The coder's tables (match finder and one block's symbols), kept between calls: about 320 KiB.
typedef struct fs_scanline_coder fs_scanline_coder;

/// A new coder; NULL when out of memory. Free it with fs_scanline_coder_free.
fs_scanline_coder *fs_scanline_coder_new(void);
void fs_scanline_coder_free(fs_scanline_coder *coder);

/// The most bytes fs_scanline_deflate writes for `size` bytes of rows.
size_t fs_scanline_deflate_bound(size_t size);

/// Deflates `size` bytes of filtered rows (`line` bytes each, filter byte included; `size` a
/// multiple of `line`, `line` at most FS_SCANLINE_MAX_LINE) into one zlib stream (RFC 1950) at
/// `out`, which holds at least fs_scanline_deflate_bound(size) bytes, at `level`
/// (FS_SCANLINE_MIN_LEVEL...FS_SCANLINE_MAX_LEVEL). Any bytes give a correct stream; a row that
/// repeats the row above costs a few bits. The same rows and level give the same bytes. Returns
/// the stream's size; 0 when the arguments are out of range.
size_t fs_scanline_deflate(fs_scanline_coder *coder, const unsigned char *rows, size_t size, size_t line, int level,
                           unsigned char *out);

#endif
