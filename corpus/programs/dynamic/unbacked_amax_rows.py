"""amax / amin over nonzero's unbacked rows: the reduction without identity checks the size is positive (range raised to 1, a deferred `0 < u0` assert).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_dynamic_output_shape_ops = True


def fn(x):
    r = x.nonzero().float()
    return r.amax(0), torch.amin(r, dim=(0,)), r.sum(0)


opt = torch.compile(fn, backend="eager")
a, b, c = opt(torch.tensor([[1.0, 0.0], [0.0, 2.0], [3.0, 4.0]]))
print(a.tolist(), b.tolist(), c.tolist())
