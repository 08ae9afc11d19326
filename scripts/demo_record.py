#!/usr/bin/env python3
"""The demo: record a handful of corpus workloads with real Dynamo (torch 2.13), replay
them offline through the dynrr core, and print a per-frame table with a summary.

Run by `make demo` (through scripts/demo.py) after set-up. Torch is imported once; each
program is recorded in a forked child that runs what `python -m dynrr record` runs
(scripts/record_corpus.py --fork), which gives the same traces in a fraction of the time. The programs are ones the core
reproduces today (a 500-op loop, conv/layer-norm/embedding ops, softmax, a recompile on a
dtype change) plus two model workloads (MLP, transformer block) that need nn.Module
support: their rows say `unsupported` with the core's reason until it lands. Core time is
the best of 3 `dynrr replay` runs of the frame (`make bench` has warm, repeated
timings); Dynamo time is what the recorder measured while Dynamo compiled the frame.
Graphs and guards are Dynamo's (from the trace); ops are the core's traced ops.
"""
import argparse
import importlib
import json
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROGRAMS = [
    "corpus/programs/workloads/long_loop_ops.py",
    "corpus/programs/nnops/conv2d.py",
    "corpus/programs/nnops/layer_norm.py",
    "corpus/programs/nnops/embedding.py",
    "corpus/programs/reduce/softmax_log_softmax.py",
    "corpus/programs/views/view_reshape.py",
    "corpus/programs/recompiles/dtype_change.py",
    "corpus/programs/workloads/mlp.py",
    "corpus/programs/workloads/transformer_block.py",
]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    dynrr = build / "bin" / "dynrr"
    out = build / "demo"
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONHASHSEED="0")
    # The extension of this build first (the venv's .pth names build/python).
    env["PYTHONPATH"] = os.pathsep.join([str(build / "python"), str(ROOT / "recorder" / "python")]
                                        + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.pop("DYNRR_TRACE", None)
    if os.environ.get("PYTHONHASHSEED") != "0" or os.environ.get("DYNRR_DEMO_ENV") != "1":
        # Torch is imported once here and each program is recorded in a forked child
        # (scripts/record_corpus.py --fork): this interpreter needs the recording env.
        env["DYNRR_DEMO_ENV"] = "1"
        os.execve(sys.executable, [sys.executable] + sys.argv, env)
    t_start = time.time()
    print("dynrr demo: importing torch 2.13 ...", flush=True)
    sys.path.insert(0, str(ROOT / "scripts"))
    import record_corpus  # noqa: E402  (forked_record: `python -m dynrr record` in a fork)
    import torch  # noqa: F401,E402
    import torch._dynamo  # noqa: F401,E402
    importlib.import_module("dynrr._recorder")  # the hooks module, before any fork
    from dynrr import load as load_trace  # noqa: E402
    rows = []
    totals = {"match": 0, "diverge": 0, "unsupported": 0}
    print("dynrr demo: recording with real Dynamo (torch 2.13), then replaying offline.\n")
    for rel in PROGRAMS:
        prog = ROOT / rel
        if not prog.exists():
            continue
        trace = out / (prog.stem + ".dynrr")
        t0 = time.time()
        code, err = record_corpus.forked_record(str(trace), rel)
        if code != 0:
            print(f"recording {rel} failed:\n{err}")
            return 1
        print(f"recorded {rel} -> {trace.relative_to(ROOT)} ({trace.stat().st_size} bytes, "
              f"{time.time() - t0:.1f}s)")
        rep = subprocess.run([str(dynrr), "replay", str(trace), "--json"], capture_output=True, text=True)
        if rep.returncode == 2:
            print(f"replay of {trace} failed: {rep.stderr}")
            return 1
        doc = json.loads(rep.stdout)
        for _ in range(2):  # core time: the best of 3 runs (the machine may be busy)
            again = subprocess.run([str(dynrr), "replay", str(trace), "--json"],
                                   capture_output=True, text=True)
            for f, g in zip(doc["frames"], json.loads(again.stdout)["frames"]):
                f["core_ns"] = min(f["core_ns"], g["core_ns"])
        # graphs and guards: what Dynamo produced (from the trace); ops: the core's count.
        events = load_trace(str(trace))["events"]
        for f in doc["frames"]:
            ref = events[f["index"]]["reference"] if f["index"] < len(events) else {}
            f["graphs"] = len(ref.get("graphs", []))
            f["guards"] = len(ref.get("guards", []))
            totals[f["verdict"]] += 1
            rows.append((prog.stem, f))
    print()
    header = f"{'program':<22} {'frame':<24} {'graphs':>6} {'ops':>4} {'guards':>6} {'verdict':<12} " \
             f"{'core':>9} {'dynamo':>10} {'ratio':>7}"
    print(header)
    print("-" * len(header))
    # dynamo: Dynamo's tracing time (its compile minus the backend's), which the ratio uses.
    for name, f in rows:
        ratio = (f"{f['tracing_ns'] / f['core_ns']:.0f}x"
                 if f["verdict"] != "unsupported" and f["core_ns"] and f["tracing_ns"] else "-")
        print(f"{name:<22} {f['name'][:24]:<24} {f.get('graphs', 0):>6} {f['ops']:>4} "
              f"{f.get('guards', 0):>6} {f['verdict']:<12} {f['core_ns'] / 1e6:>7.2f}ms "
              f"{(f['tracing_ns'] or 0) / 1e6:>8.1f}ms {ratio:>7}")
        if f["verdict"] == "unsupported":
            print(f"{'':<22}   reason: {f['reason'][:110]}")
    matched = [f for _, f in rows if f["verdict"] == "match" and f["core_ns"] and f["tracing_ns"]]
    speed = ""
    if matched:
        ratio = sum(f["tracing_ns"] for f in matched) / sum(f["core_ns"] for f in matched)
        speed = (f"; on the matching frames the core replays in "
                 f"{sum(f['core_ns'] for f in matched) / 1e6:.1f} ms what took Dynamo's tracing "
                 f"{sum(f['tracing_ns'] for f in matched) / 1e6:.0f} ms ({ratio:.0f}x)")
    print(f"\nsummary: {len(rows)} frames from {len(PROGRAMS)} programs: {totals['match']} "
          f"match, {totals['diverge']} diverge, {totals['unsupported']} unsupported{speed} "
          f"({time.time() - t_start:.0f} s)")
    print(f"\ntraces are in {out.relative_to(ROOT)}/. Next, try:")
    first = out / (pathlib.Path(PROGRAMS[0]).stem + ".dynrr")
    tool, tr = dynrr.relative_to(ROOT), first.relative_to(ROOT)
    print(f"  {tool} show {tr}                # what Dynamo saw and decided")
    print(f"  {tool} replay {tr} --frame 0    # the core's replay of one frame, with its verdict")
    print(f"  {tool} debug {tr} --frame 0     # step through the symbolic evaluation")
    return 1 if totals["diverge"] else 0


if __name__ == "__main__":
    sys.exit(main())
