// See include/png_shim.h. Every libpng full-API call below runs under a setjmp owned by the
// function that made it; libpng's error callback copies the message and longjmps back here.
#include "png_shim.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int FS_PNG_FILTER_NONE = PNG_FILTER_NONE;
const int FS_PNG_FILTER_SUB = PNG_FILTER_SUB;
const int FS_PNG_FILTER_UP = PNG_FILTER_UP;
const int FS_PNG_FILTER_AVG = PNG_FILTER_AVG;
const int FS_PNG_FILTER_PAETH = PNG_FILTER_PAETH;
const int FS_PNG_ALL_FILTERS = PNG_ALL_FILTERS;

typedef struct fs_write_state {
    fs_png_buffer *out;
    char *message;
} fs_write_state;

static void fs_copy_message(char *message, const char *text) {
    if (message == NULL) return;
    if (text == NULL) text = "unknown libpng error";
    strncpy(message, text, FS_PNG_MESSAGE_SIZE - 1);
    message[FS_PNG_MESSAGE_SIZE - 1] = '\0';
}

static void fs_error(png_structp png, png_const_charp text) {
    fs_write_state *state = (fs_write_state *)png_get_error_ptr(png);
    if (state != NULL) fs_copy_message(state->message, text);
    png_longjmp(png, 1);
}

static void fs_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;  // warnings do not change the output; they are not errors.
}

static void fs_write(png_structp png, png_bytep data, size_t length) {
    fs_write_state *state = (fs_write_state *)png_get_io_ptr(png);
    fs_png_buffer *out = state->out;
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity == 0 ? 65536 : out->capacity;
        while (capacity < out->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(out->data, capacity);
        if (grown == NULL) png_error(png, "out of memory while writing PNG");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static void fs_flush(png_structp png) { (void)png; }

void fs_png_buffer_free(fs_png_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

void fs_png_free(void *pointer) { free(pointer); }

static int fs_check_settings(uint32_t width, uint32_t height, fs_png_settings settings, char *message) {
    if (width == 0 || height == 0) {
        fs_copy_message(message, "image has zero width or height");
        return 1;
    }
    if (settings.compression_level < 0 || settings.compression_level > 9) {
        fs_copy_message(message, "compression level must be 0...9");
        return 1;
    }
    if (settings.mem_level < 1 || settings.mem_level > 9) {
        fs_copy_message(message, "memory level must be 1...9");
        return 1;
    }
    if (settings.strategy < 0 || settings.strategy > 3) {
        fs_copy_message(message, "strategy must be 0 (default), 1 (filtered), 2 (Huffman only) or 3 (RLE)");
        return 1;
    }
    return 0;
}

static void fs_set_common(png_structp png, fs_png_settings settings) {
    png_set_compression_level(png, settings.compression_level);
    png_set_compression_mem_level(png, settings.mem_level);
    png_set_compression_window_bits(png, 15);
    png_set_compression_strategy(png, settings.strategy);
    if (settings.filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);
}

int fs_png_encode_rgba(const unsigned char *rgba, uint32_t width, uint32_t height, size_t stride,
                       fs_png_settings settings, fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    if (fs_check_settings(width, height, settings, message) != 0) return 1;
    if (stride < (size_t)width * 4) {
        fs_copy_message(message, "stride is smaller than width * 4");
        return 1;
    }
    fs_write_state state = {out, message};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, fs_error, fs_warning);
    if (png == NULL) {
        fs_copy_message(message, "png_create_write_struct failed");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        fs_copy_message(message, "png_create_info_struct failed");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fs_png_buffer_free(out);
        return 1;
    }
    png_set_write_fn(png, &state, fs_write, fs_flush);
    fs_set_common(png, settings);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

// One output row of an indexed image: each of the `width` source indices repeated `scale` times
// (into `expanded`, width * scale bytes), then packed `8 / bit_depth` to a byte, first pixel in
// the high bits, the last byte padded with zero bits.
static void fs_pack_row(const unsigned char *source, uint32_t width, uint32_t scale, int bit_depth,
                        unsigned char *expanded, unsigned char *row) {
    size_t out_width = (size_t)width * scale;
    // Spelled out for the common scales: a compiler turns the general loop into one memset
    // call per pixel, which costs more than the copying.
    switch (scale) {
    case 1:
        memcpy(expanded, source, width);
        break;
    case 2:
        for (uint32_t x = 0; x < width; x++) expanded[2 * x] = expanded[2 * x + 1] = source[x];
        break;
    case 3:
        for (uint32_t x = 0; x < width; x++) expanded[3 * x] = expanded[3 * x + 1] = expanded[3 * x + 2] = source[x];
        break;
    default: {
        unsigned char *e = expanded;
        for (uint32_t x = 0; x < width; x++) {
            unsigned char index = source[x];
            for (uint32_t k = 0; k < scale; k++) *e++ = index;
        }
    }
    }
    if (bit_depth == 8) {
        memcpy(row, expanded, out_width);
        return;
    }
    size_t per_byte = (size_t)(8 / bit_depth);
    size_t full = out_width / per_byte;
    size_t rest = out_width % per_byte;
    const unsigned char *p = expanded;
    for (size_t i = 0; i < full; i++) {
        unsigned int packed = 0;
        for (size_t j = 0; j < per_byte; j++) packed = (packed << bit_depth) | *p++;
        row[i] = (unsigned char)packed;
    }
    if (rest > 0) {
        unsigned int packed = 0;
        for (size_t j = 0; j < rest; j++) packed = (packed << bit_depth) | *p++;
        row[full] = (unsigned char)(packed << (bit_depth * (int)(per_byte - rest)));
    }
}

int fs_png_encode_indexed(const unsigned char *indices, uint32_t width, uint32_t height, size_t stride,
                          uint32_t scale, const unsigned char *palette_rgba, int palette_count, int bit_depth,
                          fs_png_settings settings, fs_png_buffer *out, char message[FS_PNG_MESSAGE_SIZE]) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    if (fs_check_settings(width, height, settings, message) != 0) return 1;
    if (scale < 1 || scale > 64) {
        fs_copy_message(message, "scale must be 1...64");
        return 1;
    }
    if (palette_count < 1 || palette_count > 256) {
        fs_copy_message(message, "palette must hold 1...256 entries");
        return 1;
    }
    if (bit_depth != 1 && bit_depth != 2 && bit_depth != 4 && bit_depth != 8) {
        fs_copy_message(message, "bit depth must be 1, 2, 4 or 8");
        return 1;
    }
    if (stride < (size_t)width) {
        fs_copy_message(message, "stride is smaller than width");
        return 1;
    }
    png_color colors[256];
    png_byte alphas[256];
    int last_translucent = -1;
    for (int i = 0; i < palette_count; i++) {
        colors[i].red = palette_rgba[i * 4];
        colors[i].green = palette_rgba[i * 4 + 1];
        colors[i].blue = palette_rgba[i * 4 + 2];
        alphas[i] = palette_rgba[i * 4 + 3];
        if (alphas[i] != 255) last_translucent = i;
    }
    uint32_t out_width = width * scale;
    uint32_t out_height = height * scale;
    size_t packed_stride = ((size_t)out_width * (size_t)bit_depth + 7) / 8;
    unsigned char *row = (unsigned char *)malloc(packed_stride);
    unsigned char *expanded = (unsigned char *)malloc(out_width);
    if (row == NULL || expanded == NULL) {
        free(row);
        free(expanded);
        fs_copy_message(message, "out of memory");
        return 1;
    }
    fs_write_state state = {out, message};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, fs_error, fs_warning);
    if (png == NULL) {
        free(row);
        free(expanded);
        fs_copy_message(message, "png_create_write_struct failed");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        free(row);
        free(expanded);
        png_destroy_write_struct(&png, NULL);
        fs_copy_message(message, "png_create_info_struct failed");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        free(expanded);
        png_destroy_write_struct(&png, &info);
        fs_png_buffer_free(out);
        return 1;
    }
    png_set_write_fn(png, &state, fs_write, fs_flush);
    fs_set_common(png, settings);
    png_set_IHDR(png, info, out_width, out_height, bit_depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_PLTE(png, info, colors, palette_count);
    if (last_translucent >= 0) png_set_tRNS(png, info, alphas, last_translucent + 1, NULL);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        fs_pack_row(indices + (size_t)y * stride, width, scale, bit_depth, expanded, row);
        for (uint32_t k = 0; k < scale; k++) png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    free(expanded);
    return 0;
}

int fs_png_decode_rgba(const unsigned char *png, size_t size, unsigned char **out_rgba,
                       uint32_t *width, uint32_t *height, char message[FS_PNG_MESSAGE_SIZE]) {
    *out_rgba = NULL;
    *width = 0;
    *height = 0;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, png, size)) {
        fs_copy_message(message, image.message);
        png_image_free(&image);
        return 1;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t bytes = PNG_IMAGE_SIZE(image);
    if (bytes > FS_PNG_MAX_DECODED_BYTES) {
        snprintf(message, FS_PNG_MESSAGE_SIZE, "%u x %u pixels would take %zu bytes decoded, over the %zu filmstrip decodes",
                 image.width, image.height, bytes, FS_PNG_MAX_DECODED_BYTES);
        png_image_free(&image);
        return 1;
    }
    unsigned char *pixels = (unsigned char *)malloc(bytes == 0 ? 1 : bytes);
    if (pixels == NULL) {
        fs_copy_message(message, "out of memory");
        png_image_free(&image);
        return 1;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        fs_copy_message(message, image.message);
        free(pixels);
        png_image_free(&image);
        return 1;
    }
    *out_rgba = pixels;
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return 0;
}

int fs_png_decode_rgba_into(const unsigned char *png, size_t size, uint32_t width, uint32_t height,
                            unsigned char *rgba, char message[FS_PNG_MESSAGE_SIZE]) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, png, size)) {
        fs_copy_message(message, image.message);
        png_image_free(&image);
        return 1;
    }
    if (image.width != width || image.height != height) {
        fs_copy_message(message, "the image is not the size its header was read as");
        png_image_free(&image);
        return 1;
    }
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) {
        fs_copy_message(message, image.message);
        png_image_free(&image);
        return 1;
    }
    png_image_free(&image);
    return 0;
}
