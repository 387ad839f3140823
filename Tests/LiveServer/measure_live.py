#!/usr/bin/env python3
"""Real-clock accuracy of live recordings, measured (not a timed test).

    python3 Tests/LiveServer/measure_live.py [--runs 20] [--binary .build/release/filmstrip]

Starts the scripted server with Tests/LiveServer/captures.json, records captures/live/live-announce.json
(one request the server answers after 900 ms; 10 frames every 200 ms) and
captures/live/live-progress.json (headers after 100 ms, four quarters 400 ms apart: the last byte at
1,700 ms) --runs times each into a temporary folder, and prints, per plan, medians and spread:
  lateness   each frame's measured time minus its schedule, ms (all frames of all runs)
  dropped    frames per run that could not be taken on time
  dwell err  the first phase change minus the server's scripted time (900 / 1,700 ms): request
             overhead plus scheduling
and the machine's load average before and after.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PLANS = {"captures/live/live-announce.json": 900, "captures/live/live-progress.json": 1700}


def spread(values):
    values = sorted(values)
    if not values:
        return "n/a"
    def q(p):
        return values[min(len(values) - 1, int(p * (len(values) - 1) + 0.5))]
    return "median %d, p10 %d, p90 %d, min %d, max %d (n=%d)" % (statistics.median(values), q(0.1), q(0.9), values[0], values[-1], len(values))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/filmstrip"))
    args = parser.parse_args()
    load_before = os.getloadavg()
    work = tempfile.mkdtemp(prefix="filmstrip-live-measure-")
    port_file = os.path.join(work, "port")
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "scripted_server.py"), "--script", os.path.join(HERE, "captures.json"),
                               "--port", "0", "--port-file", port_file], stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not os.path.exists(port_file) and time.monotonic() < deadline:
            time.sleep(0.05)
        env = dict(os.environ, FILMSTRIP_LIVE_PORT=open(port_file).read().strip())
        for plan, scripted in PLANS.items():
            lateness, dropped, dwell_error = [], [], []
            for run in range(args.runs):
                out = os.path.join(work, "run%d" % run)
                subprocess.run([args.binary, "record", plan, "--out", out], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
                name = os.path.basename(plan)[:-5]
                report = json.load(open(os.path.join(out, name, "report.json")))
                frames = report["frames"]
                lateness += [f["tMs"] - f["scheduledMs"] for f in frames if not f["dropped"]]
                dropped.append(sum(1 for f in frames if f["dropped"]))
                changes = [e for e in report["timeline"] if e["kind"] == "phase" and e["text"] != "loading"]
                if changes:
                    dwell_error.append(changes[0]["tMs"] - scripted)
            print("%s: %d runs, %d frames every %d ms, scripted reply at %d ms" % (plan, args.runs, len(frames), report["frameIntervalMs"], scripted))
            print("  lateness ms   " + spread(lateness))
            print("  dropped/run   " + spread(dropped))
            print("  dwell err ms  " + spread(dwell_error))
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("load average before %.2f %.2f %.2f, after %.2f %.2f %.2f; %d cores" % (load_before + os.getloadavg() + (os.cpu_count(),)))


if __name__ == "__main__":
    main()
