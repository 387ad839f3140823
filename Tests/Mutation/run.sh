#!/usr/bin/env bash
# Mutation run over the analysis, loader-policy, pending-work and orders-bench code:
# applies each mutant of Tests/Mutation/mutants.py, builds incrementally, runs the suites it
# names and restores the file; prints killed/survived per mutant and the score, and writes the
# table to .build/mutation/report.md. Exit 0 when every non-equivalent mutant was killed.
#
#   Tests/Mutation/run.sh            every mutant (about 15-25 minutes on a loaded 2-core machine)
#   Tests/Mutation/run.sh L1 O2      only these mutants
#   Tests/Mutation/run.sh --list     list the mutants
#   Tests/Mutation/run.sh --check    check every mutant still applies (seconds; .ci/run runs it)
#
# A mutant that no longer applies is named and skipped; the table is still printed and the run
# exits 1. The whole run is not part of CI. Do not run two swift builds in this folder at once.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
exec python3 Tests/Mutation/mutate.py "$@"
