"""A per-row weight reshaped to the batch size of another input: mask.reshape(b, -1)
with b = x.shape[0]. The first call duck-sizes every dim of (4, 4) and (4, 1) as one
symbol; the second call (6, 4) fails Eq(x.size(0), x.size(1)) and recompiles with x's
dims and mask's dim 0 as three symbols. There infer_size checks mask.numel() % b == 0
(Mod(s68, s77) == 0, true on the hints) and the reshape algorithm finds the requested
b equal to mask's dim 0: the shape env makes s77 and s68 one, and the Mod guard
simplifies away (the shape guards left relate the sizes: L['mask'].size()[0] ==
L['x'].size()[0], the stride, the ranges). The core replays that frame with the
two symbols shared (the fake kernel alone cannot: its stand-ins differ).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompiles
"""
import torch

torch.manual_seed(0)


def masked_rows(x, mask):
    b = x.shape[0]
    w = mask.reshape(b, -1)
    return (x * w).sum(-1)


f = torch.compile(masked_rows, backend="eager", dynamic=True)
print(f(torch.randn(4, 4), torch.randn(4, 1)))
print(f(torch.randn(6, 4), torch.randn(6, 1)))
