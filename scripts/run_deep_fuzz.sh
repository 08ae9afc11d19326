#!/usr/bin/env bash
# run_deep_fuzz.sh — runs the deep trace fuzzer (deep_trace_fuzz, built by `make
# fuzz-reader`) over JOBS workers and prints what it did: executions, coverage reached
# (libFuzzer's edge count), crashes, against the framing-only trace_reader_fuzz.
#
#   scripts/run_deep_fuzz.sh --build build-fuzz --runs 10000000 --jobs 2 [--seconds S]
#   (whichever bound comes first; --runs 0 for none)
#       [--seed-kb 48] [--merge] [--no-memo] [--max-len 65536]
#
# Seeds: every corpus trace up to SEED_KB KiB and tests/fuzz/deep_regressions (inputs up to
# MAX_LEN bytes). --merge first minimises them with libFuzzer's -merge=1 (the fewest,
# smallest seeds with all their coverage) into BUILD/deep-seeds-min. --no-memo runs every
# event of every input (DYNRR_DEEP_MEMO=0; the memo is in fuzz/deep_trace_target.h). The
# working corpus (BUILD/deep-corpus) persists between runs; crash inputs go to
# BUILD/deep-crashes.
#
# libFuzzer flags, measured on 2026-11-28 (docs/fuzzing.md): -entropic=0, because the
# entropic schedule's per-feature bookkeeping (InputCorpus::UpdateFeatureFrequency) took
# 62% of the time with the ~100,000 features one replay reaches (148 -> 1,164 exec/s, with
# more coverage in the same time); -mutate_depth=1, because every custom mutation decodes
# and re-encodes a chunk (the default stacks up to 5 per execution).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-fuzz runs=200000 seconds=0 jobs=2 seed_kb=48 merge=0 max_len=65536
while [ $# -gt 0 ]; do
  case "$1" in
    --seed-kb) seed_kb=$2; shift 2 ;;
    --merge) merge=1; shift ;;
    --no-memo) export DYNRR_DEEP_MEMO=0; shift ;;
    --max-len) max_len=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    *) echo "run_deep_fuzz.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
fuzzer=$build/bin/deep_trace_fuzz
[ -x "$fuzzer" ] || { echo "run_deep_fuzz.sh: $fuzzer not built (make fuzz-reader)" >&2; exit 2; }
seeds=$build/deep-seeds work=$build/deep-corpus crashes=$build/deep-crashes logs=$build/deep-logs
rm -rf "$seeds"
mkdir -p "$seeds" "$work" "$crashes" "$logs"
find corpus/traces -name '*.dynrr' -size -"$seed_kb"k -size -"$max_len"c -exec cp {} "$seeds"/ \;
cp tests/fuzz/deep_regressions/* "$seeds"/ 2>/dev/null || true
rm -f "$logs"/*.log
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
if [ "$merge" = 1 ]; then
  rm -rf "$build/deep-seeds-min" && mkdir -p "$build/deep-seeds-min"
  "$fuzzer" -merge=1 -max_len="$max_len" -timeout=30 -rss_limit_mb=4096 \
    "$build/deep-seeds-min" "$seeds" >"$logs/merge.log" 2>&1
  echo "seeds: $(ls "$seeds" | wc -l) minimised to $(ls "$build/deep-seeds-min" | wc -l)" \
       "($(grep -o 'MERGE-OUTER: [0-9]* new files with [0-9]* new features' "$logs/merge.log"))"
  seeds=$build/deep-seeds-min
fi
# --runs 0: no bound on executions (then --seconds bounds the run).
per_job=-1
[ "$runs" != 0 ] && per_job=$(( (runs + jobs - 1) / jobs ))
time_arg=()
[ "$seconds" != 0 ] && time_arg=(-max_total_time="$seconds")
start=$(date +%s)
pids=()
for j in $(seq 1 "$jobs"); do
  "$fuzzer" -runs="$per_job" "${time_arg[@]}" -entropic=0 -mutate_depth=1 -max_len="$max_len" \
    -timeout=30 -rss_limit_mb=4096 \
    -malloc_limit_mb=2048 -print_final_stats=1 -seed="$j" -artifact_prefix="$crashes/" \
    "$work" "$seeds" >"$logs/job$j.log" 2>&1 &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
elapsed=$(( $(date +%s) - start ))
execs=$(grep -h 'stat::number_of_executed_units' "$logs"/job*.log | awk '{s+=$2} END {print s+0}')
cov=$(grep -ho 'cov: [0-9]*' "$logs"/job*.log | awk '{if ($2>m) m=$2} END {print m+0}')
ft=$(grep -ho 'ft: [0-9]*' "$logs"/job*.log | awk '{if ($2>m) m=$2} END {print m+0}')
ncrash=$(find "$crashes" -type f | wc -l)
# The framing-only fuzzer on the same seeds, for comparison.
"$build/bin/trace_reader_fuzz" -runs=100000 -max_len="$max_len" "$seeds" >"$logs/framing.log" 2>&1 || true
fcov=$(grep -ho 'cov: [0-9]*' "$logs/framing.log" | awk '{if ($2>m) m=$2} END {print m+0}')
echo "deep_trace_fuzz: $execs executions in ${elapsed}s over $jobs jobs" \
     "($(( execs / (elapsed > 0 ? elapsed : 1) )) exec/s); coverage: $cov edges, $ft features;" \
     "crash inputs: $ncrash (in $crashes); corpus: $(ls "$work" | wc -l) units"
echo "trace_reader_fuzz (framing only, 100000 runs, same seeds): $fcov edges"
if [ "$status" != 0 ] || [ "$ncrash" != 0 ]; then
  echo "run_deep_fuzz.sh: the fuzzer found crashes; see $logs/job*.log" >&2
  exit 1
fi
