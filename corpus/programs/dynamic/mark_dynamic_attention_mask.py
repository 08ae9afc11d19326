"""mark_dynamic on the sequence dim of scores and mask: an additive attention mask built
from a boolean padding mask (a transformers pattern).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(scores, mask):
    bias = (1.0 - mask[:, None, None, :].to(scores.dtype)) * -10000.0
    return (scores + bias).softmax(-1)


opt = torch.compile(fn, backend="eager")
scores = torch.randn(2, 2, 6, 6)
mask = torch.ones(2, 6)
mask[0, 4:] = 0
torch._dynamo.mark_dynamic(scores, 2)
torch._dynamo.mark_dynamic(scores, 3)
torch._dynamo.mark_dynamic(mask, 1)
a = opt(scores, mask)
print(tuple(a.shape), round(a.sum().item(), 4))
