"""torch.cond under capture_dynamic_output_shape_ops on an operand with an unbacked size (nonzero's rows): the unbacked symbol lifted with it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_dynamic_output_shape_ops = True


def fn(x):
    idx = x.nonzero().float()
    return torch.cond(x.sum() > 0, lambda t: t.sum(0), lambda t: t.mean(0), (idx,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([0.5, 0.0, 2.0, -1.0]))
print(tuple(out.shape), round(out.double().sum().item(), 4))
