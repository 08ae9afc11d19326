"""Exponential and logarithm Tensor methods: exp2, expm1, log10, log2, erf, rsqrt, square and their in-place forms.

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
    return x.exp2() + x.expm1() + x.log10() + x.log2() + x.erf() + x.rsqrt() + x.square()


def f1(x):
    a = x.clone()
    a.exp_()
    a.log_()
    b = x.clone().exp2_().log2_()
    c = x.clone().expm1_().log1p_()
    d = x.clone().log10_()
    return a + b + c + d


def f2(x):
    return x.clone().erf_() + x.clone().rsqrt_() + x.clone().sqrt_() + x.clone().square_() + x.clone().reciprocal_()


def f3(x):
    return x.clone().abs_() + x.clone().neg_() + x.clone().sigmoid_() + x.clone().relu_()


print('f0', show(torch.compile(f0, backend="eager")(torch.rand(3, 4) + 0.5)))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) + 0.5)))
print('f2', show(torch.compile(f2, backend="eager")(torch.rand(3, 4) + 0.5)))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4))))
