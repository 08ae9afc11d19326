"""Two layers each call inspect.signature on their own bound feed_forward_chunk (the
BERT encoder pattern): Dynamo traces the signature once per compile and answers the
second call from its cache, keyed by the underlying function; a plain function's
signature asked twice, and through a second global naming it, is cached too (the
second global is guarded, its __defaults__ not).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import inspect

import torch
import torch.nn as nn

torch.manual_seed(0)


def helper(a, b, *, c=1):
    return a


helper_alias = helper


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.dense = nn.Linear(4, 4)

    def feed_forward_chunk(self, hidden):
        return torch.relu(self.dense(hidden))

    def forward(self, hidden):
        n = len(inspect.signature(self.feed_forward_chunk).parameters)
        return self.feed_forward_chunk(hidden) * n


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer(), Layer()])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        k = len(inspect.signature(helper).parameters) + len(inspect.signature(helper).parameters)
        k += len(inspect.signature(helper_alias).parameters)
        return x + k


opt = torch.compile(Encoder(), backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), round(out.sum().item(), 4))
