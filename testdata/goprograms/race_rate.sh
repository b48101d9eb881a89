#!/bin/sh
# race_rate.sh measures how often Go's own race detector finds the race of
# each program in testdata/goprograms/race: it builds each program with
# -race once and runs the binary N times (default 20), counting the runs
# that print "WARNING: DATA RACE". It prints a Markdown table.
#
# Usage (from anywhere in the module):
#
#	sh testdata/goprograms/race_rate.sh [N] [PROGRAM...]
#
# With PROGRAM names (directories of testdata/goprograms/race), only those
# are measured. The rate depends on the machine and on its load: the table
# ends with the machine's CPU count and load average.
set -eu

n=${1:-20}
[ $# -gt 0 ] && shift

root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ $# -gt 0 ]; then
	progs=$*
else
	progs=$(cd "$root/testdata/goprograms/race" && ls)
fi

echo "| program | races found by \`-race\` |"
echo "|---|---|"
for p in $progs; do
	(cd "$root" && go build -race -o "$tmp/$p" "./testdata/goprograms/race/$p")
	found=0
	i=0
	while [ "$i" -lt "$n" ]; do
		i=$((i + 1))
		if "$tmp/$p" >/dev/null 2>"$tmp/err"; then :; fi
		if grep -q "WARNING: DATA RACE" "$tmp/err"; then
			found=$((found + 1))
		fi
	done
	echo "| $p | $found of $n runs |"
done
echo
echo "Go $(go env GOVERSION), $(go env GOOS)/$(go env GOARCH), $(getconf _NPROCESSORS_ONLN) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)."
