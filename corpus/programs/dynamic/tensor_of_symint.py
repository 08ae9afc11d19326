"""torch.tensor of a dynamic int (dynamic=True): handle_tensor traces it as torch._refs.tensor, since the data holds a SymNodeVariable (the core built torch.tensor and diverged; found by the torchvals,dynamic fuzz campaign, session 25). f2: a list holding an expression of the symbol, whose meta-function checks are not modelled (named unsupported).
scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch
torch.manual_seed(0)
def f1(x, n):
    return x + torch.tensor(n)
def f2(x, n):
    return x * torch.tensor([n, n + 1]).sum()
for fn in (f1, f2):
    opt = torch.compile(fn, backend="eager", dynamic=True)
    for k in range(3):
        out = opt(torch.randn(3), k + 2)
        print(fn.__name__, tuple(out.shape), out.dtype)
