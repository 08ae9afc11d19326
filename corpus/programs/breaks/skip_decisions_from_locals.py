"""Frames that run eagerly after graph breaks get their own convert_frame decision, taken
before tracing from the frame's values: a helper holding only strings, a dict and a
user object is skipped (no tensor-related objects); one naming the torch module, or
holding a tensor inside a tuple inside a list, is traced.

scope: part2
expect: 4 graphs, 5 breaks, 0 recompiles
"""
import math

import torch

torch.manual_seed(0)


class Options:
    def __init__(self):
        self.scale = 2


def words_only(words, opts, cfg):
    print("words", len(words))
    return sum(len(w) for w in words) + len(opts) + cfg.scale + math.floor(1.5)


def torch_global_only(n):
    print("torch", n)
    return torch.ones(n) * n


def nested_tensor(pairs):
    print("nested", len(pairs))
    return pairs[0][0] * 2


def fn(x):
    y = x.sin()
    a = words_only(["dyn", "amo"], {"k": "v"}, Options())
    b = torch_global_only(3)
    c = nested_tensor([(y,)])
    return y * a + b.sum() + c


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
