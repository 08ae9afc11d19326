#!/usr/bin/env python3
"""`make bench`: runs every benchmark into <build>/bench/ and writes report.md and report.png.

Steps (each one's raw output is kept next to the report):
  1. scripts/bench_dynamo.py: every corpus program compiled by real Dynamo under the
     recorder, in one process -> bench/traces/**.dynrr, bench/scaling/loop{50,500,5000}.dynrr
     and bench/dynamo.json (Dynamo's per-frame compile time, the recorder's time); then
     bench/recorder_overhead.py (recorder time over Dynamo time on model-sized programs,
     cache-hit cost with and without recording) -> bench/recorder_overhead.json; then
     `python -m dynrr repro --bench` on those traces: real Dynamo's compile of every frame
     rebuilt from its trace alone (warm process, repeats, median and spread)
     -> bench/repro_bench.json.
  2. dynrr replay --json on each of those traces (and the models suite's) -> bench/verdicts.json
     (match or not).
  3. replay_bench (Google Benchmark) on the same traces -> bench/replay_bench.json: the
     core's time per frame; the ratio to Dynamo is per frame of the same recording.
  4. trace_bench on the synthetic trace, the whole bench corpus, the 5,000-op loop and the
     largest model trace of step 1d -> bench/trace_bench.json (MB/s, events/s); then
     cold_start_bench: `dynrr replay` of a one-op trace, process start to exit
     -> bench/cold_start_bench.json.
  5. valgrind --tool=callgrind on one `dynrr replay --frame` (the 500-op loop), and on
     every loop size next to `dynrr validate` of the same trace -> bench/callgrind.json.
  6. scripts/bench_report.py -> bench/report.md, bench/report.png (the repro bench is shown
     next to the core's replay time of the same frames; the models suite's table from step
     1d, scripts/models_suite.py into bench/models/ and bench/models.md, not with --quick).

Usage: scripts/bench_run.py [--build build] [--quick] [--skip-dynamo]
  --quick: a few programs and loop sizes 50,500 only (a smoke run, about a minute).
  --skip-dynamo: reuse bench/dynamo.json and the traces of an earlier run.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def step(title: str):
    print(f"\n== {title}", flush=True)


def run(cmd, **kw):
    print("$ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], **kw)


def replay_verdicts(dynrr: pathlib.Path, bench: pathlib.Path) -> dict:
    out = {}
    for sub in ("traces", "scaling", "models"):
        for trace in sorted((bench / sub).rglob("*.dynrr")):
            rel = trace.relative_to(bench).as_posix()
            proc = subprocess.run([str(dynrr), "replay", str(trace), "--json"],
                                  capture_output=True, text=True, timeout=600)
            if proc.returncode == 2:
                out[rel] = {"error": proc.stderr.strip()[:300]}
                continue
            out[rel] = json.loads(proc.stdout)
    return out


def callgrind(dynrr: pathlib.Path, bench: pathlib.Path, verdicts: dict) -> dict:
    if shutil.which("valgrind") is None:
        return {"error": "valgrind not installed (make deps installs it)"}
    # The 500-op loop when the core matches it, else the first matching workload frame.
    candidates = ["scaling/loop500.dynrr"] + sorted(k for k in verdicts if "workloads/" in k) + \
        sorted(verdicts)
    target = None
    for rel in candidates:
        doc = verdicts.get(rel, {})
        for f in doc.get("frames", []):
            if f["verdict"] == "match":
                target = (rel, f["index"], f.get("ops", 0))
                break
        if target:
            break
    if target is None:
        return {"error": "no frame matches"}
    rel, frame, ops = target
    out_file = bench / "callgrind.out"
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", str(dynrr),
           "replay", str(bench / rel), "--frame", str(frame)]
    proc = run(cmd, capture_output=True, text=True)
    m = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    if not m:
        return {"error": "no instruction count in valgrind's output: " + proc.stderr[-300:]}
    # The same process without replaying (`dynrr validate`): start-up and trace loading.
    base = count_instructions(dynrr, ["validate", str(bench / rel)])
    # Every size of the scaling workloads the same way: instructions are what the machine's
    # load does not change, so the scaling shows in them first.
    scaling = []
    def size_order(p):
        return re.sub(r"\d", "", p.stem), int(re.sub(r"\D", "", p.stem) or 0)

    for trace in sorted((bench / "scaling").glob("*.dynrr"), key=size_order):
        srel = trace.relative_to(bench).as_posix()
        frames = verdicts.get(srel, {}).get("frames", [])
        if not frames or frames[0]["verdict"] != "match":
            continue
        n = count_instructions(dynrr, ["replay", str(trace), "--frame", "0"])
        b = count_instructions(dynrr, ["validate", str(trace)])
        scaling.append({"trace": srel, "ops": frames[0].get("ops", 0), "instructions": n,
                        "baseline_instructions": b})
    return {"trace": rel, "frame": frame, "ops": ops, "instructions": int(m.group(1)),
            "baseline_instructions": base, "scaling": scaling,
            "command": " ".join(["valgrind --tool=callgrind", "dynrr replay", rel, "--frame",
                                 str(frame)])}


def count_instructions(dynrr: pathlib.Path, args: list) -> int | None:
    proc = run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(dynrr),
                *args], capture_output=True, text=True)
    m = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    return int(m.group(1)) if m else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--skip-dynamo", action="store_true")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    bench = build / "bench"
    bench.mkdir(parents=True, exist_ok=True)
    dynrr = build / "bin" / "dynrr"
    t0 = time.time()

    if not args.skip_dynamo:
        step("1. Dynamo: compile every corpus program under the recorder")
        shutil.rmtree(bench / "traces", ignore_errors=True)
        shutil.rmtree(bench / "scaling", ignore_errors=True)
        cmd = [sys.executable, ROOT / "scripts/bench_dynamo.py", "--out", bench]
        if args.quick:
            cmd += ["--scale", "50,500", "workloads/", "arith/add", "closures/nested_fn"]
        env = dict(os.environ, PYTHONHASHSEED="0")
        # The extension of this build first (the venv's .pth may point at another build).
        env["PYTHONPATH"] = os.pathsep.join(
            [str(build / "python"), str(ROOT / "recorder" / "python")] +
            ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        if run(cmd, env=env, cwd=ROOT).returncode != 0:
            return 1

        step("1b. recorder overhead and cache hits (bench/recorder_overhead.py)")
        ro = run([sys.executable, ROOT / "bench/recorder_overhead.py", "--repeat", "1", "--json"],
                 env=env, cwd=ROOT, capture_output=True, text=True)
        if ro.returncode == 0:
            (bench / "recorder_overhead.json").write_text(ro.stdout)
        else:
            print(ro.stderr[-1000:])

        step("1c. Dynamo on frames rebuilt from the traces (python -m dynrr repro --bench)")
        traces = sorted(str(p) for p in (bench / "traces").rglob("*.dynrr"))
        rp = run([sys.executable, "-m", "dynrr", "repro", "--bench", *traces, "--repeat",
                  "2" if args.quick else "3", "-o", bench / "repro_bench.json"],
                 env=env, cwd=ROOT, stderr=open(bench / "repro_bench.log", "w"))
        if rp.returncode != 0:
            print(f"repro bench failed (see {bench / 'repro_bench.log'})")

    if not args.quick and not args.skip_dynamo:
        step("1d. the models suite (scripts/models_suite.py): transformers models recorded "
             "and replayed -> bench/models/, bench/models.md")
        ms = run([sys.executable, ROOT / "scripts/models_suite.py", "--out", bench / "models",
                  "--report", bench / "models.md"], env=env, cwd=ROOT,
                 stdout=open(bench / "models.log", "w"), stderr=subprocess.STDOUT)
        if ms.returncode != 0:
            print(f"models suite failed (see {bench / 'models.log'})")

    step("2. verdicts: dynrr replay --json on the same traces")
    verdicts = replay_verdicts(dynrr, bench)
    (bench / "verdicts.json").write_text(json.dumps(verdicts, indent=1))
    n = sum(len(d.get("frames", [])) for d in verdicts.values())
    m = sum(1 for d in verdicts.values() for f in d.get("frames", []) if f["verdict"] == "match")
    print(f"{len(verdicts)} traces, {n} frames, {m} match")

    step("3. core replay time per frame (Google Benchmark)")
    rb = run([build / "bin" / "replay_bench", "--traces", bench,
              "--benchmark_min_time=0.05", f"--benchmark_out={bench / 'replay_bench.json'}",
              "--benchmark_out_format=json", "--benchmark_format=console"],
             stdout=open(bench / "replay_bench.txt", "w"))
    failed = []
    if rb.returncode != 0:
        failed.append("replay_bench")

    step("4. trace read throughput")
    tb_cmd = [build / "bin" / "trace_bench", "--traces", bench / "traces",
              f"--benchmark_out={bench / 'trace_bench.json'}", "--benchmark_out_format=json"]
    loop_big = sorted((bench / "scaling").glob("loop*.dynrr"),
                      key=lambda p: int(re.sub(r"\D", "", p.stem) or 0))
    if loop_big:
        tb_cmd[1:1] = ["--trace", loop_big[-1]]
    # The largest model trace of the models suite (step 1d), when it ran.
    model_traces = sorted((bench / "models").glob("*.dynrr"), key=lambda p: p.stat().st_size)
    if model_traces:
        tb_cmd[1:1] = ["--trace", model_traces[-1]]
    else:  # no models suite (--quick): the largest trace of the checked-in corpus instead
        corpus_traces = sorted((ROOT / "corpus" / "traces").rglob("*.dynrr"),
                               key=lambda p: p.stat().st_size)
        if corpus_traces:
            tb_cmd[1:1] = ["--trace", corpus_traces[-1]]
    # The checked-in corpus too (issue 20's "on the corpus"), besides the bench's traces.
    tb_cmd[1:1] = ["--traces", ROOT / "corpus" / "traces"]
    if run(tb_cmd, stdout=open(bench / "trace_bench.txt", "w")).returncode != 0:
        failed.append("trace_bench")

    step("4b. the cold path: `dynrr replay` of a one-op trace, process start to exit")
    one_op = bench / "traces" / "arith" / "add_tensors.dynrr"
    if not one_op.exists():
        one_op = ROOT / "corpus" / "traces" / "arith" / "add_tensors.dynrr"
    cs = run([build / "bin" / "cold_start_bench", "--dynrr", dynrr, "--trace", one_op,
              "--benchmark_repetitions=5", "--benchmark_min_time=0.5",
              f"--benchmark_out={bench / 'cold_start_bench.json'}",
              "--benchmark_out_format=json"], stdout=open(bench / "cold_start_bench.txt", "w"))
    if cs.returncode != 0:
        failed.append("cold_start_bench")

    step("5. callgrind instruction count of one replay")
    cg = callgrind(dynrr, bench, verdicts)
    (bench / "callgrind.json").write_text(json.dumps(cg, indent=1))
    print(cg)

    step("6. report")
    rc = run([sys.executable, ROOT / "scripts/bench_report.py", "--bench", bench,
              "--dynrr", dynrr]).returncode
    print(f"\nbench: {time.time() - t0:.0f} s in all; report in {bench / 'report.md'} "
          f"and {bench / 'report.png'}")
    if failed:
        print(f"bench: FAILED steps: {', '.join(failed)}")
    return rc or (1 if failed else 0)


if __name__ == "__main__":
    sys.exit(main())
