"""torch.cond with two operands sharing one unbacked size (nonzero's rows, and a computation on them).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_dynamic_output_shape_ops = True


def fn(x, w):
    rows = x.nonzero().float()
    scaled = rows * 2.0 + 1.0
    return torch.cond(
        w.sum() > 0,
        lambda a, b: (a + b).mean(0),
        lambda a, b: (a - b).amax(0),
        (rows, scaled),
    )


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([[1.0, 0.0], [0.0, 2.0], [3.0, 4.0]]), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
