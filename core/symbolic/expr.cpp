// expr.cpp — polynomial size expressions and sympy's two printers (see expr.h).
#include "core/symbolic/expr.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <set>

#include "core/symbolic/overflow.h"

namespace dynrr::symbolic {

namespace {
thread_local uint64_t tOverflows = 0;
}  // namespace

void noteInt64Overflow() { ++tOverflows; }

Int64OverflowScope::Int64OverflowScope() : saved_(tOverflows) { tOverflows = 0; }
Int64OverflowScope::~Int64OverflowScope() { tOverflows += saved_; }
bool Int64OverflowScope::happened() const { return tOverflows != 0; }

int64_t addChecked(int64_t a, int64_t b) {
  int64_t out;
  if (__builtin_add_overflow(a, b, &out)) noteInt64Overflow();
  return out;
}

int64_t mulChecked(int64_t a, int64_t b) {
  int64_t out;
  if (__builtin_mul_overflow(a, b, &out)) noteInt64Overflow();
  return out;
}

int64_t negChecked(int64_t a) {
  int64_t out;
  if (__builtin_sub_overflow(int64_t{0}, a, &out)) noteInt64Overflow();
  return out;
}

namespace {

Monomial mulMonomials(const Monomial& a, const Monomial& b) {
  std::map<std::string, int> powers;
  for (const auto& [s, p] : a) powers[s] += p;
  for (const auto& [s, p] : b) powers[s] += p;
  return Monomial(powers.begin(), powers.end());
}

int degree(const Monomial& m) {
  int d = 0;
  for (const auto& f : m) d += f.second;
  return d;
}

// The exponent of `symbol` in `m`.
int exponent(const Monomial& m, const std::string& symbol) {
  for (const auto& [s, p] : m)
    if (s == symbol) return p;
  return 0;
}

// One term of an Add as sympy holds it: a coefficient and a monomial.
struct Term {
  int64_t coeff;
  Monomial mono;
};

bool isAtomKey(const std::string& name) { return name.find('(') != std::string::npos; }

// ---- Basic.compare (sympy/core/basic.py): the order of Add and Mul arguments.
// Classes by their place in ordering_of_classes; FloorDiv, Mod and PythonMod are not in
// it and come after every listed class, among themselves by name ("FloorDiv" < "Max" <
// "Min" < "Mod" < "PythonMod").
enum ClassRank {
  kZero = 0,
  kOne = 1,
  kNegOne = 5,
  kInteger = 7,
  kSymbol = 13,
  kPow = 15,
  kMul = 16,
  kAdd = 17,
  kFloorDivCls = 100,
  kMaxCls = 101,
  kMinCls = 102,
  kModCls = 103,
  kPythonModCls = 104,
};

int atomRank(const AtomDef& a) {
  switch (a.kind) {
    case AtomKind::kFloorDiv: return kFloorDivCls;
    case AtomKind::kMod: return kModCls;
    case AtomKind::kPythonMod: return kPythonModCls;
    case AtomKind::kMax: return kMaxCls;
    case AtomKind::kMin: return kMinCls;
  }
  return kPythonModCls;
}

int cmp3(int64_t a, int64_t b) { return (a > b) - (a < b); }

int compareExpr(const Expr& x, const Expr& y);

// A symbol or atom raised to `exp` (a Pow when exp > 1).
int factorRank(const std::string& name, int exp) {
  if (exp != 1) return kPow;
  const AtomDef* a = atomOf(name);
  return a ? atomRank(*a) : kSymbol;
}

// The assumptions symbols are ordered by while printing (PythonPrinter ordering).
thread_local const Assumptions* gOrderAssumptions = nullptr;

struct OrderScope {
  const Assumptions* saved;
  explicit OrderScope(const Assumptions* a) : saved(gOrderAssumptions) {
    if (a) gOrderAssumptions = a;
  }
  ~OrderScope() { gOrderAssumptions = saved; }
};

// Compare two bases (a symbol name or an atom key) as sympy objects.
int compareBase(const std::string& a, const std::string& b) {
  if (a == b) return 0;
  int ra = factorRank(a, 1), rb = factorRank(b, 1);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (ra == kSymbol) {
    // Symbol._hashable_content: (name,) + its assumptions; the shorter first.
    if (gOrderAssumptions) {
      bool pa = gOrderAssumptions->positive(a), pb = gOrderAssumptions->positive(b);
      if (pa != pb) return pa ? 1 : -1;
    }
    return a < b ? -1 : 1;
  }
  const AtomDef* x = atomOf(a);
  const AtomDef* y = atomOf(b);
  if (int c = compareExpr(x->a, y->a)) return c;
  return compareExpr(x->b, y->b);
}

// One argument of a Mul: the coefficient (name empty) or a factor base**exp.
struct Factor {
  int64_t number = 0;
  std::string name;
  int exp = 1;
  int rank() const {
    if (name.empty())
      return number == 0 ? kZero : number == 1 ? kOne : number == -1 ? kNegOne : kInteger;
    return factorRank(name, exp);
  }
};

int compareFactor(const Factor& a, const Factor& b) {
  int ra = a.rank(), rb = b.rank();
  if (ra != rb) return ra < rb ? -1 : 1;
  if (a.name.empty()) return cmp3(a.number, b.number);
  if (int c = compareBase(a.name, b.name)) return c;
  return cmp3(a.exp, b.exp);
}

// The factors of Mul(coeff, *mono) in sympy's argument order, the coefficient first
// when it is not 1.
std::vector<Factor> mulArgs(const Term& t) {
  std::vector<Factor> out;
  for (const auto& [s, p] : t.mono) out.push_back(Factor{0, s, p});
  std::sort(out.begin(), out.end(),
            [](const Factor& a, const Factor& b) { return compareFactor(a, b) < 0; });
  if (t.coeff != 1) out.insert(out.begin(), Factor{t.coeff, "", 1});
  return out;
}

// A term is a Mul unless it is a number or one factor with coefficient 1.
bool isMul(const Term& t) {
  if (t.mono.empty()) return false;
  if (t.coeff != 1) return true;
  return t.mono.size() > 1;
}

int termRank(const Term& t) {
  if (t.mono.empty()) return Factor{t.coeff, "", 1}.rank();
  if (isMul(t)) return kMul;
  return factorRank(t.mono[0].first, t.mono[0].second);
}

int compareTerms(const Term& a, const Term& b) {
  int ra = termRank(a), rb = termRank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (a.mono.empty()) return cmp3(a.coeff, b.coeff);
  auto fa = mulArgs(a), fb = mulArgs(b);
  if (ra != kMul) return compareFactor(fa[0], fb[0]);
  if (fa.size() != fb.size()) return fa.size() < fb.size() ? -1 : 1;
  for (size_t i = 0; i < fa.size(); ++i)
    if (int c = compareFactor(fa[i], fb[i])) return c;
  return 0;
}

std::vector<Term> addArgs(const std::map<Monomial, int64_t>& terms) {
  std::vector<Term> out;
  for (const auto& [m, c] : terms) out.push_back(Term{c, m});
  std::sort(out.begin(), out.end(),
            [](const Term& a, const Term& b) { return compareTerms(a, b) < 0; });
  return out;
}

// Basic.compare of two expressions: an Add against anything by class, two Adds by their
// (sorted) arguments.
int compareExpr(const Expr& x, const Expr& y) {
  auto tx = addArgs(x.terms()), ty = addArgs(y.terms());
  if (tx.empty()) tx.push_back(Term{0, {}});
  if (ty.empty()) ty.push_back(Term{0, {}});
  int rx = tx.size() > 1 ? int{kAdd} : termRank(tx[0]);
  int ry = ty.size() > 1 ? int{kAdd} : termRank(ty[0]);
  if (rx != ry) return rx < ry ? -1 : 1;
  if (rx != kAdd) return compareTerms(tx[0], ty[0]);
  if (tx.size() != ty.size()) return tx.size() < ty.size() ? -1 : 1;
  for (size_t i = 0; i < tx.size(); ++i)
    if (int c = compareTerms(tx[i], ty[i])) return c;
  return 0;
}

// ---- sympy StrPrinter

// Generators in the order sympy sorts them (default_sort_key): symbols by name, then
// function atoms by class name and arguments.
bool genLess(const std::string& a, const std::string& b) {
  const AtomDef* x = atomOf(a);
  const AtomDef* y = atomOf(b);
  if (!x || !y) {
    if (!x && !y) return a < b;
    return !x;
  }
  return compareBase(a, b) < 0;
}

bool isMinMax(const AtomDef& a) { return a.kind == AtomKind::kMax || a.kind == AtomKind::kMin; }

// A factor in a Mul or Add: a FloorDiv / Mod atom parenthesised (its precedence, 35, is
// below both); Max / Min are functions, printed bare.
std::string strFactorBase(const std::string& s) {
  const AtomDef* a = isAtomKey(s) ? atomOf(s) : nullptr;
  return a && !isMinMax(*a) ? "(" + s + ")" : s;
}

std::string strMonomial(const Monomial& m) {
  std::vector<std::pair<std::string, int>> factors(m.begin(), m.end());
  std::stable_sort(factors.begin(), factors.end(),
                   [](const auto& a, const auto& b) { return genLess(a.first, b.first); });
  std::string out;
  for (const auto& [s, p] : factors) {
    if (!out.empty()) out += "*";
    out += strFactorBase(s);
    if (p != 1) out += "**" + std::to_string(p);
  }
  return out;
}

// A term as StrPrinter prints it, sign included ("-2*s77", "s27*s77", "-3").
std::string strTerm(const Term& t) {
  if (t.mono.empty()) return std::to_string(t.coeff);
  std::string m = strMonomial(t.mono);
  if (t.coeff == 1) return m;
  if (t.coeff == -1) return "-" + m;
  return std::to_string(t.coeff) + "*" + m;
}

// ---- torch PythonPrinter (ExprPrinter.stringify, parenthesize with strict=False)

constexpr int kPrecFunc = 35, kPrecAdd = 40, kPrecMul = 50, kPrecPow = 60, kPrecAtom = 1000;

int precedenceOf(const Term& t) {
  if (t.mono.empty()) return t.coeff < 0 ? kPrecAdd : kPrecAtom;
  if (isMul(t)) {
    // precedence_Mul: a Mul with a FloorDiv/Mod argument is a Mul even when negative.
    for (const auto& [s, p] : t.mono)
      if (p == 1 && isAtomKey(s) && !isMinMax(*atomOf(s))) return kPrecMul;
    return t.coeff < 0 ? kPrecAdd : kPrecMul;
  }
  if (t.mono[0].second != 1) return kPrecPow;
  const AtomDef* a = isAtomKey(t.mono[0].first) ? atomOf(t.mono[0].first) : nullptr;
  return a && !isMinMax(*a) ? kPrecFunc : kPrecAtom;  // FloorDiv/Mod; Symbol, Max/Min
}

int precedenceOf(const Expr& e) {
  auto args = addArgs(e.terms());
  if (args.size() > 1) return kPrecAdd;
  if (args.empty()) return kPrecAtom;
  return precedenceOf(args[0]);
}

std::string paren(const std::string& s, int prec, int level) {
  return prec <= level ? "(" + s + ")" : s;
}

using NameFn = std::function<std::string(const std::string&)>;

// PythonPrinter._print_FloorDiv ("a // b") and _print_Mod / _print_PythonMod ("a % b"),
// each argument parenthesised unless it is an atom (precedence Atom - 0.5).
std::string pyAtom(const AtomDef& a, const NameFn& name) {
  // _print_Max / _print_Min: "max(a, b)", the arguments printed whole.
  if (a.kind == AtomKind::kMax || a.kind == AtomKind::kMin)
    return std::string(a.kind == AtomKind::kMax ? "max(" : "min(") + a.a.python(name) + ", " +
           a.b.python(name) + ")";
  auto arg = [&](const Expr& e) { return paren(e.python(name), precedenceOf(e), kPrecAtom - 1); };
  const char* op = a.kind == AtomKind::kFloorDiv ? " // " : " % ";
  return arg(a.a) + op + arg(a.b);
}

std::string pyFactor(const Factor& f, int level, const NameFn& name) {
  if (f.name.empty())
    return paren(std::to_string(f.number), f.number < 0 ? kPrecAdd : kPrecAtom, level);
  const AtomDef* atom = atomOf(f.name);
  std::string one = atom
                        ? paren(pyAtom(*atom, name), isMinMax(*atom) ? kPrecAtom : kPrecFunc, level)
                        : name(f.name);
  if (f.exp == 1) return one;
  // Pow: the base repeated (ExprPrinter._print_Pow), not parenthesised inside a Mul.
  std::string out;
  for (int i = 0; i < f.exp; ++i) out += (i ? "*" : "") + one;
  return out;
}

std::string pyTerm(const Term& t, const NameFn& name) {
  if (t.mono.empty()) return std::to_string(t.coeff);
  if (!isMul(t)) {
    const auto& [base, exp] = t.mono[0];
    if (exp == 1 && isAtomKey(base)) return pyAtom(*atomOf(base), name);
    return pyFactor(mulArgs(t)[0], kPrecMul, name);
  }
  int level = precedenceOf(t);
  std::string out;
  for (const auto& f : mulArgs(t)) out += (out.empty() ? "" : "*") + pyFactor(f, level, name);
  return out;
}

// ---- the atom table: FloorDiv / Mod / PythonMod atoms interned by their sympy str().

std::mutex& atomMutex() {
  static std::mutex m;
  return m;
}

std::map<std::string, std::unique_ptr<AtomDef>>& atomTable() {
  static std::map<std::string, std::unique_ptr<AtomDef>> table;
  return table;
}

// StrPrinter.parenthesize(arg, Atom - 0.5): anything but a symbol or a non-negative
// number is parenthesised.
std::string strArg(const Expr& e) {
  std::string s = e.str();
  if (e.asSymbol() || (e.isConstant() && e.constant() >= 0)) return s;
  if (const AtomDef* a = e.asAtom(); a && isMinMax(*a)) return s;  // a function call
  return "(" + s + ")";
}

Expr makeAtom(AtomKind kind, const Expr& a, const Expr& b) {
  std::string key;
  switch (kind) {
    case AtomKind::kFloorDiv: key = "(" + strArg(a) + "//" + strArg(b) + ")"; break;
    case AtomKind::kMod: key = "Mod(" + a.str() + ", " + b.str() + ")"; break;
    case AtomKind::kPythonMod: key = "PythonMod(" + a.str() + ", " + b.str() + ")"; break;
    case AtomKind::kMax: key = "Max(" + a.str() + ", " + b.str() + ")"; break;
    case AtomKind::kMin: key = "Min(" + a.str() + ", " + b.str() + ")"; break;
  }
  {
    std::lock_guard<std::mutex> lock(atomMutex());
    auto& slot = atomTable()[key];
    if (!slot) slot = std::make_unique<AtomDef>(AtomDef{kind, a, b, key});
  }
  return Expr::symbol(key);
}

int64_t pyFloorDiv(int64_t a, int64_t b) {
  if (a == INT64_MIN && b == -1) {  // 2**63 does not fit
    noteInt64Overflow();
    return INT64_MIN;
  }
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t pyMod(int64_t a, int64_t b) {
  if (b == -1) return 0;            // a - (a // -1) * -1 without the overflow of INT64_MIN // -1
  return a - pyFloorDiv(a, b) * b;  // |(a // b) * b| <= |a|: fits
}

int64_t gcd64(int64_t a, int64_t b) {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// The single term `e` is (coefficient and monomial), if it is one term.
std::optional<Term> singleTerm(const Expr& e) {
  if (e.terms().size() != 1) return std::nullopt;
  const auto& [m, c] = *e.terms().begin();
  return Term{c, m};
}

// `num` divided by the monomial `den` when every factor of `den` divides it.
std::optional<Monomial> divideMonomial(const Monomial& num, const Monomial& den) {
  std::map<std::string, int> powers(num.begin(), num.end());
  for (const auto& [s, p] : den) {
    auto it = powers.find(s);
    if (it == powers.end() || it->second < p) return std::nullopt;
    if ((it->second -= p) == 0) powers.erase(it);
  }
  return Monomial(powers.begin(), powers.end());
}

// e / (coeff * mono) when the division is exact term by term (sympy's r.is_integer for
// a monomial divisor over integer symbols).
std::optional<Expr> divideExact(const Expr& e, int64_t coeff, const Monomial& mono) {
  Expr out;
  for (const auto& [m, c] : e.terms()) {
    if (c % coeff != 0) return std::nullopt;
    auto q = divideMonomial(m, mono);
    if (!q) return std::nullopt;
    Expr t(c / coeff);
    for (const auto& [s, p] : *q)
      for (int i = 0; i < p; ++i) t = t * Expr::symbol(s);
    out = out + t;
  }
  return out;
}

// The sign sympy's assumptions decide for `e` (+1 positive, -1 negative, 0 unknown):
// every term the same sign over positive symbols.
int knownSign(const Expr& e, const Assumptions* assume) {
  if (e.terms().empty()) return 0;
  bool allPos = true, allNeg = true;
  for (const auto& [m, c] : e.terms()) {
    for (const auto& [s, p] : m) {
      if (!assume || isAtomKey(s) || !assume->positive(s)) return 0;
    }
    allPos = allPos && c > 0;
    allNeg = allNeg && c < 0;
  }
  return allPos ? 1 : allNeg ? -1 : 0;
}

// sympy's is_even / is_odd of an integer polynomial: known when every non-constant term
// has an even coefficient (then the constant decides).
std::optional<bool> knownOdd(const Expr& e) {
  for (const auto& [m, c] : e.terms())
    if (!m.empty() && c % 2 != 0) return std::nullopt;
  return e.constant() % 2 != 0;
}

}  // namespace

Expr::Expr(int64_t value) {
  if (value != 0) terms_[{}] = value;
}

Expr::Top Expr::top() const {
  Top out;
  auto termExpr = [](const Term& t) {
    Expr e;
    e.terms_[t.mono] = t.coeff;
    return e;
  };
  auto args = addArgs(terms_);
  if (args.empty()) return out;  // Integer 0
  if (args.size() > 1) {
    out.kind = Top::Kind::kAdd;
    for (const auto& t : args) out.args.push_back(termExpr(t));
    return out;
  }
  const Term& t = args[0];
  if (t.mono.empty()) {
    out.number = t.coeff;
    return out;
  }
  if (isMul(t)) {
    out.kind = Top::Kind::kMul;
    for (const auto& f : mulArgs(t)) {
      if (f.name.empty()) {
        out.args.emplace_back(f.number);
      } else {
        Expr e;
        e.terms_[{{f.name, f.exp}}] = 1;
        out.args.push_back(std::move(e));
      }
    }
    return out;
  }
  const auto& [name, exp] = t.mono[0];
  if (exp > 1) {
    out.kind = Top::Kind::kPow;
    out.number = exp;
    out.args.push_back(Expr::symbol(name));
    return out;
  }
  if (const AtomDef* atom = atomOf(name)) {
    switch (atom->kind) {
      case AtomKind::kFloorDiv: out.kind = Top::Kind::kFloorDiv; break;
      case AtomKind::kMod: out.kind = Top::Kind::kMod; break;
      case AtomKind::kPythonMod: out.kind = Top::Kind::kPythonMod; break;
      case AtomKind::kMax: out.kind = Top::Kind::kMax; break;
      case AtomKind::kMin: out.kind = Top::Kind::kMin; break;
    }
    out.args = {atom->a, atom->b};
    return out;
  }
  out.kind = Top::Kind::kSymbol;
  out.symbol = name;
  return out;
}

Expr Expr::symbol(const std::string& name) {
  Expr e;
  e.terms_[{{name, 1}}] = 1;
  return e;
}

bool Expr::isConstant() const {
  return terms_.empty() || (terms_.size() == 1 && terms_.begin()->first.empty());
}

int64_t Expr::constant() const {
  auto it = terms_.find({});
  return it == terms_.end() ? 0 : it->second;
}

std::optional<std::string> Expr::asSymbol() const {
  if (terms_.size() != 1) return std::nullopt;
  const auto& [m, c] = *terms_.begin();
  if (c != 1 || m.size() != 1 || m[0].second != 1 || isAtomKey(m[0].first)) return std::nullopt;
  return m[0].first;
}

const AtomDef* Expr::asAtom() const {
  if (terms_.size() != 1) return nullptr;
  const auto& [m, c] = *terms_.begin();
  if (c != 1 || m.size() != 1 || m[0].second != 1) return nullptr;
  return atomOf(m[0].first);
}

std::vector<std::string> Expr::freeSymbols() const {
  std::set<std::string> out;
  for (const auto& [m, c] : terms_) {
    for (const auto& f : m) {
      if (const AtomDef* a = atomOf(f.first)) {
        for (const auto& s : a->a.freeSymbols()) out.insert(s);
        for (const auto& s : a->b.freeSymbols()) out.insert(s);
      } else {
        out.insert(f.first);
      }
    }
  }
  return {out.begin(), out.end()};
}

bool Expr::hasAtoms() const {
  for (const auto& [m, c] : terms_)
    for (const auto& f : m)
      if (isAtomKey(f.first)) return true;
  return false;
}

std::vector<std::string> Expr::atoms() const {
  std::set<std::string> out;
  for (const auto& [m, c] : terms_) {
    for (const auto& f : m) {
      const AtomDef* a = atomOf(f.first);
      if (!a) continue;
      out.insert(f.first);
      for (const auto& s : a->a.atoms()) out.insert(s);
      for (const auto& s : a->b.atoms()) out.insert(s);
    }
  }
  return {out.begin(), out.end()};
}

const AtomDef* atomOf(const std::string& key) {
  if (!isAtomKey(key)) return nullptr;
  std::lock_guard<std::mutex> lock(atomMutex());
  auto it = atomTable().find(key);
  return it == atomTable().end() ? nullptr : it->second.get();
}

bool Expr::knownNonNegative(const Assumptions* assume) const {
  for (const auto& [m, c] : terms_) {
    if (c < 0) return false;
    for (const auto& [s, p] : m) {
      if (p % 2 == 0) continue;
      if (const AtomDef* a = atomOf(s)) {
        // Mod is non-negative; FloorDiv and PythonMod when their arguments are; Max when
        // one argument is, Min when both are.
        if (a->kind == AtomKind::kMod) continue;
        if (a->kind == AtomKind::kMax &&
            (a->a.knownNonNegative(assume) || a->b.knownNonNegative(assume)))
          continue;
        if (a->kind == AtomKind::kMin && a->a.knownNonNegative(assume) &&
            a->b.knownNonNegative(assume))
          continue;
        if (a->kind == AtomKind::kPythonMod && knownSign(a->b, assume) > 0) continue;
        if (a->kind == AtomKind::kFloorDiv && a->a.knownNonNegative(assume) &&
            a->b.knownNonNegative(assume))
          continue;
        return false;
      }
      if (!assume || !assume->positive(s)) return false;
    }
  }
  return true;
}

std::optional<Expr> Expr::floorDiv(const Expr& base, const Expr& divisor,
                                   const Assumptions* assume) {
  if (divisor.terms_.empty()) return std::nullopt;  // ZeroDivisionError
  if (base.terms_.empty()) return Expr(0);
  if (divisor == Expr(1)) return base;
  if (divisor == Expr(-1)) return -base;
  if (base == divisor) return Expr(1);
  if (base.isConstant() && divisor.isConstant())
    return Expr(pyFloorDiv(base.constant(), divisor.constant()));
  if (const AtomDef* inner = base.asAtom(); inner && inner->kind == AtomKind::kFloorDiv)
    return floorDiv(inner->a, inner->b * divisor, assume);
  if (divisor.isConstant()) {
    // (x + y) // b == x // b + y / b for the terms y that b divides.
    int64_t d = divisor.constant();
    Expr divisible, quotient;
    for (const auto& [m, c] : base.terms_) {
      if (c % d != 0) continue;
      Expr t(c);
      for (const auto& [sym, p] : m)
        for (int i = 0; i < p; ++i) t = t * Expr::symbol(sym);
      divisible = divisible + t;
      quotient = quotient + *divideExact(t, d, {});
    }
    if (!divisible.terms_.empty()) {
      auto rest = floorDiv(base - divisible, divisor, assume);
      if (!rest) return std::nullopt;
      return *rest + quotient;
    }
  }
  auto div = singleTerm(divisor);
  if (!div) return std::nullopt;  // an Add divisor: safe_gcd is not modelled
  // simple_floordiv_gcd: the common integer factor, then the divisor's factors that are
  // arguments of every term's Mul.
  int64_t g = div->coeff;
  for (const auto& [m, c] : base.terms_) g = gcd64(g, c);
  Monomial common;
  for (const auto& f : div->mono) {
    bool everywhere = true;
    for (const auto& [m, c] : base.terms_)
      everywhere = everywhere && std::find(m.begin(), m.end(), f) != m.end();
    if (everywhere) common.push_back(f);
  }
  if (g != 1 || !common.empty()) {
    auto b = divideExact(base, g, common);
    auto q = divideExact(divisor, g, common);
    if (b && q) return floorDiv(*b, *q, assume);
  }
  return makeAtom(AtomKind::kFloorDiv, base, divisor);
}

std::optional<Expr> Expr::mod(const Expr& p, const Expr& q, bool python,
                              const Assumptions* assume) {
  if (q.terms_.empty()) return std::nullopt;  // ZeroDivisionError
  if (p.terms_.empty() || p == q || p == -q || q == Expr(1)) return Expr(0);
  if (p.isConstant() && q.isConstant()) {
    if (!python && (p.constant() < 0 || q.constant() < 1)) return std::nullopt;
    return Expr(pyMod(p.constant(), q.constant()));
  }
  if (q == Expr(2)) {
    if (auto odd = knownOdd(p)) return Expr(*odd ? 1 : 0);
  }
  // r = p / q an integer: p a multiple of q.
  auto qt = singleTerm(q);
  if (qt && divideExact(p, qt->coeff, qt->mono)) return Expr(0);
  // p < q and p / q positive: p.
  if (knownSign(p - q, assume) < 0 && knownSign(p, assume) * knownSign(q, assume) > 0) return p;
  return makeAtom(python ? AtomKind::kPythonMod : AtomKind::kMod, p, q);
}

namespace {

// sympy's is_positive for an int, a symbol, or a Max / Min of those (fuzzy_or / fuzzy_and).
bool knownPositive(const Expr& e, const Assumptions* assume) {
  if (e.isConstant()) return e.constant() > 0;
  if (auto sym = e.asSymbol()) return assume && assume->positive(*sym);
  const AtomDef* a = e.asAtom();
  if (!a || !isMinMax(*a)) return false;
  bool pa = knownPositive(a->a, assume), pb = knownPositive(a->b, assume);
  return a->kind == AtomKind::kMax ? (pa || pb) : (pa && pb);
}

}  // namespace

std::optional<Expr> Expr::maxMin(const Expr& a, const Expr& b, bool isMax,
                                 const Assumptions* assume) {
  // default_sort_key's classes: numbers, then symbols, then Max / Min (nested ones).
  auto rank = [](const Expr& e) -> int {
    if (e.isConstant()) return 0;
    if (e.asSymbol()) return 1;
    const AtomDef* atom = e.asAtom();
    return atom && isMinMax(*atom) ? 2 : -1;
  };
  int ra = rank(a), rb = rank(b);
  if (ra < 0 || rb < 0) return std::nullopt;
  if (a == b) return a;
  if (ra == 0 && rb == 0)
    return Expr(isMax ? std::max(a.constant(), b.constant())
                      : std::min(a.constant(), b.constant()));
  const AtomKind kind = isMax ? AtomKind::kMax : AtomKind::kMin;
  if (ra == 0 || rb == 0) {
    const Expr& number = ra == 0 ? a : b;
    const Expr& other = ra == 0 ? b : a;
    // _collapse_arguments' numeric pass looks only at nested Max / Min whose first
    // argument is a number.
    // A nested Max / Min of this kind is flattened (_new_args_filter): not modelled.
    if (const AtomDef* inner = other.asAtom();
        inner && (inner->a.isConstant() || inner->kind == kind))
      return std::nullopt;
    // _find_localzeros: 0 against a non-negative value, 1 against a positive one.
    int64_t c = number.constant();
    bool positive = knownPositive(other, assume);
    if ((c == 0 && (positive || other.knownNonNegative(assume))) || (c == 1 && positive))
      return isMax ? other : number;
    return makeAtom(kind, number, other);
  }
  if (ra == 2 && rb == 2) return std::nullopt;  // two nested Max / Min: not modelled
  if (ra == 2 || rb == 2) {
    // A symbol and a nested Max / Min: _collapse_arguments removes the symbol from it
    // (or keeps only the symbol); not modelled when the symbol appears there.
    const Expr& nested = ra == 2 ? a : b;
    const Expr& sym = ra == 2 ? b : a;
    const AtomDef* inner = nested.asAtom();
    if (inner->kind == kind || inner->a == sym || inner->b == sym) return std::nullopt;
    return makeAtom(kind, sym, nested);
  }
  // Two symbols, ordered by name.
  bool aFirst = *a.asSymbol() < *b.asSymbol();
  return makeAtom(kind, aFirst ? a : b, aFirst ? b : a);
}

Expr Expr::operator+(const Expr& o) const {
  Expr out = *this;
  for (const auto& [m, c] : o.terms_) {
    int64_t v = addChecked(out.terms_[m], c);
    if (v == 0)
      out.terms_.erase(m);
    else
      out.terms_[m] = v;
  }
  return out;
}

Expr Expr::operator-() const {
  Expr out = *this;
  for (auto& [m, c] : out.terms_) c = negChecked(c);
  return out;
}

Expr Expr::operator-(const Expr& o) const { return *this + (-o); }

Expr Expr::operator*(const Expr& o) const {
  Expr out;
  for (const auto& [ma, ca] : terms_) {
    for (const auto& [mb, cb] : o.terms_) {
      Monomial m = mulMonomials(ma, mb);
      int64_t v = addChecked(out.terms_[m], mulChecked(ca, cb));
      if (v == 0)
        out.terms_.erase(m);
      else
        out.terms_[m] = v;
    }
  }
  return out;
}

Expr Expr::substitute(const std::map<std::string, Expr>& by, const Assumptions* assume) const {
  Expr out;
  for (const auto& [mono, coeff] : terms_) {
    Expr term(coeff);
    for (const auto& [name, power] : mono) {
      Expr factor = symbol(name);
      if (const AtomDef* a = atomOf(name)) {
        Expr x = a->a.substitute(by, assume), y = a->b.substitute(by, assume);
        std::optional<Expr> rebuilt = a->kind == AtomKind::kFloorDiv ? floorDiv(x, y, assume)
                                      : isMinMax(*a)
                                          ? maxMin(x, y, a->kind == AtomKind::kMax, assume)
                                          : mod(x, y, a->kind == AtomKind::kPythonMod, assume);
        if (rebuilt) factor = *rebuilt;
      } else if (auto it = by.find(name); it != by.end()) {
        factor = it->second;
      }
      for (int p = 0; p < power; ++p) term = term * factor;
    }
    out = out + term;
  }
  return out;
}

std::optional<int64_t> Expr::evaluate(const std::map<std::string, int64_t>& values) const {
  int64_t total = 0;
  for (const auto& [m, c] : terms_) {
    int64_t v = c;
    for (const auto& [s, p] : m) {
      std::optional<int64_t> x;
      if (const AtomDef* a = atomOf(s)) {
        auto l = a->a.evaluate(values), r = a->b.evaluate(values);
        if (!l || !r) return std::nullopt;
        if (isMinMax(*a)) {
          x = a->kind == AtomKind::kMax ? std::max(*l, *r) : std::min(*l, *r);
        } else {
          if (*r == 0) return std::nullopt;
          x = a->kind == AtomKind::kFloorDiv ? pyFloorDiv(*l, *r) : pyMod(*l, *r);
        }
      } else if (auto it = values.find(s); it != values.end()) {
        x = it->second;
      }
      if (!x) return std::nullopt;
      for (int i = 0; i < p; ++i) v = mulChecked(v, *x);
    }
    total = addChecked(total, v);
  }
  return total;
}

std::string Expr::str() const {
  if (terms_.empty()) return "0";
  if (const AtomDef* a = asAtom()) return a->key;
  std::vector<Term> terms;
  for (const auto& [m, c] : terms_) terms.push_back(Term{c, m});
  // Expr.as_ordered_terms' special case: Add(positive number, Mul(negative number, x))
  // keeps its argument order ("3 - s77").
  bool keep = terms.size() == 2 && terms[0].mono.empty() && terms[0].coeff > 0 &&
              terms[1].coeff < 0 && terms[1].mono.size() == 1 && terms[1].mono[0].second == 1;
  if (!keep) {
    // 'lex': exponent vectors over the symbols sorted by name, largest first.
    std::vector<std::string> symbols;
    for (const auto& [m, c] : terms_)
      for (const auto& f : m) symbols.push_back(f.first);
    std::sort(symbols.begin(), symbols.end(), genLess);
    symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
    std::stable_sort(terms.begin(), terms.end(), [&](const Term& a, const Term& b) {
      for (const auto& s : symbols) {
        int ea = exponent(a.mono, s), eb = exponent(b.mono, s);
        if (ea != eb) return ea > eb;
      }
      return degree(a.mono) > degree(b.mono);
    });
  }
  std::string out;
  for (const auto& t : terms) {
    std::string s = strTerm(t);
    if (out.empty()) {
      out = s;
    } else if (s[0] == '-') {
      out += " - " + s.substr(1);
    } else {
      out += " + " + s;
    }
  }
  return out;
}

std::string Expr::python(const std::function<std::string(const std::string&)>& name,
                         const Assumptions* assume) const {
  OrderScope scope(assume);
  if (terms_.empty()) return "0";
  auto args = addArgs(terms_);
  if (args.size() == 1) return pyTerm(args[0], name);
  std::string out;
  for (const auto& t : args)
    out += (out.empty() ? "" : " + ") + paren(pyTerm(t, name), precedenceOf(t), kPrecAdd);
  return out;
}

std::string Expr::python() const {
  return python([](const std::string& s) { return s; });
}

Relation Relation::negated() const {
  switch (op) {
    case RelOp::kEq: return {lhs, RelOp::kNe, rhs};
    case RelOp::kNe: return {lhs, RelOp::kEq, rhs};
    case RelOp::kLt: return {lhs, RelOp::kGe, rhs};
    case RelOp::kLe: return {lhs, RelOp::kGt, rhs};
    case RelOp::kGt: return {lhs, RelOp::kLe, rhs};
    case RelOp::kGe: return {lhs, RelOp::kLt, rhs};
  }
  return *this;
}

std::optional<bool> Relation::evaluate(const std::map<std::string, int64_t>& values) const {
  auto a = lhs.evaluate(values), b = rhs.evaluate(values);
  if (!a || !b) return std::nullopt;
  switch (op) {
    case RelOp::kEq: return *a == *b;
    case RelOp::kNe: return *a != *b;
    case RelOp::kLt: return *a < *b;
    case RelOp::kLe: return *a <= *b;
    case RelOp::kGt: return *a > *b;
    case RelOp::kGe: return *a >= *b;
  }
  return std::nullopt;
}

const char* relOpText(RelOp op) {
  switch (op) {
    case RelOp::kEq: return "==";
    case RelOp::kNe: return "!=";
    case RelOp::kLt: return "<";
    case RelOp::kLe: return "<=";
    case RelOp::kGt: return ">";
    case RelOp::kGe: return ">=";
  }
  return "?";
}

std::string Relation::python(const std::function<std::string(const std::string&)>& name,
                             const Assumptions* assume) const {
  OrderScope scope(assume);
  // Eq and Ne print at precedence 50 (a Mul or Add side is parenthesised), the
  // inequalities at 35.
  int level = (op == RelOp::kEq || op == RelOp::kNe) ? kPrecMul : 35;
  auto side = [&](const Expr& e) {
    std::string s = e.python(name);
    int prec = kPrecAtom;
    auto args = addArgs(e.terms());
    if (args.size() > 1)
      prec = kPrecAdd;
    else if (args.size() == 1)
      prec = precedenceOf(args[0]);
    return paren(s, prec, level);
  };
  return side(lhs) + " " + relOpText(op) + " " + side(rhs);
}

}  // namespace dynrr::symbolic
