#!/usr/bin/env python3
"""The Pillow peer of `filmstrip bench --peer Tests/Bench/pillow_peer.py`: what a user might
write instead of filmstrip.

It draws N frames of a two-panel, four-state inbox with Pillow (the BDF font filmstrip draws
with, rectangles, a spinner arc, rows), enlarges each 1x frame by the scale with nearest
neighbour, and saves it as PNG at zlib level 6. The 1x image is two panels of W x H pixels side
by side with 10-pixel margins: (2 W + 30) x (H + 20) pixels; `filmstrip bench` picks W and H
from its own frame size (`PillowPeer.panel(forFrameWidth:height:)`), so both draw images of the
same size. The phase changes every 30 frames (loading, empty, failed, loaded), the time label
every frame (100 ms a frame).

    python3 Tests/Bench/pillow_peer.py --frames 120 --panel 209x167 --scale 2 \\
        --font Sources/FilmstripOutputs/Resources/Fonts/6x13.bdf --out /tmp/peer

It prints one JSON line: `frames`; `wall_ms`, the draw-and-save loop (interpreter start and the
font conversion excluded); `ms_per_frame`; `bytes`, of the PNG files saved; `size`, the saved
image's [width, height]; and, for comparison, `zlib_floor_ms`, the one-core time zlib alone
takes for the same frames (their RGBA rows, each after a 0 filter byte, at level 6; measured on
the first 40 frames and scaled to N) with `ratio_to_floor`. Needs Pillow (Debian: python3-pil).
"""
import argparse
import json
import os
import time
import zlib

from PIL import BdfFontFile, Image, ImageDraw, ImageFont

ROSE = (232, 90, 120)
MINT = (60, 190, 150)
INK = (30, 30, 36)
BACKGROUND = (250, 250, 250)
PHASES = ["loading", "empty", "failed", "loaded"]
FRAME_INTERVAL_MS = 100
FRAMES_PER_PHASE = 30
FLOOR_SAMPLE_FRAMES = 40


def arguments():
    parser = argparse.ArgumentParser(description="Draw and save N two-panel frames with Pillow.")
    parser.add_argument("--frames", type=int, default=120, help="frames to draw (default 120)")
    parser.add_argument("--panel", default="320x480", help="one panel's size at 1x, WxH pixels")
    parser.add_argument("--font", required=True, help="a BDF font")
    parser.add_argument("--out", required=True, help="folder for the PNG files (created)")
    parser.add_argument("--scale", type=int, default=2, help="integer enlargement (default 2)")
    return parser.parse_args()


def load_font(bdf, folder):
    """Pillow keeps bitmap fonts as .pil + .pbm: the BDF is converted once, untimed."""
    base = os.path.join(folder, "font")
    with open(bdf, "rb") as file:
        BdfFontFile.BdfFontFile(file).save(base)
    return ImageFont.load(base + ".pil")


def draw_panel(draw, font, index, tint, x0, phase, t, pw, ph):
    """One panel: its border and title, then what it shows for the phase at t ms."""
    draw.rectangle([x0, 10, x0 + pw - 1, 10 + ph - 1], outline=tint, width=2)
    draw.text((x0 + 8, 18), "LOADED ONLY" if index == 0 else "ALL FOUR", font=font, fill=tint)
    if index == 0 and phase != "loaded":
        # The control knows only loaded. Pillow's bitmap fonts are Latin-1: a hyphen, no em dash.
        draw.text((x0 + pw // 2, ph // 2), "-", font=font, fill=INK)
        draw.text((x0 + 20, ph // 2 + 20), "no .loaded yet", font=font, fill=INK)
        draw.text((x0 + 20, ph // 2 + 36), f"ignored {phase} {t}ms", font=font, fill=INK)
    elif phase == "loading":
        cx, cy = x0 + pw // 2, ph // 2
        start = (t * 360 // 1000) % 360
        draw.arc([cx - 16, cy - 16, cx + 16, cy + 16], start, start + 270, fill=tint, width=3)
        draw.text((x0 + 20, cy + 30), "FETCHING", font=font, fill=INK)
        draw.text((x0 + 20, cy + 46), f"{t} ms", font=font, fill=INK)
    elif phase == "empty":
        draw.rectangle([x0 + 40, ph // 2 - 20, x0 + pw - 40, ph // 2 + 10], outline=INK)
        draw.text((x0 + 20, ph // 2 + 30), "0 pending", font=font, fill=INK)
        draw.text((x0 + 20, ph // 2 + 46), "EMPTY STATE", font=font, fill=INK)
    elif phase == "failed":
        draw.text((x0 + 20, ph // 2), "FAILED", font=font, fill=ROSE)
        draw.text((x0 + 20, ph // 2 + 16), "ASC 409 \u00b7 version already exists", font=font, fill=INK)
    else:
        for row in range(3):
            y = 50 + row * 40
            draw.rectangle([x0 + 10, y, x0 + pw - 10, y + 32], outline=tint)
            draw.text((x0 + 18, y + 10), f"Build {412 + row} \u00b7 2.3.{row} \u00b7 pending review", font=font, fill=INK)


def draw_frame(font, frame, pw, ph, scale):
    """Frame `frame` at 1x, enlarged by `scale` with nearest neighbour."""
    t = frame * FRAME_INTERVAL_MS
    phase = PHASES[(frame // FRAMES_PER_PHASE) % len(PHASES)]
    image = Image.new("RGBA", (pw * 2 + 30, ph + 20), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, tint in enumerate((ROSE, MINT)):
        draw_panel(draw, font, index, tint, 10 + index * (pw + 10), phase, t, pw, ph)
    if scale != 1:
        image = image.resize((image.width * scale, image.height * scale), Image.NEAREST)
    return image


def zlib_floor_ms(samples, frames):
    """zlib alone on one core over the sampled frames' RGBA rows (filter byte 0, level 6), per N."""
    start = time.perf_counter()
    for width, pixels in samples:
        stride = width * 4
        rows = b"".join(b"\x00" + pixels[y:y + stride] for y in range(0, len(pixels), stride))
        zlib.compress(rows, 6)
    return (time.perf_counter() - start) * 1000 / len(samples) * frames


def main():
    options = arguments()
    pw, ph = map(int, options.panel.split("x"))
    os.makedirs(options.out, exist_ok=True)
    font = load_font(options.font, options.out)

    start = time.perf_counter()
    total = 0
    samples = []
    for frame in range(options.frames):
        image = draw_frame(font, frame, pw, ph, options.scale)
        path = os.path.join(options.out, f"{frame:04d}.png")
        image.save(path, compress_level=6)
        total += os.path.getsize(path)
        if frame < FLOOR_SAMPLE_FRAMES:
            samples.append((image.width, image.tobytes()))
    wall = (time.perf_counter() - start) * 1000

    floor = zlib_floor_ms(samples, options.frames)
    width, pixels = samples[0]
    print(json.dumps({
        "frames": options.frames, "wall_ms": round(wall, 1), "ms_per_frame": round(wall / options.frames, 2),
        "bytes": total, "size": [width, len(pixels) // width // 4],
        "zlib_floor_ms": round(floor, 1), "ratio_to_floor": round(wall / floor, 2),
    }))


if __name__ == "__main__":
    main()
