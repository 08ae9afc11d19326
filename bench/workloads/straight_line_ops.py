"""Straight-line code tracing N elementwise ops (N from env DYNRR_SCALE_N, default 500), for
scaling: the loop workload (corpus/programs/workloads/long_loop_ops.py) keeps its
iterator on the value stack, so per-statement work at an empty stack (speculation
checkpoints, as at every line of a model's forward) only shows here.

The function's source is generated (one statement per op, as a model's forward is
written) and compiled under a file name of its own; Dynamo traces the code object.
expect: 1 graph, 0 breaks; 4 * (N // 4) + 1 ops in the graph
"""
import os

import torch

torch.manual_seed(0)

N = int(os.environ.get("DYNRR_SCALE_N", "500"))

lines = ["def fn(x, y):"]
for _ in range(N // 4):
    lines += ["    x = x * 1.01", "    x = x + 0.01", "    x = x.tanh()", "    y = y + x"]
lines.append("    return y.sum()")
scope = {"torch": torch}
exec(compile("\n".join(lines) + "\n", f"<straight_line_ops_{N}>", "exec"), scope)
fn = scope["fn"]

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(8), torch.zeros(8))
print(N, round(out.item(), 4))
