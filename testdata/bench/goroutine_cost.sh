#!/usr/bin/env bash
# The cost of checking plain Go: the goroutine twin of every kernel
# (testdata/bench/*/goroutine), built three ways and run in alternation:
# plain (go build), under Go's race detector (go build -race) and checked
# by tpinstr (tpinstr build; its verdict line goes to standard error).
# Prints a Markdown table of medians of wall time and peak RSS. Sizes are
# tpbench's medium sizes (cmd/tpbench/kernels.go); the race detector's
# sleep at exit is turned off (GORACE=atexit_sleep_ms=0), and a run is
# stopped after 300 s.
#
#	testdata/bench/goroutine_cost.sh [runs] [kernel...]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
shift || true
only=" $* "
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/tpinstr" ./cmd/tpinstr

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "| kernel | plain | race | checked | checked/plain | checked/race | mem plain | mem race | mem checked | verdict |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
declare -A medium=(
	[series]="-n=1000" [crypt]="-n=2000000" [jacobi]="-n=1024 -b=64 -sweeps=16"
	[strassen]="-n=512 -cutoff=32" [smithwaterman]="-n=5000 -m=5000 -tiles=20"
	[binarytrees]="-depth=14" [primes]="-n=1000000 -chunk=10000"
	[reciprocal]="-n=1048576 -tasks=16 -reps=40" [vectoradd]="-n=1048576 -tasks=16 -reps=40"
	[fib]="-n=34 -cutoff=16" [lutcipher]="-n=100000" [stencil2d]="-n=512 -sweeps=16"
	[polyeval]="-n=1048576" [bsearch]="-n=262144 -m=25000" [bst]="-trees=32 -size=4000"
)
export GORACE=atexit_sleep_ms=0
for dir in testdata/bench/*/goroutine; do
	k=$(basename "$(dirname "$dir")")
	if [ "$only" != "  " ] && [[ "$only" != *" $k "* ]]; then
		continue
	fi
	# shellcheck disable=SC2206
	args=(${medium[$k]:-})
	go build -o "$tmp/$k.plain" "./$dir"
	go build -race -o "$tmp/$k.race" "./$dir"
	"$tmp/tpinstr" build -o "$tmp/$k.checked" "./$dir"
	for m in plain race checked; do : >"$tmp/$k.$m.t"; : >"$tmp/$k.$m.m"; done
	for i in $(seq "$runs"); do
		for m in plain race checked; do
			read -r s kib < <(/usr/bin/time -f '%e %M' -o "$tmp/tm" timeout 300 "$tmp/$k.$m" "${args[@]}" >/dev/null 2>"$tmp/$k.$m.err"; tail -n 1 "$tmp/tm") || true
			echo "$s" >>"$tmp/$k.$m.t"
			echo "$kib" >>"$tmp/$k.$m.m"
		done
	done
	tp=$(median <"$tmp/$k.plain.t"); tr=$(median <"$tmp/$k.race.t"); tc=$(median <"$tmp/$k.checked.t")
	mp=$(median <"$tmp/$k.plain.m"); mr=$(median <"$tmp/$k.race.m"); mc=$(median <"$tmp/$k.checked.m")
	verdict=$(grep -o 'tpinstr: checked [^(]*' "$tmp/$k.checked.err" | head -1 | sed 's/tpinstr: //; s/ at .*//' || true)
	[ -n "$verdict" ] || verdict="no verdict (stopped after 300 s)"
	races=$(grep -c 'WARNING: DATA RACE' "$tmp/$k.checked.err" || true)
	[ "$races" -gt 0 ] && verdict="$verdict; $races race reports"
	awk -v k="$k" -v tp="$tp" -v tr="$tr" -v tc="$tc" -v mp="$mp" -v mr="$mr" -v mc="$mc" -v v="$verdict" 'BEGIN {
		printf "| %s | %.2f s | %.2f s | %.2f s | %.2f× | %.2f× | %.1f MiB | %.1f MiB | %.1f MiB | %s |\n",
			k, tp, tr, tc, (tp > 0 ? tc/tp : 0), (tr > 0 ? tc/tr : 0), mp/1024, mr/1024, mc/1024, v }'
done
