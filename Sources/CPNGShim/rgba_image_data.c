// See fs_png_rgba_image_data in include/png_shim.h. Uses zlib only, never libpng: this file
// re-states, in its own code, the choices libpng 1.6 makes for an 8-bit RGBA image written with
// all five filters allowed, so the zlib stream is the one libpng writes.
#include "png_shim.h"
#include "paeth.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void fs_copy_reason(char *message, const char *text) {
    if (message == NULL) return;
    strncpy(message, text, FS_PNG_MESSAGE_SIZE - 1);
    message[FS_PNG_MESSAGE_SIZE - 1] = '\0';
}

// A filtered byte's cost in the heuristic: its distance from zero, bytes of 128 and above
// counting as negative.
static inline size_t fs_cost(unsigned int v) { return v < 128 ? v : 256 - v; }

enum { FS_NONE = 1, FS_SUB = 2, FS_UP = 4, FS_AVG = 8, FS_PAETH = 16 };

// Filters `row` (n bytes, 4 a pixel) against `above` (the raw row above, zeros for the first)
// with type `type` into `out` (n bytes); returns the cost, stopping early once it passes `limit`.
static size_t fs_filter(int type, const unsigned char *row, const unsigned char *above, size_t n, size_t limit,
                        unsigned char *out) {
    size_t sum = 0;
    size_t i = 0;
    switch (type) {
    case 1:
        for (; i < 4 && i < n; i++) sum += fs_cost(out[i] = row[i]);
        for (; i < n; i++) {
            sum += fs_cost(out[i] = (unsigned char)(row[i] - row[i - 4]));
            if (sum > limit) break;
        }
        break;
    case 2:
        for (; i < n; i++) {
            sum += fs_cost(out[i] = (unsigned char)(row[i] - above[i]));
            if (sum > limit) break;
        }
        break;
    case 3:
        for (; i < 4 && i < n; i++) sum += fs_cost(out[i] = (unsigned char)(row[i] - above[i] / 2));
        for (; i < n; i++) {
            sum += fs_cost(out[i] = (unsigned char)(row[i] - (above[i] + row[i - 4]) / 2));
            if (sum > limit) break;
        }
        break;
    default:
        for (; i < 4 && i < n; i++) sum += fs_cost(out[i] = (unsigned char)(row[i] - above[i]));
        for (; i < n; i++) {
            sum += fs_cost(out[i] = (unsigned char)(row[i] - fs_paeth(row[i - 4], above[i], above[i - 4])));
            if (sum > limit) break;
        }
        break;
    }
    return sum;
}

int fs_png_rgba_image_data(const unsigned char *rgba, uint32_t width, uint32_t height, size_t stride, uint32_t scale,
                           int level, int mem_level, int strategy, fs_png_buffer *out,
                           char message[FS_PNG_MESSAGE_SIZE]) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    if (width == 0 || height == 0 || scale < 1 || scale > 64) {
        fs_copy_reason(message, "image has zero width or height, or a scale outside 1...64");
        return 1;
    }
    if (level < 0 || level > 9 || mem_level < 1 || mem_level > 9 || strategy < 0 || strategy > 3) {
        fs_copy_reason(message, "zlib level must be 0...9, memory level 1...9, strategy 0...3");
        return 1;
    }
    if (stride < (size_t)width * 4) {
        fs_copy_reason(message, "stride is smaller than width * 4");
        return 1;
    }
    uint64_t out_width = (uint64_t)width * scale;
    uint64_t out_height = (uint64_t)height * scale;
    if (out_width * 4 + 1 > 0x7FFFFFFF || out_height > 0x7FFFFFFF) {
        fs_copy_reason(message, "the image is larger than this writer takes");
        return 1;
    }
    size_t n = (size_t)out_width * 4;
    // libpng drops the filters that need a row above from a one-row image, and those that need
    // a pixel to the left from a one-pixel-wide one.
    int allowed = FS_NONE | FS_SUB | FS_UP | FS_AVG | FS_PAETH;
    if (out_height == 1) allowed &= ~(FS_UP | FS_AVG | FS_PAETH);
    if (out_width == 1) allowed &= ~(FS_SUB | FS_AVG | FS_PAETH);

    // libpng narrows the window for small images: by halves while the data and zlib's 262 bytes
    // of look-ahead fit in half of it.
    uint64_t data_size = (n < 32768 && out_height < 32768) ? (uint64_t)(n + 1) * out_height : 0xFFFFFFFFu;
    int window_bits = 15;
    if (data_size <= 16384) {
        unsigned int half = 1U << (window_bits - 1);
        while (data_size + 262 <= half) {
            half >>= 1;
            window_bits--;
        }
    }
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit2(&stream, level, Z_DEFLATED, window_bits, mem_level, strategy) != Z_OK) {
        fs_copy_reason(message, "zlib deflateInit2 failed");
        return 1;
    }
    uLong bound = deflateBound(&stream, (uLong)((n + 1) * out_height));
    unsigned char *data = (unsigned char *)malloc(bound);
    unsigned char *row = (unsigned char *)malloc(n);
    unsigned char *above = (unsigned char *)calloc(n, 1);
    unsigned char *trial = (unsigned char *)malloc(n + 1);
    unsigned char *best = (unsigned char *)malloc(n + 1);
    if (data == NULL || row == NULL || above == NULL || trial == NULL || best == NULL) {
        free(data);
        free(row);
        free(above);
        free(trial);
        free(best);
        deflateEnd(&stream);
        fs_copy_reason(message, "out of memory");
        return 1;
    }
    stream.next_out = data;
    stream.avail_out = (uInt)bound;
    int status = Z_OK;
    for (uint64_t y = 0; y < out_height && status == Z_OK; y++) {
        const unsigned char *source = rgba + (size_t)(y / scale) * stride;
        if (scale == 1) {
            memcpy(row, source, n);
        } else {
            unsigned char *to = row;
            for (uint32_t x = 0; x < width; x++) {
                for (uint32_t k = 0; k < scale; k++) {
                    memcpy(to, source + (size_t)x * 4, 4);
                    to += 4;
                }
            }
        }
        const unsigned char *chosen;
        if (y > 0 && (allowed & FS_UP) && memcmp(row, above, n) == 0) {
            // The row repeats the one above: Up costs 0, and so do None and Sub when the row is all
            // zeros, when None (the first tried) stays.
            size_t i = 0;
            while (i < n && row[i] == 0) i++;
            best[0] = i == n ? 0 : 2;
            memset(best + 1, 0, n);
            if (i == n) memcpy(best + 1, row, n);
            chosen = best;
        } else if (allowed == FS_NONE) {
            best[0] = 0;
            memcpy(best + 1, row, n);
            chosen = best;
        } else {
            // The first of the allowed filters with the smallest cost (None, Sub, Up, Average,
            // Paeth), None's cost counted only when others are allowed.
            size_t least = (size_t)-1 - 256;
            best[0] = 0;
            memcpy(best + 1, row, n);
            if (allowed & FS_NONE) {
                size_t sum = 0;
                for (size_t i = 0; i < n; i++) sum += fs_cost(row[i]);
                least = sum;
            }
            for (int type = 1; type <= 4; type++) {
                if (!(allowed & (1 << type))) continue;
                size_t sum = fs_filter(type, row, above, n, least, trial + 1);
                if (sum < least) {
                    least = sum;
                    trial[0] = (unsigned char)type;
                    unsigned char *swap = best;
                    best = trial;
                    trial = swap;
                }
            }
            chosen = best;
        }
        stream.next_in = (Bytef *)chosen;
        stream.avail_in = (uInt)(n + 1);
        status = deflate(&stream, Z_NO_FLUSH);
        unsigned char *swap = above;
        above = row;
        row = swap;
    }
    if (status == Z_OK) status = deflate(&stream, Z_FINISH);
    size_t size = (size_t)stream.total_out;
    deflateEnd(&stream);
    free(row);
    free(above);
    free(trial);
    free(best);
    if (status != Z_STREAM_END) {
        free(data);
        fs_copy_reason(message, "zlib deflate did not finish");
        return 1;
    }
    // libpng then rewrites the stream's window size (CMF) to the smallest that holds the data.
    if (data_size <= 16384 && size >= 2 && (data[0] & 0x0F) == 8 && (data[0] & 0xF0) <= 0x70) {
        unsigned int cinfo = data[0] >> 4;
        unsigned int half = 1U << (cinfo + 7);
        if (data_size <= half) {
            do {
                half >>= 1;
                cinfo--;
            } while (cinfo > 0 && data_size <= half);
            unsigned int cmf = (data[0] & 0x0F) | (cinfo << 4);
            data[0] = (unsigned char)cmf;
            unsigned int flags = data[1] & 0xE0;
            flags += 0x1F - ((cmf << 8) + flags) % 0x1F;
            data[1] = (unsigned char)flags;
        }
    }
    out->data = data;
    out->size = size;
    out->capacity = bound;
    return 0;
}
