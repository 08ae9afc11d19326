#!/usr/bin/env python3
"""Compares the core's replay time of two builds side by side in one run.

Runs each build's `replay_bench` (Google Benchmark, one benchmark per replayed frame) on
the same traces, interleaved (A, B, A, B, ...), keeps each frame's fastest time per
build, and prints the geometric mean of B/A over the frames both replay, with the
spread. Usage:

  scripts/bench_compare_builds.py --a /path/to/old/build --b build --traces corpus/traces
"""
import argparse
import json
import math
import pathlib
import subprocess
import sys
import tempfile


def run_bench(build: pathlib.Path, traces: str, min_time: str) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([str(build / "bin" / "replay_bench"), "--traces", traces,
                        f"--benchmark_min_time={min_time}", f"--benchmark_out={out.name}",
                        "--benchmark_out_format=json"], check=True, stdout=subprocess.DEVNULL)
        data = json.load(open(out.name))
    return {b["name"]: b["real_time"] for b in data["benchmarks"] if b.get("run_type") != "aggregate"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True, help="baseline build directory")
    ap.add_argument("--b", required=True, help="candidate build directory")
    ap.add_argument("--traces", default="corpus/traces")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--min-time", default="0.05")
    args = ap.parse_args()
    best = {"a": {}, "b": {}}
    for _ in range(args.rounds):
        for key in ("a", "b"):
            for name, t in run_bench(pathlib.Path(getattr(args, key)), args.traces,
                                     args.min_time).items():
                best[key][name] = min(t, best[key].get(name, math.inf))
    common = sorted(set(best["a"]) & set(best["b"]))
    if not common:
        print("no frame replayed by both builds")
        return 2
    ratios = [best["b"][n] / best["a"][n] for n in common]
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    ga = math.exp(sum(math.log(best["a"][n]) for n in common) / len(common))
    gb = math.exp(sum(math.log(best["b"][n]) for n in common) / len(common))
    ratios.sort()
    print(f"{len(common)} frames; geometric mean time: a {ga:.1f} us, b {gb:.1f} us; "
          f"b/a = {geo:.3f} (median {ratios[len(ratios) // 2]:.3f}, "
          f"p10 {ratios[len(ratios) // 10]:.3f}, p90 {ratios[9 * len(ratios) // 10]:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
