"""while_loop with dynamic=True whose body reads a free tensor of another size: both symbols lifted into the subgraphs.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(x, w):
    def cond_fn(i, t):
        return i < 3

    def body_fn(i, t):
        return i + 1, t + w.sum()

    return while_loop(cond_fn, body_fn, (torch.tensor(0), x))


opt = torch.compile(fn, backend="eager", dynamic=True)
i, out = opt(torch.randn(5), torch.randn(2))
print(int(i), tuple(out.shape), round(out.double().sum().item(), 4))
