"""dtype conversion methods: bfloat16, bool, byte, char, double, int, short, cdouble, cfloat, type(dtype), type_as.

scope: part1
expect: 3 graphs, 0 breaks, 0 recompiles
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
    return x.bfloat16().float() + x.bool().float() + x.byte().float() + x.char().float() + x.double().float() + x.int().float() + x.short().float()


def f1(x):
    return x.cdouble(), x.cfloat()


def f2(x, y):
    return x.type(torch.float64), x.type_as(y)


print('f0', show(torch.compile(f0, backend="eager")(torch.rand(3, 4) * 5)))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3), torch.randint(0, 4, (3,)))))
