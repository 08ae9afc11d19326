#!/usr/bin/env python3
"""The models suite (issue 15): record each corpus/models program under real Dynamo,
replay it through the core, and report per model what a user of dynrr would ask.

For each program it:
  1. runs it plainly and under `python -m dynrr record` and compares stdout (recording
     must not change what the program computes);
  2. replays the trace with `dynrr replay --json` and counts match / diverge /
     unsupported, with the first unsupported reasons;
  3. reads `dynrr show` for Dynamo's and the recorder's time per event, and measures
     the trace size per event.

Traces are large (megabytes) and are written under build/models/, never committed.
With --check FILE the frame verdicts must equal the file (`<program> <frame> <verdict>`);
--write-expectations FILE writes it. --report FILE writes the Markdown table.

Usage: scripts/models_suite.py [--dynrr build/bin/dynrr] [--out build/models]
                               [--check F | --write-expectations F] [--report F] [names...]
"""
from __future__ import annotations

import argparse
import collections
import json
import pathlib
import re
import statistics
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
MODELS = REPO / "corpus" / "models"
PY = sys.executable


def run(cmd: list[str], timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=REPO)


def measure(prog: pathlib.Path, dynrr: pathlib.Path, out: pathlib.Path, max_objects: int) -> dict:
    trace = out / (prog.stem + ".dynrr")
    trace.unlink(missing_ok=True)
    plain = run([PY, str(prog)])
    budget = ["--max-objects", str(max_objects)] if max_objects else []
    rec = run([PY, "-m", "dynrr", "record", *budget, "-o", str(trace), "--", str(prog)])
    row: dict = {"program": prog.stem, "transparent": plain.returncode == 0 and rec.returncode == 0
                 and plain.stdout == rec.stdout, "truncated": "budget" in rec.stderr}
    if plain.returncode != 0 or rec.returncode != 0 or not trace.exists():
        row["error"] = (plain.stderr or rec.stderr)[-500:]
        return row
    rep = run([str(dynrr), "replay", str(trace), "--json"])
    txt = run([str(dynrr), "replay", str(trace)])
    if rep.returncode == 2:
        row["error"] = rep.stderr[-500:]
        return row
    frames = json.loads(rep.stdout)["frames"]
    reasons = [line.split(": unsupported: ", 1)[1] for line in txt.stdout.splitlines()
               if ": unsupported: " in line]
    show = run([str(dynrr), "show", str(trace)]).stdout
    times = [(float(d), float(r)) for d, r in
             re.findall(r"dynamo ([0-9.]+) ms \([^)]*\), recorder ([0-9.]+) ms", show)]
    counts = collections.Counter(f["verdict"] for f in frames)
    # Speed-ups are against Dynamo's tracing time (its compile minus the backend's).
    matched = [f for f in frames if f["verdict"] == "match" and f["core_ns"] > 0
               and (f.get("tracing_ns") or 0) > 0]
    row.update({
        "frames": frames,
        "counts": counts,
        "reasons": reasons,
        "bytes": trace.stat().st_size,
        "events": len(times),
        "recorder_share": [r / d for d, r in times if d > 0],
        "speedups": [f["tracing_ns"] / f["core_ns"] for f in matched],
    })
    return row


def table(rows: list[dict]) -> str:
    out = ["| model | frames | match | diverge | unsupported | trace per event (mean) | "
           "recorder / Dynamo (median, max) | core speed-up on matches | transparent |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['program']} | error | | | | | | | {r['transparent']} |")
            continue
        c = r["counts"]
        per_event = r["bytes"] / max(r["events"], 1)
        shares = r["recorder_share"] or [0.0]
        sp = (f"{statistics.geometric_mean(r['speedups']):.0f}x" if r["speedups"] else "-")
        out.append(f"| {r['program']} | {len(r['frames'])} | {c['match']} | {c['diverge']} | "
                   f"{c['unsupported']} | {per_event / 1e6:.2f} MB | "
                   f"{statistics.median(shares):.0%}, {max(shares):.0%} | {sp} | "
                   f"{'yes' if r['transparent'] else 'NO'} |")
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dynrr", default=str(REPO / "build" / "bin" / "dynrr"))
    ap.add_argument("--out", default=str(REPO / "build" / "models"))
    ap.add_argument("--max-objects", type=int, default=None,
                    help="the recorder's per-event object budget (default: the recorder's own)")
    ap.add_argument("--check")
    ap.add_argument("--write-expectations")
    ap.add_argument("--report")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    progs = sorted(p for p in MODELS.glob("*.py") if not args.names or p.stem in args.names)
    rows = []
    for p in progs:
        r = measure(p, pathlib.Path(args.dynrr), out, args.max_objects)
        rows.append(r)
        status = r.get("error", "").strip().splitlines()[-1:] or [dict(r.get("counts", {}))]
        print(f"{p.stem}: {status[0]}; transparent={r['transparent']}", flush=True)
        for reason in r.get("reasons", [])[:3]:
            print(f"    unsupported: {reason[:200]}")
    report = table(rows)
    print(report)
    if args.report:
        pathlib.Path(args.report).write_text(report)
    lines = [f"{r['program']} {f['index']} {f['verdict']}" for r in rows for f in r.get("frames", [])]
    if args.write_expectations:
        pathlib.Path(args.write_expectations).write_text(
            "# models suite verdicts: <program> <frame> <verdict>; "
            "written by scripts/models_suite.py\n" + "\n".join(lines) + "\n")
    failed = [r["program"] for r in rows
              if "error" in r or not r["transparent"] or r.get("truncated")]
    if args.check:
        want = [ln for ln in pathlib.Path(args.check).read_text().splitlines()
                if ln and not ln.startswith("#") and (not args.names or ln.split()[0] in args.names)]
        if want != lines:
            print("verdicts differ from", args.check)
            for ln in sorted(set(want) ^ set(lines)):
                print(("  expected " if ln in want else "  got      ") + ln)
            failed.append("verdicts")
    if failed:
        print("FAILED:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
