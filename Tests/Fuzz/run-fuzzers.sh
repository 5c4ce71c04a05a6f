#!/usr/bin/env bash
# Builds the libFuzzer targets (swiftc -sanitize=fuzzer,address, no packages) and
# runs each for SECONDS (default 60), seeded from Flows/, Examples/scenarios/ and
# snapshots of PLNDR sessions (Tests/Fuzz/snapshots/).
# Findings land in Tests/Fuzz/findings/; keep each as a regression test.
#   Tests/Fuzz/run-fuzzers.sh 600            # ten minutes each, one after another
#   PARALLEL=1 Tests/Fuzz/run-fuzzers.sh 600 # all four at once
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
build=.build-fuzz
mkdir -p "$build" Tests/Fuzz/findings
# Build from a copy, so that editing the sources meanwhile cannot break the build.
# The engine's layer targets (CheckoutModel … CheckoutScenarios) are compiled as one
# module named CheckoutEngine: their imports of each other go, and a name qualified
# by a layer's module is qualified by CheckoutEngine instead.
layers="CheckoutModel CheckoutSynthesis CheckoutPlanning CheckoutLint CheckoutCompiledFlow CheckoutSessions CheckoutScenarios"
rm -rf "$build/src" && mkdir -p "$build/src"
for layer in $layers; do
  (cd Sources && find "$layer" -name '*.swift') | while read -r file; do
    mkdir -p "$build/src/$(dirname "$file")"
    sed -E '/^import (CheckoutModel|CheckoutSynthesis|CheckoutPlanning|CheckoutLint|CheckoutCompiledFlow|CheckoutSessions|CheckoutScenarios)$/d;
      s/\b(CheckoutModel|CheckoutSynthesis|CheckoutPlanning|CheckoutLint|CheckoutCompiledFlow|CheckoutSessions|CheckoutScenarios)\./CheckoutEngine./g' \
      "Sources/$file" > "$build/src/$file"
  done
done
engine=$(find "$build/src" -name '*.swift')
support=$(find Sources/CheckoutTestSupport -name '*.swift' ! -name '*.swift.orig')

compile() { # name, extra sources...
  local name=$1; shift
  echo "building $name"
  swiftc -sanitize=fuzzer,address -parse-as-library -module-name CheckoutEngine -package-name CheckoutEngine -O \
    -suppress-warnings $engine "$@" -o "$build/$name" 2> "$build/$name.log" || { cat "$build/$name.log"; exit 1; }
}

# The test-support sources import CheckoutEngine; compiled into the same module, drop the import.
mkdir -p "$build/support"
for file in $support; do sed '/^import CheckoutEngine$/d' "$file" > "$build/support/$(basename "$file")"; done

compile fuzz-loader Tests/Fuzz/FuzzLoader.swift
compile fuzz-scenario Tests/Fuzz/FuzzScenarioParser.swift
compile fuzz-session Tests/Fuzz/FuzzSessionEvents.swift "$build"/support/*.swift
compile fuzz-snapshot Tests/Fuzz/FuzzSnapshotReader.swift

seed() { # corpus dir, files...
  local dir=$1; shift
  mkdir -p "$dir"
  cp "$@" "$dir"/ 2>/dev/null || true
}
seed "$build/corpus-loader" Flows/plndr.json Flows/express.json Tests/CheckoutPlanningTests/PlanningFixtures/commands.json
seed "$build/corpus-scenario" Examples/scenarios/*.scenario
mkdir -p "$build/corpus-session"
printf '\x07\x2a\x00\x01\x02\x03\x04\x05\x06\x07' > "$build/corpus-session/seed"
seed "$build/corpus-snapshot" Tests/Fuzz/snapshots/*.json

run() { # name, corpus
  echo "fuzzing $1 for ${seconds}s"
  LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan.supp" "$build/$1" "$2" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="Tests/Fuzz/findings/$1-" -print_final_stats=1 > "$build/$1.run.log" 2>&1
  local status=$?
  grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|cov:' "$build/$1.run.log" | tail -3
  return $status
}

if [ -n "${PARALLEL:-}" ]; then
  run fuzz-loader "$build/corpus-loader" & a=$!
  run fuzz-scenario "$build/corpus-scenario" & b=$!
  run fuzz-session "$build/corpus-session" & c=$!
  run fuzz-snapshot "$build/corpus-snapshot" & d=$!
  wait $a && wait $b && wait $c && wait $d
else
  run fuzz-loader "$build/corpus-loader"
  run fuzz-scenario "$build/corpus-scenario"
  run fuzz-session "$build/corpus-session"
  run fuzz-snapshot "$build/corpus-snapshot"
fi
echo "no findings: every target ran ${seconds}s without a crash"
