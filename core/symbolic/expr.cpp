// expr.cpp — polynomial size expressions and sympy's two printers (see expr.h).
#include "core/symbolic/expr.h"

#include <algorithm>
#include <set>

namespace dynrr::symbolic {

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

// The factors of Mul(coeff, *mono) in sympy's argument order (Basic.compare:
// numbers, then Symbols by name, then Pows by base name), as
// (symbol, exponent) with the coefficient kept apart.
std::vector<std::pair<std::string, int>> mulArgOrder(const Monomial& mono) {
  std::vector<std::pair<std::string, int>> symbols, pows;
  for (const auto& f : mono) (f.second == 1 ? symbols : pows).push_back(f);
  symbols.insert(symbols.end(), pows.begin(), pows.end());
  return symbols;
}

// Number of arguments of the sympy object a term is: a number or a Symbol or a Pow is
// one object (not a Mul); a Mul has its coefficient (when not 1) and its factors.
bool isMul(const Term& t) {
  if (t.mono.empty()) return false;
  if (t.coeff != 1) return true;
  return t.mono.size() > 1;
}

// Basic.compare between two Add arguments (class order Integer < Symbol < Pow < Mul,
// then the hashable content: a Mul's length first, then its arguments in order).
int classRank(const Term& t) {
  if (t.mono.empty()) return 0;
  if (isMul(t)) return 3;
  return t.mono[0].second == 1 ? 1 : 2;
}

// Compare two single factors (Symbol or Pow) or the coefficient, as Basic.compare.
struct Factor {
  int rank;  // 0 number, 1 Symbol, 2 Pow
  int64_t number = 0;
  std::string name;
  int exp = 1;
};

int compareFactor(const Factor& a, const Factor& b) {
  if (a.rank != b.rank) return a.rank < b.rank ? -1 : 1;
  if (a.rank == 0) return (a.number > b.number) - (a.number < b.number);
  if (a.name != b.name) return a.name < b.name ? -1 : 1;
  return (a.exp > b.exp) - (a.exp < b.exp);
}

std::vector<Factor> mulArgs(const Term& t) {
  std::vector<Factor> out;
  if (t.coeff != 1) out.push_back(Factor{0, t.coeff, "", 1});
  for (const auto& [s, p] : mulArgOrder(t.mono)) out.push_back(Factor{p == 1 ? 1 : 2, 0, s, p});
  return out;
}

int compareTerms(const Term& a, const Term& b) {
  int ra = classRank(a), rb = classRank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (ra == 0) return (a.coeff > b.coeff) - (a.coeff < b.coeff);
  auto fa = mulArgs(a), fb = mulArgs(b);
  if (ra != 3) return compareFactor(fa[0], fb[0]);
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

// ---- sympy StrPrinter

std::string strMonomial(const Monomial& m) {
  std::string out;
  for (const auto& [s, p] : m) {
    if (!out.empty()) out += "*";
    out += s;
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

constexpr int kPrecAdd = 40, kPrecMul = 50, kPrecAtom = 1000;

int precedenceOf(const Term& t) {
  if (t.mono.empty()) return t.coeff < 0 ? kPrecAdd : kPrecAtom;
  if (isMul(t)) return t.coeff < 0 ? kPrecAdd : kPrecMul;
  return t.mono[0].second == 1 ? kPrecAtom : 60;  // Symbol, Pow
}

std::string paren(const std::string& s, int prec, int level) {
  return prec <= level ? "(" + s + ")" : s;
}

std::string pyFactor(const Factor& f, int level,
                     const std::function<std::string(const std::string&)>& name) {
  if (f.rank == 0)
    return paren(std::to_string(f.number), f.number < 0 ? kPrecAdd : kPrecAtom, level);
  std::string one = name(f.name);
  if (f.rank == 1) return one;
  // Pow: the base repeated (ExprPrinter._print_Pow), not parenthesised inside a Mul.
  std::string out;
  for (int i = 0; i < f.exp; ++i) out += (i ? "*" : "") + one;
  return out;
}

std::string pyTerm(const Term& t, const std::function<std::string(const std::string&)>& name) {
  if (t.mono.empty()) return std::to_string(t.coeff);
  if (!isMul(t)) return pyFactor(mulArgs(t)[0], kPrecMul, name);
  int level = precedenceOf(t);
  std::string out;
  for (const auto& f : mulArgs(t)) out += (out.empty() ? "" : "*") + pyFactor(f, level, name);
  return out;
}

}  // namespace

Expr::Expr(int64_t value) {
  if (value != 0) terms_[{}] = value;
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
  if (c != 1 || m.size() != 1 || m[0].second != 1) return std::nullopt;
  return m[0].first;
}

std::vector<std::string> Expr::freeSymbols() const {
  std::set<std::string> out;
  for (const auto& [m, c] : terms_)
    for (const auto& f : m) out.insert(f.first);
  return {out.begin(), out.end()};
}

Expr Expr::operator+(const Expr& o) const {
  Expr out = *this;
  for (const auto& [m, c] : o.terms_) {
    int64_t v = out.terms_[m] + c;
    if (v == 0)
      out.terms_.erase(m);
    else
      out.terms_[m] = v;
  }
  return out;
}

Expr Expr::operator-() const {
  Expr out = *this;
  for (auto& [m, c] : out.terms_) c = -c;
  return out;
}

Expr Expr::operator-(const Expr& o) const { return *this + (-o); }

Expr Expr::operator*(const Expr& o) const {
  Expr out;
  for (const auto& [ma, ca] : terms_) {
    for (const auto& [mb, cb] : o.terms_) {
      Monomial m = mulMonomials(ma, mb);
      int64_t v = out.terms_[m] + ca * cb;
      if (v == 0)
        out.terms_.erase(m);
      else
        out.terms_[m] = v;
    }
  }
  return out;
}

Expr Expr::substitute(const std::map<std::string, Expr>& by) const {
  Expr out;
  for (const auto& [mono, coeff] : terms_) {
    Expr term(coeff);
    for (const auto& [name, power] : mono) {
      auto it = by.find(name);
      Expr factor = it == by.end() ? symbol(name) : it->second;
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
      auto it = values.find(s);
      if (it == values.end()) return std::nullopt;
      for (int i = 0; i < p; ++i) v *= it->second;
    }
    total += v;
  }
  return total;
}

std::string Expr::str() const {
  if (terms_.empty()) return "0";
  std::vector<Term> terms;
  for (const auto& [m, c] : terms_) terms.push_back(Term{c, m});
  // Expr.as_ordered_terms' special case: Add(positive number, Mul(negative number, x))
  // keeps its argument order ("3 - s77").
  bool keep = terms.size() == 2 && terms[0].mono.empty() && terms[0].coeff > 0 &&
              terms[1].coeff < 0 && terms[1].mono.size() == 1 && terms[1].mono[0].second == 1;
  if (!keep) {
    // 'lex': exponent vectors over the symbols sorted by name, largest first.
    auto symbols = freeSymbols();
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

std::string Expr::python(const std::function<std::string(const std::string&)>& name) const {
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

std::string Relation::python(const std::function<std::string(const std::string&)>& name) const {
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
