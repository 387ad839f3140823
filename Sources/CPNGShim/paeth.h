// The Paeth predictor, shared by the RGBA filter chooser (rgba_image_data.c) and the palette
// rows' unfilter (indexed_writer.c). Private to the shim: not under include/.
#ifndef FS_PAETH_H
#define FS_PAETH_H

// The Paeth predictor of the PNG specification (§9.4): of left, above and upper-left, the one
// closest to left + above − upper-left, ties in that order.
static inline int fs_paeth(int a, int b, int c) {
    int p = b - c;
    int q = a - c;
    int pa = p < 0 ? -p : p;
    int pb = q < 0 ? -q : q;
    int pc = (p + q) < 0 ? -(p + q) : p + q;
    return (pa <= pb && pa <= pc) ? a : (pb <= pc) ? b : c;
}

#endif
