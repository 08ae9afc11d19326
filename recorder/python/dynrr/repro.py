"""python -m dynrr repro: real Dynamo re-run on frames rebuilt from their trace alone.

    python -m dynrr repro TRACE [--frame N] [--json] [--seed S] [--timeout S] [--no-fork]
    python -m dynrr repro TRACE --frame N -o repro.py
    python -m dynrr repro --bench TRACE... [-o bench.json] [--repeat R]

For each compiled frame of TRACE, in a forked child of one process that imported torch
(Dynamo keeps process-wide state that torch._dynamo.reset() does not clear, e.g. what
a first torch.cond imports; so every frame meets the same Dynamo, whatever ran before
it), the frame is rebuilt as live objects (dynrr.rebuild), torch._dynamo is reset, the
recorded Dynamo config and global torch state are entered,
and the rebuilt function is called through torch.compile(backend="eager") while the
recorder records in memory. The new event's decisions are compared with the recorded
ones by core/compare (`_dynrr.compare`, the comparison `dynrr replay` uses): a frame
reproduces when graphs, guards, graph breaks and side effects are equal.

A recompile (a frame whose code Dynamo had compiled before in the recording) is reached
by first calling the rebuilt function with the locals of each earlier event of the same
code, in order, on the same live objects: the cache entries and automatic-dynamic state
Dynamo built then are what made the recorded recompile. Resume functions
(`torch_dynamo_resume_in_*`) are rebuilt from their recorded code and called directly
with their recorded arguments (stack values and live locals).

Exit status: 0 when every frame reproduces, 1 otherwise, 2 on bad input.
"""
from __future__ import annotations

import base64
import contextlib
import json
import os
import statistics
import sys
import time

COMPILED = "compiled"


def _relabel(diff: str) -> str:
    """core/compare names its sides "dynamo" and "core"; here they are the recording and
    the re-run. Only compare's own lines are relabelled, never graph code."""
    out = []
    for line in diff.splitlines():
        if line.startswith("--- dynamo graph"):
            line = "--- recorded" + line[len("--- dynamo"):]
        elif line.startswith("+++ core graph"):
            line = "+++ repro" + line[len("+++ core"):]
        elif line.startswith("guard missing in core:"):
            line = "guard missing in repro:" + line[len("guard missing in core:"):]
        elif line.startswith("guard extra in core:  "):
            line = "guard extra in repro:  " + line[len("guard extra in core:  "):]
        elif line.startswith("side effect missing in core:"):
            line = "side effect missing in repro:" + line[len("side effect missing in core:"):]
        elif line.startswith("side effect extra in core:  "):
            line = "side effect extra in repro:  " + line[len("side effect extra in core:  "):]
        elif line.startswith("  dynamo: "):
            line = "  recorded: " + line[len("  dynamo: "):]
        elif line.startswith("  core:   "):
            line = "  repro:    " + line[len("  core:   "):]
        elif line.startswith(("graphs: ", "graph breaks: ", "graph ")):
            line = (line.replace("dynamo has", "recorded has").replace("core has", "repro has")
                    .replace(": dynamo at offset", ": recorded at offset")
                    .replace("), core at offset", "), repro at offset")
                    .replace(" example value: dynamo ", " example value: recorded ")
                    .replace(", core ", ", repro "))
        out.append(line)
    return "\n".join(out) + ("\n" if diff.endswith("\n") else "")


def tracing_ns(ev):
    """Dynamo's tracing time of a loaded event: its compile (dynamoNs) minus the backend's
    calls inside it (backendNs); None for traces written before the backend was timed."""
    if not ev.get("backendTimed"):
        return None
    return max(ev["dynamoNs"] - ev.get("backendNs", 0), 0)


def _load(source):
    import _dynrr

    return _dynrr.load(source)


def _frame_name(trace, index):
    ev = trace["events"][index]
    ref = ev["frame"]["code"]
    if ref:
        c = trace["heap"][ref].get("code") or {}
        return c.get("qualname") or c.get("name") or "?"
    return "?"


def plan(trace, index):
    """The events to call, in order, to reach event `index`: earlier events of the same
    code (recompiles), then the event itself."""
    events = trace["events"]
    target = events[index]["frame"]["code"]
    steps = []
    for i in range(index):
        ev = events[i]
        if ev["frame"]["code"] != target or not target:
            continue
        if ev["status"] in ("compiled", "skipped", "error") and (
                ev["frame"]["locals"] or ev["frame"]["globals"]) \
                and not declined_before_compile(ev):
            steps.append(i)
    return steps + [index]


class Run:
    """One rebuilt frame compiled by real Dynamo under the recorder."""

    def __init__(self, trace, index, seed=0):
        self.trace, self.index, self.seed = trace, index, seed
        self.new_trace = None     # bytes of the recording of the re-run
        self.new_event = None     # index of the target's event in new_trace
        self.notes = []
        self.missing = []
        self.error = ""
        self.dynamo_ns = 0

    def execute(self, backend="eager", dynamic=None):
        import torch._dynamo
        from dynrr import rebuild

        torch._dynamo.reset()
        rb = rebuild.Rebuilder(self.trace, seed=self.seed)
        try:
            return self._execute(rb, backend, dynamic)
        finally:
            rb.close()

    def _execute(self, rb, backend, dynamic):
        import torch
        import torch._dynamo
        import dynrr
        from dynrr import rebuild

        trace = self.trace
        config = rebuild.dynamo_config(trace["header"])
        steps = plan(trace, self.index)
        compiled = {}
        # The frame's own prints go to stderr: stdout is the verdicts (--json).
        with torch._dynamo.config.patch(**config), dynrr.record(None) as recorder, \
                contextlib.redirect_stdout(sys.stderr):
            for step in steps:
                try:
                    frame = rebuild.rebuild_frame(rb, step)
                except rebuild.RebuildError as e:
                    self.error = f"frame not rebuildable: {e}"
                    break
                if step == self.index:
                    self.notes += frame.notes + rebuild.state_notes(frame.global_state)
                    before = recorder.events
                fn = frame.function
                opt = compiled.get(id(fn))
                if opt is None:
                    opt = compiled[id(fn)] = (fn, torch.compile(fn, backend=backend,
                                                                      dynamic=dynamic))
                try:
                    with frame.state():
                        opt[1](*frame.args, **frame.kwargs)
                except Exception as e:  # noqa: BLE001 - the frame's own run may fail
                    if step == self.index and recorder.events == before:
                        first = str(e).splitlines()[0] if str(e) else ""
                        self.error = f"{type(e).__name__}: {first}"
            else:
                self.new_event = self._find(recorder, before)
        self.missing = list(rb.missing)
        self.new_trace = recorder.getvalue()
        return self

    def _find(self, recorder, before):
        events = recorder.events
        if events <= before:
            return None
        return before  # the first event after the call started is the target frame's

    def verdict(self, source):
        """{"index", "name", "reproduced", "diff", "reason"} (source: the trace's path or
        bytes, as compare reads it)."""
        import _dynrr

        name = _frame_name(self.trace, self.index)
        reason_parts = []
        if self.missing:
            reason_parts.append("not rebuilt exactly: " + "; ".join(self.missing[:6]) +
                                (f" (+{len(self.missing) - 6} more)" if len(self.missing) > 6
                                 else ""))
        if self.new_event is None:
            why = self.error or "Dynamo did not compile the rebuilt frame (a cache hit?)"
            return {"index": self.index, "name": name, "reproduced": False, "diff": "",
                    "reason": "; ".join([why] + reason_parts + self.notes)}
        new = _load(self.new_trace)
        ev = new["events"][self.new_event]
        self.dynamo_ns = tracing_ns(ev)
        new_name = _frame_name(new, self.new_event)
        if new_name != name:
            return {"index": self.index, "name": name, "reproduced": False, "diff": "",
                    "reason": "; ".join([f"Dynamo compiled {new_name} first, not {name}"] +
                                        reason_parts + self.notes)}
        result = _dynrr.compare(source, self.index, self.new_trace, self.new_event)
        recorded = self.trace["events"][self.index]
        same_status = ev["status"] == recorded["status"]
        if same_status and recorded["status"] != COMPILED:
            # A frame Dynamo refused: the refusal is the decision (its first line).
            same_status = _why(ev["statusReason"]) == _why(recorded["statusReason"])
        ok = result["verdict"] == "match" and same_status
        if not same_status:
            def said(e):
                return e["status"] + (": " + _why(e["statusReason"]) if e["statusReason"] else "")
            reason_parts.insert(0, f"recorded {said(recorded)}, re-run {said(ev)}")
        if not ok and not reason_parts:
            reason_parts.append("Dynamo decided differently (see diff)")
        return {"index": self.index, "name": name, "reproduced": ok,
                "diff": _relabel(result["diff"]), "reason": "; ".join(reason_parts + self.notes)}


def _why(status_reason: str) -> str:
    return (status_reason or "").strip().splitlines()[0][:200] if status_reason else ""


def declined_before_compile(ev) -> bool:
    """A frame ConvertFrameAssert.__call__ declined before calling _compile (no compile
    id): the recorder keeps its values only as far as has_tensor_in_frame looks (the rest
    are stubs), and the core takes that decision itself; it is not rebuilt."""
    return ev["status"] in ("skipped", "error") and not ev.get("compileId")


def rebuildable(ev) -> bool:
    """An event whose frame the recorder walked: compiled ones, and those Dynamo skipped
    or failed on inside _compile."""
    fr = ev["frame"]
    return ev["status"] == COMPILED or (
        ev["status"] in ("skipped", "error") and not declined_before_compile(ev)
        and bool(fr["locals"] or fr["globals"]))


def looks_dynamic(trace, index) -> bool:
    """The first recorded compile of this frame's code has symbolic sizes although no
    tensor was marked dynamic: torch.compile(dynamic=True) (not recorded) was used."""
    first = plan(trace, index)[0]
    ev = trace["events"][first]

    def symbolic(meta):
        which = meta.get("which")
        if which == "symbol":
            return True
        if which == "tensor":
            return any(d < 0 for d in meta["tensor"]["shape"])
        if which == "tuple":
            return any(symbolic(m) for m in meta["tuple"])
        return False

    if not any(symbolic(n["exampleValue"]) for g in ev["reference"]["graphs"]
               for n in g["nodes"]):
        return False
    return not any(e["which"] == "tensorMeta" and e["tensorMeta"]["dynamicDims"]
                   for e in trace["heap"][1:])


def compiled_frames(trace):
    return [i for i, ev in enumerate(trace["events"]) if ev["status"] == COMPILED]


def frames_of(trace):
    """The events `dynrr repro TRACE` re-runs: every frame the recorder walked."""
    return [i for i, ev in enumerate(trace["events"]) if rebuildable(ev)]


def _reproduce_one(trace, source, i, seed):
    v = Run(trace, i, seed).execute().verdict(source)
    if not v["reproduced"] and looks_dynamic(trace, i):
        # torch.compile(dynamic=True) is not in the trace; the recorded symbolic sizes on
        # the code's first compile say it was used.
        again = Run(trace, i, seed).execute(dynamic=True).verdict(source)
        if again["reproduced"]:
            again["reason"] = "; ".join(
                ["compiled with dynamic=True (inferred: the code's first recorded compile "
                 "has symbolic sizes and no dimension was marked dynamic)"] +
                ([again["reason"]] if again["reason"] else []))
            again["_dynamic"] = True
            v = again
    return v


def _in_child(fn, timeout):
    """fn() in a forked child: the frame meets a Dynamo that has compiled nothing yet in
    this process, as the recorded one had (Dynamo keeps process-wide state that reset()
    does not clear, e.g. what a first torch.cond imports). Returns fn()'s dict, or one
    that says how the child ended."""
    import select
    import signal

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller
        os.close(r)
        code = 0
        try:
            data = json.dumps(fn()).encode()
        except BaseException as e:  # noqa: BLE001
            data = json.dumps({"error": f"{type(e).__name__}: {e}"}).encode()
            code = 1
        try:
            with os.fdopen(w, "wb") as f:
                f.write(data)
            sys.stderr.flush()
        finally:
            os._exit(code)
    os.close(w)
    chunks, deadline = [], time.monotonic() + timeout
    with os.fdopen(r, "rb") as f:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return {"error": f"the re-run took longer than {timeout:.0f} s (--timeout)"}
            ready, _, _ = select.select([f], [], [], min(left, 1.0))
            if ready:
                b = os.read(f.fileno(), 1 << 20)
                if not b:
                    break
                chunks.append(b)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return {"error": f"the re-run crashed (signal {os.WTERMSIG(status)})"}
    try:
        return json.loads(b"".join(chunks) or b"{}") or {"error": "the re-run wrote nothing"}
    except ValueError:
        return {"error": "the re-run wrote no verdict"}


def reproduce_frame(trace, source, i, seed=0, isolate=True, timeout=600.0):
    """One frame's verdict (with "_dynamic" when dynamic=True was inferred)."""
    name = _frame_name(trace, i)
    ev = trace["events"][i]
    if not rebuildable(ev):
        return {"index": i, "name": name, "reproduced": False, "diff": "",
                "reason": f"event {i} ({ev['status']}: {_why(ev['statusReason'])}) was "
                          "declined before Dynamo's _compile: the recorder kept only its "
                          "code, there is no frame to rebuild"}
    if ev.get("export"):
        return {"index": i, "name": name, "reproduced": False, "diff": "",
                "reason": f"event {i} was compiled with export=True (torch.export strict or "
                          "torch._dynamo.export): repro re-runs the frame under "
                          "torch.compile, whose decisions differ; not re-run"}
    if isolate and hasattr(os, "fork"):
        import torch._dynamo  # noqa: F401 - imported once, before the children fork

        v = _in_child(lambda: _reproduce_one(trace, source, i, seed), timeout)
    else:
        try:
            v = _reproduce_one(trace, source, i, seed)
        except Exception as e:  # noqa: BLE001 - one frame's failure is its verdict
            v = {"error": f"{type(e).__name__}: {e}"}
    if "error" in v:
        v = {"index": i, "name": name, "reproduced": False, "diff": "",
             "reason": f"repro failed: {v['error']}"}
    return v


def reproduce(source, frames=None, seed=0, isolate=True, timeout=600.0):
    """Verdicts for the frames of a trace (path or bytes): compiled ones, and frames Dynamo
    skipped or failed on after the recorder walked them (their refusal is reproduced).
    isolate: each frame in a forked child of this process (torch imported once here)."""
    trace = _load(source)
    out = []
    for i in frames if frames is not None else frames_of(trace):
        v = reproduce_frame(trace, source, i, seed, isolate, timeout)
        v.pop("_dynamic", None)
        out.append(v)
    return out


# ---------------------------------------------------------------- standalone script

_SCRIPT = '''#!/usr/bin/env python3
"""Reproduces frame {index} ({name}) of {trace} with real Dynamo, from the trace alone.

Written by `python -m dynrr repro {trace} --frame {index} -o {out}`. Needs torch and the
dynrr package (for the trace reader and dynrr.rebuild); the recorded data {where}.
The frame is rebuilt as live objects and compiled with torch.compile(backend="eager"),
under the Dynamo config and global torch state of the recording. Earlier frames of the
same code are called first (a recompile is only reached from them).

    TORCH_LOGS=graph_code,guards,graph_breaks python {out}
"""
import base64
import os
import sys

import torch
import torch._dynamo

from dynrr import rebuild, repro

{data}
FRAME = {index}


def main():
    import _dynrr

    trace = _dynrr.load(TRACE)
    rb = rebuild.Rebuilder(trace, seed={seed})
    config = rebuild.dynamo_config(trace["header"])
    torch._dynamo.reset()
    compiled = {{}}
    with torch._dynamo.config.patch(**config):
        for step in repro.plan(trace, FRAME):
            frame = rebuild.rebuild_frame(rb, step)
            if step == FRAME:
                for note in frame.notes + rb.missing:
                    print("note:", note, file=sys.stderr)
            fn = frame.function
            opt = compiled.setdefault(id(fn), torch.compile(fn, backend="eager",
                                                            dynamic={dynamic}))
            print(f"frame {{step}}: calling torch.compile({{frame.name}})", file=sys.stderr)
            try:
                with frame.state():
                    opt(*frame.args, **frame.kwargs)
            except Exception as e:  # the rebuilt values may make the frame's own run fail
                print(f"frame {{step}}: the compiled function raised {{type(e).__name__}}: {{e}}",
                      file=sys.stderr)
    print(f"compiled frame {{FRAME}} ({name})")


if __name__ == "__main__":
    main()
'''


def write_script(source_path, index, out, seed=0, embed_limit=1 << 20):
    trace = _load(source_path)
    if not 0 <= index < len(trace["events"]):
        raise ValueError(f"no event {index} ({len(trace['events'])} events)")
    with open(source_path, "rb") as f:
        data = f.read()
    if len(data) <= embed_limit:
        encoded = base64.b64encode(data).decode()
        lines = [encoded[i:i + 96] for i in range(0, len(encoded), 96)]
        block = "TRACE = base64.b64decode(\n" + "\n".join(f'    "{l}"' for l in lines) + ")"
        where = "travels inside this script (TRACE, base64)"
    else:
        side = os.path.splitext(out)[0] + ".dynrr"
        with open(side, "wb") as f:
            f.write(data)
        block = (f"TRACE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "
                 f"{os.path.basename(side)!r})")
        where = f"is in {os.path.basename(side)}, beside this script"
    text = _SCRIPT.format(index=index, name=_frame_name(trace, index), trace=source_path,
                          out=out, where=where, data=block, seed=seed,
                          dynamic=True if looks_dynamic(trace, index) else None)
    with open(out, "w") as f:
        f.write(text)
    os.chmod(out, 0o755)


# ---------------------------------------------------------------- benchmark


def bench(paths, repeat=5, seed=0):
    """Real Dynamo's compile time of every compiled frame, rebuilt from its trace.

    Verdicts first, each frame in a forked child of this still fresh process (as
    `reproduce`); then the timings, all in this one warm process: two untimed warm-up
    compiles, then `repeat` timed compiles per frame (Dynamo's time as the recorder
    measures it: convert_frame._compile minus the recorder's hooks)."""
    loaded = [(path, _load(path)) for path in paths]
    verdicts = {}
    for path, trace in loaded:
        for i in compiled_frames(trace):
            verdicts[(path, i)] = reproduce_frame(trace, path, i, seed)
    frames = []
    warmups = 2  # untimed compiles that warm the process up (first frame only)
    for path, trace in loaded:
        for i in compiled_frames(trace):
            v = verdicts[(path, i)]
            dynamic = True if v.get("_dynamic") else None
            samples, reason = [], ""
            for _ in range(repeat + warmups):
                try:
                    run = Run(trace, i, seed).execute(dynamic=dynamic)
                except Exception as e:  # noqa: BLE001 - one frame's failure is its entry
                    reason = f"repro failed: {type(e).__name__}: {e}"
                    break
                if run.new_event is None:
                    reason = run.error or "not compiled"
                    break
                if warmups:
                    warmups -= 1  # the first compiles of the process warm it up
                    continue
                samples.append(tracing_ns(_load(run.new_trace)["events"][run.new_event]))
            entry = {"trace": path, "index": i, "name": _frame_name(trace, i),
                     "reproduced": bool(v["reproduced"]), "dynamic": bool(dynamic),
                     "repeats": len(samples),
                     # Dynamo's tracing time as recorded (None: the trace did not
                     # time the backend apart from it).
                     "recorded_dynamo_ns": tracing_ns(trace["events"][i])}
            if not v["reproduced"]:
                entry["reason"] = v["reason"]
            if samples:
                med = statistics.median(samples)
                entry.update({
                    "median_ns": int(med), "min_ns": min(samples), "max_ns": max(samples),
                    "spread": (max(samples) - min(samples)) / med if med else 0.0,
                    "mad_ns": int(statistics.median(abs(s - med) for s in samples)),
                    "samples_ns": samples})
            else:
                entry["reason"] = reason
            frames.append(entry)
    timed = [f for f in frames if f.get("median_ns")]
    summary = {"frames": len(frames), "timed": len(timed),
               "reproduced": sum(1 for f in frames if f["reproduced"]),
               "total_median_ns": sum(f["median_ns"] for f in timed),
               "repeats": repeat}
    return {"frames": frames, "summary": summary}


# ---------------------------------------------------------------- command line


def add_parser(sub):
    p = sub.add_parser("repro", help="re-run real Dynamo on frames rebuilt from a trace")
    p.add_argument("traces", nargs="+", metavar="TRACE")
    p.add_argument("--frame", type=int, help="only this event index")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("-o", "--output",
                   help="with --frame: write a standalone repro script; with --bench: the "
                        "JSON file")
    p.add_argument("--bench", action="store_true",
                   help="time Dynamo's compile of every rebuilt frame (median and spread)")
    p.add_argument("--repeat", type=int, default=5, help="--bench: timed repeats per frame")
    p.add_argument("--seed", type=int, default=0, help="seed for tensor values not recorded")
    p.add_argument("--timeout", type=float, default=600.0,
                   help="seconds per frame before its re-run is stopped (default 600)")
    p.add_argument("--no-fork", action="store_true",
                   help="re-run every frame in this process (by default each frame runs in a "
                        "forked child, so it meets a Dynamo that has compiled nothing yet)")
    return p


def run(ns) -> int:
    # repro records with its own in-memory recorder: an inherited DYNRR_TRACE autostart
    # (installed lazily when torch is imported) would record the same compiles.
    os.environ.pop("DYNRR_TRACE", None)
    try:
        if ns.bench:
            for t in ns.traces:
                _load(t)
            result = bench(ns.traces, repeat=max(1, ns.repeat), seed=ns.seed)
            text = json.dumps(result, indent=1)
            if ns.output:
                with open(ns.output, "w") as f:
                    f.write(text + "\n")
                s = result["summary"]
                print(f"{s['timed']} frames timed ({s['repeats']} repeats each), "
                      f"{s['reproduced']}/{s['frames']} reproduced: {ns.output}")
            else:
                print(text)
            return 0
        if len(ns.traces) != 1:
            print("dynrr repro: one TRACE (several only with --bench)", file=sys.stderr)
            return 2
        path = ns.traces[0]
        trace = _load(path)
        if ns.frame is not None and not 0 <= ns.frame < len(trace["events"]):
            print(f"dynrr repro: {path}: no event {ns.frame} ({len(trace['events'])} events)",
                  file=sys.stderr)
            return 2
        if ns.output:
            if ns.frame is None:
                print("dynrr repro: -o needs --frame N", file=sys.stderr)
                return 2
            write_script(path, ns.frame, ns.output, seed=ns.seed)
            print(f"wrote {ns.output}")
            return 0
    except (ValueError, OSError) as e:
        print(f"dynrr repro: {e}", file=sys.stderr)
        return 2
    frames = reproduce(path, None if ns.frame is None else [ns.frame], seed=ns.seed,
                       isolate=not ns.no_fork, timeout=ns.timeout)
    if ns.json:
        print(json.dumps({"frames": frames}))
    else:
        for f in frames:
            state = "reproduced" if f["reproduced"] else "NOT reproduced"
            print(f"frame {f['index']} {f['name']}: {state}")
            if f["reason"]:
                print(f"  {'note' if f['reproduced'] else 'reason'}: {f['reason']}")
            if f["diff"]:
                print("".join("  " + line + "\n" for line in f["diff"].splitlines()), end="")
        n = sum(1 for f in frames if f["reproduced"])
        print(f"summary: {n}/{len(frames)} frames reproduced")
    return 0 if all(f["reproduced"] for f in frames) else 1
