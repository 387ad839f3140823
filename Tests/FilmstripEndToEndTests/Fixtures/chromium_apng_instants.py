#!/usr/bin/env python3
"""Shows an animation.png in headless Chromium and screenshots it at chosen instants.

    python3 chromium_apng_instants.py captures/inbox-cycle/animation.png 250 1750 [--shots DIR]

For each instant (ms after the image finished loading) it prints the instant, the window in which
the screenshot was taken (ms since the load, measured in the page with performance.now()), the
frames due in that window (from the APNG's delays, as Pillow reads them), and the frames whose
pixels (as Pillow composites them) equal the screenshot's: `250 shot 251-262 due [0] shows [0]`.
Exit 0 when every screenshot shows a frame due in its window, 1 otherwise, 3 without Pillow or
Chromium. The image is copied into a temporary folder with the page; with --shots DIR the
screenshots are kept there as `chromium-<instant>ms.png`.

Chromium is driven over its DevTools pipe (--remote-debugging-pipe: JSON messages ending in a
NUL byte on file descriptors 3 and 4), so no WebSocket library is needed. Image animations run on
Chromium's real clock (--virtual-time-budget does not advance them: measured, the screenshot
shows frame 0 at any budget), so the instants are real ones, each screenshot bracketed by
timestamps taken in the page.
"""
import base64
import io
import json
import os
import pathlib
import shutil
import sys
import tempfile
import time

from devtools_pipe import DevToolsPipe

try:
    from PIL import Image
except ImportError:
    print("Pillow is not installed (pip install pillow)", file=sys.stderr)
    sys.exit(3)


class DevTools(DevToolsPipe):
    def __init__(self, chromium, width, height):
        super().__init__(chromium, width, height)


def frames_of(path):
    """Pillow's composited frames (RGB bytes) and each frame's delay in ms."""
    frames, delays = [], []
    with Image.open(path) as image:
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB").tobytes())
            delays.append(image.info.get("duration", 0))
        return frames, delays, image.size


def due(delays, ms):
    """The frame on screen `ms` after the animation started (it loops)."""
    total = sum(delays)
    ms = ms % total if total else 0
    start = 0
    for index, delay in enumerate(delays):
        if ms < start + delay:
            return index
        start += delay
    return len(delays) - 1


def main(arguments):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not chromium:
        print("headless Chromium is not installed (apt-get install -y chromium)", file=sys.stderr)
        return 3
    shots = None
    if "--shots" in arguments:
        at = arguments.index("--shots")
        shots = pathlib.Path(arguments[at + 1])
        arguments = arguments[:at] + arguments[at + 2:]
    frames, delays, (width, height) = frames_of(arguments[0])
    instants = [int(value) for value in arguments[1:]]
    folder = pathlib.Path(tempfile.mkdtemp(prefix="filmstrip-instants-"))
    path = folder / "animation.png"
    shutil.copyfile(arguments[0], path)
    page = folder / "page.html"
    page.write_text(
        "<!doctype html><html><body style='margin:0;background:#000'>"
        "<img id='a' style='display:block'></body></html>")
    tools = DevTools(chromium, width, height)
    failed = False
    try:
        target = next(t for t in tools.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        session = tools.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        tools.send("Page.enable", session=session)
        # The viewport is exactly the image, at one device pixel per CSS pixel.
        tools.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
        tools.send("Page.navigate", {"url": page.as_uri()}, session=session)
        while not any(e.get("method") == "Page.loadEventFired" for e in tools.events):
            tools.events.append(tools.receive())
        # Load the image, then note the page's clock once it is decoded and painted.
        start = tools.send("Runtime.evaluate", {"awaitPromise": True, "returnByValue": True, "expression":
            "new Promise(r => { const a = document.getElementById('a'); a.onload = () => a.decode().then(() => "
            "requestAnimationFrame(() => r(performance.now()))); a.src = '" + path.name + "'; })"}, session=session)["result"]["value"]
        def now():
            return tools.send("Runtime.evaluate", {"expression": "performance.now()", "returnByValue": True}, session=session)["result"]["value"] - start
        for instant in instants:
            while now() < instant - 30:
                time.sleep(0.01)
            while now() < instant:
                pass
            before = now()
            shot = tools.send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
            after = now()
            pixels = Image.open(io.BytesIO(base64.b64decode(shot))).convert("RGB")
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                pixels.save(shots / f"chromium-{instant}ms.png")
            shown = [index for index, frame in enumerate(frames) if frame == pixels.tobytes()]
            window = sorted({due(delays, ms) for ms in range(int(before), int(after) + 1)})
            ok = bool(shown) and all(index in window for index in shown)
            failed |= not ok
            print(f"{instant} shot {before:.0f}-{after:.0f} due {window} shows {shown}{'' if ok else '  MISMATCH'}")
    finally:
        tools.close()
        shutil.rmtree(folder, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
