#!/usr/bin/env bash
# Builds the documentation catalog (Sources/CheckoutEngine/CheckoutEngine.docc)
# with the toolchain's docc, no plugin: the compiler emits CheckoutEngine's symbol
# graph while building the library (in its own scratch directory, so the main
# build's flags stay as they are), then `docc convert`. Fails on any docc warning
# (an unresolved symbol or article link, a malformed directive).
#
#   .ci/docc-check.sh [OUTPUT_DIR]     (default: .build/docs/CheckoutEngine.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build/docs/CheckoutEngine.doccarchive}"
# The graphs live with the build that writes them: an up-to-date build compiles
# nothing and writes no graph, so they must stay from the build that did.
graphs=".build-docc/symbol-graphs"
log=".build-docc/docc.log"
rm -rf "$output"
mkdir -p "$(dirname "$output")"
mkdir -p "$graphs"

echo "symbol graph (swift build --target CheckoutEngine -Xswiftc -emit-symbol-graph)"
# The umbrella's graph holds the doc comments of every layer it re-exports, but is
# written only when the umbrella itself compiles: drop its build so it always does.
rm -f .build-docc/debug/CheckoutEngine.build/*.o .build-docc/debug/Modules/CheckoutEngine.swiftmodule
swift build --target CheckoutEngine --scratch-path .build-docc \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
test -f "$graphs/CheckoutEngine.symbols.json" || { echo "error: no symbol graph in $graphs" >&2; exit 1; }
# The build writes a graph per layer target too; the umbrella's graph already holds
# every symbol it re-exports, so docc gets that one module alone.
umbrella=".build-docc/umbrella-graphs"
rm -rf "$umbrella" && mkdir -p "$umbrella"
cp "$graphs"/CheckoutEngine.symbols.json "$graphs"/CheckoutEngine@*.symbols.json "$umbrella"/
ls "$umbrella"

echo "docc convert"
status=0
docc convert Sources/CheckoutEngine/CheckoutEngine.docc \
  --additional-symbol-graph-dir "$umbrella" \
  --fallback-display-name CheckoutEngine \
  --fallback-bundle-identifier org.checkoutengine.CheckoutEngine \
  --warnings-as-errors \
  --output-path "$output" > "$log" 2>&1 || status=$?
cat "$log"
if [ "$status" -ne 0 ] || grep -qE '(warning|error):' "$log"; then
  echo "error: docc reported $(grep -cE '^(warning|error):' "$log") problem(s) above (exit status $status); the catalog must build without warnings" >&2
  exit 1
fi
articles=$(find "$output/data/documentation/checkoutengine" -maxdepth 1 -name '*.json' | wc -l)
echo "ok: $output, no docc warnings ($articles top-level pages)"
