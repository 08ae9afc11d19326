"""Matrix-vector products in method form: mv, addmv(_), addr(_), addbmm(_), addmm_, baddbmm_.

scope: part1
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(m, v, b):
    a = b.clone()
    a.addmv_(m, v)
    return m.mv(v) + b.addmv(m, v, beta=0.5, alpha=2) + a


def f1(u, v, m):
    a = m.clone()
    a.addr_(u, v)
    return m.addr(u, v) + a


def f2(m, b1, b2):
    a = m.clone()
    a.addbmm_(b1, b2)
    return m.addbmm(b1, b2) + a


def f3(m, x, y, bm, b1, b2):
    a = m.clone()
    a.addmm_(x, y)
    c = bm.clone()
    c.baddbmm_(b1, b2)
    return a, c


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.randn(4), torch.randn(3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3), torch.randn(4), torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 5), torch.randn(2, 3, 4), torch.randn(2, 4, 5))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 5), torch.randn(3, 4), torch.randn(4, 5), torch.randn(2, 3, 5), torch.randn(2, 3, 4), torch.randn(2, 4, 5))))
