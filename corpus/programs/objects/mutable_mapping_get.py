"""`.get` on a collections.abc.MutableMapping subclass (as os.environ is): Dynamo calls
its mapping_get polyfill, so a missing key's KeyError gives the default, with no guards
on where `get` was found.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections.abc

import torch

torch.manual_seed(0)


class Settings(collections.abc.MutableMapping):
    def __init__(self, **kw):
        self._data = dict(kw)

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)


SETTINGS = Settings(scale=3)


def fn(x):
    return x * SETTINGS.get("scale", 1) + SETTINGS.get("shift", 0.5)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
