"""Interleaved stereo samples viewed as (frames, 2): view(-1, 2) of a 1-d tensor of
dynamic length s77. infer_size checks s77 % 2 == 0 (true on the hint 8: a guard, and
the shape env notes Mod(s77, 2) as divisible); the contiguous 1-d to 2-d path gives
(s77//2, 2). The shape guards Dynamo keeps are that divisibility and
4 <= L['samples'].size()[0]. The second call (12 samples) passes them: no recompile.
The core decides the view on the size expressions (its odd stand-in for s77 is not
divisible by 2).

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def deinterleave(samples):
    frames = samples.view(-1, 2)
    return frames.mean(-1) * 0.5


f = torch.compile(deinterleave, backend="eager", dynamic=True)
print(f(torch.randn(8)))
print(f(torch.randn(12)))
