"""Functions Dynamo folds from the process: distributed availability, the privateuse1 name, functorch state.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x * 2
    if torch.distributed.is_available():
        y = y + 1
    if not torch.distributed.is_initialized():
        y = y - 3
    if torch._C._get_privateuse1_backend_name() == "privateuseone":
        y = y * 5
    if torch._C._are_functorch_transforms_active():
        y = y / 7
    return y, torch._C._get_privateuse1_backend_name()


opt = torch.compile(fn, backend="eager")
out, name = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4), name)
