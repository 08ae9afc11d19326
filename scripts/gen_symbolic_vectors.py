"""Writes tests/core/symbolic/printer_vectors.txt: expressions built with the venv's
sympy (integer, positive symbols, as ShapeEnv makes sizes) and printed by sympy's str()
and torch's PythonPrinter, the reference for core/symbolic's two printers.

Each line: kind, then tab-separated fields.
  expr  <terms>  <str()>  <PythonPrinter>
  rel   <op> <lhs terms> <rhs terms>  <PythonPrinter>
  atom  <prefix expr>  <str()>  <PythonPrinter>  <value at s77=7, s27=4, s5=5, n9=-3>
<terms> is ';'-joined "coeff*sym^p*sym" products ("3", "-1*s77", "2*s27*s77^2").
<prefix expr> nests add(..), mul(..), fd(a,b) (FloorDiv), mod(a,b) (Mod), pmod(a,b)
(PythonMod), max(a,b) / min(a,b) (torch's Max / Min) over ints and symbols; n9 is an
integer symbol that is not positive.
"""
import sys

import sympy
from torch.utils._sympy.functions import FloorDiv, Max, Min, Mod, PythonMod
from torch.utils._sympy.printers import PythonPrinter

SYMS = {n: sympy.Symbol(n, integer=True, positive=True) for n in ("s77", "s27", "s100", "s5")}
SYMS["n9"] = sympy.Symbol("n9", integer=True)
VALUES = {"s77": 7, "s27": 4, "s5": 5, "n9": -3}


def build(terms: str):
    total = sympy.Integer(0)
    for t in terms.split(";"):
        parts = t.split("*")
        v = sympy.Integer(int(parts[0]))
        for f in parts[1:]:
            name, _, p = f.partition("^")
            v = v * SYMS[name] ** int(p or 1)
        total = total + v
    return total


EXPRS = ["3", "1*s77", "-1*s77", "3;-1*s77", "-1;1*s77", "1;2*s77", "1*s27*s77",
         "1*s27;1*s27*s77", "1*s100;1*s27", "8*s27", "1*s77^2", "-4;2*s27*s77",
         "3;-2*s77", "3;-1*s27*s77", "1*s27*s77^2", "1*s77*s27^2", "-1*s77;2*s27*s77",
         "5;-1*s27", "1*s5;1*s77;1*s27", "2*s5*s27;3*s77;-7", "-1*s5;-1*s77",
         "1*s27*s5", "4*s77*s27*s5;1*s5;2", "1;1*s77^2;1*s77"]
RELS = [("Ne", "-1;1*s77", "1"), ("Lt", "2*s77", "1*s27"), ("Eq", "1*s27*s77", "12"),
        ("Le", "1*s27;1*s77", "10"), ("Gt", "1;1*s27*s77", "1*s100"), ("Gt", "1*s77", "4"),
        ("Eq", "1*s77", "4"), ("Ne", "1*s77", "7"), ("Lt", "1*s77", "5;-1*s27"),
        ("Ge", "1*s77", "1*s27"), ("Ne", "1*s77", "1*s27")]


ATOMS = ["fd(s77,2)", "add(fd(s77,2),1)", "mul(2,fd(s77,2))", "fd(add(mul(2,s77),3),2)",
         "fd(mul(4,s77),2)", "fd(add(mul(6,s77),3),9)", "mod(s77,3)", "add(mod(s77,3),s77)",
         "add(s77,mul(-1,mod(s77,3)))", "add(fd(s77,2),s77)", "mul(fd(s77,2),s27)",
         "fd(s77,s27)", "mod(mul(2,s77),2)", "mod(add(s77,4),2)", "mod(add(mul(2,s77),1),2)",
         "pmod(n9,3)", "add(pmod(n9,3),1)", "fd(n9,2)", "fd(fd(s77,2),3)", "mod(fd(s77,2),3)",
         "add(fd(s77,2),mod(s77,3))", "mul(mod(s77,2),2)", "fd(mul(s77,s27),s27)",
         "fd(mul(-1,s77),2)", "mod(6,s77)", "fd(add(mul(2,s77),4),6)",
         "fd(add(mul(s77,s27),s77),s77)", "mod(2,add(s77,3))", "fd(s77,-1)", "fd(s77,s77)",
         "add(fd(s27,2),fd(s77,2),mod(s5,4))", "mul(fd(s77,2),fd(s27,3))",
         "add(mul(-1,fd(s77,3)),5)", "fd(add(s77,s27),2)", "mod(add(s77,mul(-1,s27)),3)",
         "fd(add(s77,-1),2)", "add(mul(3,fd(s77,2)),mul(2,s27),-1)", "fd(add(n9,4),4)",
         "mod(mul(s77,s27),s27)", "fd(7,s77)", "mul(fd(s27,2),s77,s5)",
         "max(s77,3)", "min(s77,s27)", "max(s77,0)", "max(s77,1)", "min(s77,1)", "min(s77,0)",
         "max(n9,0)", "max(n9,1)", "min(n9,0)", "max(s77,-1)", "max(min(s27,s77),2)",
         "add(mul(2,max(3,s77)),1)", "add(s77,mul(-1,min(s27,s77)))", "max(s27,s27)",
         "max(4,9)", "max(s5,min(s27,s77))", "mul(max(s27,2),s77)", "fd(max(s77,4),2)",
         "add(max(s77,3),fd(s27,2))", "max(s5,s27)"]
ATOM_RELS = [("Eq", "mod(s77,2)", "0"), ("Ne", "fd(s77,2)", "1"), ("Ge", "s77", "fd(s27,2)"),
             ("Lt", "fd(s77,2)", "5"), ("Gt", "add(fd(s77,2),1)", "s27"),
             ("Eq", "pmod(n9,3)", "1"), ("Gt", "max(3,s77)", "5"),
             ("Le", "min(s27,s77)", "s77"), ("Ge", "add(s77,mul(-1,max(s27,2)))", "0")]


def build_prefix(src: str):
    """Evaluates the prefix language with sympy and torch's functions."""
    fns = {"add": lambda *a: sympy.Add(*a), "mul": lambda *a: sympy.Mul(*a), "fd": FloorDiv,
           "mod": Mod, "pmod": PythonMod, "max": Max, "min": Min}
    return eval(src, {"__builtins__": {}}, {**fns, **SYMS})


def main(out_path: str) -> None:
    p = PythonPrinter()
    lines = []
    for t in EXPRS:
        e = build(t)
        lines.append(f"expr\t{t}\t{str(e)}\t{p.doprint(e)}")
    for op, lhs, rhs in RELS:
        r = getattr(sympy, op)(build(lhs), build(rhs), evaluate=False)
        lines.append(f"rel\t{op}\t{lhs}\t{rhs}\t{p.doprint(r)}")
    for src in ATOMS:
        e = build_prefix(src)
        value = e.subs({SYMS[k]: v for k, v in VALUES.items()})
        lines.append(f"atom\t{src}\t{str(e)}\t{p.doprint(e)}\t{int(value)}")
    for op, lhs, rhs in ATOM_RELS:
        r = getattr(sympy, op)(build_prefix(lhs), build_prefix(rhs), evaluate=False)
        lines.append(f"atomrel\t{op}\t{lhs}\t{rhs}\t{p.doprint(r)}")
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/core/symbolic/printer_vectors.txt")
