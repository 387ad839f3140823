// See fs_png_write_indexed in include/png_shim.h. Deflates with libdeflate, zlib or the scanline
// coder (scanline_deflate.c), never libpng.
#include "png_shim.h"
#include "paeth.h"
#include "scanline_deflate.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void fs_copy_text(char *message, const char *text) {
    if (message == NULL) return;
    strncpy(message, text, FS_PNG_MESSAGE_SIZE - 1);
    message[FS_PNG_MESSAGE_SIZE - 1] = '\0';
}

static void fs_put32(unsigned char *at, uint32_t value) {
    at[0] = (unsigned char)(value >> 24);
    at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8);
    at[3] = (unsigned char)value;
}

// Appends one chunk (length, type, data, CRC-32 of type and data) at `at`; returns its size.
static size_t fs_chunk(unsigned char *at, const char type[4], const unsigned char *data, uint32_t length) {
    fs_put32(at, length);
    memcpy(at + 4, type, 4);
    if (length > 0 && data != at + 8) memmove(at + 8, data, length);
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, at + 4, 4 + length);
    fs_put32(at + 8 + length, (uint32_t)crc);
    return 12 + (size_t)length;
}

// One output row: each of the `width` source indices repeated `scale` times, packed
// `8 / bit_depth` to a byte, first pixel in the high bits, the last byte padded with zero bits.
// Each output byte is made whole, its pixels' bits shifted in; a 4-bit image at scale 2 (each
// source pixel exactly one output byte) is a byte per pixel.
static void fs_pack(const unsigned char *source, uint32_t width, uint32_t scale, int bit_depth, unsigned char *row,
                    size_t packed) {
    if (bit_depth == 8) {
        if (scale == 1) {
            memcpy(row, source, width);
            return;
        }
        // Each pixel written `scale` times in place: a call to memset a pixel cost more than the
        // bytes (the animation's 8-bit rows at 2x).
        unsigned char *e = row;
        if (scale == 2) {
            for (uint32_t x = 0; x < width; x++) {
                e[0] = source[x];
                e[1] = source[x];
                e += 2;
            }
            return;
        }
        for (uint32_t x = 0; x < width; x++) {
            for (uint32_t k = 0; k < scale; k++) e[k] = source[x];
            e += scale;
        }
        return;
    }
    size_t count = (size_t)width * scale;  // output pixels
    int per_byte = 8 / bit_depth;
    if (scale == 2 && bit_depth == 4) {
        // The common case (a 16-colour frame at 2x): each source pixel is one whole byte.
        for (uint32_t x = 0; x < width; x++) row[x] = (unsigned char)(source[x] * 0x11);
        return;
    }
    size_t whole = count / (size_t)per_byte;
    size_t at = 0;       // next output pixel
    uint32_t x = 0;      // its source pixel
    uint32_t k = 0;      // how many times that source pixel was written so far
    for (size_t b = 0; b < packed; b++) {
        unsigned int byte = 0;
        int pixels = b < whole ? per_byte : (int)(count - at);
        for (int p = 0; p < per_byte; p++) {
            byte <<= bit_depth;
            if (p < pixels) {
                byte |= source[x];
                at++;
                if (++k == scale) {
                    k = 0;
                    x++;
                }
            }
        }
        row[b] = (unsigned char)byte;
    }
}

// Checks the arguments both writers share; returns 0 when they are valid, with the packed row
// size in `packed_out` and the filtered rows' size in `raw_size_out`.
static int fs_indexed_check(uint32_t width, uint32_t height, size_t stride, uint32_t scale, int bit_depth, int deflater,
                            int level, int mem_level, int strategy, size_t *packed_out, size_t *raw_size_out,
                            char message[FS_PNG_MESSAGE_SIZE]) {
    if (width == 0 || height == 0) {
        fs_copy_text(message, "image has zero width or height");
        return 1;
    }
    if (scale < 1 || scale > 64) {
        fs_copy_text(message, "scale must be 1...64");
        return 1;
    }
    if (bit_depth != 1 && bit_depth != 2 && bit_depth != 4 && bit_depth != 8) {
        fs_copy_text(message, "bit depth must be 1, 2, 4 or 8");
        return 1;
    }
    if (deflater == FS_PNG_DEFLATER_SCANLINE) {
        if (level < FS_SCANLINE_MIN_LEVEL || level > FS_SCANLINE_MAX_LEVEL) {
            fs_copy_text(message, "the scanline coder's level must be 1...9");
            return 1;
        }
    } else if (deflater == FS_PNG_DEFLATER_LIBDEFLATE) {
        if (level < 0 || level > 12) {
            fs_copy_text(message, "libdeflate level must be 0...12");
            return 1;
        }
    } else if (deflater != FS_PNG_DEFLATER_ZLIB) {
        fs_copy_text(message, "deflater must be FS_PNG_DEFLATER_ZLIB, FS_PNG_DEFLATER_LIBDEFLATE or FS_PNG_DEFLATER_SCANLINE");
        return 1;
    } else if (level < 0 || level > 9 || mem_level < 1 || mem_level > 9 || strategy < 0 || strategy > 3) {
        fs_copy_text(message, "zlib level must be 0...9, memory level 1...9, strategy 0...3");
        return 1;
    }
    if (stride < (size_t)width) {
        fs_copy_text(message, "stride is smaller than width");
        return 1;
    }
    uint64_t out_width = (uint64_t)width * scale;
    uint64_t out_height = (uint64_t)height * scale;
    if (out_width > 0x7FFFFFFF || out_height > 0x7FFFFFFF) {
        fs_copy_text(message, "the image is larger than PNG allows");
        return 1;
    }
    size_t packed = (size_t)((out_width * (uint64_t)bit_depth + 7) / 8);
    size_t line = packed + 1;
    size_t raw_size = line * (size_t)out_height;
    if (raw_size / line != (size_t)out_height || raw_size > 0x7FFFFFFF) {
        fs_copy_text(message, "the image's rows exceed what one deflate call takes");
        return 1;
    }
    *packed_out = packed;
    *raw_size_out = raw_size;
    return 0;
}

// Scratch kept between calls, so encoding frame after frame neither allocates nor page-faults:
// the filtered rows' buffer (kept up to 512 KiB: a frame's, not a strip's), one zlib deflate
// state, reset (deflateReset: the same output as a fresh deflateInit2 with the same arguments)
// rather than made again, libdeflate compressors, one a level, and a scanline coder (neither
// keeps state between calls that could change the bytes). The scratches sit in a pool of fs_pool_size, each taken by one call at a
// time; a call that finds none free uses a scratch of its own and frees it. A scratch holds up to
// 512 KiB of rows, 656 KiB a libdeflate compressor (libdeflate 1.14, levels 6 and 7) and about
// 320 KiB for the scanline coder's tables, so what they hold grows with how many calls encode at once (one a core), not with how
// many threads the process has made: Dispatch adds worker threads while others block on the disk,
// and one scratch per thread grew a long recording's resident memory by a scratch per new thread.
typedef struct {
    int in_use;
    unsigned char *rows;
    size_t capacity;
    int deflater_ready;
    int deflater_arguments[3];
    z_stream deflater;
    // One libdeflate compressor per level in use, at most two (the frames' level and the
    // strip's and animation's), so images of both levels in turn do not make and free one each
    // time: that grew a 100,000-frame recording's resident memory by 12% against 1,000 frames.
    struct libdeflate_compressor *compressors[2];
    int compressor_levels[2];
    int compressor_next;  // which of the two a third level replaces
    fs_scanline_coder *scanline_coder;  // made on first use
} fs_scratch;

enum { fs_pool_size = 8 };
static fs_scratch fs_pool[fs_pool_size];
static pthread_mutex_t fs_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static const size_t fs_scratch_limit = (size_t)512 << 10;

// A free scratch of the pool, marked in use; a new empty one (fs_put_scratch frees it) when every
// one is taken; NULL when out of memory.
static fs_scratch *fs_take_scratch(void) {
    pthread_mutex_lock(&fs_pool_lock);
    for (int i = 0; i < fs_pool_size; i++) {
        if (!fs_pool[i].in_use) {
            fs_pool[i].in_use = 1;
            pthread_mutex_unlock(&fs_pool_lock);
            return &fs_pool[i];
        }
    }
    pthread_mutex_unlock(&fs_pool_lock);
    return (fs_scratch *)calloc(1, sizeof(fs_scratch));
}

// Gives `scratch` back to the pool, or frees it when it was made outside the pool.
static void fs_put_scratch(fs_scratch *scratch) {
    if (scratch >= fs_pool && scratch < fs_pool + fs_pool_size) {
        pthread_mutex_lock(&fs_pool_lock);
        scratch->in_use = 0;
        pthread_mutex_unlock(&fs_pool_lock);
        return;
    }
    if (scratch->deflater_ready) deflateEnd(&scratch->deflater);
    for (int i = 0; i < 2; i++) {
        if (scratch->compressors[i] != NULL) libdeflate_free_compressor(scratch->compressors[i]);
    }
    fs_scanline_coder_free(scratch->scanline_coder);
    free(scratch->rows);
    free(scratch);
}

// A buffer of `size` bytes for the filtered rows: the scratch's when it is large enough or can
// grow within the limit, otherwise a buffer of its own (fs_release_rows frees it).
static unsigned char *fs_rows_buffer(fs_scratch *scratch, size_t size) {
    if (size > fs_scratch_limit) return (unsigned char *)malloc(size);
    if (size > scratch->capacity) {
        unsigned char *grown = (unsigned char *)realloc(scratch->rows, size);
        if (grown == NULL) return NULL;
        scratch->rows = grown;
        scratch->capacity = size;
    }
    return scratch->rows;
}

static void fs_release_rows(fs_scratch *scratch, unsigned char *rows) {
    if (rows != scratch->rows) free(rows);
}

// The scratch's deflate state for these arguments (window 32 KiB), reset; NULL when zlib fails.
static z_stream *fs_deflater(fs_scratch *scratch, int level, int mem_level, int strategy) {
    if (scratch->deflater_ready && scratch->deflater_arguments[0] == level &&
        scratch->deflater_arguments[1] == mem_level && scratch->deflater_arguments[2] == strategy) {
        if (deflateReset(&scratch->deflater) == Z_OK) return &scratch->deflater;
    }
    if (scratch->deflater_ready) deflateEnd(&scratch->deflater);
    scratch->deflater_ready = 0;
    memset(&scratch->deflater, 0, sizeof scratch->deflater);
    if (deflateInit2(&scratch->deflater, level, Z_DEFLATED, 15, mem_level, strategy) != Z_OK) return NULL;
    scratch->deflater_arguments[0] = level;
    scratch->deflater_arguments[1] = mem_level;
    scratch->deflater_arguments[2] = strategy;
    scratch->deflater_ready = 1;
    return &scratch->deflater;
}

// The scratch's libdeflate compressor for `level` (made on first use, kept beside one other
// level's); NULL when libdeflate cannot make one.
static struct libdeflate_compressor *fs_compressor(fs_scratch *scratch, int level) {
    for (int i = 0; i < 2; i++) {
        if (scratch->compressors[i] != NULL && scratch->compressor_levels[i] == level) return scratch->compressors[i];
    }
    int slot = scratch->compressors[0] == NULL ? 0 : scratch->compressors[1] == NULL ? 1 : scratch->compressor_next;
    if (scratch->compressors[slot] != NULL) libdeflate_free_compressor(scratch->compressors[slot]);
    scratch->compressors[slot] = libdeflate_alloc_compressor(level);
    scratch->compressor_levels[slot] = level;
    scratch->compressor_next = 1 - slot;
    return scratch->compressors[slot];
}

// The filtered rows: None with the packed bytes, or, when `repeated_rows` is
// FS_PNG_REPEATED_ROWS_UP, Up with zeros where the row repeats the one above (with
// FS_PNG_REPEATED_ROWS_COPIED such a row is written again with None). Returns a buffer of
// `raw_size` bytes (release it with fs_release_rows), or NULL when out of memory.
static unsigned char *fs_indexed_rows(fs_scratch *scratch, const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                                      uint32_t scale, int bit_depth, int repeated_rows, size_t packed, size_t raw_size) {
    size_t line = packed + 1;
    unsigned char *raw = fs_rows_buffer(scratch, raw_size);
    if (raw == NULL) return NULL;
    const unsigned char *above = NULL;  // the last row written with filter None, packed
    for (uint32_t y = 0; y < height; y++) {
        unsigned char *first = raw + (size_t)y * scale * line;
        fs_pack(indices + (size_t)y * stride, width, scale, bit_depth, first + 1, packed);
        first[0] = 0;
        if (repeated_rows == FS_PNG_REPEATED_ROWS_COPIED) {
            for (uint32_t k = 1; k < scale; k++) memcpy(first + (size_t)k * line, first, line);
            continue;
        }
        if (above != NULL && memcmp(first + 1, above, packed) == 0) {
            first[0] = 2;
            memset(first + 1, 0, packed);
        } else {
            above = first + 1;
        }
        for (uint32_t k = 1; k < scale; k++) {
            unsigned char *copy = first + (size_t)k * line;
            copy[0] = 2;
            memset(copy + 1, 0, packed);
        }
    }
    return raw;
}

// fs_indexed_stream's work, with the rows' buffer and the deflate state of `scratch`.
static unsigned char *fs_deflate_rows(fs_scratch *scratch, const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                                        uint32_t scale, int bit_depth, int repeated_rows, size_t packed, size_t raw_size, int deflater,
                                        int level, int mem_level, int strategy, size_t reserve, size_t trailer,
                                        size_t *compressed, size_t *capacity, char message[FS_PNG_MESSAGE_SIZE]) {
    unsigned char *raw = fs_indexed_rows(scratch, indices, width, height, stride, scale, bit_depth, repeated_rows, packed, raw_size);
    if (raw == NULL) {
        fs_copy_text(message, "out of memory");
        return NULL;
    }
    // The scanline coder takes rows up to its limit; longer ones go to libdeflate at the same level.
    int used = deflater == FS_PNG_DEFLATER_SCANLINE && packed + 1 > FS_SCANLINE_MAX_LINE ? FS_PNG_DEFLATER_LIBDEFLATE : deflater;
    struct libdeflate_compressor *compressor = NULL;
    z_stream *stream = NULL;
    size_t bound = 0;
    const char *failure = NULL;
    if (used == FS_PNG_DEFLATER_SCANLINE) {
        if (scratch->scanline_coder == NULL) scratch->scanline_coder = fs_scanline_coder_new();
        if (scratch->scanline_coder == NULL) failure = "out of memory";
        else bound = fs_scanline_deflate_bound(raw_size);
    } else if (used == FS_PNG_DEFLATER_LIBDEFLATE) {
        compressor = fs_compressor(scratch, level);
        if (compressor == NULL) failure = "libdeflate_alloc_compressor failed";
        else bound = libdeflate_zlib_compress_bound(compressor, raw_size);
    } else {
        stream = fs_deflater(scratch, level, mem_level, strategy);
        if (stream == NULL) failure = "zlib deflateInit2 failed";
        else bound = (size_t)deflateBound(stream, (uLong)raw_size);
    }
    size_t size = reserve + bound + trailer;
    unsigned char *buffer = failure == NULL ? (unsigned char *)malloc(size) : NULL;
    if (failure == NULL && buffer == NULL) failure = "out of memory";
    size_t made = 0;
    if (failure == NULL && used == FS_PNG_DEFLATER_SCANLINE) {
        made = fs_scanline_deflate(scratch->scanline_coder, raw, raw_size, packed + 1, level, buffer + reserve);
        if (made == 0) failure = "the scanline coder refused its arguments";
    } else if (failure == NULL && used == FS_PNG_DEFLATER_LIBDEFLATE) {
        made = libdeflate_zlib_compress(compressor, raw, raw_size, buffer + reserve, bound);
        if (made == 0) failure = "libdeflate_zlib_compress did not fit its own bound";
    } else if (failure == NULL) {
        stream->next_in = raw;
        stream->avail_in = (uInt)raw_size;
        stream->next_out = buffer + reserve;
        stream->avail_out = (uInt)bound;
        if (deflate(stream, Z_FINISH) != Z_STREAM_END) failure = "zlib deflate did not finish";
        made = (size_t)stream->total_out;
    }
    fs_release_rows(scratch, raw);
    if (failure != NULL) {
        free(buffer);
        fs_copy_text(message, failure);
        return NULL;
    }
    *compressed = made;
    *capacity = size;
    return buffer;
}

// Filters `indices`' rows and deflates them in one zlib call into a new buffer (free it with
// free()), the stream starting `reserve` bytes in and `trailer` bytes left free after the largest
// stream zlib can make; NULL with a message on failure. The stream's size goes to `compressed`,
// the buffer's to `capacity`.
static unsigned char *fs_indexed_stream(const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                                        uint32_t scale, int bit_depth, int repeated_rows, size_t packed, size_t raw_size, int deflater, int level,
                                        int mem_level, int strategy, size_t reserve, size_t trailer,
                                        size_t *compressed, size_t *capacity, char message[FS_PNG_MESSAGE_SIZE]) {
    fs_scratch *scratch = fs_take_scratch();
    if (scratch == NULL) {
        fs_copy_text(message, "out of memory");
        return NULL;
    }
    unsigned char *buffer = fs_deflate_rows(scratch, indices, width, height, stride, scale, bit_depth, repeated_rows, packed,
                                            raw_size, deflater, level, mem_level, strategy, reserve, trailer, compressed,
                                            capacity, message);
    fs_put_scratch(scratch);
    return buffer;
}

int fs_png_indexed_image_data(const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                              uint32_t scale, int bit_depth, int deflater, int level, int mem_level, int strategy,
                              fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    size_t packed = 0, raw_size = 0;
    if (fs_indexed_check(width, height, stride, scale, bit_depth, deflater, level, mem_level, strategy, &packed, &raw_size,
                         message) != 0)
        return 1;
    size_t compressed = 0, capacity = 0;
    unsigned char *data = fs_indexed_stream(indices, width, height, stride, scale, bit_depth, FS_PNG_REPEATED_ROWS_UP, packed, raw_size, deflater,
                                            level, mem_level, strategy, 0, 0, &compressed, &capacity, message);
    if (data == NULL) return 1;
    out->data = data;
    out->size = compressed;
    out->capacity = capacity;
    return 0;
}

int fs_png_write_indexed(const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                         uint32_t scale, const unsigned char *palette_rgba, int palette_count, int bit_depth,
                         int repeated_rows, int deflater, int level, int mem_level, int strategy, fs_png_buffer *out,
                         char message[FS_PNG_MESSAGE_SIZE]) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    if (palette_count < 1 || palette_count > 256) {
        fs_copy_text(message, "palette must hold 1...256 entries");
        return 1;
    }
    if (repeated_rows != FS_PNG_REPEATED_ROWS_UP && repeated_rows != FS_PNG_REPEATED_ROWS_COPIED) {
        fs_copy_text(message, "repeated rows must be FS_PNG_REPEATED_ROWS_UP or FS_PNG_REPEATED_ROWS_COPIED");
        return 1;
    }
    size_t packed = 0, raw_size = 0;
    if (fs_indexed_check(width, height, stride, scale, bit_depth, deflater, level, mem_level, strategy, &packed, &raw_size,
                         message) != 0)
        return 1;
    if (palette_count > (1 << bit_depth)) {
        fs_copy_text(message, "the palette has more entries than the bit depth can index");
        return 1;
    }
    uint64_t out_width = (uint64_t)width * scale;
    uint64_t out_height = (uint64_t)height * scale;
    // Signature 8, IHDR 25, PLTE 12 + 768, tRNS 12 + 256, IDAT's length and type 8: the stream is
    // made past them, then moved down behind the chunks actually written.
    size_t reserve = 8 + 25 + 780 + 268 + 8;
    size_t compressed = 0, capacity = 0;
    unsigned char *file = fs_indexed_stream(indices, width, height, stride, scale, bit_depth, repeated_rows, packed, raw_size, deflater,
                                            level, mem_level, strategy, reserve, 4 + 12, &compressed, &capacity, message);
    if (file == NULL) return 1;
    size_t at = 0;
    static const unsigned char signature[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
    memcpy(file, signature, 8);
    at = 8;
    unsigned char header[13];
    fs_put32(header, (uint32_t)out_width);
    fs_put32(header + 4, (uint32_t)out_height);
    header[8] = (unsigned char)bit_depth;
    header[9] = 3;  // indexed colour
    header[10] = 0; // deflate
    header[11] = 0; // adaptive filtering (the filter method: a filter type byte per row)
    header[12] = 0; // no interlace
    at += fs_chunk(file + at, "IHDR", header, 13);
    unsigned char colors[768];
    unsigned char alphas[256];
    int last_translucent = -1;
    for (int i = 0; i < palette_count; i++) {
        colors[i * 3] = palette_rgba[i * 4];
        colors[i * 3 + 1] = palette_rgba[i * 4 + 1];
        colors[i * 3 + 2] = palette_rgba[i * 4 + 2];
        alphas[i] = palette_rgba[i * 4 + 3];
        if (alphas[i] != 255) last_translucent = i;
    }
    at += fs_chunk(file + at, "PLTE", colors, (uint32_t)(palette_count * 3));
    if (last_translucent >= 0) at += fs_chunk(file + at, "tRNS", alphas, (uint32_t)(last_translucent + 1));

    unsigned char *idat = file + at;
    // The stream was made at `reserve`; fs_chunk moves it to just after IDAT's length and type.
    at += fs_chunk(idat, "IDAT", file + reserve, (uint32_t)compressed);
    at += fs_chunk(file + at, "IEND", NULL, 0);
    out->data = file;
    out->size = at;
    out->capacity = capacity;
    return 0;
}

int fs_png_widen_indexed_image_data(const unsigned char *data, size_t size, uint32_t width, uint32_t height,
                                    int bit_depth, int deflater, int level, int mem_level, int strategy,
                                    fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    if (bit_depth != 1 && bit_depth != 2 && bit_depth != 4) {
        fs_copy_text(message, "only 1-, 2- and 4-bit rows are widened");
        return 1;
    }
    if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF) {
        fs_copy_text(message, "image has zero width or height, or is larger than PNG allows");
        return 1;
    }
    size_t packed = ((size_t)width * (size_t)bit_depth + 7) / 8;
    size_t line = packed + 1;
    size_t raw_size = line * (size_t)height;
    if (raw_size / line != (size_t)height || raw_size > 0x7FFFFFFF ||
        (size_t)width * (size_t)height / (size_t)height != (size_t)width) {
        fs_copy_text(message, "the image's rows exceed what one deflate call takes");
        return 1;
    }
    unsigned char *raw = (unsigned char *)malloc(raw_size);
    unsigned char *indices = (unsigned char *)malloc((size_t)width * (size_t)height);
    unsigned char *above = (unsigned char *)calloc(packed, 1);
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    if (raw == NULL || indices == NULL || above == NULL || decompressor == NULL) {
        free(raw);
        free(indices);
        free(above);
        if (decompressor != NULL) libdeflate_free_decompressor(decompressor);
        fs_copy_text(message, "out of memory");
        return 1;
    }
    // The stream must hold exactly the rows of a width x height image at bit_depth.
    enum libdeflate_result result = libdeflate_zlib_decompress(decompressor, data, size, raw, raw_size, NULL);
    libdeflate_free_decompressor(decompressor);
    int status = 0;
    if (result != LIBDEFLATE_SUCCESS) {
        fs_copy_text(message, "the image data is not a zlib stream of exactly the rows of its size");
        status = 1;
    }
    unsigned int mask = (1u << bit_depth) - 1;
    for (uint32_t y = 0; status == 0 && y < height; y++) {
        unsigned char *row = raw + (size_t)y * line + 1;
        int filter = raw[(size_t)y * line];
        // W3C PNG §7.3 and §9: the bytes before a row's first are 0, one byte a pixel step (bpp 1).
        for (size_t i = 0; i < packed; i++) {
            unsigned int left = i > 0 ? row[i - 1] : 0, up = above[i], corner = i > 0 ? above[i - 1] : 0;
            switch (filter) {
            case 0: break;
            case 1: row[i] = (unsigned char)(row[i] + left); break;
            case 2: row[i] = (unsigned char)(row[i] + up); break;
            case 3: row[i] = (unsigned char)(row[i] + ((left + up) >> 1)); break;
            case 4: row[i] = (unsigned char)(row[i] + fs_paeth((int)left, (int)up, (int)corner)); break;
            default:
                fs_copy_text(message, "a row has a filter type outside 0...4");
                status = 1;
                i = packed;
                break;
            }
        }
        if (status != 0) break;
        unsigned char *target = indices + (size_t)y * width;
        for (uint32_t x = 0; x < width; x++) {
            size_t bit = (size_t)x * (size_t)bit_depth;
            int shift = 8 - bit_depth - (int)(bit % 8);
            target[x] = (unsigned char)((row[bit / 8] >> shift) & mask);
        }
        memcpy(above, row, packed);
    }
    free(raw);
    free(above);
    if (status != 0) {
        free(indices);
        return 1;
    }
    status = fs_png_indexed_image_data(indices, width, height, width, 1, 8, deflater, level, mem_level, strategy, out,
                                       message);
    free(indices);
    return status;
}
