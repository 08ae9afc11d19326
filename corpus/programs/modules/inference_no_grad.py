"""Inference under torch.no_grad() with a module whose parameters require grad: the
grad-mode switch is a torch._C._set_grad_enabled node on each side of the block, and
the results inside do not require grad.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))


def fn(x):
    with torch.no_grad():
        logits = model(x)
        probs = torch.softmax(logits, dim=-1)
    return probs, probs.requires_grad, x.sum()


opt = torch.compile(fn, backend="eager")
probs, rg, s = opt(torch.randn(3, 4))
print(tuple(probs.shape), rg, round(s.item(), 4))
