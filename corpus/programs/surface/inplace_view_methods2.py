"""In-place view methods on a fresh tensor (squeeze_, unsqueeze_, t_, transpose_, swapaxes_, swapdims_, detach_, requires_grad_, as_strided_), as_strided, as_strided_scatter and the methods answering Python values (storage_offset, is_same_size, is_signed, is_conj, is_neg, is_inference, dim_order).

scope: part1
expect: 13 graphs, 6 breaks, 0 recompiles
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
    return x + 1 if x.storage_offset() == 0 else x


def f8(x):
    return x * 2 if x.is_same_size(x) else x


def f9(x):
    return x * 3 if x.is_signed() else x


def f10(x):
    return x - 1 if x.is_conj() else x + 1


def f11(x):
    return x - 2 if x.is_neg() else x + 2


def f12(x):
    return x * 4 if x.is_inference() else x


def f13(x):
    return x * len(x.dim_order())


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4))))
print('f4', show(torch.compile(f4, backend="eager")(torch.randn(3, 4))))
print('f5', show(torch.compile(f5, backend="eager")(torch.randn(3, 4))))
print('f6', show(torch.compile(f6, backend="eager")(torch.randn(3, 4))))
print('f7', show(torch.compile(f7, backend="eager")(torch.randn(3, 4))))
print('f8', show(torch.compile(f8, backend="eager")(torch.randn(3, 4))))
print('f9', show(torch.compile(f9, backend="eager")(torch.randn(3, 4))))
print('f10', show(torch.compile(f10, backend="eager")(torch.randn(3, 4))))
print('f11', show(torch.compile(f11, backend="eager")(torch.randn(3, 4))))
print('f12', show(torch.compile(f12, backend="eager")(torch.randn(3, 4))))
print('f13', show(torch.compile(f13, backend="eager")(torch.randn(3, 4))))
