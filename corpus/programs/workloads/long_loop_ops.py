"""A loop tracing N elementwise ops (N from env DYNRR_SCALE_N, default 500) for scaling.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles; 4 * (N // 4) + 1 ops in the graph (501 for N = 500)
"""
import torch
import os

torch.manual_seed(0)


# The benchmark records 50-, 500- and 5,000-op variants by setting DYNRR_SCALE_N.
N = int(os.environ.get("DYNRR_SCALE_N", "500"))


def fn(x, y):
    for _ in range(N // 4):
        x = x * 1.01
        x = x + 0.01
        x = x.tanh()
        y = y + x
    return y.sum()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(8), torch.zeros(8))
print(N, round(out.item(), 4))
