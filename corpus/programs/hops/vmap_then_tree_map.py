"""torch.func.vmap, then torch.utils._pytree.tree_map in the frame: vmap's inlined pytree reached the module first (G['__import_torch_dot_utils_dot__pytree']), so the frame's G['torch'].utils._pytree is its DUPLICATE_INPUT and tree_map is read through the first source.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, z):
    t0 = torch.func.vmap(lambda r: r.cos() - r.mean(), in_dims=1, out_dims=1)(z)
    t2 = torch.utils._pytree.tree_map(lambda v: v * 2 + 1, (x, [t0]))[1][0] + x
    return t2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(3, 1))
print(tuple(out.shape), round(out.double().sum().item(), 4))
