"""`dynrr show` prints a recorded trace readably: function, file and line, disassembly,
locals and cells with types and tensor metadata, module trees, globals reached with
Dynamo's classification, graphs with per-node example values, guards, graph breaks and
side effects."""
import pathlib
import subprocess

import torch
import torch.nn as nn

import _dynrr
import dynrr

# The dynrr tool sits next to the extension in the same build tree: <build>/python/_dynrr*.so
# and <build>/bin/dynrr.
DYNRR = pathlib.Path(_dynrr.__file__).resolve().parents[1] / "bin" / "dynrr"


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.register_buffer("scale", torch.ones(2))

    def forward(self, x):
        return self.fc(x) * self.scale


SCALE = 2.0


def helper(a):
    return a * SCALE


def make():
    n = 1

    def f(x, m):
        nonlocal n
        n += 1
        y = helper(x) + n
        print("break")
        return m(y)
    return f


def test_show_prints_everything(tmp_path):
    path = tmp_path / "show.dynrr"
    torch._dynamo.reset()
    with dynrr.record(path):
        torch.compile(make(), backend="eager")(torch.ones(3, 4), Net())
    out = subprocess.run([str(DYNRR), "show", str(path)], capture_output=True, text=True,
                         check=True).stdout
    assert f"make.<locals>.f  {__file__}:" in out
    assert "compiled" in out and "resume function" in out
    assert "disassembly:" in out
    assert "x: Tensor = tensor(f32[3, 4] stride=(4, 1))" in out
    assert "n: <cell: 1>" in out  # the cell with its contents when Dynamo started
    assert "m: Net" in out and "param weight: tensor(f32[2, 4]" in out
    assert "buffer scale: tensor(f32[2]" in out
    assert "helper = <function helper>  [inlined: UserFunctionVariable]" in out
    assert "print = <callable builtins.print>  [builtin: BuiltinVariable]" in out
    assert "def forward(self, L_x_ : torch.Tensor):" in out
    assert "<- L['x']" in out
    assert ("TENSOR_MATCH           L['x']  dtype=torch.float32 device=cpu "
            "requires_grad=False size=[3, 4] stride=[4, 1]") in out
    assert "CONSTANT_MATCH         G['SCALE']  value=2.0" in out
    assert "graph breaks: 1" in out and "type: Failed to trace builtin operator" in out
    assert "store cell" in out and "cell n" in out
    assert "generated code: make.<locals>.f (" in out
    # One event only, and bad input is refused.
    one = subprocess.run([str(DYNRR), "show", str(path), "--event", "1", "--no-disassembly"],
                         capture_output=True, text=True, check=True).stdout
    assert "== event 1" in one and "== event 0" not in one and "disassembly:" not in one
    bad = subprocess.run([str(DYNRR), "show", str(path), "--event", "9"], capture_output=True,
                         text=True)
    assert bad.returncode == 2
