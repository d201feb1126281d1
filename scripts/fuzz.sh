#!/usr/bin/env bash
# Runs the property-based fuzzers (tests/fuzz.rs: UCI and CECP sessions; tests/fuzz_files.rs:
# analyse and suite files; tests/fuzz_merge.rs: match merge's result and games files;
# tests/fuzz_data.rs: datagen's continuation and train's input) for MINUTES minutes each, side
# by side, at the lowest priority.
# A failing sequence is shrunk and kept in tests/<fuzzer>.proptest-regressions, which every
# later `cargo test` replays first: commit it with the fix.
#
# usage: scripts/fuzz.sh MINUTES [log directory, default target/fuzz]
# Prints each fuzzer's counts (sequences, commands, failures) and exits 1 if any failed.
set -euo pipefail

minutes=${1:?usage: scripts/fuzz.sh MINUTES [log directory]}
logs=${2:-target/fuzz}
mkdir -p "$logs"
seconds=$((minutes * 60))

cargo test -j 2 --no-run --test fuzz --test fuzz_files --test fuzz_merge --test fuzz_data > "$logs/build.log" 2>&1 || {
  cat "$logs/build.log"
  exit 1
}

status=0
export TABULA_FUZZ_SECONDS=$seconds
export TABULA_FUZZ_SHRINK=${TABULA_FUZZ_SHRINK:-256}
nice -n 19 cargo test -j 2 --test fuzz -- --nocapture > "$logs/protocol.log" 2>&1 &
protocol=$!
nice -n 19 cargo test -j 2 --test fuzz_files -- --nocapture > "$logs/files.log" 2>&1 &
files=$!
nice -n 19 cargo test -j 2 --test fuzz_merge -- --nocapture > "$logs/merge.log" 2>&1 &
merge=$!
nice -n 19 cargo test -j 2 --test fuzz_data -- --nocapture > "$logs/data.log" 2>&1 &
data=$!
wait "$protocol" || status=1
wait "$files" || status=1
wait "$merge" || status=1
wait "$data" || status=1

grep -h '^fuzz ' "$logs/protocol.log" "$logs/files.log" "$logs/merge.log" "$logs/data.log"
if [ "$status" -ne 0 ]; then
  echo "failures: see $logs/*.log and tests/*.proptest-regressions"
fi
exit "$status"
