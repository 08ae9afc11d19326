"""torch.arange with SymInt bounds under dynamic=True: refs.arange checks the bounds'
order (decided by the ranges here) and sizes the result (end - start + step - sgn) // step,
kept symbolic ((s77 + 1)//2 for a step of 2); iota guards nothing, while .float() of the
1-d result guards its length >= 2 (_is_non_overlapping_and_dense_or_false), which the
shape env turns into a range (3 <= s77).

scope: part2
expect: 8 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def stepped(x):
    return torch.arange(0, x.shape[0], 2).float().sum()


def shifted(x):
    return torch.arange(x.shape[0] - 1).float() + 1


def from_one(x):
    return torch.arange(1, x.shape[0]).sum()


def downward(x):
    return torch.arange(x.shape[0], 0, -1).float().unsqueeze(-1) * x


def doubled(x):
    return torch.arange(0, 2 * x.shape[0], 3).sum()


def column(x):
    return torch.arange(x.shape[0]).view(-1, 1) + x.shape[0]


def stepped_no_copy(x):
    return torch.arange(0, x.shape[0], 2).sum()


def shifted_int(x):
    return torch.arange(x.shape[0] - 1) + 1


for fn in (stepped, shifted, from_one, downward, doubled, column, stepped_no_copy, shifted_int):
    out = torch.compile(fn, backend="eager", dynamic=True)(torch.randn(7, 4))
    print(fn.__name__, tuple(out.shape))
