"""Writes tests/core/symbolic/printer_vectors.txt: expressions built with the venv's
sympy (integer, positive symbols, as ShapeEnv makes sizes) and printed by sympy's str()
and torch's PythonPrinter, the reference for core/symbolic's two printers.

Each line: kind, then tab-separated fields.
  expr  <terms>  <str()>  <PythonPrinter>
  rel   <op> <lhs terms> <rhs terms>  <PythonPrinter>
<terms> is ';'-joined "coeff*sym^p*sym" products ("3", "-1*s77", "2*s27*s77^2").
"""
import sys

import sympy
from torch.utils._sympy.printers import PythonPrinter

SYMS = {n: sympy.Symbol(n, integer=True, positive=True) for n in ("s77", "s27", "s100", "s5")}


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


def main(out_path: str) -> None:
    p = PythonPrinter()
    lines = []
    for t in EXPRS:
        e = build(t)
        lines.append(f"expr\t{t}\t{str(e)}\t{p.doprint(e)}")
    for op, lhs, rhs in RELS:
        r = getattr(sympy, op)(build(lhs), build(rhs), evaluate=False)
        lines.append(f"rel\t{op}\t{lhs}\t{rhs}\t{p.doprint(r)}")
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/core/symbolic/printer_vectors.txt")
