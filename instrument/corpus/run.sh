#!/bin/sh
# Runs the differential corpus: the standard library's runnable examples,
# as they are and rewritten by package instrument, must give the same
# results. It takes several minutes. Extra arguments go to go test, for
# example -corpus.pkgs=strings,sort to run a few packages only.
set -eu
cd "$(dirname "$0")/../.."
exec go test ./instrument -run '^TestCorpus$' -corpus -count=1 -timeout 60m -v "$@"
