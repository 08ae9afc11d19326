# golden_source.py — the functions whose CPython 3.11 code objects make the bytecode
# goldens. Read (not imported) by make_goldens.py, which compiles this file with a fixed
# filename so the goldens do not depend on where the repository lives. Line numbers
# matter: editing this file changes the goldens (re-run make_goldens.py).
import math
import torch


def simple_add(x, y):
    return x + y


def constants_of_all_kinds():
    a = None, True, False, ...
    b = 0, -1, 255, 2**63, -(2**70), 12345678901234567890123
    c = 0.1, -0.0, 1.5e-05, 1e16, 123456789012345.6, 1e300, 2.5, float("inf")
    d = 1j, 2 + 3j, -1.5 - 0j, (1e20 + 1j)
    e = "plain", "it's", 'say "hi"', "both ' and \"", "tab\tnew\nline\r", "\x00\x7f\x1b"
    f = "caf\u00e9", "\u200b zero width", "\U0001f600 emoji", "\u00a0nbsp", "back\\slash"
    g = b"bytes", b"\x00\xff'", b'q"', b"", ("nested", (1, (2.0,)))
    return a, b, c, d, e, f, g


def membership(x):
    return x in {1, 2, 3}, x not in ("a", "b"), x in frozenset()


def for_loop_break_continue(n):
    total = 0
    for i in range(n):
        if i % 2:
            continue
        if i > 10:
            break
        total += i
    else:
        total = -1
    return total


def while_loop(n):
    i = 0
    while i < n:
        i += 1
        if i == 5:
            break
    return i


def list_comprehension(xs):
    return [x * 2 for x in xs if x > 0]


def other_comprehensions(xs):
    d = {k: v for k, v in xs}
    s = {x for x in xs}
    g = sum(x for x in xs)
    nested = [[y for y in range(x)] for x in xs]
    return d, s, g, nested


def closure_maker(a):
    b = a + 1

    def inner(c):
        return a + b + c

    return inner


def closure_nonlocal():
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count

    bump()
    return count


def try_except(x):
    try:
        y = 1 / x
    except ZeroDivisionError as e:
        y = str(e)
    except (TypeError, ValueError):
        y = None
    return y


def try_except_else_finally(f):
    try:
        r = f()
    except Exception:
        r = 0
    else:
        r += 1
    finally:
        print("done")
    return r


def try_finally_return(x):
    try:
        return x.compute()
    finally:
        x.close()


def with_statement(path):
    with open(path) as fh, open(path + ".bak") as fh2:
        data = fh.read() + fh2.read()
    return data


def except_star(f):
    try:
        f()
    except* ValueError as eg:
        print(eg)
    except* TypeError:
        pass


def keyword_calls(f, x):
    return f(x, 1, key=2, other="v")


def star_args_calls(f, args, kwargs):
    a = f(*args)
    b = f(*args, **kwargs)
    c = f(1, *args, 2, k=3, **kwargs)
    return a, b, c


def defaults_and_annotations(torch_mod):
    def g(a, b=1, *args, c, d=2, **kw) -> int:
        return a

    def h(x: int, y: "str" = "s"):
        return x

    return g, h


def fstrings(x, width):
    return f"{x}", f"{x!r}", f"{x!s:>10}", f"{x!a}", f"v={x:{width}.2f} and {x=}"


def lambdas(xs):
    key = lambda v: -v
    return sorted(xs, key=key), list(map(lambda a, b=2: a * b, xs))


def nested_two_levels(x):
    def level1(y):
        def level2(z):
            return x + y + z

        return level2

    return level1


class Base:
    attr = 1

    def method(self, x):
        return x + self.attr


class Derived(Base):
    """A class whose method uses super()."""

    scale: float = 2.0

    def method(self, x):
        return super().method(x) * self.scale

    @staticmethod
    def helper(v):
        return v


def chained_comparisons(a, b, c):
    return a < b <= c, a == b != c, a > b >= c


def boolean_ops(a, b, c):
    x = a and b or c
    y = not a
    if a and (b or not c):
        return x
    return y


def identity_and_membership(a, b):
    return a is b, a is not None, a in b, a not in b


def augmented_assignments(a, b):
    a += b
    a -= b
    a *= b
    a /= b
    a //= b
    a %= b
    a **= b
    a <<= b
    a >>= b
    a &= b
    a |= b
    a ^= b
    a @= b
    return a


def binary_ops(a, b):
    return (a + b, a - b, a * b, a / b, a // b, a % b, a ** b, a << b, a >> b, a & b,
            a | b, a ^ b, a @ b)


def unary_ops(a):
    return -a, +a, ~a, not a


def subscripts(a, i):
    x = a[i]
    y = a[1:2]
    z = a[::2]
    w = a[i:, None, ...]
    a[0] = x
    a[1:3] = [y, z]
    del a[i]
    del a[::2]
    return w


def unpacking(t):
    a, b = t
    c, *d, e = t
    (f, g), h = t
    lst = [*t, *d]
    tup = (*t, 1)
    return a, b, c, d, e, f, g, h, lst, tup


def literals(a, b):
    d1 = {"x": a, "y": b}
    d2 = {a: 1, b: 2}
    d3 = {**d1, "z": 3}
    s = {a, b, *d1}
    lst = [1, 2, 3, a]
    return d1, d2, d3, s, lst


COUNTER = 0


def globals_and_del(x):
    global COUNTER
    COUNTER += 1
    tmp = x
    del tmp
    return COUNTER


def imports():
    import os
    import os.path as osp
    from collections import OrderedDict, defaultdict
    return os, osp, OrderedDict, defaultdict


def asserts(x):
    assert x > 0
    assert x < 10, "too big"
    raise ValueError("bad") from None


def generator(n):
    for i in range(n):
        yield i
    yield from range(3)
    return "end"


def match_statement(cmd):
    match cmd:
        case [x, y, *rest]:
            return x, y, rest
        case {"op": op, **others}:
            return op, others
        case Base(attr=1) as b:
            return b
        case int() | float():
            return cmd
        case "quit" if cmd:
            return None
        case _:
            return cmd


def walrus_and_ternary(xs):
    if (n := len(xs)) > 3:
        return n
    return xs[0] if xs else None


def torch_function(x, y):
    z = torch.sin(x) + y.cos()
    w = torch.nn.functional.relu(z, inplace=False)
    return w.sum(dim=0, keepdim=True).mean()


def loop_else_nested(rows):
    out = []
    for r in rows:
        for c in r:
            if c is None:
                break
            out.append(c)
        else:
            out.append("row done")
    return out


def none_checks(a, b):
    if a is None:
        a = 1
    if b is not None:
        return b
    while a is not None:
        a = None
    return a


def empty_with_docstring():
    """Only a docstring."""


def try_in_loop(items):
    results = []
    for it in items:
        try:
            try:
                results.append(int(it))
            except ValueError:
                continue
            finally:
                results.append(None)
        except Exception as exc:
            results.append(exc)
            break
    return results


def star_kwonly(a, /, b, *, c=3, **rest):
    return a, b, c, rest


def call_method_chain(s):
    return s.strip().lower().replace("a", "b").split(",")


def builtins_calls(xs):
    return len(xs), isinstance(xs, list), list(xs), tuple(xs), str(xs), type(xs)


def closure_in_loop():
    fns = []
    for i in range(3):
        fns.append(lambda i=i: i)
    return [f() for f in fns]


def class_in_function(v):
    class Local:
        value = v

        def get(self):
            return self.value

    return Local().get()


def deleted_cell():
    x = 1

    def read():
        return x

    del x
    return read


def many_small_ints():
    return [i for i in (0, 1, -5, 256, 257, 1 << 31, -(1 << 63))]
