"""Number and string builtins folded while tracing: pow, divmod, chr, ord, hex, bin, oct, format, repr, ascii, complex, hash of an int, id of a list.

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


def f0(x):
    a = pow(2, 5) + pow(3, 2, 5)
    q, r = divmod(17, 5)
    s = chr(ord("a") + 1) + hex(255) + bin(5) + oct(8) + format(3.14159, ".2f") + repr(7) + ascii("z")
    return x * (a + q + r + len(s))


def f1(x):
    c = complex(1, 2)
    h = hash(42)
    return x * c.real + h


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3))))
