"""mark_dynamic on batch and sequence dims of an attention-style reshape.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    b, s, h = x.shape
    q = x.view(b, s, 2, h // 2).transpose(1, 2)
    att = (q @ q.transpose(-1, -2)).softmax(-1)
    return (att @ q).transpose(1, 2).reshape(b, s, h)


opt = torch.compile(fn, backend="eager")
x = torch.randn(2, 5, 8)
torch._dynamo.mark_dynamic(x, 0)
torch._dynamo.mark_dynamic(x, 1)
a = opt(x)
print(tuple(a.shape), round(a.sum().item(), 4))
