"""Trace size and determinism: the per-event object budget and its truncation marker,
module namespaces recorded by the names reached (not in full), library code walked only
as deep as Dynamo can reach it, and the same program recording the same trace."""
import importlib.util

import torch

import dynrr

from conftest import ROOT

# Many distinct objects behind one global, so a walk of it is large.
BIG = [{"k": i, "name": f"item{i}", "vals": (i, i + 1)} for i in range(400)]
UNREAD = [f"never-read-{i}" for i in range(300)]


def _record(tmp_path, fn, *args, name="t.dynrr", **kw):
    torch._dynamo.reset()
    path = tmp_path / name
    with dynrr.record(path, **kw):
        torch.compile(fn, backend="eager")(*args)
    return dynrr.load(path), path


def _compiled(trace):
    return [e for e in trace["events"] if e["compileId"]]


def reads_big(x):
    return x + len(BIG)


def test_budget_marks_event_truncated(tmp_path):
    trace, _ = _record(tmp_path, reads_big, torch.ones(3), max_objects=200)
    (ev,) = _compiled(trace)
    assert ev["status"] == "incomplete"
    assert ev["statusReason"].startswith("trace truncated: ")
    assert "budget of 200 objects" in ev["statusReason"]
    reasons = [o["opaque"]["reason"] for o in trace["heap"][1:] if o["which"] == "opaque"]
    assert "budget: objects" in reasons


def test_under_budget_is_not_truncated(tmp_path):
    trace, _ = _record(tmp_path, reads_big, torch.ones(3))
    (ev,) = _compiled(trace)
    assert ev["status"] == "compiled" and ev["statusReason"] == ""


def returns_nested(x):
    shift = x.mean()

    def apply(t):
        return t - shift

    return apply, x * 2


def test_generated_code_globals_constant_is_not_walked_in_full(tmp_path):
    # Dynamo's generated code holds f_globals as a constant to rebuild `apply`.
    trace, path = _record(tmp_path, returns_nested, torch.ones(4))
    (ev,) = _compiled(trace)
    heap = trace["heap"]
    gen = heap[ev["reference"]["generatedCode"]]["code"]
    dict_consts = [c for c in gen["consts"] if heap[c]["which"] == "dict"]
    assert dict_consts, "Dynamo 2.13 passes f_globals to the nested-function rebuild"
    # The same object as the frame's globals (identity token kept), holding only the
    # names some walked code reads (none here: the generated code reads none of them).
    const, frame_globals = heap[dict_consts[0]], heap[ev["frame"]["globals"]]
    assert const["identity"] == frame_globals["identity"] != 0
    assert len(const["dict"]) <= len(frame_globals["dict"])
    strings = {o["str"] for o in heap[1:] if o["which"] == "str"}
    assert not any(s.startswith("never-read-") for s in strings)
    assert path.stat().st_size < 64 * 1024


def true_branch(x):
    return x.sin() * 2


def false_branch(x):
    return x.cos() - 1


def uses_cond(x):
    return torch.cond(x.sum() > 0, true_branch, false_branch, (x,))


def test_library_functions_are_walked_shallowly(tmp_path):
    trace, path = _record(tmp_path, uses_cond, torch.ones(4))
    (ev,) = _compiled(trace)
    assert ev["status"] == "compiled"
    heap = trace["heap"]
    fns = {o["function"]["qualname"]: o["function"] for o in heap[1:] if o["which"] == "function"}
    # torch.cond itself (reached from user code) has its globals; no sympy/mpmath code.
    assert heap[fns["cond"]["globals"]]["dict"]
    modules = {o["function"]["module"] for o in heap[1:] if o["which"] == "function"}
    assert not any(m.startswith(("sympy", "mpmath")) for m in modules)
    assert path.stat().st_size < 256 * 1024
    for g in ev["reference"]["guards"]:
        if g["kind"] == "TENSOR_MATCH":
            assert " value=" not in g["detail"], g["detail"]


PROGRAM = """
import torch

def fn(x):
    shift = x.mean()
    def apply(t):
        return t - shift
    return apply, torch.sin(x) * 2

opt = torch.compile(fn, backend="eager")
opt(torch.ones(4))
opt(torch.ones(4, 2))
"""


def test_same_program_same_trace(tmp_path):
    import os
    import subprocess
    import sys

    spec = importlib.util.spec_from_file_location("record_corpus",
                                                  ROOT / "scripts" / "record_corpus.py")
    rc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rc)
    prog = tmp_path / "prog.py"
    prog.write_text(PROGRAM)
    import _dynrr

    # The child finds this very extension (cwd is tmp_path, so no relative paths).
    paths = [os.path.dirname(_dynrr.__file__), str(ROOT / "recorder" / "python")]
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=os.pathsep.join(paths))
    env.pop("TORCH_LOGS", None)
    for name in ("a", "b"):
        subprocess.run([sys.executable, "-m", "dynrr", "record", "-o", f"{name}.dynrr", "--",
                        "prog.py"], cwd=tmp_path, env=env, check=True, capture_output=True)
    a, b = str(tmp_path / "a.dynrr"), str(tmp_path / "b.dynrr")
    assert len(dynrr.load(a)["events"]) == 2
    assert rc.compare_traces(a, b) == ""
    # The comparison does see differences.
    _, c = _record(tmp_path, returns_nested, torch.ones(5), name="c.dynrr")
    assert rc.compare_traces(a, str(c)) != ""


def test_stable_text_replaces_ids_and_uuids():
    from dynrr import _capture

    assert _capture.stable_text("___check_obj_id(G['f'], 140348815321600)") == \
        "___check_obj_id(G['f'], <id>)"
    assert _capture.stable_text("L['x'].size()[0] == 3") == "L['x'].size()[0] == 3"
    name = "__compiled_fn_1_1f679179_beeb_4671_a8b5_74fc9e465aa4"
    assert _capture.stable_text(name) == "__compiled_fn_1" + _capture.STABLE_UUID


# ------------------------------------------------------------ the budget, at record time
BUDGET_LINE = ("dynrr: event {i} ({name}): the recorder's object budget ({n} objects per event) "
               "was reached; the event is truncated and will replay as unsupported. Raise it "
               "with --max-objects N or DYNRR_MAX_OBJECTS=N.")


def _budget_lines(stderr):
    return [line for line in stderr.splitlines() if "object budget" in line]


def test_budget_hit_is_named_once_on_stderr(tmp_path, capsys):
    _record(tmp_path, reads_big, torch.ones(3), max_objects=200)
    captured = capsys.readouterr()
    assert _budget_lines(captured.err) == [BUDGET_LINE.format(i=0, name="reads_big", n=200)]
    assert "dynrr" not in captured.out
    # Under the budget: nothing on stderr.
    _record(tmp_path, reads_big, torch.ones(3), name="full.dynrr")
    assert _budget_lines(capsys.readouterr().err) == []


def test_max_objects_must_be_positive(tmp_path):
    import pytest

    for bad in (0, -5, 2.5, "10"):
        with pytest.raises(ValueError):
            dynrr.record(tmp_path / "x.dynrr", max_objects=bad).__enter__()
    assert dynrr.stop() is None  # nothing was left installed


# More than the default 6,000 objects behind one global (lists of <= 2000 items each,
# so no container is cut short by the per-container limit).
BIG_PROGRAM = """
import torch

BIG = [[{"k": i * 1000 + j} for j in range(1000)] for i in range(8)]


def reads_big(x):
    return x + len(BIG)


print("RESULT", torch.compile(reads_big, backend="eager")(torch.ones(2)).tolist())
"""


def _run(tmp_path, args, **env_extra):
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONHASHSEED="0")
    for k in ("DYNRR_TRACE", "DYNRR_MAX_OBJECTS", "TORCH_LOGS"):
        env.pop(k, None)
    env.update(env_extra)
    return subprocess.run([sys.executable] + args, cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)


def _replay(path):
    import json
    import subprocess

    from test_recorder_show import DYNRR

    out = subprocess.run([str(DYNRR), "replay", str(path), "--json"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)["frames"]


def test_cli_max_objects_raises_the_budget(tmp_path):
    (tmp_path / "big.py").write_text(BIG_PROGRAM)
    plain = _run(tmp_path, ["big.py"])
    assert plain.returncode == 0, plain.stderr

    # The default budget: the event is kept, truncated, and named on stderr (once).
    cut = _run(tmp_path, ["-m", "dynrr", "record", "-o", "cut.dynrr", "--", "big.py"])
    assert cut.returncode == 0, cut.stderr
    assert cut.stdout == plain.stdout
    assert _budget_lines(cut.stderr) == [BUDGET_LINE.format(i=0, name="reads_big", n=6000)]
    (ev,) = _compiled(dynrr.load(str(tmp_path / "cut.dynrr")))
    assert ev["status"] == "incomplete"
    assert "budget of 6000 objects" in ev["statusReason"]
    (frame,) = _replay(tmp_path / "cut.dynrr")
    assert frame["verdict"] == "unsupported" and "trace truncated" in frame["reason"]

    # --max-objects raises it: the same program records completely, nothing on stderr.
    full = _run(tmp_path, ["-m", "dynrr", "record", "-o", "full.dynrr", "--max-objects",
                           "100000", "--", "big.py"])
    assert full.returncode == 0, full.stderr
    assert full.stdout == plain.stdout
    assert "dynrr" not in full.stderr
    (ev,) = _compiled(dynrr.load(str(tmp_path / "full.dynrr")))
    assert ev["status"] == "compiled" and ev["statusReason"] == ""
    (frame,) = _replay(tmp_path / "full.dynrr")
    assert frame["verdict"] != "unsupported" or "trace truncated" not in frame["reason"]

    bad = _run(tmp_path, ["-m", "dynrr", "record", "-o", "x.dynrr", "--max-objects", "0",
                          "--", "big.py"])
    assert bad.returncode == 2 and "--max-objects" in bad.stderr


def test_env_max_objects(tmp_path):
    (tmp_path / "big.py").write_text(BIG_PROGRAM)
    plain = _run(tmp_path, ["big.py"])
    full = _run(tmp_path, ["big.py"], DYNRR_TRACE="env.dynrr", DYNRR_MAX_OBJECTS="100000")
    assert full.returncode == 0, full.stderr
    assert full.stdout == plain.stdout and "dynrr" not in full.stderr
    (ev,) = _compiled(dynrr.load(str(tmp_path / "env.dynrr")))
    assert ev["status"] == "compiled"

    # Lowered: truncated, and the line names the budget in force.
    low = _run(tmp_path, ["big.py"], DYNRR_TRACE="low.dynrr", DYNRR_MAX_OBJECTS="500")
    assert low.stdout == plain.stdout
    assert _budget_lines(low.stderr) == [BUDGET_LINE.format(i=0, name="reads_big", n=500)]
    (ev,) = _compiled(dynrr.load(str(tmp_path / "low.dynrr")))
    assert ev["status"] == "incomplete" and "budget of 500 objects" in ev["statusReason"]

    # -m dynrr record reads it too; --max-objects wins over it.
    cli = _run(tmp_path, ["-m", "dynrr", "record", "-o", "cli.dynrr", "--", "big.py"],
               DYNRR_MAX_OBJECTS="100000")
    assert "dynrr" not in cli.stderr
    assert _compiled(dynrr.load(str(tmp_path / "cli.dynrr")))[0]["status"] == "compiled"
    both = _run(tmp_path, ["-m", "dynrr", "record", "-o", "both.dynrr", "--max-objects", "300",
                           "--", "big.py"], DYNRR_MAX_OBJECTS="100000")
    assert _budget_lines(both.stderr) == [BUDGET_LINE.format(i=0, name="reads_big", n=300)]

    # An invalid value is named and ignored; the program runs as ever.
    junk = _run(tmp_path, ["big.py"], DYNRR_TRACE="junk.dynrr", DYNRR_MAX_OBJECTS="lots")
    assert junk.returncode == 0 and junk.stdout == plain.stdout
    assert "ignoring DYNRR_MAX_OBJECTS='lots'" in junk.stderr
    assert _budget_lines(junk.stderr)[-1] == BUDGET_LINE.format(i=0, name="reads_big", n=6000)
