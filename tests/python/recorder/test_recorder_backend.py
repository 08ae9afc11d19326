"""CompileEvent.backend and the innermost functorch transform among the constant folds:
what InstructionTranslator._throw_if_in_functorch reads for a frame entered while a
functorch transform is active (a function torch.func.grad calls eagerly after a graph
break). With the eager backend Dynamo traces it (FUNCTORCH_STACK_MATCH); with another one
it raises "Unsupported functorch tracing attempt". The core decides both from the trace."""
import json
import pathlib
import subprocess

import torch

import dynrr

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _loss(a):
    torch._dynamo.graph_break()
    return a.cos().sum()


def _fn(x):
    return torch.func.grad(_loss)(x * 2)


def _record(path, backend):
    torch._dynamo.reset()
    with dynrr.record(path):
        torch.compile(_fn, backend=backend)(torch.randn(3))
    return dynrr.load(path)


def _by_name(trace):
    out = {}
    for ev in trace["events"]:
        code = trace["heap"][ev["frame"]["code"]]["code"]
        out.setdefault(code["qualname"], ev)
    return out


def _fold(ev, name):
    folds = {kv["key"]: kv["value"] for kv in ev["frame"]["globalState"]["constantFolds"]}
    return folds.get(name)


def _replay(path):
    out = subprocess.run([str(ROOT / "build/bin/dynrr"), "replay", "--json", str(path)],
                         capture_output=True, text=True, check=False)
    return out.returncode, json.loads(out.stdout)["summary"]


def test_eager_backend_frame_under_grad(tmp_path):
    path = tmp_path / "eager.dynrr"
    events = _by_name(_record(path, "eager"))
    assert events["_fn"]["backend"] == "eager"
    assert _fold(events["_fn"], "torch._C._functorch.peek_interpreter_stack") == "None"
    loss = events["_loss"]
    assert loss["backend"] == "eager" and loss["status"] == "compiled"
    assert _fold(loss, "torch._C._functorch.peek_interpreter_stack") == "<TransformType.Grad: 2>"
    assert "FUNCTORCH_STACK_MATCH" in {g["kind"] for g in loss["reference"]["guards"]}
    rc, summary = _replay(path)
    assert rc == 0 and summary["unsupported"] == 0 and summary["diverge"] == 0


def test_other_backend_frame_under_grad_raises(tmp_path):
    path = tmp_path / "aot_eager.dynrr"
    events = _by_name(_record(path, "aot_eager"))
    loss = events["_loss"]
    assert loss["backend"] == "other" and loss["status"] == "error"
    assert loss["statusReason"].startswith("Unsupported: Unsupported functorch tracing attempt")
    rc, summary = _replay(path)
    assert rc == 0 and summary["unsupported"] == 0 and summary["diverge"] == 0


def _slow_backend(gm, example_inputs):
    """A backend whose compile takes a known 0.3 s per graph (Inductor's takes seconds)."""
    import time
    time.sleep(0.3)
    return gm.forward


def _two_graphs(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos()


def test_backend_time_kept_apart_from_tracing(tmp_path):
    # CompileEvent.backendNs: the time inside the backend's calls, part of dynamoNs; the
    # replay's ratio is against dynamoNs - backendNs (Dynamo's tracing) only.
    path = tmp_path / "slow.dynrr"
    torch._dynamo.reset()
    with dynrr.record(path):
        torch.compile(_two_graphs, backend=_slow_backend)(torch.randn(3))
    events = _by_name(dynrr.load(path))
    first = events["_two_graphs"]
    assert first["backendTimed"] and first["backend"] == "other"
    assert len(first["reference"]["graphs"]) == 1
    assert 0.3e9 <= first["backendNs"] < first["dynamoNs"]
    assert first["dynamoNs"] - first["backendNs"] < 0.3e9  # tracing a 1-op graph
    resume = [ev for name, ev in events.items() if name.startswith("torch_dynamo_resume")][0]
    assert resume["backendTimed"] and resume["backendNs"] >= 0.3e9
    out = subprocess.run([str(ROOT / "build/bin/dynrr"), "replay", "--json", str(path)],
                         capture_output=True, text=True, check=True)
    frames = json.loads(out.stdout)["frames"]
    for f in frames:
        ev = dynrr.load(path)["events"][f["index"]]
        assert f["dynamo_ns"] == ev["dynamoNs"]
        assert f["backend_ns"] == ev["backendNs"]
        assert f["tracing_ns"] == ev["dynamoNs"] - ev["backendNs"]


def test_traces_without_backend_time_give_no_ratio():
    # A corpus trace recorded before the field: the split is unknown, so the table shows
    # "?" and no speed-up, and JSON gives null, rather than a ratio inflated by the backend.
    old = ROOT / "corpus/traces/arith/add_tensors.dynrr"
    trace = dynrr.load(old)
    if trace["events"][0].get("backendTimed"):
        import pytest
        pytest.skip("this corpus trace was re-recorded with the backend timed")
    out = subprocess.run([str(ROOT / "build/bin/dynrr"), "replay", "--json", str(old)],
                         capture_output=True, text=True, check=True)
    frame = json.loads(out.stdout)["frames"][0]
    assert frame["tracing_ns"] is None and frame["backend_ns"] is None
    table = subprocess.run([str(ROOT / "build/bin/dynrr"), "replay", str(old)],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    row = table[1].split()
    assert row[-3:] == ["?", "?", "-"], table[1]
