"""The arc* aliases in method form and in place: arccos, arcsin, arctan, arccosh, arcsinh, arctanh, arctan2 and their _ forms, fix_.

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x, y):
    return x.arccos() + x.arcsin() + x.arctan() + (x + 2).arccosh() + x.arcsinh() + (x * 0.5).arctanh() + x.arctan2(y)


def f1(x, y):
    a = x.clone()
    a.arccos_()
    b = x.clone()
    b.arcsin_()
    c = x.clone()
    c.arctan_()
    d = x + 2
    d.arccosh_()
    e = x.clone()
    e.arcsinh_()
    g = x * 0.5
    g.arctanh_()
    h = x.clone()
    h.arctan2_(y)
    k = x * 3
    k.fix_()
    return a + b + c + d + e + g + h + k


print('f0', show(torch.compile(f0, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9, torch.rand(3, 4) * 1.8 - 0.9)))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9, torch.rand(3, 4) * 1.8 - 0.9)))
