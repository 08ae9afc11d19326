"""torch while_loop whose body changes the carried tensor's shape: Dynamo refuses (metadata mismatch).

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def fn(i, x):
    return while_loop(lambda i, x: i < 3, lambda i, x: (i + 1, x.sum(0)), (i, x))


opt = torch.compile(fn, backend="eager")
try:
    i, x = opt(torch.tensor(0), torch.randn(3, 3))
    print(int(i), tuple(x.shape))
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
