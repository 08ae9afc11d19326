#!/usr/bin/env bash
# hostile_cli_test.sh CORE_TRACER_TEST DYNRR WORKDIR: damaged corpus traces (payload bytes
# changed, checksums re-sealed; written by HostileTraces in core_tracer_test) given to
# `dynrr replay`, `show` and `validate`: every run must end with exit 0, 1 or 2 (never a
# signal, an abort or a hang).
set -u
test_bin=$1 dynrr=$2 work=$3/hostile
rm -rf "$work" && mkdir -p "$work"
DYNRR_HOSTILE_DUMP="$work" "$test_bin" --gtest_filter='HostileTraces.*' > /dev/null || exit 1
n=0 bad=0
for f in $(ls "$work" | sort -n | head -150); do
  for cmd in replay show validate; do
    timeout 30 "$dynrr" "$cmd" "$work/$f" > /dev/null 2>&1
    rc=$?
    n=$((n + 1))
    if [ $rc -gt 2 ]; then
      echo "dynrr $cmd $work/$f: exit $rc"
      bad=$((bad + 1))
    fi
  done
done
echo "hostile CLI: $n runs, $bad ended outside exit 0/1/2"
[ $n -gt 0 ] && [ $bad -eq 0 ]
