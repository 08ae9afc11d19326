"""torch while_loop whose body prints (a graph break): Dynamo cannot capture the while_loop.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError
"""
import torch
from torch._higher_order_ops.while_loop import while_loop

torch.manual_seed(0)


def body_fn(i, x):
    print("step")
    return i + 1, x * 2


def fn(i, x):
    return while_loop(lambda i, x: i < 3, body_fn, (i, x))


opt = torch.compile(fn, backend="eager")
try:
    i, x = opt(torch.tensor(0), torch.randn(3))
    print(int(i), round(x.double().sum().item(), 4))
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
