"""JOIN: fresh observations of some programs merged into the committed surface table.

Used when a cold run of scripts/dynamo_surface.py cannot finish in a session. Usage (from
the repository root, with the venv's python):

    python corpus/surface/join_table.py BASE_TSV BASE_EXPECTATIONS CACHE_DIR PROG,PROG,... [--write]

BASE_TSV / BASE_EXPECTATIONS: surface.tsv and corpus/expectations.txt as committed before
(git show <commit>:corpus/surface/surface.tsv). Every program with an observation in
CACHE_DIR, and the programs named (those added or re-verdicted since), are observed
(reusing CACHE_DIR) and joined: for each item, an observed program is taken out of the
table's count where the table counted it (it is listed, or sorts after the last listed
name of a truncated list) as it stood with the old verdicts, and put back with its
fresh observation and current verdict. Exact while the programs not observed afresh
still do what the table says. Prints the items whose status or count changed.
"""
import collections, sys
from pathlib import Path
sys.path.insert(0, "scripts")
import dynamo_surface as ds

base_tsv, base_exp, cache = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
changed = sys.argv[4].split(",")
cold = sorted(p.stem.replace("__", "/") for p in cache.glob("*.json"))
names = sorted(set(cold) | set(changed))
programs = [ds.PROGRAMS / (n + ".py") for n in names]
missing = [p for p in programs if not p.exists()]
assert not missing, missing
version = ds.torch_version()
surface = ds.enumerate_surface()
surface.pop("_info")
results = ds.observe_all(programs, cache, 2, version)
new_exp = ds.read_expectations()
old_exp = collections.defaultdict(dict)
for line in base_exp.read_text().splitlines():
    if line.strip() and not line.startswith("#"):
        t, i, v = line.split()
        old_exp[t[: -len(".dynrr")]][int(i)] = v
new_rows, p1 = ds.build_table(surface, results, new_exp)
for p in p1:
    print("PROBLEM", p)
code_items = {tuple(e["code"]): item for item, e in surface["polyfill"].items() if e.get("code")}

def contributions(exp):
    m, o = collections.defaultdict(set), collections.defaultdict(set)
    for rel, res in results.items():
        if "error" in res or rel not in exp:
            continue
        for frame in res["frames"]:
            verdict = exp[rel].get(frame["index"])
            for kind, items in ds.frame_items(frame, surface, code_items).items():
                for item in items:
                    (m if verdict == "match" else o)[(kind, item)].add(rel)
    return m, o

oldM, oldO = contributions(old_exp)
newM, newO = contributions(new_exp)
base = {}
for line in base_tsv.read_text().splitlines():
    if line.startswith("#") or line.startswith("kind\t"):
        continue
    kind, item, status, n, progs, how, note = line.split("\t")
    base[(kind, item)] = dict(status=status, n=int(n), programs=progs.split() if progs else [])
observed = set(results)
out, warnings = [], []
for r in new_rows:
    key = (r["kind"], r["item"])
    b = base[key]
    lst, trunc = b["programs"], b["n"] > ds.MAX_PROGRAMS
    def counted(p):  # whether the table before counted observed program p
        return p in lst or (trunc and p > max(lst))
    restM = restO = 0
    rest_list = [p for p in lst if p not in observed]
    if b["status"] == "covered":
        restM = b["n"] - len([p for p in oldM[key] if counted(p)])
    elif b["status"] == "unsupported":
        restO = b["n"] - len([p for p in oldO[key] if counted(p)])
    for p in lst:
        if p in observed and p not in (newM[key] if b["status"] == "covered" else newO[key] | newM[key]):
            warnings.append(f"{key}: {p} listed before, not seen afresh")
    M = restM + len(newM[key])
    O = restO + len(newO[key] - newM[key]) if M == 0 else 0
    if M > 0:
        status, n = "covered", M
        progs = set(newM[key]) | (set(rest_list) if b["status"] == "covered" else set())
    elif O > 0:
        status, n = "unsupported", O
        progs = set(newO[key]) | (set(rest_list) if b["status"] == "unsupported" else set())
    else:
        status, n, progs = "no program", 0, set()
    nr = dict(r); nr.update(status=status, n=n, programs=sorted(progs)[: ds.MAX_PROGRAMS])
    if b["status"] != status:
        print(f"CHANGED {key[0]} {key[1]}: {b['status']} -> {status} {nr['programs']}")
    elif b["n"] != n:
        print(f"COUNT {key[0]} {key[1]}: {b['n']} -> {n}")
    out.append(nr)
for w in warnings:
    print("WARN", w)
print(f"{len(observed)} programs observed afresh ({len(cold)} from the cold cache)")
for line in ds.summary(out):
    print("  " + line)
if "--write" in sys.argv:
    ds.SURFACE_TSV.write_text(ds.render_tsv(out, version))
    print("wrote", ds.SURFACE_TSV)
