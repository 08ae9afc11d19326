"""`is` and `==` on user objects and classes without __eq__: identity (vt_identity_compare).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Config:
    scale = 3


default_config = Config()


def fn(x, cfg):
    fresh = Config()
    score = 0
    if cfg is default_config:
        score += 1
    if fresh is not cfg and fresh != cfg:
        score += 10
    if Config == Config:
        score += 100
    if cfg is not None and Config != None:  # noqa: E711
        score += 1000
    return x * score + cfg.scale


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), default_config)
print(tuple(out.shape), round(out.sum().item(), 4))
