#!/bin/sh
# Runs the differential corpus of package instrument:
#   TestCorpus     the standard library's runnable examples (those with an
#                  Output comment), run as they are and rewritten, must give
#                  the same results;
#   TestCorpusStd  every standard library package, rewritten, must still
#                  type-check.
# It takes a minute or two. Extra arguments go to go test, for example
# -corpus.pkgs=strings,sort to run a few packages only.
set -eu
cd "$(dirname "$0")/../.."
exec go test ./instrument -run '^TestCorpus' -corpus -count=1 -timeout 60m -v "$@"
