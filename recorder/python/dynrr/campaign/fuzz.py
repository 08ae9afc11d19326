"""Fuzz campaigns: shards of a dynrr-fuzz case range, and their merge.

Shard (first, count) runs `dynrr-fuzz --first-case first --cases count`: cases keep the
case seeds of the whole campaign (caseSeed(seed, index)), so a case's verdict does not
depend on the sharding. Each shard writes its per-case records and its shrunk failures in
a temporary folder of its worker and returns them as data; the driver merges: per-case
verdicts, property counts, failure signatures deduplicated across shards (the failure of
the lowest case is kept), each new signature saved to the corpus once, one JUnit file.
"""
from __future__ import annotations

import collections
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

from dynrr.campaign.paths import ShardKilled

VERDICTS = ("pass", "fail", "unsupported", "generator-bug")

_PR_SET_PDEATHSIG = 1
try:
    import ctypes

    _prctl = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError):  # not Linux
    _prctl = None


def _child_setup():
    """In the forked child before exec: die with the worker that started it (a killed
    worker must not leave its dynrr-fuzz running), and take Ctrl-C as usual."""
    if _prctl is not None:
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def shard_ranges(cases: int, shard_size: int) -> list:
    return [(k, min(shard_size, cases - k)) for k in range(0, cases, shard_size)]


def corpus_signatures(corpus_dir) -> set:
    out = set()
    d = pathlib.Path(corpus_dir)
    if d.is_dir():
        for f in d.glob("*.expected"):
            for line in f.read_text(errors="replace").splitlines():
                if line.startswith("signature: "):
                    out.add(line[len("signature: "):])
    return out


def run_shard(spec: dict) -> dict:
    """Runs in a worker: one dynrr-fuzz process on cases first..first+count-1."""
    t0 = time.monotonic()
    first, count = spec["first"], spec["count"]
    tmp = pathlib.Path(tempfile.mkdtemp(prefix=f"dynrr-fuzz-shard{first}-"))
    try:
        records_path = tmp / "records.jsonl"
        cmd = [str(pathlib.Path(spec["build"]) / "bin" / "dynrr-fuzz"),
               "--property", spec["property"], "--features", spec["features"],
               "--seed", str(spec["seed"]), "--first-case", str(first), "--cases", str(count),
               "--jobs", "1", "--records", str(records_path), "--no-progress",
               "--allow-failures", "--shrink-runs", str(spec["shrink_runs"]),
               "--max-stmts", str(spec["max_stmts"])]
        if spec.get("known") is None:
            cmd.append("--no-corpus")
        else:
            # The driver's corpus signatures, so that known failures are not shrunk again.
            known = tmp / "known"
            known.mkdir()
            for n, s in enumerate(spec["known"]):
                (known / f"k{n}.expected").write_text(f"signature: {s}\n")
            cmd += ["--corpus-dir", str(known), "--save-dir", str(tmp / "save")]
        with open(tmp / "out", "wb") as out, open(tmp / "err", "wb") as err:
            proc = subprocess.run(cmd, stdout=out, stderr=err, preexec_fn=_child_setup)
        stdout = (tmp / "out").read_text(errors="replace")
        stderr = (tmp / "err").read_text(errors="replace")
        records = []
        if records_path.exists():
            records = [json.loads(line) for line in records_path.read_text().splitlines()
                       if line.strip()]
        seen = {r["case"] for r in records}
        want = set(range(first, first + count))
        if proc.returncode < 0:  # its records are partial: the whole shard runs again
            raise ShardKilled(f"shard {first}..{first + count - 1}: dynrr-fuzz was killed by "
                              f"signal {-proc.returncode} after {len(seen)}/{count} cases")
        if seen != want or proc.returncode not in (0, 1, 2):
            tail = stderr.strip().splitlines()[-3:]
            raise RuntimeError(
                f"shard {first}..{first + count - 1}: dynrr-fuzz exited {proc.returncode} "
                f"with {len(seen & want)}/{count} cases: {' | '.join(tail)}")
        saved = {}
        for r in records:
            stem = r.get("saved")
            if stem:
                base = tmp / "save" / stem
                saved[stem] = {"py": base.with_suffix(".py").read_text(),
                               "dynrr": base.with_suffix(".dynrr").read_bytes(),
                               "expected": base.with_suffix(".expected").read_text()}
        m = re.search(r"(\d+) cases in ([0-9.]+) s", stdout)
        return {"first": first, "count": count, "records": records, "saved": saved,
                "seconds": time.monotonic() - t0,
                "fuzz_seconds": float(m.group(2)) if m else None,
                "host": socket.gethostname(), "pid": os.getpid()}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def shard_failures(result: dict) -> int:
    return sum(1 for r in result["records"] if r["verdict"] in ("fail", "error"))


class FuzzMerge:
    """Accumulates shard results; summary(), cases(), junit() and save_corpus() read it."""

    def __init__(self, options: dict):
        self.o = options
        self.records = []
        self.saved = {}  # signature -> (case, stem, files)
        self.errors = []
        self.shards_done = 0
        self.shard_seconds = 0.0
        self.fuzz_seconds = 0.0
        self.hosts = collections.Counter()

    def add(self, result: dict):
        self.shards_done += 1
        self.records += result["records"]
        self.shard_seconds += result["seconds"]
        self.fuzz_seconds += result["fuzz_seconds"] or 0.0
        self.hosts[result["host"]] += 1
        for r in result["records"]:
            stem = r.get("saved")
            if stem:
                best = self.saved.get(r["signature"])
                if best is None or r["case"] < best[0]:
                    self.saved[r["signature"]] = (r["case"], stem, result["saved"][stem])

    def add_error(self, shard: tuple, error: BaseException):
        self.errors.append(f"shard {shard[0]}..{shard[0] + shard[1] - 1}: {error}")

    def cases(self) -> list:
        order = {p: n for n, p in enumerate(
            ["harness", "fidelity", "correctness", "transparency", "roundtrip"])}
        rows = sorted(self.records, key=lambda r: (r["case"], order.get(r["property"], 9)))
        return [{"case": r["case"], "property": r["property"], "verdict": r["verdict"],
                 "signature": r["signature"]} for r in rows]

    def failures(self) -> list:
        by_sig = {}
        for r in sorted(self.records, key=lambda r: r["case"]):
            if r["verdict"] != "fail":
                continue
            f = by_sig.setdefault(r["signature"], {
                "signature": r["signature"], "property": r["property"], "cases": 0,
                "first_case": r["case"], "case_seed": r["case_seed"]})
            f["cases"] += 1
        return list(by_sig.values())

    def save_corpus(self, corpus_dir) -> list:
        """Writes each new failure signature's shrunk case to the corpus once."""
        if not corpus_dir:
            return []
        existing = corpus_signatures(corpus_dir)
        out = []
        for sig, (case, stem, files) in sorted(self.saved.items(), key=lambda kv: kv[1][0]):
            if sig in existing:
                continue
            d = pathlib.Path(corpus_dir)
            d.mkdir(parents=True, exist_ok=True)
            (d / f"{stem}.py").write_text(files["py"])
            (d / f"{stem}.dynrr").write_bytes(files["dynrr"])
            (d / f"{stem}.expected").write_text(files["expected"])
            existing.add(sig)
            out.append({"stem": stem, "signature": sig, "case": case})
        return out

    def summary(self, seconds: float, engine, interrupted: bool, saved: list) -> dict:
        props = collections.OrderedDict()
        unsupported = collections.Counter()
        harness = 0
        cases = set()
        for r in self.records:
            cases.add(r["case"])
            if r["property"] == "harness":
                harness += 1
                continue
            counts = props.setdefault(r["property"], {v: 0 for v in VERDICTS})
            counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
            if r["verdict"] in ("unsupported", "generator-bug"):
                unsupported[r["signature"]] += 1
        return {
            "cases": len(cases), "requested": self.o["cases"], "seed": self.o["seed"],
            "property": self.o["property"], "features": self.o["features"],
            "properties": props,
            "failures": self.failures(),
            "unsupported": [{"signature": s, "cases": n} for s, n in unsupported.most_common()],
            "saved": saved, "harness_errors": harness, "errors": self.errors,
            "engine": engine.name, "workers": engine.workers,
            "retries": engine.retries,
            "setup_seconds": getattr(engine, "setup_seconds", None), "shards": self.o["shards"],
            "shards_done": self.shards_done, "interrupted": interrupted,
            "seconds": round(seconds, 3),
            "cases_per_s": round(len(cases) / seconds, 3) if seconds > 0 else 0.0,
            "shard_seconds": round(self.shard_seconds, 3),
            "fuzz_seconds": round(self.fuzz_seconds, 3),
            "hosts": dict(self.hosts),
        }

    def junit(self, seconds: float) -> str:
        from xml.sax.saxutils import escape, quoteattr

        counts = collections.OrderedDict()
        for r in self.records:
            if r["property"] != "harness":
                counts.setdefault(r["property"], collections.Counter())[r["verdict"]] += 1
        fails = self.failures()
        out = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites name="dynrr-fuzz">']
        for prop, c in counts.items():
            mine = [f for f in fails if f["property"] == prop]
            out.append(f'  <testsuite name="dynrr-fuzz.{prop}" tests="{1 + len(mine)}" '
                       f'failures="{len(mine)}" time="{seconds:.3f}">')
            text = (f"{c['pass']} pass, {c['unsupported']} unsupported, "
                    f"{c['generator-bug']} generator bugs")
            out.append(f'    <testcase classname="dynrr-fuzz.{prop}" name="campaign">'
                       f'<system-out>{escape(text)}</system-out></testcase>')
            for f in mine:
                repro = (f"{f['cases']} cases; reproduce: dynrr-fuzz --property {prop} "
                         f"--features {self.o['features']} --case-seed {f['case_seed']}")
                out.append(f'    <testcase classname="dynrr-fuzz.{prop}" '
                           f'name={quoteattr(f["signature"])}><failure '
                           f'message={quoteattr(f["signature"])}>{escape(repro)}'
                           f'</failure></testcase>')
            out.append("  </testsuite>")
        out.append("</testsuites>")
        return "\n".join(out) + "\n"
