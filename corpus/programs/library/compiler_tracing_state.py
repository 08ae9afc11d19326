"""torch.compiler.is_exporting / is_compiling / is_dynamo_compiling and torch.jit.is_scripting
read while tracing: constants that pick the branch (is_exporting is False outside export).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def exporting():
    try:
        return torch.compiler.is_exporting()
    except Exception:
        return False


def fn(x):
    if exporting():
        x = x * 100
    if torch.compiler.is_compiling() and torch.compiler.is_dynamo_compiling():
        x = x + 1
    if not torch.jit.is_scripting():
        x = x.sin()
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
