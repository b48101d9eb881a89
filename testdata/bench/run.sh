#!/bin/sh
# Runs every benchmark kernel at its benchmark size in the four modes
# (serial elision, parallel, checked by tpinstr, goroutine version under
# go -race) and prints the Markdown table of cmd/tpbench to standard output.
# Progress goes to standard error. See README.md in this directory.
#
#   testdata/bench/run.sh                      # everything, 5 runs per cell
#   REPS=3 testdata/bench/run.sh -kernels jacobi,fib > results.md
#
# REPS (default 5) is the number of runs per cell, TIMEOUT (default 5m) the
# limit of one run; further arguments go to tpbench.
set -eu
cd "$(dirname "$0")/../.."
exec go run ./cmd/tpbench -size large -n "${REPS:-5}" -timeout "${TIMEOUT:-5m}" "$@"
