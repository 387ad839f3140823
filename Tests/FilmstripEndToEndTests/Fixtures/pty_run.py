#!/usr/bin/env python3
"""Runs a command with its standard error on a pseudo-terminal (standard output on a pipe), and
prints one JSON object: {"status": exit code, "stdout": text, "stderr": text as the terminal got it}.

    python3 pty_run.py DIRECTORY COMMAND ARGUMENT…

The terminal's output processing is off (no newline → CR LF), so every carriage return in
"stderr" is one the command wrote. ProgressTests uses it to see `record`'s progress line.
"""
import json
import os
import pty
import select
import subprocess
import sys
import termios

directory, command = sys.argv[1], sys.argv[2:]
master, slave = pty.openpty()
attributes = termios.tcgetattr(slave)
attributes[1] &= ~termios.ONLCR
termios.tcsetattr(slave, termios.TCSANOW, attributes)
process = subprocess.Popen(command, cwd=directory, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
streams = {master: bytearray(), process.stdout.fileno(): bytearray()}
open_streams = set(streams)
while open_streams:
    ready, _, _ = select.select(list(open_streams), [], [], 1.0)
    for descriptor in ready:
        try:
            data = os.read(descriptor, 65536)
        except OSError:  # EIO: the terminal's last writer has gone
            data = b""
        if data:
            streams[descriptor] += data
        else:
            open_streams.discard(descriptor)
status = process.wait()
os.close(master)
print(json.dumps({
    "status": status,
    "stdout": streams[process.stdout.fileno()].decode("utf-8", "replace"),
    "stderr": streams[master].decode("utf-8", "replace"),
}))
