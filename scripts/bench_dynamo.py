#!/usr/bin/env python3
"""Benchmark driver, Dynamo side: compiles every corpus program with real Dynamo
(torch 2.13) under the recorder, and writes the traces plus Dynamo's per-frame compile
times as JSON, so the core's replay of the very same frames can be timed next to them.

torch is imported once and a warm-up compile runs first, so Dynamo's one-time lazy
imports are not charged to the first program; then each program runs in a forked child
of that warm process (so every program starts from the same state), with runpy as
__main__ inside dynrr.record(<out>/traces/<group>/<name>.dynrr), its stdout discarded. Dynamo's time of
a frame is its tracing time: the recorder's dynamoNs (the wall time of
convert_frame._compile: bytecode analysis, symbolic tracing, graph and guard
construction, the backend's compile, with the recorder's own hooks subtracted) minus
backendNs (the time inside the backend's compiler_fn calls); recorderNs is the
recorder's time.

The scaling workloads are also recorded with DYNRR_SCALE_N = 50, 500 and 5000:
corpus/programs/workloads/long_loop_ops.py into <out>/scaling/loop<N>.dynrr and the same
ops as straight-line code, bench/workloads/straight_line_ops.py, into
<out>/scaling/line<N>.dynrr.

Writes <out>/dynamo.json:
  {"programs": [{"program": "group/name", "trace": path, "wall_s": s, "error": "",
                 "events": [{"index", "name", "status", "dynamo_ns" (tracing),
                             "compile_ns", "backend_ns", "recorder_ns",
                             "graphs", "guards", "breaks"}]}],
   "scaling": [{"workload": "loop"|"line", "n": N, "trace": path, "dynamo_ns": ns,
                "recorder_ns": ns, "ops": n}],
   "torch": version, "python": version, "total_wall_s": s}

Usage: scripts/bench_dynamo.py --out build/bench [--scale 50,500,5000] [PATTERN ...]
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import pathlib
import runpy
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROGRAMS = ROOT / "corpus" / "programs"
LOOP = PROGRAMS / "workloads" / "long_loop_ops.py"
# The same ops as straight-line code (one statement each, as a model's forward).
LINE = ROOT / "bench" / "workloads" / "straight_line_ops.py"


def _tracing_ns(ev: dict) -> int:
    """Dynamo's own time for an event: dynamoNs (the whole _compile call) minus backendNs
    (the backend's compile inside it). Every trace this script writes times the backend."""
    if not ev.get("backendTimed"):
        if ev["dynamoNs"] == 0:  # declined before Dynamo traced (ConvertFrameAssert)
            return 0
        raise SystemExit("bench_dynamo: a trace without backend time (recorder too old?)")
    return max(ev["dynamoNs"] - ev["backendNs"], 0)


def _events(path: pathlib.Path) -> list[dict]:
    import dynrr

    trace = dynrr.load(str(path))
    heap = trace["heap"]
    out = []
    for ev in trace["events"]:
        code = heap[ev["frame"]["code"]]
        name = code["code"]["qualname"] if code.get("which") == "code" else "?"
        ref = ev["reference"]
        out.append({"index": ev["index"], "name": name, "status": ev["status"],
                    # Dynamo's tracing time: its compile minus the backend's calls.
                    "dynamo_ns": _tracing_ns(ev), "compile_ns": ev["dynamoNs"],
                    "backend_ns": ev.get("backendNs", 0), "recorder_ns": ev["recorderNs"],
                    "graphs": len(ref["graphs"]), "guards": len(ref["guards"]),
                    "breaks": len(ref["graphBreaks"]),
                    "graph_ops": sum(sum(1 for n in g["nodes"] if n["op"] in
                                         ("callFunction", "callMethod", "callModule"))
                                     for g in ref["graphs"])})
    return out


def run_program(prog: pathlib.Path, trace: pathlib.Path, env: dict | None = None) -> dict:
    """Records one program in a forked child of this (warm) process, so every program
    starts from the same state; returns its row (events read back from the trace)."""
    trace.parent.mkdir(parents=True, exist_ok=True)
    trace.unlink(missing_ok=True)
    name = prog.relative_to(PROGRAMS if prog.is_relative_to(PROGRAMS) else ROOT)
    row = {"program": name.with_suffix("").as_posix(),
           "trace": str(trace), "error": ""}
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            os.environ.update(env or {})
            os.chdir(ROOT)  # relative file names in the traces, as in the checked-in corpus
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            import dynrr

            rel = str(prog.relative_to(ROOT))
            sys.argv = [rel]
            sys.path.insert(0, os.path.dirname(os.path.abspath(rel)))
            with dynrr.record(str(trace)):
                runpy.run_path(rel, run_name="__main__")
            status = 0
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 1
        except BaseException as e:
            print(f"{type(e).__name__}: {e}"[:300], file=sys.stderr)
        finally:
            sys.stdout.flush()
            os._exit(status)
    _, wait = os.waitpid(pid, 0)
    row["wall_s"] = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(wait)
    if code != 0:
        row["error"] = f"exit status {code}"
    try:
        row["events"] = _events(trace)
    except Exception as e:
        row["events"] = []
        row["error"] = row["error"] or f"unreadable trace: {e}"
    return row


def warm_up():
    import torch

    def f(x):
        return (x.sin() + 1).relu().sum()

    torch._dynamo.reset()
    with contextlib.redirect_stdout(io.StringIO()):
        torch.compile(f, backend="eager")(torch.ones(3))
    torch._dynamo.reset()
    # Dynamo numbers the globals it installs (__builtins_dict___N, __compiled_fn_N) and
    # the frames it compiles with process-wide counters; set them back to a fresh
    # process's values, so the forked programs record what they record on their own.
    import itertools
    from torch._dynamo import bytecode_transformation, convert_frame, output_graph

    bytecode_transformation._unique_id_counter = itertools.count()
    output_graph._compile_id_counter = itertools.count()
    convert_frame.FRAME_COUNTER = 0
    convert_frame.FRAME_COMPILE_COUNTER.clear()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "build" / "bench"))
    ap.add_argument("--scale", default="50,500,5000", help="loop sizes ('' for none)")
    ap.add_argument("patterns", nargs="*", help="substrings of program paths to run")
    args = ap.parse_args()
    out = pathlib.Path(args.out).resolve()
    os.environ["PYTHONHASHSEED"] = os.environ.get("PYTHONHASHSEED", "0")
    os.environ.pop("TORCH_LOGS", None)
    import torch  # noqa: F401  (imported once for all programs)

    t_all = time.perf_counter()
    warm_up()
    progs = sorted(PROGRAMS.glob("*/*.py"))
    if args.patterns:
        progs = [p for p in progs if any(s in p.as_posix() for s in args.patterns)]
    rows = []
    for i, prog in enumerate(progs):
        rel = prog.relative_to(PROGRAMS).with_suffix("")
        row = run_program(prog, out / "traces" / rel.with_suffix(".dynrr"))
        rows.append(row)
        ms = sum(e["dynamo_ns"] for e in row["events"]) / 1e6
        print(f"[{i + 1}/{len(progs)}] {rel}: {len(row['events'])} events, dynamo {ms:.1f} ms"
              + (f"  ({row['error']})" if row["error"] else ""), file=sys.stderr, flush=True)
    scaling = []
    sizes = [int(s) for s in args.scale.split(",") if s.strip()]
    for (workload, prog), n in [(w, n) for w in (("loop", LOOP), ("line", LINE)) for n in sizes]:
        row = run_program(prog, out / "scaling" / f"{workload}{n}.dynrr",
                          {"DYNRR_SCALE_N": str(n)})
        ev = [e for e in row["events"] if e["status"] == "compiled"]
        scaling.append({"workload": workload, "n": n, "trace": row["trace"],
                        "error": row["error"],
                        "dynamo_ns": sum(e["dynamo_ns"] for e in ev),
                        "backend_ns": sum(e["backend_ns"] for e in ev),
                        "recorder_ns": sum(e["recorder_ns"] for e in ev),
                        "ops": sum(e["graph_ops"] for e in ev),
                        "bytes": pathlib.Path(row["trace"]).stat().st_size})
        print(f"scaling {workload} N={n}: dynamo {scaling[-1]['dynamo_ns'] / 1e6:.1f} ms, "
              f"{scaling[-1]['ops']} graph ops", file=sys.stderr, flush=True)
    doc = {"programs": rows, "scaling": scaling, "torch": torch.__version__,
           "python": sys.version.split()[0], "total_wall_s": time.perf_counter() - t_all}
    (out / "dynamo.json").write_text(json.dumps(doc, indent=1))
    print(f"wrote {out / 'dynamo.json'}: {len(rows)} programs, "
          f"{sum(len(r['events']) for r in rows)} events", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
