#!/usr/bin/env bash
# Builds the documentation catalog (Sources/CheckoutEngine/CheckoutEngine.docc)
# with the toolchain's docc, no plugin: symbol graphs from `swift package
# dump-symbol-graph`, then `docc convert`. Fails on any docc warning (an
# unresolved symbol or article link, a malformed directive).
#
#   .ci/docc-check.sh [OUTPUT_DIR]     (default: .build/docs/CheckoutEngine.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build/docs/CheckoutEngine.doccarchive}"
graphs=".build/docs/symbol-graphs"
log=".build/docs/docc.log"

echo "symbol graphs (swift package dump-symbol-graph)"
swift package dump-symbol-graph --minimum-access-level public > /dev/null
dumped="$(swift build --show-bin-path)/../symbolgraph"
rm -rf "$graphs" "$output"
mkdir -p "$graphs"
# Only the library's module: CheckoutEngine.symbols.json and its extensions of
# other modules (CheckoutEngine@Swift.symbols.json, …).
cp "$dumped"/CheckoutEngine.symbols.json "$dumped"/CheckoutEngine@*.symbols.json "$graphs"/

echo "docc convert"
docc convert Sources/CheckoutEngine/CheckoutEngine.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name CheckoutEngine \
  --fallback-bundle-identifier org.checkoutengine.CheckoutEngine \
  --output-path "$output" 2>&1 | tee "$log"

if grep -qE '^(warning|error):' "$log"; then
  echo "error: docc reported $(grep -cE '^(warning|error):' "$log") problem(s) above; the catalog must build without warnings" >&2
  exit 1
fi
articles=$(find "$output/data/documentation/checkoutengine" -maxdepth 1 -name '*.json' | wc -l)
echo "ok: $output, no docc warnings ($articles top-level pages)"
