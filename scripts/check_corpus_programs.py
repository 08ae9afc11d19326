#!/usr/bin/env python3
"""Run every corpus program under real Dynamo and check its docstring expectation.

Each program in corpus/programs/<group>/<name>.py starts with a docstring:

    One line saying what it exercises.

    scope: part1|part2|workload
    expect: G graph(s), B break(s), R recompile(s)[; free text]

This script runs each program in its own subprocess (at most 2 at a time) with
the venv's python and TORCH_LOGS unset. The subprocess is this same file in
``--harness`` mode: it imports torch, installs observers, then runs the program
with runpy as ``__main__``. The observers are:

* a wrapper around the registered "eager" backend, counting graphs (and the
  ops in each: call_function/call_method/call_module nodes) per compile id;
* a wrapper around ``torch._dynamo.convert_frame._compile``, recording each
  frame compile event (code name, compile id);
* a wrapper around the recompilation-reason function Dynamo calls when it
  compiles a frame again, recording the reasons;
* a wrapper around ``InstructionTranslatorBase.log_graph_break``, which Dynamo
  calls once for every graph break it takes (unsupported calls and
  data-dependent jumps alike), recording the break type and reason.

None of these changes what Dynamo decides: the wrapped backend returns exactly
what "eager" returns, the other wrappers only observe.

Results go to corpus/programs/INVENTORY.md. Exit status is 1 when a program
fails to run, has a malformed docstring, or when Dynamo's graphs, breaks or
recompiles disagree with the docstring.

Usage: scripts/check_corpus_programs.py [-j 2] [--no-inventory] [PATTERN ...]
"""
from __future__ import annotations

import argparse
import ast
import concurrent.futures
import hashlib
import inspect
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PROGRAMS = REPO / "corpus" / "programs"
INVENTORY = PROGRAMS / "INVENTORY.md"
VENV_PY = REPO / ".venv" / "bin" / "python"
SCOPES = ("part1", "part2", "workload")
EXPECT_RE = re.compile(
    r"^expect:\s*(\d+)\s+graphs?,\s*(\d+)\s+breaks?,\s*(\d+)\s+recompiles?\s*(?:;\s*(.*))?$"
)
TIMEOUT_S = 120


# --------------------------------------------------------------------- harness
def run_harness(program: str, out_json: str) -> int:
    """Runs one program under observers; writes what Dynamo did to out_json."""
    import runpy

    import torch
    import torch._dynamo.convert_frame as convert_frame
    from torch._dynamo.backends import registry
    from torch._dynamo.utils import counters

    registry.lookup_backend("eager")  # loads the built-in backends
    eager_fn = registry._COMPILER_FNS["eager"]
    graphs: list[dict] = []
    events: list[dict] = []
    reasons: list[str] = []

    def current_compile_id() -> str:
        from torch._guards import CompileContext

        return str(CompileContext.current_compile_id())

    def counting_eager(gm, example_inputs, **kwargs):
        ops = sum(
            1
            for n in gm.graph.nodes
            if n.op in ("call_function", "call_method", "call_module")
        )
        graphs.append({"compile_id": current_compile_id(), "ops": ops})
        return eager_fn(gm, example_inputs, **kwargs)

    registry._COMPILER_FNS["eager"] = counting_eager

    def counting(compiler_fn):
        """A backend that counts its graphs, then calls compiler_fn (export's own)."""

        def counting_backend(gm, example_inputs, **kw):
            ops = sum(1 for n in gm.graph.nodes
                      if n.op in ("call_function", "call_method", "call_module"))
            graphs.append({"compile_id": current_compile_id(), "ops": ops})
            return compiler_fn(gm, example_inputs, **kw)

        return counting_backend

    real_compile = convert_frame._compile
    in_compile: list[bool] = []  # inside _compile: its compile_frame call is not an event

    def observing_compile(code, *args, **kwargs):
        cid = kwargs.get("compile_id")
        events.append(
            {
                "name": code.co_qualname,
                "compile_id": str(cid),
                "recompile": bool(cid is not None and cid.frame_compile_id),
            }
        )
        if len(args) > 6 and args[6] is True:
            # torch._dynamo.export: _compile(code, globals, locals, builtins, closure,
            # compiler_fn, one_graph, export, ...) with its own backend.
            args = args[:4] + (counting(args[4]),) + args[5:]
        in_compile.append(True)
        try:
            return real_compile(code, *args, **kwargs)
        finally:
            in_compile.pop()

    convert_frame._compile = observing_compile

    # torch.export.export(strict=True) reaches Dynamo through fullgraph_capture, which
    # calls compile_frame without _compile and with its own backend (export=True): an
    # event and its graph too. Calls made by _compile itself pass through.
    real_compile_frame = convert_frame.compile_frame

    def observing_compile_frame(code, globals_, locals_, builtins_, closure, compiler_fn,
                                *args, **kwargs):
        if in_compile or not kwargs.get("export"):
            return real_compile_frame(code, globals_, locals_, builtins_, closure,
                                      compiler_fn, *args, **kwargs)
        events.append({"name": code.co_qualname, "compile_id": current_compile_id(),
                       "recompile": False})

        in_compile.append(True)
        try:
            return real_compile_frame(code, globals_, locals_, builtins_, closure,
                                      counting(compiler_fn), *args, **kwargs)
        finally:
            in_compile.pop()

    convert_frame.compile_frame = observing_compile_frame

    real_reasons = convert_frame.get_and_maybe_log_recompilation_reasons

    def observing_reasons(*args, **kwargs):
        got = real_reasons(*args, **kwargs)
        reasons.extend(str(r).splitlines()[0] for r in (got or []) if r)
        if not got:
            reasons.append("(no reason found)")
        return got

    convert_frame.get_and_maybe_log_recompilation_reasons = observing_reasons

    from torch._dynamo.symbolic_convert import InstructionTranslatorBase

    real_log_break = InstructionTranslatorBase.log_graph_break
    breaks: dict[str, int] = {}

    def observing_log_break(self, code_options, reason, exc):
        if not getattr(exc, "logged", False):
            gb_type = getattr(exc, "gb_type", None) or type(exc).__name__
            detail = ""
            for line in str(reason).splitlines():
                if line.strip().startswith("Explanation:") or line.strip().startswith("Context:"):
                    detail = line.strip()
                    break
            key = f"{gb_type} ({detail[:100]})" if detail else str(gb_type)
            breaks[key] = breaks.get(key, 0) + 1
        return real_log_break(self, code_options, reason, exc)

    InstructionTranslatorBase.log_graph_break = observing_log_break

    sys.argv = [program]
    t0 = time.perf_counter()
    runpy.run_path(program, run_name="__main__")
    elapsed = time.perf_counter() - t0
    sys.stdout.flush()
    with open(out_json, "w") as f:
        json.dump(
            {
                "graphs": graphs,
                "events": events,
                "recompile_reasons": reasons,
                "breaks": breaks,
                "frames_ok": int(counters["frames"]["ok"]),
                "frames_total": int(counters["frames"]["total"]),
                "seconds": elapsed,
            },
            f,
        )
    return 0


# --------------------------------------------------------------------- checker
class Program:
    def __init__(self, path: Path):
        self.path = path
        self.rel = path.relative_to(REPO).as_posix()
        self.group = path.parent.name
        self.name = path.stem
        self.summary = ""
        self.scope = ""
        self.expect: tuple[int, int, int] | None = None
        self.note = ""
        self.problems: list[str] = []
        self._parse()

    def _parse(self) -> None:
        try:
            doc = ast.get_docstring(ast.parse(self.path.read_text()))
        except SyntaxError as e:
            self.problems.append(f"syntax error: {e}")
            return
        if not doc:
            self.problems.append("no docstring")
            return
        lines = [ln.strip() for ln in doc.splitlines()]
        self.summary = lines[0]
        in_expect = False
        for ln in lines[1:]:
            if ln.startswith("scope:"):
                self.scope = ln.split(":", 1)[1].strip()
                in_expect = False
            elif ln.startswith("expect:"):
                m = EXPECT_RE.match(ln)
                if not m:
                    self.problems.append(f"malformed expect line: {ln!r}")
                else:
                    self.expect = (int(m[1]), int(m[2]), int(m[3]))
                    self.note = (m[4] or "").strip()
                    in_expect = True
            elif in_expect and ln:
                self.note += " " + ln  # the note continues on the next lines
            else:
                in_expect = False
        if self.scope not in SCOPES:
            self.problems.append(f"scope must be one of {SCOPES}, got {self.scope!r}")
        if self.expect is None and not any("malformed" in p for p in self.problems):
            self.problems.append("no 'expect:' line")


def cache_key(prog: Program) -> str:
    h = hashlib.sha256(prog.path.read_bytes())
    h.update(inspect.getsource(run_harness).encode())  # a changed harness invalidates all
    return h.hexdigest()


def run_one(prog: Program) -> dict:
    env = dict(os.environ)
    env.pop("TORCH_LOGS", None)
    env["PYTHONHASHSEED"] = "0"
    with tempfile.TemporaryDirectory() as tmp:
        out_json = os.path.join(tmp, "result.json")
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(
                [str(VENV_PY), str(Path(__file__).resolve()), "--harness", prog.rel, out_json],
                cwd=REPO,
                env=env,
                capture_output=True,
                text=True,
                timeout=TIMEOUT_S,
            )
        except subprocess.TimeoutExpired:
            return {"error": f"timeout after {TIMEOUT_S}s"}
        wall = time.perf_counter() - t0
        if proc.returncode != 0:
            tail = "\n".join(proc.stderr.strip().splitlines()[-8:])
            return {"error": f"exit status {proc.returncode}\n{tail}"}
        with open(out_json) as f:
            res = json.load(f)
    res["stdout"] = proc.stdout
    res["wall"] = wall
    return res


def observed(res: dict) -> tuple[int, int, int]:
    graphs = len(res["graphs"])
    breaks = sum(res["breaks"].values())
    recompiles = sum(1 for e in res["events"] if e["recompile"])
    return graphs, breaks, recompiles


def md_escape(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def write_inventory(rows: list[tuple[Program, dict]]) -> None:
    out = [
        "# Corpus programs: what real Dynamo did",
        "",
        "Generated by `scripts/check_corpus_programs.py` with torch "
        f"{_torch_version()} (CPython 3.11), backend=\"eager\", default config.",
        "Frames = compile events (first compiles, resume functions and recompiles);",
        "ops = call_function/call_method/call_module nodes over all graphs.",
        "",
        "| program | scope | exercises | frames | graphs | ops | breaks | recompiles | notes |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    counts = {s: 0 for s in SCOPES}
    for prog, res in rows:
        if "error" in res:
            out.append(f"| {prog.group}/{prog.name} | {prog.scope} | {md_escape(prog.summary)} "
                       f"| error | | | | | {md_escape(res['error'].splitlines()[0])} |")
            continue
        counts[prog.scope] = counts.get(prog.scope, 0) + 1
        g, b, r = observed(res)
        ops = sum(x["ops"] for x in res["graphs"])
        notes = [prog.note] if prog.note else []
        for reason, n in sorted(res["breaks"].items()):
            notes.append(f"break x{n}: {reason.splitlines()[0][:90]}")
        for reason in res["recompile_reasons"]:
            notes.append(f"recompile: {reason[:90]}")
        out.append(
            f"| {prog.group}/{prog.name} | {prog.scope} | {md_escape(prog.summary)} | "
            f"{len(res['events'])} | {g} | {ops} | {b} | {r} | {md_escape('; '.join(notes))} |"
        )
    out += ["", "Totals: " + ", ".join(f"{s} {n}" for s, n in counts.items())
            + f", all {len(rows)}.", ""]
    INVENTORY.write_text("\n".join(out))


def _torch_version() -> str:
    r = subprocess.run([str(VENV_PY), "-c", "import torch; print(torch.__version__)"],
                       capture_output=True, text=True)
    return r.stdout.strip() or "?"


def main() -> int:
    if len(sys.argv) >= 2 and sys.argv[1] == "--harness":
        return run_harness(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel programs (max 2)")
    ap.add_argument("--no-inventory", action="store_true", help="don't rewrite INVENTORY.md")
    ap.add_argument("-v", "--verbose", action="store_true", help="print program output")
    ap.add_argument("--cache", metavar="JSON",
                    help="reuse results of unchanged programs (same program and checker bytes) "
                         "from this file, and store new ones in it")
    ap.add_argument("patterns", nargs="*", help="substrings of program paths to run")
    args = ap.parse_args()
    cache: dict[str, dict] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    jobs = max(1, min(args.jobs, 2))
    paths = sorted(PROGRAMS.glob("*/*.py"))
    if args.patterns:
        paths = [p for p in paths if any(s in p.as_posix() for s in args.patterns)]
    progs = [Program(p) for p in paths]
    failures = 0
    rows: list[tuple[Program, dict]] = []
    results = {}
    todo = []
    for p in progs:
        hit = cache.get(p.rel)
        if hit and hit.get("key") == cache_key(p) and "error" not in hit["result"]:
            results[p] = hit["result"]
        else:
            todo.append(p)
    if len(todo) < len(progs):
        print(f"{len(progs) - len(todo)} results reused from {args.cache}", file=sys.stderr)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_one, p): p for p in todo}
        for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            results[futures[fut]] = fut.result()
            print(f"[{i}/{len(todo)}] {futures[fut].rel}", file=sys.stderr, flush=True)
            if args.cache:
                p = futures[fut]
                cache[p.rel] = {"key": cache_key(p), "result": results[p]}
                tmp = args.cache + ".tmp"
                with open(tmp, "w") as f:
                    json.dump(cache, f)
                os.replace(tmp, args.cache)
    for prog in progs:
        res = results[prog]
        rows.append((prog, res))
        problems = list(prog.problems)
        if "error" in res:
            problems.append(res["error"])
        else:
            got = observed(res)
            if prog.expect is not None and got != prog.expect:
                problems.append(
                    "docstring expects %d graphs, %d breaks, %d recompiles; Dynamo did %d, %d, %d"
                    % (prog.expect + got)
                )
                for reason, n in res["breaks"].items():
                    problems.append(f"  break x{n}: {reason.splitlines()[0][:160]}")
                for reason in res["recompile_reasons"]:
                    problems.append(f"  recompile: {reason[:160]}")
                for e in res["events"]:
                    n = sum(1 for g in res["graphs"] if g["compile_id"] == e["compile_id"])
                    problems.append(f"  frame {e['compile_id']} {e['name']}: {n} graph(s)")
            if res.get("seconds", 0) > 3.0:
                problems.append(f"slow: {res['seconds']:.1f}s after the torch import")
        status = "FAIL" if problems else "ok"
        failures += bool(problems)
        if "error" in res:
            detail = "error"
        else:
            g, b, r = observed(res)
            detail = f"frames={len(res['events'])} graphs={g} breaks={b} recompiles={r} " \
                     f"t={res['seconds']:.2f}s"
        print(f"{status:4} {prog.rel}: {detail}")
        for p in problems:
            print("     " + p.replace("\n", "\n     "))
        if args.verbose and "stdout" in res:
            print("     stdout: " + res["stdout"].strip().replace("\n", "\n             "))
    if not args.no_inventory and not args.patterns:
        write_inventory(rows)
        print(f"wrote {INVENTORY.relative_to(REPO)}")
    print(f"{len(progs) - failures}/{len(progs)} programs ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
