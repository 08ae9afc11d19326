"""The transformers apply_chunking_to_forward pattern: the number of input tensors is
checked against len(inspect.signature(forward_fn).parameters) of a bound method, and with a
chunk size of 0 the forward runs once on the whole input.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import inspect

import torch
import torch.nn as nn

torch.manual_seed(0)


def apply_chunking_to_forward(forward_fn, chunk_size, chunk_dim, *input_tensors):
    assert len(input_tensors) > 0, f"{input_tensors} has to be a tuple/list of tensors"
    num_args_in_forward_chunk_fn = len(inspect.signature(forward_fn).parameters)
    if num_args_in_forward_chunk_fn != len(input_tensors):
        raise ValueError("wrong number of input tensors")
    if chunk_size > 0:
        num_chunks = input_tensors[0].shape[chunk_dim] // chunk_size
        chunks = tuple(t.chunk(num_chunks, dim=chunk_dim) for t in input_tensors)
        outs = tuple(forward_fn(*c) for c in zip(*chunks))
        return torch.cat(outs, dim=chunk_dim)
    return forward_fn(*input_tensors)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.chunk_size_feed_forward = 0
        self.seq_len_dim = 1
        self.dense = nn.Linear(8, 8)

    def feed_forward_chunk(self, attention_output):
        return torch.relu(self.dense(attention_output))

    def forward(self, hidden):
        return apply_chunking_to_forward(
            self.feed_forward_chunk, self.chunk_size_feed_forward, self.seq_len_dim, hidden
        )


layer = Layer()
opt = torch.compile(layer, backend="eager")
out = opt(torch.randn(2, 3, 8))
print(tuple(out.shape), round(out.sum().item(), 4))
