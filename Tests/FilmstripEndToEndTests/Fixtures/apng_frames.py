#!/usr/bin/env python3
"""Decodes an APNG with Pillow (a decoder filmstrip did not write) and prints one line per frame:

    <index> <delay ms> <sha256 of the composited frame's RGBA8 pixels, row-major, no padding>

preceded by a line `frames <count> loop <loop>`. Exit 3 when Pillow is not installed (the
caller decides whether that fails), 2 when the file is not an animated PNG.
"""
import hashlib
import sys

try:
    from PIL import Image
except ImportError:
    print("Pillow is not installed (pip install pillow)", file=sys.stderr)
    sys.exit(3)


def main(path):
    with Image.open(path) as image:
        if image.format != "PNG" or not getattr(image, "is_animated", False):
            print(f"{path}: not an animated PNG ({image.format})", file=sys.stderr)
            return 2
        print(f"frames {image.n_frames} loop {image.info.get('loop')}")
        for index in range(image.n_frames):
            image.seek(index)
            # Pillow composites each frame onto the previous one (dispose and blend ops applied).
            pixels = image.convert("RGBA").tobytes()
            duration = image.info.get("duration")
            print(f"{index} {duration:g} {hashlib.sha256(pixels).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
