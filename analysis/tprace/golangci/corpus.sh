#!/bin/sh
# corpus.sh builds golangci-lint with the tprace module plugin for real
# (golangci-lint custom, golangci-lint fetched from the Go module proxy) and
# runs it on the labelled corpus testdata/realistic: it prints the programs
# warned about and fails if a racy program is not warned about. Not part of
# go test (it downloads and builds golangci-lint); run it by hand or from
# CI:
#
#	analysis/tprace/golangci/corpus.sh [golangci-lint version]
#
# The version defaults to the one docs/tpvet.md says was tested.
set -eu

version=${1:-v2.15.0}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "golangci-lint $version: installing from the module proxy"
GOBIN="$work/bin" GOFLAGS= go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$version"

# golangci-lint custom clones golangci-lint's repository at the version
# with git. A git earlier on PATH serves that clone from the Go module proxy
# (the module's source at the same version, as go mod download fetches it),
# so that the build needs no access but the proxy's; every other git
# command goes to the real git.
mkdir -p "$work/shim"
realgit=$(command -v git || echo false)
cat >"$work/shim/git" <<SHIM
#!/bin/sh
if [ "\$1" != clone ]; then
	exec "$realgit" "\$@"
fi
branch=
while [ \$# -gt 0 ]; do
	case "\$1" in
	--branch) branch=\$2; shift ;;
	esac
	shift
done
dir=\$(GOFLAGS= go mod download -json "github.com/golangci/golangci-lint/v2@\$branch" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\$/\1/p')
[ -n "\$dir" ] || exit 128
cp -R "\$dir" golangci-lint && chmod -R u+w golangci-lint
SHIM
chmod +x "$work/shim/git"

# The build configuration of golangci-lint custom, with the plugin from this
# checkout.
mkdir -p "$work/build"
cat >"$work/build/.custom-gcl.yml" <<YML
version: $version
name: custom-gcl
destination: $work/bin
plugins:
  - module: 'github.com/tpinstr/tpinstr/analysis/tprace/golangci'
    import: 'github.com/tpinstr/tpinstr/analysis/tprace/golangci'
    path: $here
  # The plugin's go.mod replaces this module by the checkout, which a
  # dependency's replace cannot do for the golangci-lint build: the second
  # entry adds that replace (and imports the analyzer package, which the
  # plugin imports anyway).
  - module: 'github.com/tpinstr/tpinstr'
    import: 'github.com/tpinstr/tpinstr/analysis/tprace'
    path: $root
YML
echo "golangci-lint custom: building custom-gcl with the tprace plugin"
(cd "$work/build" && PATH="$work/shim:$PATH" GOFLAGS= "$work/bin/golangci-lint" custom -v)

# The corpus as a module of its own (golangci-lint leaves testdata
# directories out), requiring this checkout.
mkdir -p "$work/corpus"
cp -R "$root/testdata/realistic/race" "$root/testdata/realistic/norace" "$work/corpus/"
cat >"$work/corpus/go.mod" <<MOD
module corpus

go 1.26.0

require github.com/tpinstr/tpinstr v0.0.0

replace github.com/tpinstr/tpinstr => $root
MOD
cp "$root/go.sum" "$work/corpus/go.sum"
(cd "$work/corpus" && GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 || true)
cat >"$work/corpus/.golangci.yml" <<YML
version: "2"
linters:
  default: none
  enable:
    - tprace
  settings:
    custom:
      tprace:
        type: module
        description: determinacy races and task-library misuse
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
YML
echo "custom-gcl run on the corpus"
(cd "$work/corpus" && "$work/bin/custom-gcl" run --output.text.path=stdout ./... >"$work/out.txt" 2>"$work/err.txt") || true
if ! grep -q 'tprace' "$work/out.txt"; then
	echo "no tprace report at all; output:" >&2
	cat "$work/out.txt" "$work/err.txt" >&2
	exit 1
fi

status=0
warned_race=0
missed_race=0
warned_clean=0
clean=0
for d in "$work"/corpus/race/* "$work"/corpus/norace/*; do
	kind=$(basename "$(dirname "$d")")
	name=$(basename "$d")
	if grep -q "^$kind/$name/.*possible determinacy race" "$work/out.txt"; then
		hit=yes
	else
		hit=no
	fi
	case $kind/$hit in
	race/yes) warned_race=$((warned_race + 1)) ;;
	race/no)
		missed_race=$((missed_race + 1))
		echo "missed: race/$name"
		;;
	norace/yes)
		warned_clean=$((warned_clean + 1))
		clean=$((clean + 1))
		echo "false positive: norace/$name"
		;;
	norace/no) clean=$((clean + 1)) ;;
	esac
done
echo "golangci-lint $version with tprace: racy warned $warned_race, missed $missed_race; race-free warned $warned_clean of $clean"
# TestRealistic (analysis/tprace) has no known miss: none is allowed.
if [ "$missed_race" -gt 0 ]; then
	status=1
fi
exit $status
