"""Replay campaigns: shards of a trace store replayed with `dynrr replay --json`, merged.

The traces under the given files and folders are sorted and dealt into shards; a shard
replays its traces one `dynrr replay` process each and returns one row per frame. The
driver merges the per-frame verdicts, ranks the unsupported reasons by the frames they
block, sums the timings, and with a baseline (an earlier run's --json) lists every frame
whose verdict got worse.

Workers open the traces at the paths the driver gives: on a cluster the trace store is
at the same path on every node (a shared or synced folder).
"""
from __future__ import annotations

import collections
import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import time

from dynrr.campaign.paths import ShardKilled

# How good a verdict is; a frame regresses when its rank goes up.
RANK = {"match": 0, "unsupported": 1, "diverge": 2, "error": 3, "missing": 3}


def collect_traces(paths) -> list:
    out = []
    for p in paths:
        path = pathlib.Path(p)
        if path.is_dir():
            out += sorted(str(t) for t in path.rglob("*.dynrr"))
        else:
            out.append(str(path))
    return sorted(dict.fromkeys(out))


def shard_lists(traces: list, shard_size: int) -> list:
    return [traces[k:k + shard_size] for k in range(0, len(traces), shard_size)]


def normalise_reason(reason: str) -> str:
    """The reason after its location, numbers blanked (as scripts/replay_corpus.py)."""
    reason = reason.split("unsupported: ", 1)[-1]
    return re.sub(r"\d+", "N", reason)[:160]


def replay_one(dynrr: str, trace: str) -> tuple:
    """(frames, wall seconds) of one trace; a trace the tool rejects is one error row."""
    t0 = time.monotonic()
    try:
        proc = subprocess.run([dynrr, "replay", trace, "--json", "--no-diff"],
                              capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        return [_error_row(trace, str(e))], time.monotonic() - t0
    wall = time.monotonic() - t0
    if proc.returncode == -signal.SIGKILL:  # killed from outside (OOM): not the trace's fault
        raise ShardKilled(f"dynrr replay {trace} was killed (SIGKILL)")
    doc = None
    if proc.stdout.strip():
        try:
            doc = json.loads(proc.stdout)
        except json.JSONDecodeError:
            doc = None
    if doc is None:
        msg = proc.stderr.strip().splitlines()
        return [_error_row(trace, msg[-1] if msg else f"exit {proc.returncode}")], wall
    rows = [{"trace": trace, "index": f["index"], "name": f["name"], "verdict": f["verdict"],
             "reason": f.get("reason", ""), "core_ns": f.get("core_ns", 0),
             "dynamo_ns": f.get("dynamo_ns", 0)} for f in doc["frames"]]
    if proc.returncode == 2:  # some events were bad input: the others still count
        msg = proc.stderr.strip().splitlines()
        rows.append(_error_row(trace, msg[-1] if msg else "bad input"))
    return rows, wall


def _error_row(trace: str, reason: str) -> dict:
    return {"trace": trace, "index": -1, "name": "", "verdict": "error", "reason": reason,
            "core_ns": 0, "dynamo_ns": 0}


def run_shard(spec: dict) -> dict:
    """Runs in a worker: replays the shard's traces."""
    t0 = time.monotonic()
    dynrr = str(pathlib.Path(spec["build"]) / "bin" / "dynrr")
    frames = []
    for trace in spec["traces"]:
        rows, _ = replay_one(dynrr, trace)
        frames += rows
    return {"traces": spec["traces"], "frames": frames, "seconds": time.monotonic() - t0,
            "host": socket.gethostname(), "pid": os.getpid()}


def shard_failures(result: dict) -> int:
    return sum(1 for f in result["frames"] if f["verdict"] in ("diverge", "error"))


def load_baseline(path) -> dict:
    doc = json.loads(pathlib.Path(path).read_text())
    return {(f["trace"], f["index"]): f for f in doc["frames"]}


class ReplayMerge:
    def __init__(self, options: dict):
        self.o = options
        self.frames = []
        self.errors = []
        self.traces_done = 0
        self.shard_seconds = 0.0
        self.hosts = collections.Counter()

    def add(self, result: dict):
        self.frames += result["frames"]
        self.traces_done += len(result["traces"])
        self.shard_seconds += result["seconds"]
        self.hosts[result["host"]] += 1

    def add_error(self, shard: list, error: BaseException):
        self.errors.append(f"shard of {len(shard)} traces from {shard[0]}: {error}")

    def rows(self) -> list:
        return sorted(self.frames, key=lambda f: (f["trace"], f["index"]))

    def frames_json(self) -> list:
        return [{k: f[k] for k in ("trace", "index", "name", "verdict", "reason")}
                for f in self.rows()]

    def regressions(self, baseline: dict, complete: bool) -> list:
        now = {(f["trace"], f["index"]): f for f in self.frames}
        out = []
        for key, old in sorted(baseline.items()):
            new = now.get(key)
            if new is None:
                # A frame of a trace this run did not replay (interrupted) is not judged.
                if complete or any(f["trace"] == key[0] for f in self.frames):
                    out.append({"trace": key[0], "index": key[1], "name": old["name"],
                                "was": old["verdict"], "now": "missing", "reason": ""})
                continue
            if RANK.get(new["verdict"], 3) > RANK.get(old["verdict"], 3):
                out.append({"trace": key[0], "index": key[1], "name": new["name"],
                            "was": old["verdict"], "now": new["verdict"],
                            "reason": new["reason"]})
        return out

    def summary(self, seconds: float, engine, interrupted: bool, regressions) -> dict:
        counts = collections.Counter(f["verdict"] for f in self.frames)
        reasons = collections.Counter(normalise_reason(f["reason"]) for f in self.frames
                                      if f["verdict"] == "unsupported")
        real = [f for f in self.frames if f["index"] >= 0]
        core_ns = sum(f["core_ns"] for f in real)
        dynamo_ns = sum(f["dynamo_ns"] for f in real)
        s = {"match": counts["match"], "diverge": counts["diverge"],
             "unsupported": counts["unsupported"], "error": counts["error"],
             "frames": len(real), "traces": self.traces_done,
             "requested_traces": self.o["traces"],
             # Ties in any engine's completion order are listed alphabetically.
             "unsupported_reasons": [{"reason": r, "frames": n} for r, n in
                                     sorted(reasons.items(), key=lambda rn: (-rn[1], rn[0]))],
             "errors": self.errors, "engine": engine.name, "workers": engine.workers,
             "retries": engine.retries,
             "setup_seconds": getattr(engine, "setup_seconds", None), "shards": self.o["shards"],
             "interrupted": interrupted, "seconds": round(seconds, 3),
             "frames_per_s": round(len(real) / seconds, 3) if seconds > 0 else 0.0,
             "core_ms": round(core_ns / 1e6, 3), "dynamo_ms": round(dynamo_ns / 1e6, 3),
             "shard_seconds": round(self.shard_seconds, 3), "hosts": dict(self.hosts)}
        if regressions is not None:
            s["regressions"] = regressions
        return s
