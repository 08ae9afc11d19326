"""Tensor.item() of a 0-d int64 graph input under capture_scalar_outputs: the fake tensor's item_memo is a backed symbol (source L['k'].item()), not an unbacked one.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; core unsupported (the input's value is not in the trace)
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_scalar_outputs = True


def fn(x, k):
    n = k.item()
    return x * n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.tensor(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
