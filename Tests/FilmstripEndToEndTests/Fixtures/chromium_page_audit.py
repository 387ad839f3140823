#!/usr/bin/env python3
"""Audits generated pages in headless Chromium, driven over its DevTools pipe.

    python3 chromium_page_audit.py axe PAGE.html...     axe-core, WCAG 2.1 A/AA and best practices
    python3 chromium_page_audit.py width 375 PAGE.html... the page's width on a 375 px phone
    python3 chromium_page_audit.py pdf PAGE.html OUT.pdf  the page printed with default settings

`axe` injects the axe.min.js that the PyPI package axe-playwright-python bundles (axe-core
4.12.1; only the file is used, offline: `pip install --no-deps axe-playwright-python`) into each
page loaded at 1400 x 1000 and runs it with the tags wcag2a, wcag2aa, wcag21a, wcag21aa and
best-practice. It prints `PAGE violations N`, then one line per violation and node
(`  rule-id (impact): selector :: summary`). Exit 0 when no page has a violation.

`width W` loads each page as a phone W px wide (mobile emulation: the page's viewport meta
decides its layout width) and prints `PAGE scrollWidth N` (document.documentElement.scrollWidth).
Exit 0.

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

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = pathlib.Path(spec.submodule_search_locations[0]) / "axe.min.js"
    return path.read_text(encoding="utf-8") if path.exists() else None


class DevTools(DevToolsPipe):
    def __init__(self, chromium):
        super().__init__(chromium, prefix="filmstrip-audit-")

    def open(self, url, width, height, mobile):
        """A new tab showing `url` at `width` x `height`, once its load event fired: its session."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, session=session)
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
    failed = False
    try:
        for page in arguments:
            url = pathlib.Path(page).resolve().as_uri()
            if mode == "axe":
                session = tools.open(url, 1400, 1000, False)
                tools.evaluate(session, source + "\n;true")
                violations = json.loads(tools.evaluate(session, RUN_AXE))
                print(f"{page} violations {len(violations)}")
                for violation in violations:
                    failed = True
                    for node in violation["nodes"]:
                        print(f"  {violation['id']} ({violation['impact']}): {node}")
            else:
                session = tools.open(url, width, 800, True)
                print(f"{page} scrollWidth {tools.evaluate(session, 'document.documentElement.scrollWidth')}")
            sys.stdout.flush()
    finally:
        tools.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
