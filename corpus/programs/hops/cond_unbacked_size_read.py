"""torch.cond on a nonzero result whose branch reads the operand's unbacked row count.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_dynamic_output_shape_ops = True


def fn(x):
    idx = x.nonzero().float()
    return torch.cond(
        x.max() > 1.0,
        lambda t: (t * t.shape[0]).sum(0),
        lambda t: t.sum(0) - 1.0,
        (idx,),
    )


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([0.5, 0.0, 2.0, -1.0, 3.0]))
print(tuple(out.shape), round(out.double().sum().item(), 4))
