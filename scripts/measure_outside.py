#!/usr/bin/env python3
"""Measure the core on code nobody on the team wrote: PyTorch's function-level Dynamo tests.

The test code is NOT in this repository (and must never be committed here). It lives
outside, as plain module files: module-level helpers plus the `@make_test` functions of
pytorch/pytorch test/dynamo/test_functions.py as top-level `test_*` functions, with a
marker `make_test` that only sets `fn.expected_frame_count`. docs/outside-measurement.md
says how to build such a file from a pinned PyTorch commit.

Usage (the venv's python; torch is imported only in the recording child):

  .venv/bin/python scripts/measure_outside.py /work/outside/dynamo_test_functions.py \
      [more_modules.py ...] [--out-dir DIR] [--json OUT.json]
      Records each module in ONE process under the recorder
      (`python -m dynrr record -o DIR/<stem>.dynrr -- scripts/measure_outside.py` with the
      module passed through the environment), then replays and reports.
  .venv/bin/python scripts/measure_outside.py --replay-only DIR/<stem>.dynrr [...] \
      [--json OUT.json]
      Re-replays existing traces (no torch, seconds): rerun after every core change.

Per module, the recording child, for each top-level function `test_*` in definition order
(like torch._dynamo.testing.standard_test): torch._dynamo.reset(); fixed seeds (torch,
random, numpy = 0); nargs = number of parameters; args1, args2 = nargs x
torch.randn(10, 10) each; eager fn(*args1), fn(*args2); reset; opt =
torch.compile(fn, backend="eager"); opt(*args1), opt(*args2), opt(*args1),
opt(*args2); reset. (standard_test compiles with optimize_assert, i.e. fullgraph, and
a CompileCounter backend; here the team's convention, backend="eager" without fullgraph,
so a graph break is a recorded decision instead of a test failure.) An exception in the
eager or the compiled calls makes the function `error`: its frames are not counted. The
recorder's event count before/after each function is written to DIR/<stem>.meta.jsonl,
which maps every trace event (= replay frame index) to the function that produced it,
resume functions and separately compiled inner frames included.

Output: totals over frames and over functions (match / diverge / unsupported / error),
the recorded event statuses, recorder failures, a histogram of normalised unsupported
reasons, the diverging frames' diffs (first lines); --json OUT writes every frame.
A function's verdict: diverge if any frame diverges, else unsupported if any frame is
unsupported, else match if it has frames, else `no-frames` (Dynamo compiled nothing).
"""
from __future__ import annotations

import argparse
import collections
import datetime
import importlib.util
import inspect
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CHILD_ENV = "DYNRR_MEASURE_OUTSIDE_MODULE"
META_ENV = "DYNRR_MEASURE_OUTSIDE_META"


# ---------------------------------------------------------------- the recording child
def _seed_all(seed=0):
    import random

    import torch

    random.seed(seed)
    torch.manual_seed(seed)
    try:
        import numpy as np

        np.random.seed(seed)
    except ImportError:
        pass


def _short_exc(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}"
    first = text.strip().splitlines()[0] if text.strip() else type(e).__name__
    return first[:500]


def run_child(module_path: str, meta_path: str) -> int:
    """Runs under `python -m dynrr record`: every test_* function of the module, in order."""
    import torch
    import torch._dynamo
    from torch._dynamo.utils import same

    import dynrr._recorder as rec_mod

    rec = rec_mod.active()
    if rec is None:
        print("measure_outside: no active dynrr recorder (run through python -m dynrr record)",
              file=sys.stderr)
        return 2
    stem = os.path.splitext(os.path.basename(module_path))[0]
    sys.path.insert(0, os.path.dirname(os.path.abspath(module_path)))
    out = open(meta_path, "w", buffering=1)

    def emit(obj):
        out.write(json.dumps(obj) + "\n")
        out.flush()

    emit({"kind": "start", "module": module_path, "events": rec.events,
          "torch": torch.__version__, "python": sys.version.split()[0]})
    spec = importlib.util.spec_from_file_location(stem, module_path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[stem] = mod
    spec.loader.exec_module(mod)
    tests = [(n, f) for n, f in vars(mod).items()
             if n.startswith("test_") and inspect.isfunction(f) and f.__module__ == stem]
    emit({"kind": "imported", "events": rec.events, "tests": [n for n, _ in tests]})

    for order, (name, fn) in enumerate(tests):
        nargs = len(inspect.signature(fn).parameters)
        entry = {"kind": "test", "order": order, "name": name,
                 "firstlineno": fn.__code__.co_firstlineno, "nargs": nargs,
                 "expected_frame_count": getattr(fn, "expected_frame_count", None),
                 "status": "ok", "phase": "", "error": "", "results_equal": None}
        emit({"kind": "begin", "name": name, "events": rec.events})
        t0 = time.perf_counter()
        lo = rec.events
        try:
            torch._dynamo.reset()
            _seed_all(0)
            args1 = [torch.randn(10, 10) for _ in range(nargs)]
            args2 = [torch.randn(10, 10) for _ in range(nargs)]
            phase = "eager"
            try:
                correct1 = fn(*args1)
                correct2 = fn(*args2)
                torch._dynamo.reset()
                phase = "dynamo"
                opt_fn = torch.compile(fn, backend="eager")
                val1a = opt_fn(*args1)
                val2a = opt_fn(*args2)
                val1b = opt_fn(*args1)
                val2b = opt_fn(*args2)
                phase = "compare"
                try:
                    entry["results_equal"] = bool(
                        same(val1a, correct1) and same(val1b, correct1)
                        and same(val2a, correct2) and same(val2b, correct2))
                except Exception as e:  # same() cannot compare some outputs
                    entry["results_equal"] = None
                    entry["compare_error"] = _short_exc(e)
            except Exception as e:
                entry["status"], entry["phase"], entry["error"] = "error", phase, _short_exc(e)
        finally:
            hi = rec.events
            try:
                torch._dynamo.reset()
            except Exception:
                pass
        entry["events"] = [lo, hi]
        entry["failures_total"] = rec.failures
        entry["seconds"] = round(time.perf_counter() - t0, 3)
        emit(entry)
    emit({"kind": "end", "events": rec.events, "failures": rec.failures})
    out.close()
    return 0


# ---------------------------------------------------------------- the measuring parent
def _find_default(rel: str) -> str:
    """REPO/rel, else the same path in the main worktree (a `git worktree` has no build)."""
    here = os.path.join(REPO, rel)
    if os.path.exists(here):
        return here
    try:
        common = subprocess.run(["git", "-C", REPO, "rev-parse", "--git-common-dir"],
                                capture_output=True, text=True, check=True).stdout.strip()
        main = os.path.dirname(os.path.abspath(os.path.join(REPO, common)))
        if os.path.exists(os.path.join(main, rel)):
            return os.path.join(main, rel)
    except (OSError, subprocess.CalledProcessError):
        pass
    return here


def _git_commit(path: str) -> str:
    try:
        return subprocess.run(["git", "-C", path, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def _repo_of(path: str) -> str:
    d = os.path.dirname(os.path.abspath(path))
    while d != "/" and not os.path.exists(os.path.join(d, ".git")):
        d = os.path.dirname(d)
    return d


def binary_provenance(path: str, stated_commit: str = "") -> dict:
    """What was measured: the binary's hash and time, and the commit of the repository it
    was built in, with any uncommitted change there to core/, replayer/ or recorder/ (a
    binary built from a dirty tree is not the commit's core)."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    st = os.stat(path)
    repo = _repo_of(path)
    prov = {"path": os.path.abspath(path), "sha256": h.hexdigest()[:16],
            "mtime": datetime.datetime.fromtimestamp(st.st_mtime).isoformat(timespec="seconds"),
            "repo": repo if os.path.exists(os.path.join(repo, ".git")) else "",
            "commit": stated_commit or "", "dirty": []}
    if prov["repo"] and not stated_commit:
        prov["commit"] = _git_commit(repo)
        try:
            out = subprocess.run(["git", "-C", repo, "status", "--porcelain", "--", "core",
                                  "replayer", "recorder"], capture_output=True, text=True,
                                 check=True).stdout
            prov["dirty"] = [ln[3:] for ln in out.splitlines() if ln.strip()]
        except (OSError, subprocess.CalledProcessError):
            pass
    return prov


def record_module(module: str, out_dir: str, python: str, timeout: float):
    stem = os.path.splitext(os.path.basename(module))[0]
    trace = os.path.join(out_dir, stem + ".dynrr")
    meta = os.path.join(out_dir, stem + ".meta.jsonl")
    log = os.path.join(out_dir, stem + ".record.log")
    env = dict(os.environ)
    for k in ("DYNRR_TRACE", "TORCH_LOGS", "TORCHDYNAMO_VERBOSE"):
        env.pop(k, None)
    env["PYTHONHASHSEED"] = "0"
    env[CHILD_ENV] = os.path.abspath(module)
    env[META_ENV] = os.path.abspath(meta)
    cmd = [python, "-m", "dynrr", "record", "-o", trace, "--", os.path.abspath(__file__)]
    t0 = time.perf_counter()
    with open(log, "w") as lf:
        try:
            rc = subprocess.run(cmd, stdout=lf, stderr=subprocess.STDOUT, env=env,
                                cwd=out_dir, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    secs = time.perf_counter() - t0
    print(f"recorded {module} -> {trace} in {secs:.1f} s (exit {rc}; log {log})")
    return trace, meta, rc, secs


def read_meta(meta_path: str):
    tests, info = [], {"begun": None, "end": None, "start": None}
    if not os.path.exists(meta_path):
        return tests, info
    with open(meta_path) as f:
        for line in f:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line of a killed child
            kind = obj.get("kind")
            if kind == "test":
                tests.append(obj)
                info["begun"] = None
            elif kind == "begin":
                info["begun"] = obj
            elif kind in ("end", "start", "imported"):
                info[kind] = obj
    return tests, info


def load_events(trace: str):
    """Per event: status, reason, code location, resume flag, graph count (dynrr.load)."""
    try:
        import dynrr
    except ImportError:
        return None, "dynrr package not importable (use the venv's python)"
    try:
        data = dynrr.load(trace)
    except Exception as e:  # noqa: BLE001 - reported, not fatal
        return None, f"dynrr.load failed: {e}"
    heap = {str(o.get("id")): o for o in data.get("heap", []) if isinstance(o, dict)}
    events = []
    for ev in data["events"]:
        code = heap.get(str(ev["frame"]["code"]), {}).get("code", {}) or {}
        ref = ev.get("reference", {}) or {}
        events.append({"status": ev.get("status", ""), "status_reason": ev.get("statusReason", ""),
                       "is_resume": bool(ev.get("isResume")), "compile_id": ev.get("compileId", ""),
                       "filename": code.get("filename", ""), "firstlineno": code.get("firstlineno", 0),
                       "qualname": code.get("qualname", ""),
                       "graph_breaks": len(ref.get("graphBreaks", []) or [])})
    return events, data.get("warning", "")


def replay(trace: str, dynrr_bin: str, extra):
    t0 = time.perf_counter()
    p = subprocess.run([dynrr_bin, "replay", trace, "--json"] + list(extra),
                       capture_output=True, text=True)
    secs = time.perf_counter() - t0
    if p.returncode == 2 or not p.stdout.strip():
        raise SystemExit(f"dynrr replay {trace} failed (exit {p.returncode}): {p.stderr.strip()}")
    return json.loads(p.stdout), p.stderr.strip(), secs


# A reason reads "<frame> at offset N (OPCODE): [<inlined fn> at offset N (OPCODE): ]...
# unsupported: <cause>"; the locations are dropped so equal causes group.
_LOCATION = re.compile(r"^(?:\S+ at offset \d+ \(\w+\): )+")
_NORMALISERS = [
    (re.compile(r"0x[0-9a-fA-F]+"), "0x?"),
    (re.compile(r"#\d+"), "#N"),
    (re.compile(r"\bid\s*=?\s*\d+"), "id N"),
    (re.compile(r"(?<![\w.])\d+(\.\d+)?(?![\w.])"), "N"),
    (re.compile(r"\s+"), " "),
]


def normalise(reason: str) -> str:
    text = _LOCATION.sub("", reason.strip())
    for rx, rep in _NORMALISERS:
        text = rx.sub(rep, text)
    return text[:300]


# Coarser families: the named object is dropped (which library class, which function).
_FAMILIES = [
    (re.compile(r"G\[[^\]]*\](\.\w+)*"), "G[..]"),
    (re.compile(r"\((library class|values of this type)[^)]*\)"), r"(\1 ..)"),
    (re.compile(r"(no meta function for) \S+"), r"\1 .."),
    (re.compile(r"(calling a) \S+ (object)"), r"\1 .. \2"),
    (re.compile(r"(getattr) '[^']*' (on)"), r"\1 '..' \2"),
    (re.compile(r"(attribute) \S+ (not found)"), r"\1 .. \2"),
    (re.compile(r"(constructing|inlining a generator or coroutine) [\w.<>]+"), r"\1 .."),
    (re.compile(r"(operator\.\w+|`is`|`in`) (on|between|over) .*"), r"\1 \2 .."),
]


def family(reason: str) -> str:
    text = normalise(reason)
    for rx, rep in _FAMILIES:
        text = rx.sub(rep, text)
    return text


def analyse(trace: str, meta: str, dynrr_bin: str, replay_args, module_label=None):
    tests, info = read_meta(meta)
    result, replay_stderr, replay_secs = replay(trace, dynrr_bin, replay_args)
    events, load_note = load_events(trace)
    frames_json = result["frames"]
    owner = {}
    for t in tests:
        lo, hi = t["events"]
        for i in range(lo, hi):
            owner[i] = t
    begun = info.get("begun")
    if info.get("end") is None and begun is not None:
        # The child died inside this function: its events so far are its frames.
        crashed = {"kind": "test", "name": begun["name"], "status": "crashed",
                   "phase": "crashed", "error": "the recording child died in this function",
                   "events": [begun["events"], 1 << 62], "results_equal": None}
        tests.append(crashed)
        for i in range(begun["events"], len(frames_json)):
            owner[i] = crashed
    done = {t["name"] for t in tests}
    for name in (info.get("imported") or {}).get("tests", []):
        if name not in done:  # never started: the child died before
            tests.append({"kind": "test", "name": name, "status": "not-run", "phase": "not-run",
                          "error": "not run (the recording child died before)",
                          "events": [0, 0], "results_equal": None})
    frames = []
    for fr in frames_json:
        i = fr["index"]
        t = owner.get(i)
        ev = events[i] if events and i < len(events) else {}
        name = fr["name"]
        if t is None:
            role = "unattributed"
        elif name == t["name"] or ev.get("qualname") == t["name"]:
            role = "test"
        elif ev.get("is_resume") or name.startswith("torch_dynamo_resume_in_"):
            role = "resume"
        else:
            role = "other"
        counted = t is not None and t["status"] == "ok"
        if t is None:
            verdict = "unattributed"  # outside every function's event range
        elif t["status"] == "ok":
            verdict = fr["verdict"]
        else:
            verdict = "error"
        frames.append({
            "module": module_label or meta, "trace": trace, "index": i,
            "test": t["name"] if t else None, "role": role, "name": name,
            "filename": ev.get("filename", ""), "firstlineno": ev.get("firstlineno", 0),
            "event_status": ev.get("status", ""), "event_reason": ev.get("status_reason", ""),
            "compile_id": ev.get("compile_id", ""), "graph_breaks": ev.get("graph_breaks"),
            "verdict": verdict,
            "core_verdict": fr["verdict"], "reason": fr["reason"], "diff": fr["diff"],
            "counted": counted, "core_ns": fr["core_ns"], "dynamo_ns": fr["dynamo_ns"],
            "graphs": fr["graphs"], "ops": fr["ops"], "guards": fr["guards"]})
    per_test = collections.defaultdict(list)
    for f in frames:
        if f["test"]:
            per_test[f["test"]].append(f)
    functions = []
    for t in tests:
        fs = per_test.get(t["name"], [])
        if t["status"] in ("crashed", "not-run"):
            verdict = t["status"]
        elif t["status"] != "ok":
            verdict = "error"
        elif any(f["verdict"] == "diverge" for f in fs):
            verdict = "diverge"
        elif any(f["verdict"] == "unsupported" for f in fs):
            verdict = "unsupported"
        elif fs:
            verdict = "match"
        else:
            verdict = "no-frames"
        functions.append(dict(t, verdict=verdict, frames=[f["index"] for f in fs]))
    crash = None
    if info.get("end") is None:
        begun = info.get("begun")
        crash = {"last_test_started": begun["name"] if begun else None,
                 "tests_finished": len(tests),
                 "note": "the recording child did not finish (crash, kill or timeout)"}
    mapping_ok = (info.get("end") is None or info["end"]["events"] == len(frames_json))
    return {"module": module_label or meta, "trace": trace, "meta": meta,
            "replay_seconds": round(replay_secs, 3), "replay_stderr": replay_stderr,
            "load_note": load_note, "crash": crash, "mapping_ok": mapping_ok,
            "events_in_trace": len(frames_json),
            "events_recorded": info["end"]["events"] if info.get("end") else None,
            "recorder_failures": info["end"]["failures"] if info.get("end") else None,
            "frames": frames, "functions": functions}


def _first_lines(diff: str, n: int) -> list:
    lines = [ln for ln in diff.splitlines() if ln.strip()]
    body = [ln for ln in lines if ln[:1] in "+-!" and not ln.startswith(("+++", "---"))]
    return (body or lines)[:n]


def report(mods, top: int, diff_lines: int):
    frames = [f for m in mods for f in m["frames"]]
    funcs = [t for m in mods for t in m["functions"]]
    fv = collections.Counter(f["verdict"] for f in frames)
    tv = collections.Counter(t["verdict"] for t in funcs)
    st = collections.Counter(f["event_status"] or "?" for f in frames)
    roles = collections.Counter(f["role"] for f in frames)
    print()
    for m in mods:
        extra = ""
        if m["crash"]:
            extra += f"; CHILD DID NOT FINISH, last test started: {m['crash']['last_test_started']}"
        if not m["mapping_ok"]:
            extra += "; WARNING: recorder event count != trace events (frame mapping suspect)"
        core = sum(f["core_ns"] for f in m["frames"]) / 1e6
        dyn = sum(f["dynamo_ns"] for f in m["frames"]) / 1e6
        print(f"{m['module']}: {len(m['functions'])} functions, {m['events_in_trace']} frames, "
              f"replay {m['replay_seconds']:.2f} s (core {core:.1f} ms; Dynamo's compiles "
              f"{dyn:.0f} ms){extra}")
        if m["replay_stderr"]:
            print(f"  replay stderr: {m['replay_stderr'][:300]}")
    counted = [f for f in frames if f["counted"]]
    print(f"\nframes ({len(frames)}): {fv['match']} match, {fv['diverge']} diverge, "
          f"{fv['unsupported']} unsupported, {fv['error']} error "
          f"(frames of functions that raised; not counted)"
          + (f", {fv['unattributed']} outside every function" if fv["unattributed"] else ""))
    if counted:
        print(f"  of the {len(counted)} counted frames: "
              f"{100.0 * fv['match'] / len(counted):.1f}% match")
    print(f"functions ({len(funcs)}): {tv['match']} match, {tv['diverge']} diverge, "
          f"{tv['unsupported']} unsupported, {tv['error']} error, {tv['no-frames']} no frames"
          + (f", {tv['crashed']} crashed the recording, {tv['not-run']} not run"
             if tv['crashed'] or tv['not-run'] else ""))
    ok = [t for t in funcs if t["verdict"] not in ("error", "crashed", "not-run")]
    if ok:
        print(f"  of the {len(ok)} functions that ran: {100.0 * tv['match'] / len(ok):.1f}% match")
    print("recorded event status: " + ", ".join(f"{k} {v}" for k, v in st.most_common()))
    print("frame roles: " + ", ".join(f"{k} {v}" for k, v in roles.most_common()))
    inc = [f for f in frames if f["event_status"] == "incomplete"]
    if inc:
        print(f"\nrecorder: {len(inc)} incomplete events (the recorder failed on them):")
        for f in inc:
            print(f"  {f['test']} frame {f['index']} {f['name']}: {f['event_reason'][:200]}")
    wrong = [t for t in funcs if t.get("results_equal") is False]
    if wrong:
        print(f"\ncompiled results differ from eager (Dynamo's own output, not the core): "
              + ", ".join(t["name"] for t in wrong))
    errs = [t for t in funcs if t["verdict"] in ("error", "crashed", "not-run")]
    if errs:
        print(f"\nerror functions ({len(errs)}):")
        for t in errs:
            print(f"  {t['name']} [{t['phase']}] {t.get('error', '')[:160]}")
    hist = collections.Counter(normalise(f["reason"]) for f in counted
                               if f["verdict"] == "unsupported")
    fn_hist = collections.defaultdict(set)
    for f in counted:
        if f["verdict"] == "unsupported":
            fn_hist[normalise(f["reason"])].add(f["test"])
    print(f"\nunsupported reasons ({len(hist)} distinct; frames, functions):")
    for reason, n in hist.most_common(top):
        print(f"  {n:4d} {len(fn_hist[reason]):4d}  {reason}")
    if len(hist) > top:
        print(f"  ... {len(hist) - top} more (all in --json)")
    fam = collections.Counter(family(f["reason"]) for f in counted
                              if f["verdict"] == "unsupported")
    print(f"\nunsupported families (the named object dropped; {len(fam)} distinct):")
    for reason, n in fam.most_common(top):
        print(f"  {n:4d}  {reason}")
    div = [f for f in counted if f["verdict"] == "diverge"]
    if div:
        print(f"\ndiverging frames ({len(div)}):")
        for f in div:
            print(f"  {f['test']} frame {f['index']} ({f['name']}):")
            for ln in _first_lines(f["diff"], diff_lines):
                print(f"      {ln[:160]}")
    return {"frames": dict(fv), "functions": dict(tv), "event_status": dict(st),
            "roles": dict(roles),
            "unsupported_reasons": [{"reason": r, "frames": n, "functions": len(fn_hist[r])}
                                    for r, n in hist.most_common()],
            "unsupported_families": [{"family": r, "frames": n} for r, n in fam.most_common()]}


def main(argv=None):
    if os.environ.get(CHILD_ENV):
        module, meta = os.environ.pop(CHILD_ENV), os.environ.pop(META_ENV)
        return run_child(module, meta)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("modules", nargs="*", help="module files of test_* functions (outside the repo)")
    ap.add_argument("--replay-only", nargs="+", metavar="TRACE",
                    help="re-replay existing traces (their .meta.jsonl next to them)")
    ap.add_argument("--out-dir", help="where traces, meta and logs go (default: the module's dir)")
    ap.add_argument("--json", metavar="OUT", help="write every frame and function as JSON")
    ap.add_argument("--python", default=_find_default(".venv/bin/python"))
    ap.add_argument("--dynrr", default=_find_default("build/bin/dynrr"))
    ap.add_argument("--dynrr-commit", default="",
                    help="the commit the --dynrr binary was built from, when it is a copy "
                         "outside its repository")
    ap.add_argument("--timeout", type=float, default=3600, help="per module recording (s)")
    ap.add_argument("--top", type=int, default=25, help="reasons shown")
    ap.add_argument("--diff-lines", type=int, default=6)
    ap.add_argument("--replay-arg", action="append", default=[],
                    help="extra argument for dynrr replay (repeatable)")
    ns = ap.parse_args(argv)
    if not ns.modules and not ns.replay_only:
        ap.error("give module files to record, or --replay-only TRACE")
    runs = []  # (trace, meta, label, record info)
    for module in ns.modules:
        out_dir = os.path.abspath(ns.out_dir or os.path.dirname(os.path.abspath(module)))
        if os.path.commonpath([out_dir, REPO]) == REPO:
            print(f"warning: outputs go inside the repository ({out_dir})", file=sys.stderr)
        os.makedirs(out_dir, exist_ok=True)
        trace, meta, rc, secs = record_module(module, out_dir, ns.python, ns.timeout)
        runs.append((trace, meta, os.path.basename(module),
                     {"exit": rc, "seconds": round(secs, 1)}))
    for trace in ns.replay_only or []:
        meta = re.sub(r"\.dynrr$", "", trace) + ".meta.jsonl"
        label = os.path.basename(re.sub(r"\.dynrr$", "", trace)) + ".py"
        runs.append((trace, meta, label, None))
    mods = []
    for trace, meta, label, rec in runs:
        m = analyse(trace, meta, ns.dynrr, ns.replay_arg, label)
        m["record"] = rec
        mods.append(m)
    prov = binary_provenance(ns.dynrr, ns.dynrr_commit)
    print(f"core: {prov['path']} (sha256 {prov['sha256']}, built {prov['mtime']}, "
          f"commit {prov['commit'] or '?'})")
    if prov["dirty"]:
        print(f"WARNING: {prov['repo']} has uncommitted changes to " + ", ".join(prov["dirty"])
              + f": the binary may not be commit {prov['commit']}'s core")
    summary = report(mods, ns.top, ns.diff_lines)
    if ns.json:
        doc = {"generated": datetime.datetime.now().isoformat(timespec="seconds"),
               "core_binary": prov,
               "script_commit": _git_commit(REPO), "summary": summary,
               "modules": [{k: v for k, v in m.items() if k != "frames"} for m in mods],
               "frames": [f for m in mods for f in m["frames"]]}
        with open(ns.json, "w") as f:
            json.dump(doc, f, indent=1)
        print(f"\nwrote {ns.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
