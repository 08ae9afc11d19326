"""f-string fields with format specs on constants, tensor.__class__.__name__, hasattr on sequences.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    rate = 0.125
    n = 42
    name = "ab"
    text = (
        f"{rate:.2f}|{n:5d}|{n:>6}|{name:^7}|{name:*<5}|{-rate:+.3e}|{n:x}|{n:#<4X}"
        f"|{rate:.1%}|{n:08.3f}|{-n:=+8}|{name!r:>6}|{n:b}|{name:.1}|{rate:E}"
    )
    cls = f"{x.__class__.__name__}:{x.__class__.__qualname__}"
    flags = (
        hasattr(x.shape, "_fields"),
        hasattr(x.shape, "numel"),
        hasattr((1, 2), "count"),
        hasattr([x], "append"),
        hasattr((x,), "append"),
    )
    if text.startswith("0.12") and cls == "Tensor:Tensor":
        return x + 1, text, flags
    return x - 1, text, flags


opt = torch.compile(fn, backend="eager")
out, text, flags = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4), text, flags)
