// filmstrip's own deflate coder (RFC 1951 inside RFC 1950) for the filtered rows of an image
// enlarged by a whole scale: see scanline_deflate.h.
//
// An enlarged image's rows come in groups of `scale`, each a copy of the group's first row. A
// general compressor (libdeflate, zlib) searches every byte of every copy for matches; this one
// codes a row that repeats the row above as what it is, matches at the distance of one row,
// and searches only the other rows. There it tries, before a hash chain, the two places such
// rows most often repeat: the row above and the byte before (a run). Matches may run on past
// the end of a row into the rows after it. Whether a row repeats the row above is decided by
// comparing the two, so the stream depends on the rows alone, not on the scale they were made
// at (an image enlarged before it is indexed gives the same bytes as one indexed first), and
// every match is checked byte by byte, so any rows give a correct stream; only its size depends
// on rows repeating.
//
// The parse is greedy with one step of lazy evaluation (a literal and the next position's match
// when that is longer), as zlib's deflate_slow. Symbols are coded in dynamic Huffman blocks of at
// most fs_block_symbols symbols; code lengths are limited to 15 bits (7 for the code-length code)
// by zlib's method (trees.c, gen_bitlen), driven by the code's Kraft sum.

#include "scanline_deflate.h"

#include "png_shim.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

enum {
    fs_hash_bits = 15,
    fs_window = 32768,
    fs_block_symbols = 16384,
    fs_max_match = 258,
    fs_min_match = 3,
    // The longest match whose places are hashed as it is passed over. A longer one is a run of
    // background or a stretch of the row above, whose bytes what follows finds again there;
    // hashing them took a quarter of the coder's time for 35 bytes of the reference plan's
    // 226,693.
    fs_longest_hashed_match = 128,
};

// A symbol: a literal byte (below 256), or a match: bit 31 set, length << 16, distance.
typedef uint32_t fs_symbol;
static const fs_symbol fs_match_flag = 0x80000000u;

struct fs_scanline_coder {
    int32_t head[1 << fs_hash_bits];  // latest position with each hash, -1 none
    int32_t previous[fs_window];      // the position before with the same hash
    fs_symbol symbols[fs_block_symbols];
};

fs_scanline_coder *fs_scanline_coder_new(void) { return (fs_scanline_coder *)malloc(sizeof(fs_scanline_coder)); }

void fs_scanline_coder_free(fs_scanline_coder *coder) { free(coder); }

// How hard each level searches: hash-chain places tried, and the match length that ends a search.
static const struct {
    int depth;
    int nice;
} fs_levels[FS_SCANLINE_MAX_LEVEL + 1] = {
    {0, 0}, {1, 16}, {2, 16}, {4, 32}, {6, 32}, {8, 64}, {16, 64}, {24, 96}, {48, 160}, {96, 258},
};

// RFC 1951 §3.2.5: length codes 257...285 and distance codes 0...29, their bases and extra bits.
static const uint16_t fs_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                            31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t fs_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                            2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t fs_distance_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                              193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t fs_distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                              6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

// The code (0...28) of a match length (3...258): the lengths from 11 on come four codes to each
// doubling of `length - 3`, with 258 a code of its own.
static inline int fs_length_code(uint32_t length) {
    uint32_t x = length - 3;
    if (length == 258) return 28;
    if (x < 8) return (int)x;
    int top = 31 - __builtin_clz(x);
    return 4 * (top - 1) + (int)((x >> (top - 2)) & 3);
}

// The code (0...29) of a distance (1...32,768): from 5 on, two codes to each doubling of
// `distance - 1`.
static inline int fs_distance_code(uint32_t distance) {
    uint32_t x = distance - 1;
    if (x < 4) return (int)x;
    int top = 31 - __builtin_clz(x);
    return 2 * top + (int)((x >> (top - 1)) & 1);
}

// Bits written least significant first (RFC 1951 §3.1.1).
typedef struct {
    unsigned char *out;
    size_t at;
    uint64_t bits;
    int count;
} fs_bit_writer;

static inline void fs_put_bits(fs_bit_writer *writer, uint32_t value, int count) {
    writer->bits |= (uint64_t)value << writer->count;
    writer->count += count;
    while (writer->count >= 8) {
        writer->out[writer->at++] = (unsigned char)writer->bits;
        writer->bits >>= 8;
        writer->count -= 8;
    }
}

// Huffman code lengths for `count` symbols of frequencies `frequencies`, none longer than
// `limit`; a symbol of frequency 0 gets 0. When fewer than two symbols occur, a second symbol is
// given a code too, so the code is complete (zlib's inflate refuses an incomplete code-length
// code).
static void fs_code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
    int symbols[286];
    int used = 0;
    for (int i = 0; i < count; i++) {
        lengths[i] = 0;
        if (frequencies[i] != 0) symbols[used++] = i;
    }
    if (used < 2) {
        // Symbols 0 and 1, or the one symbol and 0 (1 when it is 0), a bit each.
        int one = used == 1 ? symbols[0] : 1;
        lengths[one] = 1;
        lengths[one == 0 ? 1 : 0] = 1;
        return;
    }
    // Rarest first, ties by symbol, so the same frequencies give the same lengths.
    for (int i = 1; i < used; i++) {
        int symbol = symbols[i], j = i;
        while (j > 0 && (frequencies[symbols[j - 1]] > frequencies[symbol] ||
                         (frequencies[symbols[j - 1]] == frequencies[symbol] && symbols[j - 1] > symbol))) {
            symbols[j] = symbols[j - 1];
            j--;
        }
        symbols[j] = symbol;
    }
    // The tree by two queues: the sorted leaves, and the inner nodes in the order they are made
    // (their weights never fall).
    uint64_t weight[2 * 286];
    int parent[2 * 286];
    for (int i = 0; i < used; i++) weight[i] = frequencies[symbols[i]];
    int leaf = 0, inner = used, made = used;
    for (int k = 0; k < used - 1; k++) {
        int pick[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < used && (inner >= made || weight[leaf] <= weight[inner])) pick[t] = leaf++;
            else pick[t] = inner++;
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = made;
        parent[pick[1]] = made;
        made++;
    }
    int depth[2 * 286];
    depth[made - 1] = 0;
    int per_length[64] = {0};
    for (int i = made - 2; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
    for (int i = 0; i < used; i++) per_length[depth[i] > limit ? limit : depth[i]]++;
    // Leaves deeper than the limit were put at the limit, which oversubscribes the code: its
    // Kraft sum, in units of 2^-limit, is above 2^limit. zlib's fix (trees.c, gen_bitlen): move
    // a leaf from the deepest level short of the limit one level down, with a leaf from the limit
    // as its brother; each move takes one unit off the sum, until the code is exactly complete.
    uint64_t units = 0;
    for (int bits = 1; bits <= limit; bits++) units += (uint64_t)per_length[bits] << (limit - bits);
    for (; units > ((uint64_t)1 << limit); units--) {
        int bits = limit - 1;
        while (per_length[bits] == 0) bits--;
        per_length[bits]--;
        per_length[bits + 1] += 2;
        per_length[limit]--;
    }
    // The longest codes to the rarest symbols.
    int next = 0;
    for (int bits = limit; bits >= 1; bits--) {
        for (int k = 0; k < per_length[bits]; k++) lengths[symbols[next++]] = (uint8_t)bits;
    }
}

int fs_png_code_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
    if (count < 2 || count > 286 || limit < 1 || limit > 15 || (1 << limit) < count) return 1;
    fs_code_lengths(frequencies, count, limit, lengths);
    return 0;
}

// Canonical codes for `lengths` (RFC 1951 §3.2.2), bit-reversed for the writer.
static void fs_codes(const uint8_t *lengths, int count, uint16_t *codes) {
    int per_length[16] = {0};
    for (int i = 0; i < count; i++) per_length[lengths[i]]++;
    per_length[0] = 0;
    int next[16];
    int code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < count; i++) {
        int length = lengths[i];
        if (length == 0) continue;
        int value = next[length]++;
        int reversed = 0;
        for (int k = 0; k < length; k++) reversed |= ((value >> k) & 1) << (length - 1 - k);
        codes[i] = (uint16_t)reversed;
    }
}

// One dynamic Huffman block (RFC 1951 §3.2.7) of `count` symbols.
static void fs_write_block(fs_bit_writer *writer, const fs_symbol *symbols, size_t count, int final) {
    uint32_t literal_frequencies[286] = {0};
    uint32_t distance_frequencies[30] = {0};
    for (size_t i = 0; i < count; i++) {
        fs_symbol symbol = symbols[i];
        if (symbol & fs_match_flag) {
            literal_frequencies[257 + fs_length_code((symbol >> 16) & 0x7FFF)]++;
            distance_frequencies[fs_distance_code(symbol & 0xFFFF)]++;
        } else {
            literal_frequencies[symbol]++;
        }
    }
    literal_frequencies[256] = 1;  // end of block
    uint8_t literal_lengths[286], distance_lengths[30];
    fs_code_lengths(literal_frequencies, 286, 15, literal_lengths);
    fs_code_lengths(distance_frequencies, 30, 15, distance_lengths);
    uint16_t literal_codes[286], distance_codes[30];
    fs_codes(literal_lengths, 286, literal_codes);
    fs_codes(distance_lengths, 30, distance_codes);
    int literal_count = 286;
    while (literal_count > 257 && literal_lengths[literal_count - 1] == 0) literal_count--;
    int distance_count = 30;
    while (distance_count > 1 && distance_lengths[distance_count - 1] == 0) distance_count--;
    uint8_t lengths[286 + 30];  // both codes' lengths, one sequence (RFC 1951 §3.2.7)
    memcpy(lengths, literal_lengths, (size_t)literal_count);
    memcpy(lengths + literal_count, distance_lengths, (size_t)distance_count);
    int total = literal_count + distance_count;

    // The code lengths, run-length coded: 16 repeats the last length 3...6 times, 17 and 18
    // give 3...10 and 11...138 zeros. Each entry: the symbol, its extra bits' value above it.
    uint16_t runs[286 + 30];
    int run_count = 0;
    uint32_t run_frequencies[19] = {0};
    for (int i = 0; i < total;) {
        int value = lengths[i], run = 1;
        while (i + run < total && lengths[i + run] == value) run++;
        int left = run;
        if (value == 0) {
            while (left >= 11) {
                int take = left > 138 ? 138 : left;
                runs[run_count++] = (uint16_t)(18 | (take - 11) << 5);
                run_frequencies[18]++;
                left -= take;
            }
            if (left >= 3) {
                runs[run_count++] = (uint16_t)(17 | (left - 3) << 5);
                run_frequencies[17]++;
                left = 0;
            }
        } else {
            runs[run_count++] = (uint16_t)value;
            run_frequencies[value]++;
            left--;
            while (left >= 3) {
                int take = left > 6 ? 6 : left;
                runs[run_count++] = (uint16_t)(16 | (take - 3) << 5);
                run_frequencies[16]++;
                left -= take;
            }
        }
        for (; left > 0; left--) {
            runs[run_count++] = (uint16_t)value;
            run_frequencies[value]++;
        }
        i += run;
    }
    uint8_t run_lengths[19];
    uint16_t run_codes[19];
    fs_code_lengths(run_frequencies, 19, 7, run_lengths);
    fs_codes(run_lengths, 19, run_codes);
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int order_count = 19;
    while (order_count > 4 && run_lengths[order[order_count - 1]] == 0) order_count--;

    fs_put_bits(writer, (uint32_t)final, 1);
    fs_put_bits(writer, 2, 2);  // dynamic Huffman codes
    fs_put_bits(writer, (uint32_t)(literal_count - 257), 5);
    fs_put_bits(writer, (uint32_t)(distance_count - 1), 5);
    fs_put_bits(writer, (uint32_t)(order_count - 4), 4);
    for (int i = 0; i < order_count; i++) fs_put_bits(writer, run_lengths[order[i]], 3);
    static const int extra_bits[3] = {2, 3, 7};
    for (int i = 0; i < run_count; i++) {
        int symbol = runs[i] & 31;
        fs_put_bits(writer, run_codes[symbol], run_lengths[symbol]);
        if (symbol >= 16) fs_put_bits(writer, runs[i] >> 5, extra_bits[symbol - 16]);
    }
    for (size_t i = 0; i < count; i++) {
        fs_symbol symbol = symbols[i];
        if (symbol & fs_match_flag) {
            uint32_t length = (symbol >> 16) & 0x7FFF, distance = symbol & 0xFFFF;
            int length_code = fs_length_code(length);
            fs_put_bits(writer, literal_codes[257 + length_code], literal_lengths[257 + length_code]);
            fs_put_bits(writer, length - fs_length_base[length_code], fs_length_extra[length_code]);
            int distance_code = fs_distance_code(distance);
            fs_put_bits(writer, distance_codes[distance_code], distance_lengths[distance_code]);
            fs_put_bits(writer, distance - fs_distance_base[distance_code], fs_distance_extra[distance_code]);
        } else {
            fs_put_bits(writer, literal_codes[symbol], literal_lengths[symbol]);
        }
    }
    fs_put_bits(writer, literal_codes[256], literal_lengths[256]);
}

static inline uint32_t fs_hash(const unsigned char *at) {
    return ((uint32_t)at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16) * 0x9E3779B1u >> (32 - fs_hash_bits);
}

// How many of the first `limit` bytes at `a` and `b` agree.
static inline int fs_match_length(const unsigned char *a, const unsigned char *b, int limit) {
    int n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // Eight bytes a step; the first that differs is the lowest set byte of the two words' XOR.
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + (__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
#endif
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

typedef struct {
    fs_scanline_coder *coder;
    const unsigned char *rows;
    size_t size;
    size_t line;
    int depth;
    int nice;
    size_t count;  // symbols in the block being gathered
    fs_bit_writer *writer;
} fs_parse;

// Hashes position `at` (three bytes from it must be in the rows).
static inline void fs_insert(fs_parse *parse, size_t at) {
    if (at + fs_min_match > parse->size) return;
    uint32_t hash = fs_hash(parse->rows + at);
    parse->coder->previous[at & (fs_window - 1)] = parse->coder->head[hash];
    parse->coder->head[hash] = (int32_t)at;
}

// The longest match at `at` (0 when none of at least 3 bytes), its distance in `distance`.
static inline int fs_find(fs_parse *parse, size_t at, uint32_t *distance) {
    const unsigned char *rows = parse->rows;
    size_t rest = parse->size - at;
    int limit = rest > fs_max_match ? fs_max_match : (int)rest;
    if (limit < fs_min_match) return 0;
    int best = fs_min_match - 1;
    uint32_t best_distance = 0;
    if (at >= parse->line) {
        int length = fs_match_length(rows + at, rows + at - parse->line, limit);
        if (length > best) {
            best = length;
            best_distance = (uint32_t)parse->line;
        }
    }
    if (best < limit && at >= 1) {
        int length = fs_match_length(rows + at, rows + at - 1, limit);
        if (length > best) {
            best = length;
            best_distance = 1;
        }
    }
    if (best < parse->nice && best < limit) {
        int32_t candidate = parse->coder->head[fs_hash(rows + at)];
        for (int tries = parse->depth; candidate >= 0 && tries > 0; tries--) {
            size_t back = at - (size_t)candidate;
            if (back == 0 || back > fs_window) break;
            if (rows[(size_t)candidate + (size_t)best] == rows[at + (size_t)best]) {
                int length = fs_match_length(rows + at, rows + candidate, limit);
                if (length > best) {
                    best = length;
                    best_distance = (uint32_t)back;
                    if (length >= parse->nice || length >= limit) break;
                }
            }
            candidate = parse->coder->previous[(size_t)candidate & (fs_window - 1)];
        }
    }
    *distance = best_distance;
    return best_distance != 0 ? best : 0;
}

static inline void fs_emit(fs_parse *parse, fs_symbol symbol) {
    parse->coder->symbols[parse->count++] = symbol;
    if (parse->count == fs_block_symbols) {
        fs_write_block(parse->writer, parse->coder->symbols, parse->count, 0);
        parse->count = 0;
    }
}

static inline fs_symbol fs_match(int length, uint32_t distance) {
    return fs_match_flag | (uint32_t)length << 16 | distance;
}

// Emits the match of `length` at `distance` starting at `start`, hashing the places it passes
// over before `hashed_end` (none when it is longer than fs_longest_hashed_match); returns the
// place after it.
static inline size_t fs_take_match(fs_parse *parse, size_t start, int length, uint32_t distance, size_t hashed_end) {
    fs_emit(parse, fs_match(length, distance));
    size_t end = start + (size_t)length;
    if (length <= fs_longest_hashed_match) {
        for (size_t q = start + 1; q < end && q < hashed_end; q++) fs_insert(parse, q);
    }
    return end;
}

size_t fs_scanline_deflate_bound(size_t size) {
    // A symbol codes at most 48 bits (15 + 5 + 15 + 13) for at least 3 bytes, a literal at most
    // 15 bits for one: at most 2 bytes a byte. A block's header is under 600 bytes; a block holds
    // fs_block_symbols symbols of a byte or more, except the last.
    return 2 + 2 * size + 600 * (size / fs_block_symbols + 2) + 4;
}

size_t fs_scanline_deflate(fs_scanline_coder *coder, const unsigned char *rows, size_t size, size_t line, int level,
                           unsigned char *out) {
    if (line == 0 || line > FS_SCANLINE_MAX_LINE || size % line != 0 || size > 0x7FFFFFFF ||
        level < FS_SCANLINE_MIN_LEVEL || level > FS_SCANLINE_MAX_LEVEL)
        return 0;
    for (size_t i = 0; i < (1u << fs_hash_bits); i++) coder->head[i] = -1;
    out[0] = 0x78;  // deflate, 32 KiB window (RFC 1950 §2.2)
    out[1] = 0x5E;  // no dictionary; 0x785E is a multiple of 31
    fs_bit_writer writer = {out + 2, 0, 0, 0};
    fs_parse parse = {coder, rows, size, line, fs_levels[level].depth, fs_levels[level].nice, 0, &writer};
    size_t at = 0;
    // The row `at` is in, and whether it repeats the row above (compared once, when the parse
    // first reaches it).
    size_t row = SIZE_MAX;
    int repeats = 0;
    // A match found at `at - 1`, held while `at` is searched for a longer one.
    int held_length = 0;
    uint32_t held_distance = 0;
    while (at < size) {
        size_t row_start = at - at % line;
        if (row_start / line != row) {
            row = row_start / line;
            repeats = row_start > 0 && memcmp(rows + row_start, rows + row_start - line, line) == 0;
        }
        if (repeats) {
            // A repeated row: the row above, as far as it goes.
            if (held_length != 0) {
                // The held match began at the last place of the row before; a repeated row is
                // not hashed.
                at = fs_take_match(&parse, at - 1, held_length, held_distance, row_start);
                held_length = 0;
                continue;
            }
            size_t rest = size - at;
            int length = fs_match_length(rows + at, rows + at - line, rest > fs_max_match ? fs_max_match : (int)rest);
            if (length >= fs_min_match) {
                fs_emit(&parse, fs_match(length, (uint32_t)line));
                at += (size_t)length;
            } else {
                fs_emit(&parse, rows[at]);
                at++;
            }
            continue;
        }
        // Any other row: searched, and hashed as it goes (a repeated row is not: the same bytes
        // are a row nearer in the row it repeats).
        size_t row_end = row_start + line;
        uint32_t distance = 0;
        int length = fs_find(&parse, at, &distance);
        if (held_length != 0) {
            if (length <= held_length) {
                at = fs_take_match(&parse, at - 1, held_length, held_distance, row_end);
                held_length = 0;
                continue;
            }
            fs_emit(&parse, rows[at - 1]);
            held_length = 0;
        }
        fs_insert(&parse, at);
        if (length == 0) {
            fs_emit(&parse, rows[at]);
            at++;
        } else if (length >= parse.nice) {
            at = fs_take_match(&parse, at, length, distance, row_end);
        } else {
            held_length = length;
            held_distance = distance;
            at++;
        }
    }
    if (held_length != 0) fs_emit(&parse, fs_match(held_length, held_distance));
    fs_write_block(&writer, coder->symbols, parse.count, 1);
    if (writer.count > 0) fs_put_bits(&writer, 0, 8 - writer.count);
    size_t end = 2 + writer.at;
    uint32_t adler = libdeflate_adler32(1, rows, size);
    out[end++] = (unsigned char)(adler >> 24);
    out[end++] = (unsigned char)(adler >> 16);
    out[end++] = (unsigned char)(adler >> 8);
    out[end++] = (unsigned char)adler;
    return end;
}
