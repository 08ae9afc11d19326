"""Compiles with export=True: torch.export.export(strict=True) reaches Dynamo through
convert_frame.fullgraph_capture -> compile_frame (no _compile, no CheckFunctionManager),
torch._dynamo.export through _compile. Both are recorded, with the export flag, the graph
Dynamo captured and the OutputGraph's guards, and strict export's Dims
(CompileEvent.exportConstraints). The core replays both kinds of frames."""
import json
import os
import pathlib
import subprocess
import sys

import torch

import dynrr

ROOT = pathlib.Path(__file__).resolve().parents[3]


class Lin(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 3)

    def forward(self, x, y):
        return self.lin(x).relu() + y


def _code(trace, event):
    return trace["heap"][event["frame"]["code"]]["code"]


def test_strict_export_is_recorded(tmp_path):
    path = tmp_path / "strict.dynrr"
    with dynrr.record(path):
        ep = torch.export.export(Lin(), (torch.randn(2, 4), torch.randn(3)), strict=True)
    assert len(ep.graph.nodes) > 0
    trace = dynrr.load(path)
    events = trace["events"]
    assert len(events) == 1
    ev = events[0]
    assert ev["status"] == "compiled" and ev["export"] is True
    assert ev["compileId"] == "0/0"
    assert _code(trace, ev)["qualname"] == "ModuleToTrace.forward"
    graphs = ev["reference"]["graphs"]
    assert len(graphs) == 1 and "torch._C._nn.linear" in graphs[0]["code"]
    kinds = {g["kind"] for g in ev["reference"]["guards"]}
    assert {"TENSOR_MATCH", "SHAPE_ENV"} <= kinds
    assert ev["reference"]["generatedCode"] != 0


def test_dynamo_export_is_recorded_with_the_flag(tmp_path):
    path = tmp_path / "legacy.dynrr"

    def fn(x):
        return x.sin() + 1

    with dynrr.record(path):
        torch._dynamo.export(fn)(torch.randn(3))
        torch._dynamo.reset()
        torch.compile(fn, backend="eager")(torch.randn(3))
    events = dynrr.load(path)["events"]
    assert [e["export"] for e in events] == [True, False]
    assert all(e["status"] == "compiled" for e in events)


def test_strict_export_error_is_recorded(tmp_path):
    path = tmp_path / "error.dynrr"

    class Branchy(torch.nn.Module):
        def forward(self, x):
            if x.sum().item() > 0:
                return x + 1
            return x - 1

    with dynrr.record(path):
        try:
            torch.export.export(Branchy(), (torch.randn(3),), strict=True)
        except Exception:
            pass
    events = dynrr.load(path)["events"]
    assert len(events) == 1
    assert events[0]["status"] == "error" and events[0]["export"] is True


def _record_in_fresh_process(tmp_path, body):
    """Runs `body` (a module's source) under dynrr.record in a new interpreter: some of
    Dynamo's guards on pytree's sources (ID_MATCH on __import__('torch')) are only
    installed by the first compile of a process that reaches them."""
    path = tmp_path / "fresh.dynrr"
    prog = tmp_path / "prog.py"
    prog.write_text("import torch\nimport dynrr\n" + body.replace("TRACE", repr(str(path))))
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("DYNRR_TRACE", None)
    out = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True,
                         env=env, timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]
    return path


def test_core_replays_strict_export(tmp_path):
    """ModuleToTrace.forward with its pytree inlining (tree_unflatten over a nested
    in_spec TreeSpec, tree_flatten of a nested output): the core's decisions equal
    Dynamo's."""
    path = _record_in_fresh_process(tmp_path, """
class Nested(torch.nn.Module):
    def forward(self, x, pair):
        return {"a": x + pair[0], "b": (pair[1].sin(),)}

with dynrr.record(TRACE):
    torch.export.export(Nested(), (torch.randn(3), (torch.randn(3), torch.randn(3))),
                        strict=True)
""")
    trace = dynrr.load(path)
    assert trace["header"]["quirks"]["instanceNoDictRecorded"] is True
    rc, frames = _replay(path)
    assert rc == 0, frames
    assert [f["verdict"] for f in frames] == ["match"], frames


def test_strict_export_dims_are_recorded_and_replayed(tmp_path):
    """torch.export Dims reach compile_frame as export_constraints: recorded by the
    constrained tensor's source with the Dim's range, replayed as dynamic dims."""
    path = _record_in_fresh_process(tmp_path, """
from torch.export import Dim

class Add(torch.nn.Module):
    def forward(self, x, y):
        return x + y

n = Dim("n", min=2, max=32)
with dynrr.record(TRACE):
    torch.export.export(Add(), (torch.randn(5, 3), torch.randn(5, 3)),
                        dynamic_shapes=({0: n}, {0: n}), strict=True)
""")
    ev = dynrr.load(path)["events"][0]
    cs = ev["exportConstraints"]
    assert [(c["source"], c["dim"], c["min"], c["max"], c["name"]) for c in cs] == [
        ("L['flat_args'][0]", 0, 2, 32, "n"), ("L['flat_args'][1]", 0, 2, 32, "n")]
    rc, frames = _replay(path)
    assert rc == 0, frames
    assert [f["verdict"] for f in frames] == ["match"], frames


def _replay(path):
    out = subprocess.run([str(ROOT / "build/bin/dynrr"), "replay", "--json", str(path)],
                         capture_output=True, text=True)
    return out.returncode, json.loads(out.stdout)["frames"] if out.stdout else out.stderr


def test_core_replays_dynamo_export(tmp_path):
    """torch._dynamo.export of a module: parameters installed as get_attr nodes, the
    SHAPE_ENV guard with static values; the core's decisions equal Dynamo's."""
    path = tmp_path / "legacy.dynrr"
    with dynrr.record(path):
        torch._dynamo.export(Lin(), assume_static_by_default=True)(
            torch.randn(2, 4), torch.randn(3))
    trace = dynrr.load(path)
    code = trace["events"][0]["reference"]["graphs"][0]["code"]
    assert "self.L__self___lin_weight" in code  # a get_attr, not a graph input
    rc, frames = _replay(path)
    assert rc == 0, frames
    assert [f["verdict"] for f in frames] == ["match"], frames


def test_core_raises_graph_break_under_export(tmp_path):
    """Under export a graph break is the frame's Unsupported error, which the core
    reaches too (compared by its first line)."""
    path = tmp_path / "break.dynrr"

    def fn(x):
        y = x.cos()
        print("tracing")
        return y + 1

    with dynrr.record(path):
        try:
            torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(3))
        except Exception:
            pass
    events = dynrr.load(path)["events"]
    assert events[0]["status"] == "error"
    rc, frames = _replay(path)
    assert rc == 0, frames
    assert [f["verdict"] for f in frames] == ["match"], frames
