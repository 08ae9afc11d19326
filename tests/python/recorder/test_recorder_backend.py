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
