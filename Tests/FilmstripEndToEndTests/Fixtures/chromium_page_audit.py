#!/usr/bin/env python3
"""Audits generated pages in headless Chromium, driven over its DevTools pipe.

    python3 chromium_page_audit.py axe PAGE.html...     axe-core, WCAG 2.2 A/AA and best practices
    python3 chromium_page_audit.py width 375 PAGE.html... the page's width on a 375 px phone
    python3 chromium_page_audit.py pdf PAGE.html OUT.pdf  the page printed with default settings
    python3 chromium_page_audit.py forced PAGE.html OUT.png the first timeline in forced colours
    python3 chromium_page_audit.py firstscreen PAGE.html  what the first 1400 x 1000 screen holds

`axe` injects the axe.min.js that the PyPI package axe-playwright-python bundles (axe-core
4.12.1; only the file is used, offline: `pip install --no-deps axe-playwright-python`) into each
page loaded at 1400 x 1000 (desktop) and again at 320 x 800 (a phone: mobile emulation), and
runs it with the tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa and best-practice. It prints
`PAGE WIDTH violations N`, then one line per violation and node
(`  rule-id (impact): selector :: summary`). Exit 0 when no page has a violation.

`width W` loads each page as a phone W px wide (mobile emulation: the page's viewport meta
decides its layout width) and prints `PAGE scrollWidth N` (document.documentElement.scrollWidth).
Exit 0.

`forced` loads the page at 1400 x 1000 with `forced-colors: active` emulated (what Windows
high contrast does: Chromium replaces the page's colours with system colours), screenshots the
first `.bar` (the phase timeline) to OUT.png and prints one line per segment,
`segment LEFT RIGHT NAME label SHOWN`, its CSS pixel columns in the screenshot, its phase, and
whether its label is shown whole, clipped or not at all (`whole`, `clipped`, `none`). Exit 0.

`firstscreen` loads the page at 1400 x 1000 and prints what is inside the first screen:
`strip TOP BOTTOM` for the first `img.strip` (or `frame TOP BOTTOM` for the first frame's
image), then `verdict TEXT` with the verdict box's text. Exit 0.

`pdf` prints the page with Page.printToPDF and its defaults, which are the print dialog's:
Letter paper, background graphics off (printBackground false). (`chromium --headless
--print-to-pdf` prints backgrounds: measured with Chromium 156, the verdict's background is in
its PDF; so it would not show what a reader's default print loses.) Exit 0.

Exit 3 without Chromium or (for `axe`) without the package. Chromium reads commands on file
descriptor 3 and writes replies on 4 (--remote-debugging-pipe: JSON messages ending in NUL), so
no WebSocket library is needed.
"""
import base64
import importlib.util
import json
import os
import pathlib
import shutil
import sys

from devtools_pipe import DevToolsPipe

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# The desktop and the phone the axe audit loads each page at: (width, height, mobile emulation).
SCREENS = [(1400, 1000, False), (320, 800, True)]


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = pathlib.Path(spec.submodule_search_locations[0]) / "axe.min.js"
    return path.read_text(encoding="utf-8") if path.exists() else None


class DevTools(DevToolsPipe):
    def __init__(self, chromium):
        super().__init__(chromium, prefix="filmstrip-audit-")

    def open(self, url, width, height, mobile, media=None):
        """A new tab showing `url` at `width` x `height`, once its load event fired: its session.
        `media`: CSS media features to emulate ({"forced-colors": "active"})."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, session=session)
        if media:
            self.send("Emulation.setEmulatedMedia", {"features": [{"name": k, "value": v} for k, v in media.items()]}, session=session)
        self.events = []
        self.send("Page.navigate", {"url": url}, session=session)
        while not any(e.get("method") == "Page.loadEventFired" and e.get("sessionId") == session for e in self.events):
            self.events.append(self.receive())
        return session

    def evaluate(self, session, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session=session)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:2000])
        return result["result"].get("value")


RUN_AXE = """
axe.run(document, {runOnly: {type: 'tag', values: %s}, resultTypes: ['violations']}).then(r => JSON.stringify(
  r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').replace(/\\s+/g, ' '))}))))
""" % json.dumps(TAGS)


# The first timeline bar's clip (page coordinates, whole pixels) and each segment's columns
# within it, named by the segment's first word of text (its phase).
FIRST_BAR = """
(() => {
  const bar = document.querySelector('.bar');
  const r = bar.getBoundingClientRect();
  const x = Math.floor(r.left + scrollX), y = Math.floor(r.top + scrollY);
  return {clip: {x, y, width: Math.ceil(r.width), height: Math.ceil(r.height)},
    segments: [...bar.children].map(s => { const b = s.getBoundingClientRect();
      return {left: Math.round(b.left + scrollX - x), right: Math.round(b.right + scrollX - x), name: (s.querySelector('.sr') || {textContent: ''}).textContent.split(' ')[0],
        label: (l => l && getComputedStyle(l).display !== 'none' ? (l.scrollWidth <= l.clientWidth ? 'whole' : 'clipped') : 'none')(s.querySelector('.lbl'))}; })};
})()
"""

# The strip's (else the first frame's) top and bottom in the first screen, then the verdict's text.
FIRST_SCREEN = """
(() => {
  const lines = [];
  const strip = document.querySelector('img.strip'), frame = document.querySelector('figure[id^=frame-] img');
  const shown = strip || frame;
  if (shown) { const r = shown.getBoundingClientRect(); lines.push(`${strip ? 'strip' : 'frame'} ${Math.round(r.top)} ${Math.round(r.bottom)}`); }
  const verdict = document.querySelector('.verdict');
  if (verdict) { const r = verdict.getBoundingClientRect(); lines.push(`verdict ${Math.round(r.top)} ${Math.round(r.bottom)} ${verdict.innerText.replace(/\\s+/g, ' ').trim()}`); }
  return lines;
})()
"""


def main(arguments):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not chromium:
        print("headless Chromium is not installed (apt-get install -y chromium)", file=sys.stderr)
        return 3
    mode, arguments = arguments[0], arguments[1:]
    source = None
    if mode == "axe":
        source = axe_source()
        if source is None:
            print("axe-core is not installed (pip install --no-deps axe-playwright-python)", file=sys.stderr)
            return 3
    width = int(arguments.pop(0)) if mode == "width" else 1400
    tools = DevTools(chromium)
    if mode == "pdf":
        try:
            session = tools.open(pathlib.Path(arguments[0]).resolve().as_uri(), 1400, 1000, False)
            pdf = tools.send("Page.printToPDF", {}, session=session)["data"]
            pathlib.Path(arguments[1]).write_bytes(base64.b64decode(pdf))
            print(f"{arguments[0]} printed to {arguments[1]}")
        finally:
            tools.close()
        return 0
    if mode == "forced":
        try:
            session = tools.open(pathlib.Path(arguments[0]).resolve().as_uri(), 1400, 1000, False, {"forced-colors": "active"})
            box = tools.evaluate(session, FIRST_BAR)
            shot = tools.send("Page.captureScreenshot", {"format": "png", "clip": {**box["clip"], "scale": 1}}, session=session)["data"]
            pathlib.Path(arguments[1]).write_bytes(base64.b64decode(shot))
            for segment in box["segments"]:
                print(f"segment {segment['left']} {segment['right']} {segment['name']} label {segment['label']}")
        finally:
            tools.close()
        return 0
    failed = False
    try:
        for page in arguments:
            url = pathlib.Path(page).resolve().as_uri()
            if mode == "axe":
                for width, height, mobile in SCREENS:
                    session = tools.open(url, width, height, mobile)
                    tools.evaluate(session, source + "\n;true")
                    violations = json.loads(tools.evaluate(session, RUN_AXE))
                    print(f"{page} {width} violations {len(violations)}")
                    for violation in violations:
                        failed = True
                        for node in violation["nodes"]:
                            print(f"  {violation['id']} ({violation['impact']}): {node}")
                    sys.stdout.flush()
            elif mode == "firstscreen":
                session = tools.open(url, 1400, 1000, False)
                for line in tools.evaluate(session, FIRST_SCREEN):
                    print(line)
            else:
                session = tools.open(url, width, 800, True)
                print(f"{page} scrollWidth {tools.evaluate(session, 'document.documentElement.scrollWidth')}")
            sys.stdout.flush()
    finally:
        tools.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
