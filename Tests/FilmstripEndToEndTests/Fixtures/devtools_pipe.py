"""Headless Chromium driven over its DevTools pipe, for the fixtures' scripts.

Chromium is started with --remote-debugging-pipe: it reads JSON commands on file descriptor 3
and writes replies and events on file descriptor 4, each message ending in a NUL byte, so no
WebSocket library is needed. `send` returns a command's result (raising on an error reply) and
keeps the events that arrived meanwhile in `events`; `close` ends the browser and removes its
temporary profile.
"""
import json
import os
import shutil
import subprocess
import tempfile


class DevToolsPipe:
    def __init__(self, chromium, width=1400, height=1000, prefix="filmstrip-chromium-"):
        self.profile = tempfile.mkdtemp(prefix=prefix)
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        # Chromium reads commands on fd 3 and writes replies on fd 4.
        def wire():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            # Kept open through the exec: the close of other descriptors runs after `wire`.
            pass_fds=sorted({3, 4, to_chrome_r, from_chrome_w}), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
