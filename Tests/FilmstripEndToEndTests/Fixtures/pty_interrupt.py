#!/usr/bin/env python3
"""Runs a command with its standard error on a pseudo-terminal (standard output on a pipe), sends
it a signal once its standard error has shown MARKER COUNT times, and prints one JSON object:
{"status": exit code, "stdout": text, "stderr": text as the terminal got it, "signalled": bool}.

    python3 pty_interrupt.py DIRECTORY SIGNAL MARKER COUNT COMMAND ARGUMENT…

SIGNAL is a name (INT, TERM). The terminal's output processing is off (no newline → CR LF), so
every carriage return and newline in "stderr" is one the command wrote. InterruptTests uses it
to stop `record` in the middle of its work, as Ctrl-C would.
"""
import json
import os
import pty
import select
import signal
import subprocess
import sys
import termios

directory, name, marker, count, command = sys.argv[1], sys.argv[2], sys.argv[3].encode(), int(sys.argv[4]), sys.argv[5:]
master, slave = pty.openpty()
attributes = termios.tcgetattr(slave)
attributes[1] &= ~termios.ONLCR
termios.tcsetattr(slave, termios.TCSANOW, attributes)
process = subprocess.Popen(command, cwd=directory, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
streams = {master: bytearray(), process.stdout.fileno(): bytearray()}
open_streams = set(streams)
signalled = False
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
    if not signalled and streams[master].count(marker) >= count:
        process.send_signal(getattr(signal, "SIG" + name))
        signalled = True
status = process.wait()
os.close(master)
print(json.dumps({
    "status": status,
    "stdout": streams[process.stdout.fileno()].decode("utf-8", "replace"),
    "stderr": streams[master].decode("utf-8", "replace"),
    "signalled": signalled,
}))
