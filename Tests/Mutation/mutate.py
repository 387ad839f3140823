#!/usr/bin/env python3
"""Mutation run over the analysis, loader-policy, pending-work and orders-bench code.

Applies each mutant of mutants.py in turn to the working tree, builds incrementally
(`swift build --build-tests`), runs only the suites the mutant names
(`swift test --skip-build --filter …`) and restores the file, whatever happens. A mutant is
killed when a test fails (or crashes), survives when the suites pass, and is stillborn when it
does not compile (left out of the score, as are mutants marked equivalent). Prints a table
and writes it to .build/mutation/report.md.

    Tests/Mutation/run.sh                 every mutant
    Tests/Mutation/run.sh L1 O2           only these
    Tests/Mutation/run.sh --list          the mutants, without running them
    Tests/Mutation/run.sh --check         that every mutant still applies (seconds; CI runs it)

A mutant whose snippet no longer occurs exactly once in its file is *stale*: it is not applied,
the run goes on with the others, prints the table with the stale ones named, and exits 1.

Not part of CI: each mutant is an incremental build (about 10 s) and its suites (about 10-30 s).
"""

import os
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from mutants import MUTANTS  # noqa: E402

WORK = os.path.join(ROOT, ".build", "mutation")
BACKUP = os.path.join(WORK, "backup")  # the original of the file a mutant changed, while it is applied
TEST_TIMEOUT_S = 600


def path_of(mutant):
    return os.path.join(ROOT, mutant.file)


def restore_leftover():
    """A run stopped with kill -9 leaves its backup: put the original back first."""
    marker = BACKUP + ".path"
    if os.path.exists(marker):
        with open(marker) as f:
            target = f.read()
        with open(BACKUP, "rb") as f:
            original = f.read()
        with open(target, "wb") as f:
            f.write(original)
        os.remove(marker)
        os.remove(BACKUP)
        print(f"restored {os.path.relpath(target, ROOT)} from a stopped run", flush=True)


def staleness(mutant):
    """Why `mutant` no longer applies (its file is gone, or its snippet does not occur exactly
    once), or None when it does."""
    path = path_of(mutant)
    if not os.path.exists(path):
        return f"{mutant.file} does not exist"
    with open(path, encoding="utf-8") as f:
        count = f.read().count(mutant.find)
    return None if count == 1 else f"its snippet occurs {count} times in {mutant.file} (expected once)"


def apply(mutant):
    path = path_of(mutant)
    with open(path, "rb") as f:
        original = f.read()
    text = original.decode("utf-8")
    with open(BACKUP, "wb") as f:
        f.write(original)
    with open(BACKUP + ".path", "w") as f:
        f.write(path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(mutant.find, mutant.replace))
    return original


def restore(mutant, original):
    with open(path_of(mutant), "wb") as f:
        f.write(original)
    for leftover in (BACKUP + ".path", BACKUP):
        if os.path.exists(leftover):
            os.remove(leftover)


def line_of(mutant):
    with open(path_of(mutant), encoding="utf-8") as f:
        text = f.read()
    index = text.find(mutant.find)
    return text.count("\n", 0, index) + 1 if index >= 0 else 0


def build():
    result = subprocess.run(["swift", "build", "--build-tests"], cwd=ROOT, capture_output=True, text=True)
    return result.returncode == 0, result.stdout + result.stderr


def suite_filter(suites):
    return "|".join(suites.split("|"))


def run_tests(suites):
    try:
        result = subprocess.run(
            ["swift", "test", "--skip-build", "--filter", suite_filter(suites)],
            cwd=ROOT, capture_output=True, text=True, timeout=TEST_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return False, ["(timed out)"], ""
    output = result.stdout + result.stderr
    failing = []
    for match in re.finditer(r"✘ Test (\w+)\(", output):
        if match.group(1) not in failing:
            failing.append(match.group(1))
    for match in re.finditer(r"Test Case '-\[\S+ (\w+)\]' failed", output):
        if match.group(1) not in failing:
            failing.append(match.group(1))
    if result.returncode != 0 and not failing:
        failing.append("(crashed)" if "signal" in output.lower() or result.returncode < 0 else "(failed)")
    return result.returncode == 0, failing, output


def main(argv):
    os.environ["PATH"] = "/opt/swift/usr/bin:" + os.environ.get("PATH", "")
    os.makedirs(WORK, exist_ok=True)
    chosen = [m for m in MUTANTS if not argv or m.id in argv]
    if "--check" in argv:
        stale = [(m, staleness(m)) for m in MUTANTS if staleness(m)]
        for m, why in stale:
            print(f"error: mutant {m.id} no longer applies: {why}", flush=True)
        ids = [m.id for m in MUTANTS]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            print(f"error: mutant ids given twice: {', '.join(repeated)}", flush=True)
        if stale or repeated:
            return 1
        print(f"every one of the {len(MUTANTS)} mutants applies (its snippet occurs exactly once)")
        return 0
    if "--list" in argv:
        for m in MUTANTS:
            print(f"{m.id:4} {m.file}:{line_of(m)}  {m.find.strip()!r} -> {m.replace.strip()!r}  [{m.suites}]")
        return 0
    unknown = [a for a in argv if a not in {m.id for m in MUTANTS}]
    if unknown:
        raise SystemExit(f"unknown mutant(s): {', '.join(unknown)}")
    restore_leftover()
    # Stop cleanly on Ctrl-C or SIGTERM: the finally clauses restore the file.
    def stop(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)

    started = time.time()
    print("== baseline: build and the chosen suites on the unmutated tree", flush=True)
    ok, log = build()
    if not ok:
        print(log[-4000:])
        raise SystemExit("the unmutated tree does not build")
    all_suites = "|".join(sorted({s for m in chosen for s in m.suites.split("|")}))
    passed, failing, output = run_tests(all_suites)
    if not passed:
        print(output[-4000:])
        raise SystemExit(f"the unmutated tree fails: {', '.join(failing)}")

    rows = []
    try:
        for number, mutant in enumerate(chosen, 1):
            t0 = time.time()
            where = f"{os.path.basename(mutant.file)}:{line_of(mutant)}"
            why = staleness(mutant)
            if why:
                rows.append((mutant, where, "stale", []))
                print(f"[{number}/{len(chosen)}] {mutant.id} {where}: STALE, not applied: {why}", flush=True)
                continue
            original = apply(mutant)
            try:
                compiled, log = build()
                if not compiled:
                    result, killers = "stillborn", []
                else:
                    passed, killers, _ = run_tests(mutant.suites)
                    result = "survived" if passed else "killed"
            finally:
                restore(mutant, original)
            if mutant.equivalent and result == "survived":
                result = "equivalent"
            rows.append((mutant, where, result, killers))
            print(f"[{number}/{len(chosen)}] {mutant.id} {where}: {result}"
                  + (f" by {', '.join(killers[:4])}" if killers else "") + f" ({time.time() - t0:.0f} s)", flush=True)
    except KeyboardInterrupt:
        print("stopped; the mutated file was restored", flush=True)
    finally:
        # Leave the build matching the tree.
        build()

    counted = [r for r in rows if r[2] in ("killed", "survived")]
    killed = sum(1 for r in counted if r[2] == "killed")
    lines = ["| mutant | where | mutation | edge | result | killed by |", "|---|---|---|---|---|---|"]
    for mutant, where, result, killers in rows:
        change = f"`{mutant.find.strip()}` → `{mutant.replace.strip() or '(deleted)'}`".replace("|", "\\|").replace("\n", " ")
        note = f" ({mutant.equivalent})" if result == "equivalent" else ""
        lines.append(f"| {mutant.id} | {where} | {change} | {mutant.edge or ''} | {result}{note} | {', '.join(killers)} |")
    stale = [r[0].id for r in rows if r[2] == "stale"]
    score = f"{killed} of {len(counted)} non-equivalent mutants killed" + (f" ({100 * killed / len(counted):.0f}%)" if counted else "")
    lines += ["", f"Score: {score}; {sum(1 for r in rows if r[2] == 'stillborn')} stillborn, "
              f"{sum(1 for r in rows if r[2] == 'equivalent')} equivalent, {len(stale)} stale; {time.time() - started:.0f} s."]
    if stale:
        lines += ["", f"ERROR: {len(stale)} mutant(s) no longer apply and were not run ({', '.join(stale)}): "
                  "the list is stale; fix their snippets in Tests/Mutation/mutants.py."]
    report = "\n".join(lines) + "\n"
    with open(os.path.join(WORK, "report.md"), "w") as f:
        f.write(report)
    print()
    print(report)
    return 0 if counted and killed == len(counted) and not stale else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
