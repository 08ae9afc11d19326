#!/usr/bin/env python3
"""Replay every corpus trace with `dynrr replay --json` and summarise the verdicts.

Needs no torch: it only runs the dynrr tool. With --expectations FILE it compares
each frame's verdict with the file (lines `<trace> <frame> <verdict>`) and exits 1 on
any difference; with --write-expectations FILE it writes that file from this run.

Usage: scripts/replay_corpus.py [--dynrr build/bin/dynrr] [--traces corpus/traces]
                                [--expectations F | --write-expectations F] [--reasons]
"""
from __future__ import annotations

import argparse
import collections
import json
import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent


def replay(dynrr: pathlib.Path, trace: pathlib.Path) -> dict:
    proc = subprocess.run([str(dynrr), "replay", str(trace), "--json"], capture_output=True,
                          text=True, timeout=120)
    if proc.returncode == 2:
        return {"error": proc.stderr.strip()}
    return json.loads(proc.stdout)


def program_scope(rel: str) -> str:
    """The `scope:` of the corpus program a trace was recorded from ("?" if unknown)."""
    prog = REPO / "corpus" / "programs" / pathlib.Path(rel).with_suffix(".py")
    try:
        for line in prog.read_text().splitlines()[:12]:
            if line.strip().startswith("scope:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "?"


def normalise_reason(reason: str) -> str:
    """The part of an unsupported reason after the location, with numbers blanked."""
    reason = reason.split("unsupported: ", 1)[-1]
    return re.sub(r"\d+", "N", reason)[:120]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dynrr", default=str(REPO / "build/bin/dynrr"))
    ap.add_argument("--traces", default=str(REPO / "corpus/traces"))
    ap.add_argument("--expectations")
    ap.add_argument("--write-expectations")
    ap.add_argument("--reasons", action="store_true", help="list unsupported reasons by count")
    ap.add_argument("--diverged", action="store_true", help="print the diff of diverging frames")
    ap.add_argument("--by-scope", action="store_true",
                    help="count verdicts by the `scope:` line of each program's docstring")
    args = ap.parse_args()
    dynrr = pathlib.Path(args.dynrr)
    root = pathlib.Path(args.traces)
    traces = sorted(root.rglob("*.dynrr"))
    verdicts: dict[tuple[str, int], str] = {}
    counts = collections.Counter()
    by_scope: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    bad = 0
    for trace in traces:
        rel = trace.relative_to(root).as_posix()
        doc = replay(dynrr, trace)
        if "error" in doc:
            print(f"BAD INPUT {rel}: {doc['error']}")
            bad += 1
            continue
        for frame in doc["frames"]:
            verdicts[(rel, frame["index"])] = frame["verdict"]
            counts[frame["verdict"]] += 1
            by_scope[program_scope(rel)][frame["verdict"]] += 1
            if frame["verdict"] == "unsupported":
                reasons[normalise_reason(frame["reason"])] += 1
            if frame["verdict"] == "diverge" and args.diverged:
                print(f"--- {rel} frame {frame['index']} ({frame['name']}) diverges:\n{frame['diff']}")
    print(f"{len(traces)} traces, {sum(counts.values())} frames: {counts['match']} match, "
          f"{counts['diverge']} diverge, {counts['unsupported']} unsupported, {bad} unreadable")
    if args.by_scope:
        for scope, c in sorted(by_scope.items()):
            print(f"  {scope:<10} {c['match']} match, {c['diverge']} diverge, {c['unsupported']} unsupported")
    if args.reasons:
        for reason, n in reasons.most_common():
            print(f"{n:4d}  {reason}")
    if args.write_expectations:
        with open(args.write_expectations, "w") as out:
            out.write("# corpus verdicts: <trace> <frame> <verdict>; written by scripts/replay_corpus.py\n")
            for (rel, idx), verdict in sorted(verdicts.items()):
                out.write(f"{rel} {idx} {verdict}\n")
    status = 1 if bad else 0
    if args.expectations:
        expected = {}
        for line in pathlib.Path(args.expectations).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                rel, idx, verdict = line.split()
                expected[(rel, int(idx))] = verdict
        for key in sorted(set(expected) | set(verdicts)):
            if expected.get(key) != verdicts.get(key):
                print(f"MISMATCH {key[0]} frame {key[1]}: expected {expected.get(key)}, got {verdicts.get(key)}")
                status = 1
        print(f"expectations: {len(expected)} frames checked, {'ok' if status == 0 else 'FAILED'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
