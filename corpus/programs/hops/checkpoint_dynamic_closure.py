"""torch.utils.checkpoint with dynamic=True whose function closes over a second dynamic input: lifted with its size symbols first.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.utils.checkpoint

torch.manual_seed(0)


def fn(x, w):
    def body(a):
        return (a @ w).relu()

    return torch.utils.checkpoint.checkpoint(body, x, use_reentrant=False)


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(4, 3), torch.randn(3, 6))
print(tuple(out.shape), round(out.double().sum().item(), 4))
