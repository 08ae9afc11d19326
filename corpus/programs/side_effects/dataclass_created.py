"""A dataclass instance created during tracing and returned.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import dataclasses

torch.manual_seed(0)


@dataclasses.dataclass
class Output:
    logits: torch.Tensor
    loss: torch.Tensor


def fn(x):
    logits = x.softmax(-1)
    return Output(logits=logits, loss=-logits.log().mean())


opt = torch.compile(fn, backend="eager")
res = opt(torch.randn(2, 5))
out = res.loss
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
