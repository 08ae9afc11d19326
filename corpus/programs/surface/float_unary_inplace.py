"""In-place float unary Tensor methods: acos_, asin_, atan_, cosh_, sinh_, acosh_, asinh_, atanh_, digamma_, lgamma_, erfc_, erfinv_, i0_, sinc_, deg2rad_, rad2deg_, logit_.

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


def f0(x):
    a = x.clone()
    a.acos_()
    b = x.clone()
    b.asin_()
    c = x.clone()
    c.atan_()
    return a + b + c + x.clone().cosh_() + x.clone().sinh_()


def f1(x):
    a = (x + 1.5)
    a.acosh_()
    return a + x.clone().asinh_() + (x * 0.5).atanh_()


def f2(x):
    return x.clone().digamma_() + x.clone().lgamma_() + x.clone().erfc_() + (x - 1).erfinv_() + x.clone().i0_() + x.clone().sinc_()


def f3(x):
    return x.clone().deg2rad_() + x.clone().rad2deg_() + (x * 0.5).logit_()


print('f0', show(torch.compile(f0, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9)))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9)))
print('f2', show(torch.compile(f2, backend="eager")(torch.rand(3, 4) + 0.5)))
print('f3', show(torch.compile(f3, backend="eager")(torch.rand(3, 4) + 0.5)))
