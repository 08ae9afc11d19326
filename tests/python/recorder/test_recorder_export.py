"""Compiles with export=True: torch.export.export(strict=True) reaches Dynamo through
convert_frame.fullgraph_capture -> compile_frame (no _compile, no CheckFunctionManager),
torch._dynamo.export through _compile. Both are recorded, with the export flag, the graph
Dynamo captured and the OutputGraph's guards. The core replays torch._dynamo.export's
frames and answers strict export's ModuleToTrace.forward unsupported by name."""
import json
import pathlib
import subprocess

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


def test_core_names_export_mode(tmp_path):
    path = tmp_path / "strict.dynrr"
    with dynrr.record(path):
        torch.export.export(Lin(), (torch.randn(2, 4), torch.randn(3)), strict=True)
    out = subprocess.run([str(ROOT / "build/bin/dynrr"), "replay", "--json", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    frames = json.loads(out.stdout)["frames"]
    assert [f["verdict"] for f in frames] == ["unsupported"]
    assert "export=True" in frames[0]["reason"]


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
