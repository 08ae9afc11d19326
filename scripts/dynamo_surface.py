#!/usr/bin/env python3
"""Measure the corpus against Dynamo's own surface, observed from real Dynamo.

The surface is enumerated from the installed torch (torch 2.13.0, CPython 3.11), in
five kinds:

* ``builtin``: the builtins.* and operator.* callables that Dynamo routes to the
  BuiltinVariable family (``trace_rules.lookup_callable``: the ids left in
  ``_builtin_function_ids`` once the polyfills are loaded, and the specialised
  builtins ``dict``, ``getattr``, ``hasattr``, ``iter``, ``list``, ``setattr``) and for
  which BuiltinVariable has at least one handler: a ``call_<name>`` method, constant
  folding, an FX graph function, a binop handler, or an exception class. A builtin
  without any handler always graph-breaks and is left out (counted separately).
* ``polyfill``: every function registered with ``substitute_in_graph`` (the handler
  registry of ``PolyfilledFunctionVariable``), named by the original function, and
  the helper functions defined in ``torch/_dynamo/polyfills/__init__.py``, which
  Dynamo inlines in place of C behaviour (``polyfills.<name>``).
* ``vt_class``: every ``VariableTracker`` subclass, after importing every module of
  ``torch._dynamo.variables`` (walking ``__subclasses__``).
* ``opcode``: the CPython 3.11 opnames (``dis.opmap``) whose entry in the dispatch
  table of ``InstructionTranslator`` or ``InliningInstructionTranslator`` is a handler
  method (not the "missing bytecode handler" fallback).
* ``tensor_method``: the public methods of ``torch.Tensor`` (``TensorVariable.call_method``
  puts any of them in the graph unless a ``method_<name>`` handler decides otherwise),
  plus the dunder names with a ``method_`` handler; ``tensor_attr``: the public
  attributes (getset descriptors) of ``torch.Tensor`` and the ``method_attr_`` names.

Observation: each corpus program runs in its own subprocess (2 at a time at most) under
a harness that wraps, without changing any result, ``convert_frame._compile`` and
``ConvertFrameAssert.__call__`` (to number compile events exactly as the recorder
does), BuiltinVariable's handler-cache lookup (made on every call of a builtin, even
through the bound methods Dynamo keeps for COMPARE_OP), the ``call_function`` of the
other BuiltinVariable classes and of PolyfilledFunctionVariable, ``VariableTracker`` construction (the metaclass call),
``InstructionTranslatorBase.step`` (the opcode dispatched and the code being traced, so
inlined polyfill code is seen), and ``TensorVariable.call_method`` / ``var_getattr``.
Every observation is attributed to the compile event (frame) it happened in; the frame
index joins it with the frame's verdict in corpus/expectations.txt. The harness also
checks the frame names against ``dynrr replay --json`` of the committed trace; a
program whose frames do not line up is reported and contributes nothing.

Status of an item: ``covered`` when a frame that exercised it replays as ``match``;
``unsupported`` when only frames with another verdict (unsupported, diverge) exercised
it; ``no program`` otherwise. corpus/surface/notes.tsv (hand-written: kind, item, why)
adds a note to items, shown next to the uncovered ones.

Usage:
  scripts/dynamo_surface.py [--from-cache DIR] [--check] [--no-write] [-j 2]
                            [--uncovered [KIND]] [--observe PROGRAM ...]

Without ``--check`` it writes corpus/surface/surface.tsv; with ``--check`` it writes
nothing and exits 1 when that file differs from this run. ``--from-cache DIR`` reuses
the per-program observation files in DIR whose key (program bytes, harness source,
torch version) still matches, and stores new ones there.
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures
import hashlib
import inspect
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PROGRAMS = REPO / "corpus" / "programs"
TRACES = REPO / "corpus" / "traces"
EXPECTATIONS = REPO / "corpus" / "expectations.txt"
SURFACE_DIR = REPO / "corpus" / "surface"
SURFACE_TSV = SURFACE_DIR / "surface.tsv"
NOTES_TSV = SURFACE_DIR / "notes.tsv"
# The venv's python and the dynrr tool of this checkout; DYNRR_PYTHON / DYNRR_TOOL
# override them (a git worktree without its own .venv/ and build/).
VENV_PY = Path(os.environ.get("DYNRR_PYTHON") or REPO / ".venv" / "bin" / "python")
DYNRR = Path(os.environ.get("DYNRR_TOOL") or REPO / "build" / "bin" / "dynrr")
KINDS = ("builtin", "polyfill", "vt_class", "opcode", "tensor_method", "tensor_attr")
STATUSES = ("covered", "unsupported", "no program")
MAX_PROGRAMS = 5
TIMEOUT_S = 300

# Module names of C implementations, shown under the name users import.
_MODULE_ALIASES = {"_operator": "operator", "_functools": "functools",
                   "_collections": "collections", "_struct": "struct", "posix": "os",
                   "_io": "io"}


# ------------------------------------------------------------------ naming
def _builtin_names() -> dict[int, str]:
    """id -> "builtins.X" / "operator.X" for the public callables of both modules."""
    import builtins
    import operator

    names: dict[int, str] = {}
    for mod_name, mod in (("operator", operator), ("builtins", builtins)):
        for k, v in vars(mod).items():
            if not k.startswith("_") and callable(v):
                names[id(v)] = f"{mod_name}.{k}"  # builtins win over operator aliases
    names[id(builtins.__build_class__)] = "builtins.__build_class__"
    return names


def callable_name(fn, builtin_names: dict[int, str] | None = None) -> str:
    """A stable dotted name for a callable (a builtin, a C function, a method)."""
    if builtin_names is not None and id(fn) in builtin_names:
        return builtin_names[id(fn)]
    qual = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    mod = getattr(fn, "__module__", None)
    if mod is None:
        owner = getattr(fn, "__objclass__", None) or getattr(fn, "__self__", None)
        if isinstance(owner, type):
            mod = owner.__module__
        elif owner is not None:
            mod = type(owner).__module__
    if mod is None and "." in qual:
        import torch

        if isinstance(getattr(torch._C, qual.split(".")[0], None), type):
            mod = "torch._C"  # e.g. TensorBase._make_subclass, a static C method
    mod = _MODULE_ALIASES.get(mod or "?", mod or "?")
    return f"{mod}.{qual}"


def vt_name(cls) -> str:
    mod = cls.__module__
    prefix = "torch._dynamo.variables."
    mod = mod[len(prefix):] if mod.startswith(prefix) else mod
    return f"{mod}.{cls.__qualname__}"


def _polyfill_dir() -> str:
    import torch._dynamo.polyfills as polyfills

    return os.path.dirname(os.path.abspath(polyfills.__file__))


# ------------------------------------------------------------------ enumeration
def enumerate_surface() -> dict[str, dict[str, dict]]:
    """kind -> {item name: details} for the installed torch."""
    import builtins
    import dis
    import importlib
    import pkgutil
    import types

    import torch
    import torch._dynamo  # loads the polyfills (and unregisters their builtins)
    import torch._dynamo.polyfills as polyfills
    import torch._dynamo.variables as variables
    from torch._dynamo import symbolic_convert, trace_rules
    from torch._dynamo.variables.base import VariableTracker
    from torch._dynamo.variables.builtin import BuiltinVariable
    from torch._dynamo.variables.functions import PolyfilledFunctionVariable
    from torch._dynamo.variables.tensor import TensorVariable, all_tensor_attrs

    surface: dict[str, dict[str, dict]] = {k: {} for k in KINDS}
    info: dict[str, int] = {}

    # builtins
    names = _builtin_names()
    by_id = {}
    for mod in (__import__("operator"), builtins):
        for v in vars(mod).values():
            if callable(v):
                by_id.setdefault(id(v), v)
    by_id[id(builtins.__build_class__)] = builtins.__build_class__
    specialised = dict(trace_rules.BUILTIN_CALLABLES)
    fold = BuiltinVariable._constant_fold_functions()
    graph_fns = BuiltinVariable._fx_graph_functions()
    binops = BuiltinVariable._binop_handlers()
    probe = BuiltinVariable(len)
    unhandled = []
    for ident, name in sorted(names.items(), key=lambda kv: kv[1]):
        fn = by_id[ident]
        if fn in specialised:
            surface["builtin"][name] = {"how": specialised[fn].__name__}
            continue
        if not trace_rules.is_builtin_callable(fn):
            continue  # polyfilled, or routed elsewhere
        how = []
        fn_name = getattr(fn, "__name__", "")
        if fn_name and getattr(probe, f"call_{fn_name}", None) is not None:
            how.append(f"call_{fn_name}")
        try:
            if fn in fold:
                how.append("constant fold")
            if fn in graph_fns:
                how.append("fx graph")
            if fn in binops:
                how.append("binop")
        except TypeError:  # unhashable
            pass
        if isinstance(fn, type) and (issubclass(fn, BaseException) or fn is GeneratorExit):
            how.append("exception class")
        if how:
            surface["builtin"][name] = {"how": ", ".join(how)}
        else:
            unhandled.append(name)
    info["builtin_without_handler"] = len(unhandled)

    # polyfills
    pdir = _polyfill_dir()
    handlers = PolyfilledFunctionVariable._get_polyfill_handlers()
    for original, handler in handlers.items():
        if (getattr(original, "__module__", "") or "").startswith("torch._dynamo.polyfills"):
            continue  # the handler registered for itself
        traceable = getattr(handler, "__torch_dynamo_polyfill__", None)
        entry = {"how": "substitute_in_graph", "code": None}
        code = getattr(traceable, "__code__", None)
        if code is not None and os.path.abspath(code.co_filename).startswith(pdir):
            entry["code"] = [os.path.relpath(code.co_filename, pdir), code.co_qualname]
        surface["polyfill"][callable_name(original, names)] = entry
    traceables = {id(getattr(h, "__torch_dynamo_polyfill__", None)) for h in handlers.values()}
    for name, fn in vars(polyfills).items():
        if (isinstance(fn, types.FunctionType) and fn.__module__ == polyfills.__name__
                and not name.startswith("__") and id(fn) not in traceables):
            code = fn.__code__
            surface["polyfill"][f"polyfills.{name}"] = {
                "how": "polyfills helper",
                "code": [os.path.relpath(code.co_filename, pdir), code.co_qualname]}

    # VariableTracker subclasses
    for mod in pkgutil.iter_modules(variables.__path__):
        importlib.import_module(f"{variables.__name__}.{mod.name}")
    seen, todo = set(), [VariableTracker]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    for cls in seen:
        if cls.__module__.startswith("torch."):
            bases = ", ".join(b.__name__ for b in cls.__bases__)
            surface["vt_class"][vt_name(cls)] = {"how": f"subclass of {bases}"}

    # opcodes of CPython 3.11 with a handler
    translators = [symbolic_convert.InstructionTranslator,
                   symbolic_convert.InliningInstructionTranslator]
    for opname, op in dis.opmap.items():
        owners = []
        for cls in translators:
            entry = cls.dispatch_table[op]
            if entry is not None and not hasattr(entry, "func"):  # not the partial(_missing)
                owners.append(cls.__name__)
        if owners:
            surface["opcode"][opname] = {"how": ", ".join(owners)}
        else:
            info.setdefault("opcode_without_handler", 0)
            info["opcode_without_handler"] += 1

    # Tensor methods and attributes
    for name in sorted(set(dir(torch.Tensor)) | set(all_tensor_attrs)):
        static = all_tensor_attrs.get(name, getattr(torch.Tensor, name, None))
        if name.startswith("_"):
            continue
        if type(static) is types.GetSetDescriptorType:
            surface["tensor_attr"][name] = {"how": "getset"}
        elif callable(static):
            how = "method_" + name if hasattr(TensorVariable, "method_" + name) else "graph"
            surface["tensor_method"][name] = {"how": how}
    for attr in dir(TensorVariable):
        if attr.startswith("method_attr_"):
            name = attr[len("method_attr_"):]
            surface["tensor_attr"].setdefault(name, {"how": "getset"})["how"] = attr
        elif attr.startswith("method___"):
            surface["tensor_method"][attr[len("method_"):]] = {"how": attr}
    for kind in ("tensor_attr", "tensor_method"):
        for name, entry in surface[kind].items():
            if entry["how"] == "getset" or entry["how"] == "graph":
                entry["how"] = ("generic getattr proxy" if kind == "tensor_attr"
                                else "generic call_method proxy")
    surface["_info"] = info  # type: ignore[assignment]
    return surface


# ------------------------------------------------------------------ harness
def run_harness(program: str, out_json: str) -> int:
    """Runs one program under observers; writes per-frame observations to out_json."""
    import dis
    import runpy

    import torch  # noqa: F401
    import torch._dynamo.convert_frame as convert_frame
    from torch._dynamo import symbolic_convert
    from torch._dynamo.variables import base as vt_base
    from torch._dynamo.variables import builtin as vt_builtin
    from torch._dynamo.variables.functions import PolyfilledFunctionVariable
    from torch._dynamo.variables.tensor import NumpyNdarrayVariable, TensorVariable

    names = _builtin_names()
    pdir = _polyfill_dir()
    frames: list[dict] = []
    state = {"depth": 0, "compiles": 0, "frame": None}

    def new_frame(code, how: str) -> dict:
        frame = {"index": len(frames), "name": code.co_qualname, "how": how,
                 "obs": collections.defaultdict(set)}
        frames.append(frame)
        return frame

    def note(kind: str, item) -> None:
        frame = state["frame"]
        if frame is not None:
            frame["obs"][kind].add(item)

    # Compile events, numbered as the recorder numbers them: one per outermost
    # _compile call, one per frame ConvertFrameAssert declines before _compile.
    real_compile = convert_frame._compile

    def observing_compile(code, *args, **kwargs):
        state["compiles"] += 1
        if state["depth"] > 0:
            return real_compile(code, *args, **kwargs)
        state["frame"] = new_frame(code, "compile")
        state["depth"] += 1
        try:
            return real_compile(code, *args, **kwargs)
        finally:
            state["depth"] -= 1
            state["frame"] = None

    convert_frame._compile = observing_compile

    assert_cls = convert_frame.ConvertFrameAssert
    real_assert_call = assert_cls.__dict__["__call__"]

    def observing_assert_call(convert, frame, *args, **kwargs):
        if state["depth"] > 0:
            return real_assert_call(convert, frame, *args, **kwargs)
        before = state["compiles"]
        try:
            result = real_assert_call(convert, frame, *args, **kwargs)
        except BaseException:
            if state["compiles"] == before:
                new_frame(frame.f_code, "declined (error)")
            raise
        if state["compiles"] == before and getattr(result, "guarded_code", None) is None:
            new_frame(frame.f_code, "declined")
        return result

    assert_cls.__call__ = observing_assert_call

    # Builtins: every class of the BuiltinVariable family defining call_function.
    def wrap_builtin(cls):
        real = cls.__dict__["call_function"]

        def call_function(self, tx, *args, **kwargs):
            fn = getattr(self, "fn", None)
            if fn is None:
                fn = getattr(type(self), "_fn", None)
            if fn is not None:
                note("builtin", callable_name(fn, names))
            return real(self, tx, *args, **kwargs)

        cls.call_function = call_function

    for obj in list(vars(vt_builtin).values()):
        if (isinstance(obj, type) and issubclass(obj, vt_builtin.BaseBuiltinVariable)
                and obj is not vt_builtin.BuiltinVariable and "call_function" in obj.__dict__):
            wrap_builtin(obj)

    # BuiltinVariable.call_function itself is bound at import time in places (the
    # COMPARE_OP handlers, `in`, `not`), so a class-level wrapper would miss those calls;
    # every call looks its handler up in the class-level handler cache, keyed by the
    # builtin first, so a dict that notes each lookup sees them all.
    class NotingCache(dict):
        def get(self, key, default=None):
            note("builtin", callable_name(key[0], names))
            return dict.get(self, key, default)

    bv = vt_builtin.BuiltinVariable
    bv.call_function_handler_cache = NotingCache(bv.call_function_handler_cache)

    # Polyfills: the PolyfilledFunctionVariable call, and polyfill code being traced.
    real_poly_call = PolyfilledFunctionVariable.__dict__["call_function"]

    def poly_call_function(self, tx, *args, **kwargs):
        note("polyfill", callable_name(self.fn, names))
        return real_poly_call(self, tx, *args, **kwargs)

    PolyfilledFunctionVariable.call_function = poly_call_function

    # VariableTracker construction: every VT class is created through its metaclass.
    meta = vt_base.VariableTrackerMeta
    real_meta_call = meta.__dict__.get("__call__")

    def vt_call(cls, *args, **kwargs):
        obj = (real_meta_call or type.__call__)(cls, *args, **kwargs)
        note("vt_class", vt_name(type(obj)))
        return obj

    meta.__call__ = vt_call

    # Opcodes: the instruction step() is about to dispatch, by opcode as Dynamo does.
    base = symbolic_convert.InstructionTranslatorBase
    real_step = base.__dict__["step"]
    opnames = dis.opname
    polyfill_codes: dict = {}

    def step(self):
        frame = state["frame"]
        if frame is not None:
            ip = self.instruction_pointer
            if ip is not None and ip < len(self.instructions):
                frame["obs"]["opcode"].add(opnames[self.instructions[ip].opcode])
            code = self.f_code
            where = polyfill_codes.get(code)
            if where is None:
                path = os.path.abspath(code.co_filename)
                where = ((os.path.relpath(path, pdir), code.co_qualname)
                         if path.startswith(pdir + os.sep) else ())
                polyfill_codes[code] = where
            if where:
                frame["obs"]["polyfill_code"].add(where)
        return real_step(self)

    base.step = step

    # Tensor methods and attributes.
    real_call_method = TensorVariable.__dict__["call_method"]
    real_var_getattr = TensorVariable.__dict__["var_getattr"]

    def call_method(self, tx, name, *args, **kwargs):
        if not isinstance(self, NumpyNdarrayVariable):
            note("tensor_method", name)
        return real_call_method(self, tx, name, *args, **kwargs)

    def var_getattr(self, tx, name):
        if not isinstance(self, NumpyNdarrayVariable):
            note("tensor_getattr", name)
        return real_var_getattr(self, tx, name)

    TensorVariable.call_method = call_method
    TensorVariable.var_getattr = var_getattr

    sys.argv = [program]
    runpy.run_path(program, run_name="__main__")
    sys.stdout.flush()
    out = []
    for frame in frames:
        obs = {k: sorted(map(list, v) if k == "polyfill_code" else v)
               for k, v in sorted(frame["obs"].items())}
        out.append({"index": frame["index"], "name": frame["name"], "how": frame["how"],
                    "obs": obs})
    with open(out_json, "w") as f:
        json.dump({"frames": out}, f, indent=None, sort_keys=True)
    return 0


# ------------------------------------------------------------------ running
def torch_version() -> str:
    import torch

    return torch.__version__


def harness_key(program: Path, version: str) -> str:
    h = hashlib.sha256(program.read_bytes())
    for fn in (run_harness, _builtin_names, callable_name, vt_name, _polyfill_dir):
        h.update(inspect.getsource(fn).encode())
    h.update(version.encode())
    return h.hexdigest()


def observe(program: Path, out_json: Path) -> dict:
    """Runs the harness on one program; returns its observations or {"error": ...}."""
    env = dict(os.environ)
    env.pop("TORCH_LOGS", None)
    env["PYTHONHASHSEED"] = "0"
    rel = program.resolve().relative_to(REPO).as_posix()
    try:
        proc = subprocess.run(
            [str(VENV_PY), str(Path(__file__).resolve()), "--harness", rel, str(out_json)],
            cwd=REPO, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {TIMEOUT_S}s"}
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-8:])
        return {"error": f"exit status {proc.returncode}\n{tail}"}
    with open(out_json) as f:
        return json.load(f)


def observe_all(programs: list[Path], cache_dir: Path | None, jobs: int,
                version: str) -> dict[str, dict]:
    """rel program path -> observations, reusing cache_dir entries whose key matches."""
    results: dict[str, dict] = {}
    todo: list[tuple[Path, str, Path]] = []
    tmp = tempfile.TemporaryDirectory()
    for prog in programs:
        rel = prog.relative_to(PROGRAMS).with_suffix("").as_posix()
        key = harness_key(prog, version)
        if cache_dir is not None:
            path = cache_dir / (rel.replace("/", "__") + ".json")
            if path.exists():
                try:
                    cached = json.loads(path.read_text())
                except ValueError:
                    cached = {}
                if cached.get("key") == key and "frames" in cached:
                    results[rel] = cached
                    continue
        else:
            path = Path(tmp.name) / (rel.replace("/", "__") + ".json")
        todo.append((prog, key, path))
    if cache_dir is not None and len(todo) < len(programs):
        print(f"{len(programs) - len(todo)} observations reused from {cache_dir}",
              file=sys.stderr)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(jobs, 2))) as pool:
        futures = {pool.submit(observe, prog, path): (prog, key, path)
                   for prog, key, path in todo}
        for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            prog, key, path = futures[fut]
            rel = prog.relative_to(PROGRAMS).with_suffix("").as_posix()
            res = fut.result()
            res["key"] = key
            results[rel] = res
            if "error" not in res:
                path.write_text(json.dumps(res, sort_keys=True))
            print(f"[{i}/{len(todo)}] {rel}" + (" ERROR" if "error" in res else ""),
                  file=sys.stderr, flush=True)
    tmp.cleanup()
    return results


def read_expectations() -> dict[str, dict[int, str]]:
    out: dict[str, dict[int, str]] = collections.defaultdict(dict)
    for line in EXPECTATIONS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            trace, idx, verdict = line.split()
            out[trace[: -len(".dynrr")]][int(idx)] = verdict
    return out


def replay_names(rel: str) -> list[str] | None:
    """Frame names of the committed trace, from `dynrr replay --json` (None: no trace)."""
    trace = TRACES / (rel + ".dynrr")
    if not trace.exists() or not DYNRR.exists():
        return None
    proc = subprocess.run([str(DYNRR), "replay", str(trace), "--json"],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode == 2:
        return None
    return [f["name"] for f in json.loads(proc.stdout)["frames"]]


# ------------------------------------------------------------------ joining
def frame_items(frame: dict, surface: dict, code_items: dict) -> dict[str, set[str]]:
    """kind -> surface items one observed frame exercised."""
    obs = frame["obs"]
    got = {k: set() for k in KINDS}
    for kind in ("builtin", "polyfill", "vt_class", "opcode", "tensor_method"):
        got[kind] = {x for x in obs.get(kind, ()) if x in surface[kind]}
    for where in obs.get("polyfill_code", ()):
        item = code_items.get(tuple(where))
        if item:
            got["polyfill"].add(item)
    got["tensor_attr"] = {x for x in obs.get("tensor_getattr", ()) if x in surface["tensor_attr"]}
    return got


def read_notes() -> dict[tuple[str, str], str]:
    notes = {}
    if NOTES_TSV.exists():
        for line in NOTES_TSV.read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            kind, item, why = line.split("\t", 2)
            notes[(kind, item)] = why.strip()
    return notes


def build_table(surface: dict, results: dict[str, dict], expectations: dict,
                names_check: bool = True) -> tuple[list[dict], list[str]]:
    """The surface table rows and the problems met (unaligned programs, errors)."""
    problems: list[str] = []
    code_items = {tuple(e["code"]): item for item, e in surface["polyfill"].items()
                  if e.get("code")}
    matched: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    other: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for rel, res in sorted(results.items()):
        if "error" in res:
            problems.append(f"{rel}: {res['error'].splitlines()[0]}")
            continue
        verdicts = expectations.get(rel)
        if verdicts is None:
            problems.append(f"{rel}: no verdicts in corpus/expectations.txt")
            continue
        ours = [f["name"] for f in res["frames"]]
        if len(ours) != len(verdicts):
            problems.append(f"{rel}: {len(ours)} compile events observed, "
                            f"{len(verdicts)} frames in corpus/expectations.txt")
            continue
        if names_check:
            theirs = replay_names(rel)
            if theirs is not None and theirs != ours:
                problems.append(f"{rel}: frame names {ours} differ from the trace's {theirs}")
                continue
        for frame in res["frames"]:
            verdict = verdicts[frame["index"]]
            for kind, items in frame_items(frame, surface, code_items).items():
                for item in items:
                    (matched if verdict == "match" else other)[(kind, item)].add(rel)
    if names_check and not DYNRR.exists():
        problems.append(f"{DYNRR} not found: frame names not checked against the traces "
                        "(build it, or set DYNRR_TOOL)")
    notes = read_notes()
    rows = []
    for kind in KINDS:
        for item in sorted(surface[kind]):
            key = (kind, item)
            if matched.get(key):
                status, progs = "covered", matched[key]
            elif other.get(key):
                status, progs = "unsupported", other[key]
            else:
                status, progs = "no program", set()
            rows.append({"kind": kind, "item": item, "status": status,
                         "n": len(progs), "programs": sorted(progs)[:MAX_PROGRAMS],
                         "how": surface[kind][item]["how"], "note": notes.get(key, "")})
    for key in sorted(set(notes) - {(r["kind"], r["item"]) for r in rows}):
        problems.append(f"notes.tsv: {key[0]} {key[1]!r} is not in the surface")
    return rows, problems


def render_tsv(rows: list[dict], version: str) -> str:
    out = [f"# Dynamo's surface (torch {version}, CPython 3.11) and the corpus programs that "
           "exercise each item; generated by scripts/dynamo_surface.py, do not edit.",
           "# status: covered (a matching frame exercised it), unsupported (only frames "
           "that replay as unsupported/diverge did), no program.",
           "# programs: up to 5 of the n programs behind the status; note: corpus/surface/notes.tsv.",
           "kind\titem\tstatus\tn\tprograms\thandled by\tnote"]
    for r in rows:
        out.append("\t".join([r["kind"], r["item"], r["status"], str(r["n"]),
                              " ".join(r["programs"]), r["how"], r["note"]]))
    return "\n".join(out) + "\n"


def summary(rows: list[dict]) -> list[str]:
    lines = [f"{'kind':<14} {'items':>6} {'covered':>15} {'unsupported':>12} {'no program':>11}"]
    per = collections.OrderedDict((k, collections.Counter()) for k in KINDS)
    for r in rows:
        per[r["kind"]][r["status"]] += 1
    total = collections.Counter()
    for kind, c in list(per.items()) + [("all", None)]:
        if c is None:
            c = total
        else:
            total.update(c)
        n = sum(c.values())
        pct = 100.0 * c["covered"] / n if n else 0.0
        lines.append(f"{kind:<14} {n:>6} {c['covered']:>7} ({pct:5.1f}%) "
                     f"{c['unsupported']:>12} {c['no program']:>11}")
    return lines


def main() -> int:
    if len(sys.argv) >= 2 and sys.argv[1] == "--harness":
        return run_harness(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from-cache", metavar="DIR",
                    help="reuse per-program observations from DIR (and store new ones)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if corpus/surface/surface.tsv is stale")
    ap.add_argument("--no-write", action="store_true", help="do not write surface.tsv")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="programs at a time (max 2)")
    ap.add_argument("--uncovered", nargs="?", const="all", metavar="KIND",
                    help="list the items not covered (of one kind, or all), with notes")
    ap.add_argument("--programs", nargs="*", metavar="SUBSTRING",
                    help="observe only programs whose path contains one of these "
                         "(implies --no-write; coverage of that subset)")
    args = ap.parse_args()

    version = torch_version()
    surface = enumerate_surface()
    info = surface.pop("_info")
    programs = sorted(PROGRAMS.glob("*/*.py"))
    if args.programs:
        programs = [p for p in programs if any(s in p.as_posix() for s in args.programs)]
        args.no_write = True
    cache_dir = Path(args.from_cache) if args.from_cache else None
    if cache_dir is not None:
        cache_dir.mkdir(parents=True, exist_ok=True)
    results = observe_all(programs, cache_dir, args.jobs, version)
    rows, problems = build_table(surface, results, read_expectations())
    frames = sum(len(r.get("frames", ())) for r in results.values())
    print(f"Dynamo surface coverage: torch {version}, CPython 3.11, {len(programs)} programs, "
          f"{frames} frames")
    for line in summary(rows):
        print("  " + line)
    print(f"  (not in the surface: {info.get('builtin_without_handler', 0)} builtins with no "
          f"BuiltinVariable handler, {info.get('opcode_without_handler', 0)} CPython 3.11 "
          "opcodes with no handler)")
    if args.uncovered:
        for r in rows:
            if r["status"] != "covered" and args.uncovered in ("all", r["kind"]):
                extra = f" [{', '.join(r['programs'])}]" if r["programs"] else ""
                note = f"  -- {r['note']}" if r["note"] else ""
                print(f"  {r['status']:<11} {r['kind']:<13} {r['item']}{extra}{note}")
    for p in problems:
        print("PROBLEM " + p)
    text = render_tsv(rows, version)
    status = 1 if problems else 0
    if args.check:
        current = SURFACE_TSV.read_text() if SURFACE_TSV.exists() else ""
        if current != text:
            import difflib

            diff = list(difflib.unified_diff(current.splitlines(), text.splitlines(),
                                             "surface.tsv (checked in)", "this run",
                                             lineterm="", n=0))
            print("\n".join(diff[:60]))
            print(f"{SURFACE_TSV.relative_to(REPO)} is stale "
                  "(rerun scripts/dynamo_surface.py to refresh it)")
            status = 1
        else:
            print(f"{SURFACE_TSV.relative_to(REPO)} is up to date")
    elif not args.no_write:
        SURFACE_DIR.mkdir(parents=True, exist_ok=True)
        SURFACE_TSV.write_text(text)
        print(f"wrote {SURFACE_TSV.relative_to(REPO)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
