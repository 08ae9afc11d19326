#!/usr/bin/env python3
"""make_goldens.py — writes the core/bytecode goldens from real CPython 3.11.

Run with the project's interpreter (the goldens are CPython 3.11.7's answers):

    /work/main/.venv/bin/python tests/core/bytecode/make_goldens.py

For each code object of interest it writes golden/<name>.txt holding the raw code
object fields (so the C++ test rebuilds the CodeObject with no Python), what
code.co_lines() / co_positions() give, the exception table as dis parses it, and the
exact text of dis.dis(code), dis.dis(code, show_caches=True) and
dis.disassemble(code, lasti=N). It also writes golden/opcode_table.txt from the opcode
and dis modules. Nothing is executed except the small "adaptive" functions, which are
called in a loop so that CPython quickens them.

File format (line oriented, one key per line; strings are hex of their UTF-8 bytes,
encoded with surrogatepass, so any str survives):
    golden <name>
    code <index>            a code object; index 0 is the one the golden is about
    <field> <value>         ints in decimal, bytes in hex ("-" for empty)
    <listfield> <n> <hex>*  names, varnames, freevars, cellvars, localsplusnames
    consts <n> <token>*     prefix notation, see const_tokens()
    lines <n> (<start> <end> <line|N>)*       list(code.co_lines())
    positions <n> (<l> <el> <c> <ec> <repeat>)*  list(code.co_positions()), N for None,
                            run-length encoded
    exctable <n> (<start> <end> <target> <depth> <lasti>)*
    dynamo <offset> <opname> <arg|N> <hex repr(argval)> <starts_line|N> <jump_target 0|1>
           <target offset|N>     one line per instruction of Dynamo's
                            cleaned_instructions(code) (torch 2.13)
    endcode
    text <key> <nlines>     followed by nlines lines of exact output (dis, code_info,
                            dis_caches, dis_lasti_<offset>, dis_adaptive,
                            dis_adaptive_caches)
"""

import dis
import io
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "golden")

assert sys.version_info[:2] == (3, 11), "goldens must come from CPython 3.11"


def hexs(s):
    return s.encode("utf-8", "surrogatepass").hex() or "-"


def hexb(b):
    return bytes(b).hex() or "-"


class Golden:
    def __init__(self, name):
        self.name = name
        self.codes = []  # code objects, index 0 first; nested codes appended on demand

    def code_index(self, co):
        for i, c in enumerate(self.codes):
            if c is co:
                return i
        self.codes.append(co)
        return len(self.codes) - 1

    def const_tokens(self, v, out):
        # N None, T True, F False, E Ellipsis, i:<dec> int64, I:<+|->:<hex LE magnitude>
        # big int, f:<hex of 8 bytes big-endian IEEE> float, c:<re>:<im> complex,
        # s:<hex> str, b:<hex> bytes, t:<n> tuple then n items, z:<n> frozenset then n
        # items (iteration order), k:<index> code object
        import struct

        if v is None:
            out.append("N")
        elif v is True:
            out.append("T")
        elif v is False:
            out.append("F")
        elif v is Ellipsis:
            out.append("E")
        elif type(v) is int:
            if -(2**63) <= v < 2**63:
                out.append("i:%d" % v)
            else:
                mag = abs(v)
                out.append("I:%s:%s" % ("-" if v < 0 else "+",
                                        mag.to_bytes((mag.bit_length() + 7) // 8, "little").hex()))
        elif type(v) is float:
            out.append("f:" + struct.pack(">d", v).hex())
        elif type(v) is complex:
            out.append("c:%s:%s" % (struct.pack(">d", v.real).hex(), struct.pack(">d", v.imag).hex()))
        elif type(v) is str:
            out.append("s:" + hexs(v))
        elif type(v) is bytes:
            out.append("b:" + hexb(v))
        elif type(v) is tuple:
            out.append("t:%d" % len(v))
            for x in v:
                self.const_tokens(x, out)
        elif type(v) is frozenset:
            out.append("z:%d" % len(v))
            for x in v:
                self.const_tokens(x, out)
        elif isinstance(v, types.CodeType):
            out.append("k:%d" % self.code_index(v))
        else:
            raise TypeError("unexpected constant %r" % (v,))

    def write_code(self, f, index, co, code_bytes=None):
        f.write("code %d\n" % index)
        for field in ("argcount", "posonlyargcount", "kwonlyargcount", "nlocals", "stacksize",
                      "flags", "firstlineno"):
            f.write("%s %d\n" % (field, getattr(co, "co_" + field)))
        f.write("bytes %s\n" % hexb(co.co_code if code_bytes is None else code_bytes))
        toks = []
        for c in co.co_consts:
            self.const_tokens(c, toks)
        f.write("consts %d %s\n" % (len(co.co_consts), " ".join(toks)))
        for field, value in (("names", co.co_names), ("varnames", co.co_varnames),
                             ("freevars", co.co_freevars), ("cellvars", co.co_cellvars),
                             ("localsplusnames", localsplus_names(co))):
            f.write("%s %d %s\n" % (field, len(value), " ".join(hexs(s) for s in value)))
        f.write("localspluskinds %s\n" % hexb(localsplus_kinds(co)))
        f.write("filename %s\n" % hexs(co.co_filename))
        f.write("name %s\n" % hexs(co.co_name))
        f.write("qualname %s\n" % hexs(co.co_qualname))
        f.write("linetable %s\n" % hexb(co.co_linetable))
        f.write("exceptiontable %s\n" % hexb(co.co_exceptiontable))

        def n(v):
            return "N" if v is None else str(v)

        lines = list(co.co_lines())
        f.write("lines %d %s\n" % (len(lines), " ".join("%d %d %s" % (s, e, n(l)) for s, e, l in lines)))
        runs = []  # run-length encoded: consecutive equal tuples are one run
        for p in co.co_positions():
            if runs and runs[-1][0] == p:
                runs[-1][1] += 1
            else:
                runs.append([p, 1])
        f.write("positions %d %s\n" % (len(runs), " ".join(
            "%s %d" % (" ".join(n(x) for x in p), r) for p, r in runs)))
        # Dynamo's view (torch._dynamo.bytecode_transformation.cleaned_instructions):
        # offset opname arg|N argval-kind:value starts_line|N is_jump_target target|N
        from torch._dynamo.bytecode_transformation import cleaned_instructions

        try:
            insts = cleaned_instructions(co)
        except Exception as e:  # noqa: BLE001  (recorded: the C++ side must refuse too)
            f.write("dynamo_error %s\n" % hexs(type(e).__name__))
            insts = []
        for inst in insts:
            f.write("dynamo %d %s %s %s %s %d %s\n" % (
                inst.offset, inst.opname, n(inst.arg), hexs(repr(inst.argval)),
                n(inst.starts_line), int(bool(inst.is_jump_target)),
                n(inst.target.offset if inst.target is not None else None)))
        exc = dis._parse_exception_table(co)
        f.write("exctable %d %s\n" % (len(exc), " ".join(
            "%d %d %d %d %d" % (e.start, e.end, e.target, e.depth, int(e.lasti)) for e in exc)))
        f.write("endcode\n")


# CPython 3.11 hides _co_localsplusnames/_co_localspluskinds from Python; rebuild them
# as the compiler lays them out (compute_localsplus_info): varnames (a parameter that is
# also a cell keeps its slot), then the other cellvars, then freevars. Checked against
# co._varname_from_oparg, which reads the real table.
CO_FAST_LOCAL, CO_FAST_CELL, CO_FAST_FREE = 0x20, 0x40, 0x80


def localsplus_names(co):
    names = list(co.co_varnames)
    names += [c for c in co.co_cellvars if c not in co.co_varnames]
    names += list(co.co_freevars)
    for i, name in enumerate(names):
        assert co._varname_from_oparg(i) == name, (co, i, name)
    try:
        co._varname_from_oparg(len(names))
        raise AssertionError("localsplus table longer than rebuilt")
    except IndexError:
        pass
    return tuple(names)


def localsplus_kinds(co):
    kinds = []
    for v in co.co_varnames:
        kinds.append(CO_FAST_LOCAL | (CO_FAST_CELL if v in co.co_cellvars else 0))
    kinds += [CO_FAST_CELL for c in co.co_cellvars if c not in co.co_varnames]
    kinds += [CO_FAST_FREE for _ in co.co_freevars]
    return bytes(kinds)


def capture(fn):
    buf = io.StringIO()
    fn(buf)
    return buf.getvalue()


def write_golden(name, co, adaptive_co=None, lasti=None):
    g = Golden(name)
    g.code_index(co)
    texts = []
    texts.append(("dis", capture(lambda b: dis.dis(co, file=b))))
    texts.append(("code_info", dis.code_info(co) + "\n"))
    if len(co.co_code) < 4000:  # keeps the big EXTENDED_ARG goldens small
        texts.append(("dis_caches", capture(lambda b: dis.dis(co, file=b, show_caches=True))))
        offsets = [i.offset for i in dis.get_instructions(co)]
        if lasti is None:
            lasti = offsets[len(offsets) // 2]
        texts.append(("dis_lasti_%d" % lasti, capture(lambda b: dis.disassemble(co, lasti, file=b))))
    if adaptive_co is not None:
        texts.append(("dis_adaptive", capture(lambda b: dis.dis(adaptive_co, file=b, adaptive=True))))
        texts.append(("dis_adaptive_caches", capture(
            lambda b: dis.dis(adaptive_co, file=b, adaptive=True, show_caches=True))))
    path = os.path.join(OUT, name + ".txt")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("golden %s\n" % name)
        i = 0
        while i < len(g.codes):  # nested codes are appended while writing consts
            g.write_code(f, i, g.codes[i])
            i += 1
        if adaptive_co is not None:
            f.write("adaptive_bytes %s\n" % hexb(adaptive_co._co_code_adaptive))
        for key, text in texts:
            assert text.endswith("\n")
            body = text[:-1].split("\n")
            f.write("text %s %d\n" % (key, len(body)))
            for line in body:
                f.write(line + "\n")
    return path


def module_functions():
    path = os.path.join(HERE, "golden_source.py")
    with open(path, encoding="utf-8") as fh:
        src = fh.read()
    mod = compile(src, "golden_source.py", "exec")
    found = {}
    for c in mod.co_consts:
        if isinstance(c, types.CodeType):
            found[c.co_name] = c
    return found


def generated_sources():
    out = {}
    # > 256 names and consts: EXTENDED_ARG on LOAD_GLOBAL / LOAD_CONST / STORE_FAST.
    body = ["def many_names_and_consts(x):"]
    for i in range(300):
        body.append("    v%d = g%d + %d.5" % (i, i, i))
    body.append("    return x")
    out["many_names_and_consts"] = "\n".join(body) + "\n"
    # A forward jump of more than 65535 bytes (three EXTENDED_ARG-free... no: two
    # EXTENDED_ARG prefixes) and line numbers past 1000 (wider line column).
    body = ["\n" * 1000 + "def big_jump(x, o):", "    if x:"]
    for i in range(800):
        body.append("        o = o.a.b.c.d.e.f.g.h")
    body.append("    else:")
    body.append("        o = None")
    body.append("    while x:")
    body.append("        x = x.next")
    body.append("    return o")
    out["big_jump"] = "\n".join(body) + "\n"
    return out


MODULE_SOURCE = '''\
"""A module docstring."""
import os
from math import *
X = [1, 2.5, "s"]
for i in range(3):
    X.append(i)
class K:
    y = 2
def f(a=X):
    return a
try:
    import nonexistent
except ImportError:
    nonexistent = None
'''

ADAPTIVE_SOURCE = '''\
def hot_loop(xs, k):
    total = 0
    for x in xs:
        total = total + x * k
        if x > 3:
            total -= 1
    return len(xs) + total

class P:
    def __init__(self):
        self.v = 1

def hot_attrs(p, d):
    s = 0
    for i in range(20):
        s += p.v + d["a"] + abs(i)
    return s
'''


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith(".txt"):
            os.remove(os.path.join(OUT, f))
    written = []
    funcs = module_functions()
    for name, co in funcs.items():
        written.append(write_golden(name, co))
    for name, src in generated_sources().items():
        mod = compile(src, "generated_%s.py" % name, "exec")
        co = [c for c in mod.co_consts if isinstance(c, types.CodeType)][0]
        written.append(write_golden(name, co))
    written.append(write_golden("module_code", compile(MODULE_SOURCE, "module_source.py", "exec")))
    written.append(write_golden("no_linetable", funcs["simple_add"].replace(co_linetable=b"")))
    # Quickened code: run the functions until CPython specializes their instructions.
    ns = {}
    exec(compile(ADAPTIVE_SOURCE, "adaptive_source.py", "exec"), ns)
    for _ in range(200):
        ns["hot_loop"]([1, 2, 3, 4, 5], 2)
        ns["hot_attrs"](ns["P"](), {"a": 1})
    for name in ("hot_loop", "hot_attrs"):
        co = ns[name].__code__
        assert co._co_code_adaptive != co.co_code, "%s was not quickened" % name
        written.append(write_golden("adaptive_" + name, co, adaptive_co=co))
    write_opcode_table()
    write_repr_cases()
    write_stack_effects()
    with open(os.path.join(OUT, "pretty_flags.txt"), "w") as f:
        for flags in (0, 1, 3, 0x43, 0x1F, 0x3FF, 0x400, 0x4000003, 0x20000, 0x7FFFFFFF, 0x80000000):
            f.write("%d %s\n" % (flags, hexs(dis.pretty_flags(flags))))
    print("wrote %d goldens to %s" % (len(written), OUT))


def repr_values():
    import random
    import struct

    rng = random.Random(4)
    vals = [0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1 / 3, 2 / 3, 1e16, 1e15, 9999999999999998.0,
            1.5e-05, 0.0001, 0.00012345, 1e-5, 1e-4, 123456789.0, 1e22, 1e23, 5e-324,
            1.7976931348623157e308, 2.2250738585072014e-308, float("inf"), float("-inf"),
            float("nan"), 100.0, 1234.5, 3.141592653589793, 2.0**53, 2.0**53 + 2, 1e-7]
    for _ in range(200):
        vals.append(struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0])
    for _ in range(100):
        vals.append(rng.uniform(-1e6, 1e6))
    vals = [v for v in vals if v == v] + [float("nan")]
    vals += [complex(1, 2), complex(0, 1), complex(-0.0, 1), complex(0, -0.0), complex(1.5, -0.0),
             complex(float("inf"), float("nan")), complex(1e20, 1e-20), complex(0, 0)]
    vals += [0, 1, -1, 2**63 - 1, -(2**63), 2**63, -(2**64), 10**40, -(10**30) + 7, 2**200]
    strs = ["", "a", "'", '"', "'\"", "\\", "\x00\x01\x1f\x7f", "\x80\x9f\xa0\xad\xff",
            "\u0100\u0378\u2028\u200b\ufeff\uffff", "\U0001f600\U000e0001\U0010ffff",
            "\ud800", "caf\u00e9 \u4e2d\u6587", "tab\tnl\ncr\r", "\u00a0\u3000"]
    vals += strs
    vals += [b"", b"'", b'"', b"'\"", b"\\", bytes(range(256))]
    vals += [(), (1,), (1, "a", (None, True)), frozenset(), frozenset({3}), Ellipsis]
    return vals


def write_repr_cases():
    g = Golden("repr_cases")
    with open(os.path.join(OUT, "repr_cases.txt"), "w", encoding="utf-8", newline="\n") as f:
        for v in repr_values():
            toks = []
            g.const_tokens(v, toks)
            f.write("%s %s\n" % (" ".join(toks), hexs(repr(v))))


def write_stack_effects():
    # "<op> <arg|-> <jump: N|T|F> <effect|E>" for every opcode number: dis.stack_effect,
    # E where it raises ValueError (unused and specialized opcodes, a missing or
    # unexpected oparg).
    import opcode

    lines = []
    for op in range(256):
        args = [None] + [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 256, 257, 511, 1000]
        for arg in args:
            for jump in (None, True, False):
                try:
                    if arg is None:
                        e = str(dis.stack_effect(op, jump=jump))
                    else:
                        e = str(dis.stack_effect(op, arg, jump=jump))
                except ValueError:
                    e = "E"
                lines.append("%d %s %s %s" % (op, "-" if arg is None else arg,
                                              {None: "N", True: "T", False: "F"}[jump], e))
    with open(os.path.join(OUT, "stack_effect.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def write_opcode_table():
    import opcode

    lines = []
    for op in range(256):
        name = dis._all_opname[op]
        deop = dis._deoptop(op)
        flags = []
        for fl in ("hasconst", "hasname", "hasjrel", "hasjabs", "haslocal", "hascompare", "hasfree"):
            if op in getattr(opcode, fl):
                flags.append(fl)
        lines.append("%d %s deopt=%d caches=%d arg=%d %s" % (
            op, name, deop, opcode._inline_cache_entries[deop], int(deop >= opcode.HAVE_ARGUMENT),
            ",".join(flags) or "-"))
    with open(os.path.join(OUT, "opcode_table.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
