"""mark_dynamic: a size modulo 2 decides a branch (Mod; `(s % 2) == 0` guarded, the Mod
then known divisible), and a modulo result scales a tensor (an operator.mod node).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    r = x.shape[0] % 3
    if x.shape[0] % 2 == 0:
        out = x.sin() * r
    else:
        out = x.cos() * r
    return out.sum(0) + y


x = torch.randn(8, 3)
torch._dynamo.mark_dynamic(x, 0)
opt = torch.compile(fn, backend="eager")
a = opt(x, torch.randn(3))
print(tuple(a.shape), round(a.sum().item(), 4))
