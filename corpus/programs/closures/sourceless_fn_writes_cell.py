"""A sourceless closure capturing a tensor cell and writing another pre-existing cell with nonlocal.

scope: part2
expect: 1 graph, 2 breaks, 0 recompiles; Dynamo cannot wrap the captured tensor without a source, so
the root frame breaks at the call and the closure compiles as its own frame
"""
import torch

torch.manual_seed(0)


def main():
    count = 0
    scale = torch.tensor(2.0)

    def bump(t):
        nonlocal count
        count += 1
        return t * scale + count

    class Stepper:
        step = staticmethod(bump)

    def fn(x):
        s = Stepper()
        return s.step(x)

    opt = torch.compile(fn, backend="eager")
    out = opt(torch.ones(3))
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
    print(count)


main()
