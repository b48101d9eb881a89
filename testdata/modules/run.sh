#!/usr/bin/env bash
# The test suites of published modules, which nobody here wrote, run three
# ways in one go: `go test`, `go test -race` and `tpinstr test`. Each
# module is copied out of the module cache (downloaded from the module
# proxy first) into a temporary directory, since tpinstr never writes into
# the tree it checks and the cache is read-only. Prints a Markdown table:
# per package, the status and time of each way, and the verdict lines
# tpinstr printed (how many runs said every schedule, N schedules, or this
# schedule only). A package that passes under go test and fails under
# tpinstr test is a difference to explain.
#
#	testdata/modules/run.sh [module@version...]
set -euo pipefail
cd "$(dirname "$0")/../.."
mods=("$@")
if [ ${#mods[@]} -eq 0 ]; then
	mods=(golang.org/x/sync@v0.24.0 github.com/sourcegraph/conc@v0.3.0)
fi
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
go build -o "$tmp/tpinstr" ./cmd/tpinstr

echo "| package | go test | go test -race | tpinstr test | every schedule | N schedules | this schedule only |"
echo "| --- | --- | --- | --- | ---: | ---: | ---: |"
for mod in "${mods[@]}"; do
	dir=$(cd "$tmp" && GOFLAGS=-mod=mod go mod download -json "$mod" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	src="$tmp/src/${mod//[@\/]/_}"
	mkdir -p "$src"
	cp -r "$dir"/. "$src"
	chmod -R u+w "$src"
	(cd "$src" && go mod download >/dev/null 2>&1 || true)
	pkgs=$(cd "$src" && go list ./...)
	for pkg in $pkgs; do
		row="| $pkg"
		for way in plain race checked; do
			out="$tmp/out.$way"
			start=$(date +%s.%N)
			case $way in
			plain) (cd "$src" && go test -count=1 "$pkg") >"$out" 2>&1 && st=ok || st=FAIL ;;
			race) (cd "$src" && GORACE=atexit_sleep_ms=0 go test -race -count=1 "$pkg") >"$out" 2>&1 && st=ok || st=FAIL ;;
			checked) (cd "$src" && "$tmp/tpinstr" test -count=1 -v "$pkg") >"$out" 2>&1 && st=ok || st=FAIL ;;
			esac
			if grep -q "no test files" "$out"; then
				st="no tests"
			fi
			secs=$(echo "$(date +%s.%N) - $start" | bc)
			row="$row | $st ($(printf %.1f "$secs") s)"
		done
		every=$(grep -c "^tpinstr: checked every schedule" "$tmp/out.checked" || true)
		some=$(grep -Ec "^tpinstr: checked [0-9]+ schedules?" "$tmp/out.checked" || true)
		only=$(grep -c "^tpinstr: checked this schedule only" "$tmp/out.checked" || true)
		echo "$row | $every | $some | $only |"
		if grep -q "^--- FAIL\|^FAIL\|WARNING: DATA RACE\|WARNING: DETERMINACY RACE" "$tmp/out.checked"; then
			grep -B2 -A20 "^--- FAIL\|WARNING:" "$tmp/out.checked" | sed 's/^/    /' >&2 || true
		fi
	done
done
