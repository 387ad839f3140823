// C wrapper around libpng for filmstrip.
//
// libpng reports errors from its full API by calling longjmp; Swift frames must never be
// crossed by a longjmp, so every libpng call of the full API happens inside the C functions
// below, each owning its own setjmp. Errors come back as a non-zero return value with a
// message copied into the caller's buffer.
//
// Pixel layout everywhere: RGBA8, row-major, 4 bytes per pixel (R, G, B, A), rows `stride`
// bytes apart, first row at the top.
#ifndef FILMSTRIP_PNG_SHIM_H
#define FILMSTRIP_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A growable byte buffer owned by the shim; free it with fs_png_buffer_free.
typedef struct fs_png_buffer {
    unsigned char *data;
    size_t size;
    size_t capacity;
} fs_png_buffer;

/// Size of the error message buffers passed to the shim (bytes, including the NUL).
#define FS_PNG_MESSAGE_SIZE 256
/* The most decoded RGBA bytes a PNG may need (1 GiB): a 206-megapixel frame (Spleen 32x64 at
   scale 8) takes 824 MB; a header claiming more is refused before anything is allocated. */
#define FS_PNG_MAX_DECODED_BYTES ((size_t)1 << 30)

/// zlib settings for the IDAT stream. level: 0...9. mem_level: 1...9 (zlib's default is 8).
/// strategy: 0 default, 1 filtered, 2 Huffman only, 3 RLE (zlib's Z_* values).
/// filters: a mask of PNG_FILTER_* values (0 = libpng's default for the colour type).
typedef struct fs_png_settings {
    int compression_level;
    int mem_level;
    int strategy;
    int filters;
} fs_png_settings;

/// Encodes an RGBA8 image as an 8-bit truecolour-with-alpha PNG.
/// No tIME, tEXt, zTXt, iTXt or gAMA chunks are written: the bytes depend on pixels and settings alone.
/// Returns 0 on success; otherwise non-zero with a message in `message` and `out` left empty.
int fs_png_encode_rgba(const unsigned char *rgba, uint32_t width, uint32_t height, size_t stride,
                       fs_png_settings settings, fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]);

/// Encodes an indexed-colour PNG of `width * scale` × `height * scale` pixels from `indices`,
/// one palette index per source pixel, row-major, rows `stride` bytes apart: each source pixel
/// becomes a `scale` × `scale` block (nearest neighbour), expanded row by row while writing.
/// `palette_rgba` holds `palette_count` (1...256) RGBA entries; a tRNS chunk is written only
/// when some entry has alpha below 255. bit_depth: 1, 2, 4 or 8 (indices must fit); scale: 1...64.
/// Returns 0 on success, as fs_png_encode_rgba.
int fs_png_encode_indexed(const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                          uint32_t scale, const unsigned char *palette_rgba, int palette_count, int bit_depth,
                          fs_png_settings settings, fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]);

// filmstrip's own writer of indexed-colour PNG files (indexed_writer.c): the chunks by hand,
// the pixels deflated by zlib directly, each row's filter chosen by what the row repeats.
/// Which library deflates the rows of fs_png_write_indexed and fs_png_indexed_image_data:
/// zlib's deflate (`level`, `mem_level`, `strategy`), or libdeflate's whole-buffer compressor
/// (`level` 0...12 only).
#define FS_PNG_DEFLATER_ZLIB 0
#define FS_PNG_DEFLATER_LIBDEFLATE 1
/// filmstrip's own coder for the rows of an enlarged image (scanline_deflate.c), at `level`
/// 1...9: a row that repeats the row above is coded as matches one row back, unsearched; the
/// others are searched. A row longer than 32,768 bytes goes to libdeflate at the same level.
#define FS_PNG_DEFLATER_SCANLINE 2

/// The Huffman code lengths FS_PNG_DEFLATER_SCANLINE gives `count` (2...286) symbols of
/// `frequencies`, none longer than `limit` (1...15, with 2^limit ≥ count), in `lengths`: a
/// symbol of frequency 0 gets 0, and the code is complete (when fewer than two symbols occur, a
/// second is given a code). Lengths above the limit are cut by zlib's method (trees.c,
/// gen_bitlen). Exposed for tests; returns 0, or 1 when an argument is out of range.
int fs_png_code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths);

/// How fs_png_write_indexed filters a row that repeats the row above: Up (its filtered bytes all
/// zero) or None (the row written again, which deflate codes as a match of the row's length).
#define FS_PNG_REPEATED_ROWS_UP 2
#define FS_PNG_REPEATED_ROWS_COPIED 0

/// Writes an indexed-colour PNG of `width * scale` × `height * scale` pixels from `indices`
/// (one palette index per source pixel, row-major, rows `stride` bytes apart; each source pixel
/// becomes a `scale` × `scale` block), as fs_png_encode_indexed does, but without libpng:
///
/// - chunks: signature, IHDR (bit depth `bit_depth`, colour type 3, no interlace), PLTE
///   (`palette_count` entries), tRNS only when some entry's alpha is below 255 (up to the last
///   such entry), one IDAT, IEND; nothing else.
/// - rows: with `repeated_rows` FS_PNG_REPEATED_ROWS_UP, a row whose packed bytes equal the row
///   above's gets filter type 2 (Up), so its filtered bytes are all zero (at scale s, s − 1 of
///   every s rows), and every other row filter type 0 (None); with FS_PNG_REPEATED_ROWS_COPIED
///   every row gets filter type 0 (None), a repeated row written again.
/// - IDAT: the filtered rows deflated in one call, as a zlib stream (RFC 1950), by `deflater`:
///   FS_PNG_DEFLATER_LIBDEFLATE, libdeflate's whole-buffer compressor at `level` (0...12;
///   `mem_level` and `strategy` are not used), or FS_PNG_DEFLATER_ZLIB, zlib at `level`
///   (0...9), memory level `mem_level` (1...9), window 32 KiB, strategy `strategy` (zlib's Z_*
///   values 0...3).
///
/// The same arguments give the same bytes. Returns 0 on success; otherwise non-zero with a
/// message and `out` left empty.
int fs_png_write_indexed(const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                         uint32_t scale, const unsigned char *palette_rgba, int palette_count, int bit_depth,
                         int repeated_rows, int deflater, int level, int mem_level, int strategy, fs_png_buffer *out,
                         char message[FS_PNG_MESSAGE_SIZE]);

/// The zlib stream an indexed-colour image's IDAT (or an animation frame's fdAT) holds for
/// `width * scale` × `height * scale` pixels from `indices` (one palette index per source pixel,
/// rows `stride` bytes apart), packed at `bit_depth` (1, 2, 4 or 8), rows filtered and deflated
/// exactly as fs_png_write_indexed does with FS_PNG_REPEATED_ROWS_UP (Up on a row that repeats
/// the one above, None otherwise; one deflate call by `deflater` at `level`, `mem_level`, `strategy`). Returns 0
/// on success with the stream in `out`; otherwise non-zero with a message and `out` left empty.
int fs_png_indexed_image_data(const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                              uint32_t scale, int bit_depth, int deflater, int level, int mem_level, int strategy,
                              fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]);

/// The zlib stream fs_png_indexed_image_data makes at bit depth 8 and scale 1 for the
/// `width` × `height` pixels that `data` (`size` bytes) holds at `bit_depth` (1, 2 or 4): the stream
/// is inflated (it must hold exactly those rows), its rows unfiltered (any of the five filter
/// types, W3C PNG §9), each pixel widened to a byte, and the 8-bit rows filtered and deflated as
/// fs_png_indexed_image_data does. Rows filtered by the Up-on-repeat rule give the same rows at
/// either depth, so widening a frame's 4-bit stream makes the bytes an 8-bit encoding of the
/// frame would have. Returns 0 on success with the stream in `out`; otherwise non-zero with a
/// message and `out` left empty.
int fs_png_widen_indexed_image_data(const unsigned char *data, size_t size, uint32_t width, uint32_t height,
                                    int bit_depth, int deflater, int level, int mem_level, int strategy,
                                    fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]);

/// The zlib stream libpng 1.6 writes as the IDAT data of an 8-bit RGBA image (colour type 6, no
/// interlace) of `width * scale` × `height * scale` pixels with all five row filters allowed,
/// zlib level `level`, memory level `mem_level`, strategy `strategy` and window bits 15, made
/// without libpng (rgba_image_data.c): the same heuristic per row (the allowed filter whose
/// bytes, taken as signed, have the smallest sum of magnitudes; ties to the first of None, Sub,
/// Up, Average, Paeth; Up, Average and Paeth dropped for a one-row image, Sub, Average and
/// Paeth for a one-pixel-wide one), the same narrowed window for images of at most 16 KiB, and
/// the same rewritten window size in the stream's header. `rgba` points at the top-left pixel,
/// rows `stride` bytes apart; each pixel becomes a `scale` × `scale` block.
/// Returns 0 on success with the stream in `out`; otherwise non-zero with a message.
int fs_png_rgba_image_data(const unsigned char *rgba, uint32_t width, uint32_t height, size_t stride, uint32_t scale,
                           int level, int mem_level, int strategy, fs_png_buffer *out,
                           char message[FS_PNG_MESSAGE_SIZE]);

/// Decodes any PNG into RGBA8 (stride = width * 4) through libpng's simplified API.
/// On success returns 0 and sets *out_rgba (malloc'd; free with fs_png_free), *width, *height.
int fs_png_decode_rgba(const unsigned char *png, size_t size, unsigned char **out_rgba,
                       uint32_t *width, uint32_t *height, char message[FS_PNG_MESSAGE_SIZE]);

/// Decodes any PNG of `width` × `height` pixels (as its header declares them) into `rgba`, which
/// holds width * height * 4 bytes (RGBA8, stride = width * 4), through libpng's simplified API.
/// Returns 0 on success; non-zero with a message when the bytes are not a valid PNG or not of
/// that size.
int fs_png_decode_rgba_into(const unsigned char *png, size_t size, uint32_t width, uint32_t height,
                            unsigned char *rgba, char message[FS_PNG_MESSAGE_SIZE]);

/// Frees a buffer filled by fs_png_encode_*.
void fs_png_buffer_free(fs_png_buffer *buffer);

/// Frees pixels returned by fs_png_decode_rgba.
void fs_png_free(void *pointer);

/// PNG_FILTER_* values, exported because libpng's macros do not import into Swift.
extern const int FS_PNG_FILTER_NONE;
extern const int FS_PNG_FILTER_SUB;
extern const int FS_PNG_FILTER_UP;
extern const int FS_PNG_FILTER_AVG;
extern const int FS_PNG_FILTER_PAETH;
extern const int FS_PNG_ALL_FILTERS;

#ifdef __cplusplus
}
#endif

#endif
