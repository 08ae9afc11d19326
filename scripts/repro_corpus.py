#!/usr/bin/env python3
"""Runs `dynrr repro` on every corpus trace: real Dynamo re-run on each compiled frame
rebuilt from its trace alone; prints the reproduction rate per group and the reasons of
the frames that do not reproduce.

Usage: scripts/repro_corpus.py [--traces corpus/traces] [--jobs 2] [--json out.json]
"""
from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import pathlib
import signal
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _alarm(*_):
    raise TimeoutError("repro took longer than the per-trace limit")


def one(args):
    path, limit = args
    from dynrr import repro

    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(limit)
    try:
        return path, repro.reproduce(path)
    except Exception as e:  # noqa: BLE001
        return path, [{"index": -1, "name": "?", "reproduced": False, "diff": "",
                       "reason": f"{type(e).__name__}: {e}"}]
    finally:
        signal.alarm(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--traces", default=str(ROOT / "corpus" / "traces"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=300, help="seconds per trace")
    ap.add_argument("--json", help="write every verdict here")
    ap.add_argument("--only", help="substring of the trace paths to run")
    ns = ap.parse_args()
    root = pathlib.Path(ns.traces)
    paths = sorted(str(p) for p in root.rglob("*.dynrr") if not ns.only or ns.only in str(p))
    ctx = multiprocessing.get_context("spawn")
    results = {}
    with ctx.Pool(ns.jobs) as pool:
        for path, frames in pool.imap_unordered(one, [(p, ns.limit) for p in paths]):
            results[path] = frames
            ok = sum(f["reproduced"] for f in frames)
            print(f"{ok}/{len(frames)} {pathlib.Path(path).relative_to(root)}", flush=True)
    groups = collections.defaultdict(lambda: [0, 0])
    failures = []
    for path, frames in sorted(results.items()):
        rel = pathlib.Path(path).relative_to(root)
        g = groups[rel.parts[0]]
        for f in frames:
            g[1] += 1
            g[0] += bool(f["reproduced"])
            if not f["reproduced"]:
                failures.append((str(rel), f))
    print("\ngroup                 reproduced")
    tot = [0, 0]
    for name, (ok, n) in sorted(groups.items()):
        print(f"{name:20s} {ok:4d}/{n:<4d}")
        tot[0] += ok
        tot[1] += n
    rate = 100.0 * tot[0] / tot[1] if tot[1] else 0.0
    print(f"{'total':20s} {tot[0]:4d}/{tot[1]:<4d} ({rate:.1f}%)")
    print("\nnot reproduced:")
    for rel, f in failures:
        first = f["diff"].splitlines()[:4]
        print(f"  {rel} {f['index']} {f['name']}: {f['reason'][:300]}")
        for line in first:
            print(f"      {line[:160]}")
    if ns.json:
        pathlib.Path(ns.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
