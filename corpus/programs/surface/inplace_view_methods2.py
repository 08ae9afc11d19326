"""In-place view methods on a fresh tensor (squeeze_, unsqueeze_, t_, transpose_, swapaxes_, swapdims_, detach_, requires_grad_, as_strided_), as_strided, as_strided_scatter and metadata predicates (storage_offset, is_same_size, is_signed, is_conj, is_neg, is_inference, dim_order).

scope: part1
expect: 9 graphs, 6 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    y = x.clone()
    y.unsqueeze_(0)
    y.squeeze_(0)
    return y * 2


def f1(x):
    y = x + 1
    y.t_()
    z = x * 2
    z.transpose_(0, 1)
    return y + z


def f2(x):
    y = x + 1
    y.swapaxes_(0, 1)
    z = x - 1
    z.swapdims_(1, 0)
    return y * z


def f3(x):
    return (x * 3).detach_() + 1


def f4(x):
    z = torch.zeros(3, 4).requires_grad_(False)
    return x + z


def f5(x):
    return x.as_strided((2, 2), (1, 2)) + 1, x.as_strided_scatter(torch.ones(2), (2,), (1,))


def f6(x):
    y = x.clone()
    y.as_strided_((2, 3), (3, 1))
    return y * 2


def f7(x):
    a = x.storage_offset() + int(x.is_same_size(x)) + int(x.is_signed())
    b = int(x.is_conj()) + int(x.is_neg()) + int(x.is_inference())
    return x * (a + b + len(x.dim_order()))


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4))))
print('f4', show(torch.compile(f4, backend="eager")(torch.randn(3, 4))))
print('f5', show(torch.compile(f5, backend="eager")(torch.randn(3, 4))))
print('f6', show(torch.compile(f6, backend="eager")(torch.randn(3, 4))))
print('f7', show(torch.compile(f7, backend="eager")(torch.randn(3, 4))))
