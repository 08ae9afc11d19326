"""Tensor device-kind attributes read while tracing: is_cpu, is_meta, is_mkldnn, is_mps, is_xpu, is_xla, is_ipu, is_maia, is_mtia, is_vulkan, is_sparse_csr.

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
    if x.is_cpu and not x.is_meta:
        return x + 1
    return x - 1


def f1(x):
    if x.is_mkldnn or x.is_mps or x.is_xpu or x.is_xla:
        return x - 1
    return x + 2


def f2(x):
    if x.is_ipu or x.is_maia or x.is_mtia or x.is_vulkan or x.is_sparse_csr:
        return x - 1
    return x + 3


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3))))
