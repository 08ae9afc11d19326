"""mark_dynamic on two inputs: one sliced by the other's size and by its own length
(slice_forward's _compute_slice_index: `s0 <= s1` guarded, the slice's size is s0).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, z):
    head = z[: x.shape[0]]
    whole = z[: len(z)]
    return head * 2 + x, whole.sum(0)


x = torch.randn(5, 3)
z = torch.randn(8, 3)
torch._dynamo.mark_dynamic(x, 0)
torch._dynamo.mark_dynamic(z, 0)
opt = torch.compile(fn, backend="eager")
a, b = opt(x, z)
print(tuple(a.shape), tuple(b.shape), round(a.sum().item() + b.sum().item(), 4))
