#!/usr/bin/env python3
"""Peak memory of recording a live plan with a 5 MB body against one with a small body (not a test).

    python3 Tests/LiveServer/measure_memory.py [--binary .build/release/filmstrip] [--runs 2]

Writes, in a temporary folder, a scripted-server script with two answers after 300 ms: /large, the
46,496 rows of LiveInboxTests.aFiveMegabyteBodyDoesNotStallTheRecorder as compact UTF-8 JSON
(5,216,069 bytes), and /small, two rows (98 bytes); and two live plans GETting them (panels
loadedOnly and allFour, 60 frames every 100 ms, timeoutMs 10,000). Records each plan --runs times,
alternating, with Tests/LiveServer/with-server.sh, under `nice -n 10 /usr/bin/time -v`, and prints
each run's peak resident set size ("Maximum resident set size") and the body's size.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def body(rows):
    return json.dumps(rows, separators=(",", ":"), ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description="peak memory of a live recording, 5 MB body against a small one")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/filmstrip"))
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    large = [{"title": "2.%d.%d (%d)" % (i % 100, i, i), "detail": "Ready for Review · build %d · waiting in the queue for App Review" % i} for i in range(46496)]
    small = [{"title": "2.4.0 (118)", "detail": "Ready for Review"}, {"title": "2.3.2 (117)", "detail": "In Review"}]
    bodies = {"large": body(large), "small": body(small)}
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "captures"))
        script = {"/" + name: {"body": text, "headers": {"Content-Type": "application/json"}, "delayMs": 300} for name, text in bodies.items()}
        with open(os.path.join(work, "script.json"), "w", encoding="utf-8") as handle:
            json.dump(script, handle, ensure_ascii=False)
        for name in bodies:
            plan = {"bench": "liveinbox", "panels": ["loadedOnly", "allFour"], "windowMs": 6000, "frameIntervalMs": 100,
                    "source": {"url": "http://127.0.0.1:${FILMSTRIP_LIVE_PORT}/" + name, "timeoutMs": 10000, "service": "ASC"}}
            with open(os.path.join(work, "captures", "live-%s.json" % name), "w", encoding="utf-8") as handle:
                json.dump(plan, handle)
        environment = dict(os.environ, FILMSTRIP_LIVE_SCRIPT=os.path.join(work, "script.json"))
        for run in range(args.runs):
            for name, text in bodies.items():
                command = [os.path.join(HERE, "with-server.sh"), "nice", "-n", "10", "/usr/bin/time", "-v", args.binary, "record", "captures/live-%s.json" % name]
                done = subprocess.run(command, cwd=work, env=environment, capture_output=True, text=True)
                peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
                if done.returncode != 0 or peak is None:
                    sys.exit("error: %s exited %d\n%s%s" % (" ".join(command), done.returncode, done.stdout, done.stderr))
                print("run %d  %-5s body %9s bytes  peak RSS %7s kB" % (run + 1, name, format(len(text.encode("utf-8")), ","), format(int(peak.group(1)), ",")), flush=True)


if __name__ == "__main__":
    main()
