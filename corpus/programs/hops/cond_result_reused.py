"""torch.cond result used by later ops together with a tensor computed before the cond.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    z = x @ w

    def on_true(t):
        return t.relu() + z

    def on_false(t):
        return t.sigmoid() * z

    r = torch.cond(z.sum() > 0, on_true, on_false, (x,))
    return r.sum(dim=0), r.shape[0]


opt = torch.compile(fn, backend="eager")
s, n = opt(torch.randn(3, 3), torch.randn(3, 3))
print(tuple(s.shape), s.dtype, round(s.double().sum().item(), 4), n)
