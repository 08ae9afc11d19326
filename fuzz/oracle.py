"""The oracle of dynrr-fuzz: runs one generated program eagerly and under real Dynamo.

Runs inside the interpreter that the dynrr-fuzz binary embeds (torch imported once per
process). A generated program defines `make_inputs()` (seeded tensors, fresh lists and
dicts), `f(*inputs)` and optionally `observe()` (globals and cells it may mutate). Each run
executes the source in a fresh module namespace, so the eager run, the recorded compiled
run and the unrecorded compiled run share nothing. The compiled runs use
torch.compile(backend="eager") (torch/_dynamo/eval_frame.py); the recorded one runs under
dynrr's Recorder with an in-memory trace (recorder/python/dynrr/_recorder.py).

run_case returns a dict of plain values; the C++ side turns it into verdicts.
"""
from __future__ import annotations

import contextlib
import io
import itertools
import linecache
import logging
import math
import os
import sys
import time

import torch
import torch._dynamo

FILENAME = "/fuzz/case.py"
# See _as_fresh_process; `dynrr-fuzz --keep-unique-ids` turns it off.
FRESH_IDS = os.environ.get("DYNRR_FUZZ_KEEP_UNIQUE_IDS", "") in ("", "0")

torch.set_num_threads(1)
# Graph-break warnings (e.g. Tensor.item()) would flood the campaign's output.
torch._logging.set_logs(dynamo=logging.ERROR)


def _fresh(source):
    # dont_inherit: the program runs as a script would, not under this module's
    # `from __future__ import annotations` (string annotations would send dataclasses
    # looking for the program in sys.modules).
    code = compile(source, FILENAME, "exec", dont_inherit=True)
    ns = {"__name__": "fuzzcase", "__file__": FILENAME, "__builtins__": __builtins__}
    exec(code, ns)
    return ns


def _register_source(source):
    lines = source.splitlines(True)
    linecache.cache[FILENAME] = (len(source), None, lines, FILENAME)


def _same(a, b, path="result"):
    """'' when a and b are the same value, else a description of the first difference."""
    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)):
            return f"{path}: {type(a).__name__} vs {type(b).__name__}"
        if a.dtype != b.dtype or a.shape != b.shape:
            return f"{path}: {a.dtype}{list(a.shape)} vs {b.dtype}{list(b.shape)}"
        if a.dtype.is_floating_point or a.dtype.is_complex:
            ok = torch.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True)
        else:
            ok = torch.equal(a, b)
        return "" if ok else f"{path}: values differ\n  eager:    {a}\n  compiled: {b}"
    # The numpy family's ndarray argument (xn) comes back in the inputs.
    if type(a).__name__ == "ndarray" or type(b).__name__ == "ndarray":
        if type(a).__name__ != type(b).__name__:
            return f"{path}: {type(a).__name__} vs {type(b).__name__}"
        return _same(torch.from_numpy(a), torch.from_numpy(b), path)
    # Each run executes the program in its own namespace, so user classes are distinct
    # objects with the same qualified name.
    if type(a).__qualname__ != type(b).__qualname__:
        return f"{path}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: length {len(a)} vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = _same(x, y, f"{path}[{i}]")
            if d:
                return d
        return ""
    if isinstance(a, dict):
        if list(a.keys()) != list(b.keys()):
            return f"{path}: keys {list(a.keys())} vs {list(b.keys())}"
        for k in a:
            d = _same(a[k], b[k], f"{path}[{k!r}]")
            if d:
                return d
        return ""
    if isinstance(a, float):
        if math.isnan(a) and math.isnan(b):
            return ""
        return "" if a == b or abs(a - b) <= 1e-6 * max(1.0, abs(a)) else f"{path}: {a!r} vs {b!r}"
    if isinstance(a, (int, bool, str, type(None))):
        return "" if a == b else f"{path}: {a!r} vs {b!r}"
    if isinstance(a, torch.nn.Module):
        return _same(dict(a.state_dict()), dict(b.state_dict()), f"{path}.state") or \
            _same(_plain_attrs(a), _plain_attrs(b), path)
    if hasattr(a, "__dict__"):
        return _same(_plain_attrs(a), _plain_attrs(b), path)
    return "" if a == b else f"{path}: {a!r} vs {b!r}"


def _plain_attrs(obj):
    return {k: v for k, v in vars(obj).items() if not k.startswith("_")}


def _as_fresh_process():
    """Dynamo names the globals it installs with a process-wide counter
    (bytecode_transformation.unique_id: `__builtins_dict___<n>`), so the n-th compile of a
    process sees other names than the first. Each case starts it at 0, as a fresh process
    would: verdicts then do not depend on which cases a worker ran before."""
    from torch._dynamo import bytecode_transformation
    from torch._dynamo.variables import functions

    bytecode_transformation._unique_id_counter = itertools.count()
    # The source of torch.utils._pytree.SUPPORTED_NODES is made once per process
    # (lru_cache), and making it installs ID_MATCH on __import__('torch'): only the first
    # compile of a process that inlines pytree has that guard.
    functions.get_pytree_SUPPORTED_NODES_source.cache_clear()


def _forget_installed_globals():
    """The eager while_loop / map / cond wrappers compile their operator call with Dynamo,
    which installs globals named by the counter above (`__builtins_dict___<n>`) in the
    torch._higher_order_ops modules; with the counter started again for every case, a
    later case would install the same name again ("already exists in scope"). A fresh
    process has none: each case starts without them (after torch._dynamo.reset(), no
    compiled code refers to them)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("torch._higher_order_ops") or module is None:
            continue
        d = getattr(module, "__dict__", {})
        for key in [k for k in d if k.startswith("__builtins_dict___")]:
            del d[key]


def _run(ns, compiled, recorder):
    """Calls f on fresh inputs; returns (result, inputs after, observed, stdout, error).

    A program that defines CALLS (the dynamic family) is called once per k in
    range(CALLS) on make_inputs(k), through one compiled function (torch.compile with the
    program's COMPILE_KW), so the trace holds every recompile; result and inputs are then
    the lists of every call's."""
    calls = ns.get("CALLS")
    fn = ns["f"]
    if compiled:
        if FRESH_IDS:
            _as_fresh_process()
        fn = torch.compile(fn, backend="eager", **ns.get("COMPILE_KW", {}))
    out = io.StringIO()
    error = ""
    results, inputs_after = [], []
    with contextlib.redirect_stdout(out):
        try:
            for k in range(calls if calls is not None else 1):
                inputs = ns["make_inputs"](k) if calls is not None else ns["make_inputs"]()
                if recorder is not None:
                    recorder.install()
                    try:
                        results.append(fn(*inputs))
                    finally:
                        recorder.remove()
                else:
                    results.append(fn(*inputs))
                inputs_after.append(list(inputs))
        except Exception as e:  # the program's or Dynamo's exception: a finding
            error = f"{type(e).__name__}: {e}"
    observed = ns["observe"]() if "observe" in ns and not error else None
    if calls is None:
        result = results[0] if results else None
        inputs_after = inputs_after[0] if inputs_after else []
    else:
        result = results
    return result, inputs_after, observed, out.getvalue(), error


def _compare(eager, other):
    r, inputs, observed, stdout, _ = eager
    r2, inputs2, observed2, stdout2, _ = other
    return (_same(r, r2, "result") or _same(inputs, inputs2, "inputs") or
            _same(observed, observed2, "observed") or
            ("" if stdout == stdout2 else f"stdout: {stdout!r} vs {stdout2!r}"))


def run_case(source, want_trace, want_correctness, want_transparency):
    """Runs one program. Keys: status ('ok', 'eager_error', 'dynamo_error'), error, trace
    (bytes), mismatch (compiled vs eager, '' if same), transparency ('' if same), and
    times in ns: eager, compiled (the recorded call: Dynamo + recorder + run), dynamo,
    recorder, exec."""
    from dynrr._recorder import Recorder

    res = {"status": "ok", "error": "", "trace": b"", "mismatch": "", "transparency": "",
           "eager_ns": 0, "compiled_ns": 0, "dynamo_ns": 0, "recorder_ns": 0, "setup_ns": 0}
    t0 = time.perf_counter_ns()
    torch._dynamo.reset()
    _forget_installed_globals()
    _register_source(source)
    ns_e = _fresh(source)
    t1 = time.perf_counter_ns()
    eager = _run(ns_e, False, None)
    t2 = time.perf_counter_ns()
    res["setup_ns"] = t1 - t0
    res["eager_ns"] = t2 - t1
    if eager[4]:
        res["status"], res["error"] = "eager_error", eager[4]
        return res
    ns_c = _fresh(source)
    rec = Recorder(None, producer="fuzz") if want_trace or want_transparency else None
    t3 = time.perf_counter_ns()
    compiled = _run(ns_c, True, rec)
    res["compiled_ns"] = time.perf_counter_ns() - t3
    if rec is not None:
        res["trace"] = rec.getvalue()
        res["dynamo_ns"] = rec.dynamo_ns_total
        res["recorder_ns"] = rec.recorder_ns_total
        rec.close()
    if compiled[4]:
        res["status"], res["error"] = "dynamo_error", compiled[4]
        return res
    if want_correctness:
        res["mismatch"] = _compare(eager, compiled)
    if want_transparency:
        torch._dynamo.reset()
        plain = _run(_fresh(source), True, None)
        if plain[4]:
            res["transparency"] = "unrecorded compiled run raised " + plain[4]
        else:
            res["transparency"] = _compare(plain, compiled)
    return res
