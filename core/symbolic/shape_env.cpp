// shape_env.cpp — see shape_env.h (ShapeEnv.create_symbol, evaluate_expr,
// _maybe_guard_rel and produce_guards_verbose of torch/fx/experimental/symbolic_shapes.py).
#include "core/symbolic/shape_env.h"

#include <algorithm>
#include <numeric>

#include "core/support/sha256.h"

namespace dynrr::symbolic {

namespace {

using Bound = std::optional<int64_t>;

struct Interval {
  Bound lo, hi;
};

Bound addBound(Bound a, Bound b) {
  int64_t r = 0;
  if (!a || !b || __builtin_add_overflow(*a, *b, &r)) return std::nullopt;
  return r;
}

// Interval product; an unbounded end or an overflow makes the result unbounded on the
// sides it could reach.
Interval mulInterval(Interval a, Interval b) {
  // A number times a half-bounded interval scales (and for a negative number flips) it.
  if (b.lo && b.hi && *b.lo == *b.hi) std::swap(a, b);
  if (a.lo && a.hi && *a.lo == *a.hi && (!b.lo || !b.hi)) {
    int64_t c = *a.lo, r = 0;
    auto scale = [&](Bound v) -> Bound {
      if (!v || __builtin_mul_overflow(c, *v, &r)) return std::nullopt;
      return r;
    };
    if (c == 0) return {int64_t{0}, int64_t{0}};
    if (c > 0) return {scale(b.lo), scale(b.hi)};
    return {scale(b.hi), scale(b.lo)};
  }
  if (!a.lo || !a.hi || !b.lo || !b.hi) {
    // Both non-negative: the lower ends multiply, the upper is unbounded.
    if (a.lo && b.lo && *a.lo >= 0 && *b.lo >= 0) {
      int64_t r = 0;
      if (__builtin_mul_overflow(*a.lo, *b.lo, &r)) return {};
      Bound hi;
      if (a.hi && b.hi && !__builtin_mul_overflow(*a.hi, *b.hi, &r)) hi = r;
      return {*a.lo * *b.lo, hi};
    }
    return {};
  }
  int64_t c[4];
  if (__builtin_mul_overflow(*a.lo, *b.lo, &c[0]) || __builtin_mul_overflow(*a.lo, *b.hi, &c[1]) ||
      __builtin_mul_overflow(*a.hi, *b.lo, &c[2]) || __builtin_mul_overflow(*a.hi, *b.hi, &c[3]))
    return {};
  int64_t lo = c[0], hi = c[0];
  for (int64_t v : c) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return {lo, hi};
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

// An end of a value range: a number or +-infinity (int_oo).
struct Ext {
  int inf = 0;  // -1, 0, +1
  int64_t v = 0;
  int sign() const { return inf ? inf : (v > 0) - (v < 0); }
  bool operator<(const Ext& o) const {
    if (inf != o.inf) return inf < o.inf;
    return inf == 0 && v < o.v;
  }
};

Ext lowEnd(Bound b) { return b ? Ext{0, *b} : Ext{-1, 0}; }
Ext highEnd(Bound b) { return b ? Ext{0, *b} : Ext{1, 0}; }
Bound bound(const Ext& e) { return e.inf ? Bound{} : Bound{e.v}; }

// FloorDiv of two range ends as sympy evaluates it on numbers and int_oo.
Ext floorDivExt(const Ext& x, const Ext& y) {
  if (!x.inf && !y.inf) return Ext{0, floorDiv(x.v, y.v)};
  if (x.inf && y.inf) return Ext{x.sign() * y.sign(), 0};  // nan -> sign * int_oo
  if (x.inf) return Ext{x.sign() * y.sign(), 0};
  return Ext{0, 0};  // finite / infinite: floor(+-0.0) == 0
}

bool containsZero(Bound lo, Bound hi) { return (!lo || *lo <= 0) && (!hi || *hi >= 0); }

RelOp mirrored(RelOp op) {
  switch (op) {
    case RelOp::kLt: return RelOp::kGt;
    case RelOp::kLe: return RelOp::kGe;
    case RelOp::kGt: return RelOp::kLt;
    case RelOp::kGe: return RelOp::kLe;
    default: return op;
  }
}

bool isInequality(RelOp op) { return op != RelOp::kEq && op != RelOp::kNe; }

// Whether `e` has `thing` (a symbol or an atom) anywhere.
bool hasThing(const Expr& e, const Expr& thing) {
  if (auto sym = thing.asSymbol()) {
    auto free = e.freeSymbols();
    return std::find(free.begin(), free.end(), *sym) != free.end();
  }
  if (const AtomDef* a = thing.asAtom()) {
    auto atoms = e.atoms();
    return std::find(atoms.begin(), atoms.end(), a->key) != atoms.end();
  }
  return false;
}

Expr termExpr(const Monomial& m, int64_t c) {
  Expr t(c);
  for (const auto& [s, p] : m)
    for (int i = 0; i < p; ++i) t = t * Expr::symbol(s);
  return t;
}

}  // namespace

std::string ShapeEnv::newName(const std::string& source) {
  // _generate_unique_id: a hash of the source name modulo 100, probing upwards.
  unsigned id = support::sha256Mod(source, 100);
  while (usedIds_.count(id)) ++id;
  usedIds_.insert(id);
  return "s" + std::to_string(id);
}

Expr ShapeEnv::createSizeSymbol(const std::string& source, int64_t hint, bool duck) {
  if (duck) {
    auto it = duckByValue_.find(hint);
    if (it != duckByValue_.end()) return Expr::symbol(it->second);
  }
  SymbolInfo info{newName(source), source, hint, int64_t{2}, std::nullopt, true};
  if (duck) duckByValue_[hint] = info.name;
  byName_[info.name] = symbols_.size();
  symbols_.push_back(info);
  return Expr::symbol(info.name);
}

Expr ShapeEnv::createIntSymbol(const std::string& source, int64_t hint) {
  SymbolInfo info{newName(source), source, hint, std::nullopt, std::nullopt};
  byName_[info.name] = symbols_.size();
  symbols_.push_back(info);
  // tracked_fakes: the int's source binds its symbol, in input order.
  inputGuards_.emplace_back(source, Expr::symbol(info.name));
  return Expr::symbol(info.name);
}

Expr ShapeEnv::createFloatSymbol(const std::string& source) {
  SymbolInfo info{"zf" + newName(source).substr(1), source, 0, std::nullopt, std::nullopt};
  info.isFloat = true;
  byName_[info.name] = symbols_.size();
  symbols_.push_back(info);
  inputGuards_.emplace_back(source, Expr::symbol(info.name));
  return Expr::symbol(info.name);
}

Expr ShapeEnv::createUnbacked(bool isFloat) {
  SymbolInfo info;
  info.name =
      isFloat ? "zuf" + std::to_string(unbackedFloats_++) : "u" + std::to_string(unbackedInts_++);
  info.unbacked = true;
  info.isFloat = isFloat;
  byName_[info.name] = symbols_.size();
  symbols_.push_back(info);
  return Expr::symbol(info.name);
}

bool ShapeEnv::isUnbacked(const std::string& name) const {
  const SymbolInfo* s = symbol(name);
  return s && s->unbacked;
}

bool ShapeEnv::hasUnbacked(const Expr& e) const {
  for (const auto& s : replace(e).freeSymbols())
    if (isUnbacked(s)) return true;
  return false;
}

void ShapeEnv::constrainRange(const std::string& name, std::optional<int64_t> lower,
                              std::optional<int64_t> upper) {
  auto it = byName_.find(name);
  if (it == byName_.end()) return;
  SymbolInfo& s = symbols_[it->second];
  if (lower && (!s.lower || *lower > *s.lower)) s.lower = lower;
  if (upper && (!s.upper || *upper < *s.upper)) s.upper = upper;
}

bool ShapeEnv::positive(const std::string& name) const {
  const SymbolInfo* s = symbol(name);
  return s && s->positive;
}

const SymbolInfo* ShapeEnv::symbol(const std::string& name) const {
  auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : &symbols_[it->second];
}

void ShapeEnv::addInputGuard(const std::string& source, const Expr& expr) {
  inputGuards_.emplace_back(source, expr);
}

int64_t ShapeEnv::hintOf(const Expr& e) const {
  std::map<std::string, int64_t> hints;
  for (const auto& s : symbols_) hints[s.name] = s.hint;
  return e.evaluate(hints).value_or(0);
}

std::pair<Bound, Bound> ShapeEnv::rangeOf(const Expr& e, bool assumptionsOnly) const {
  Interval total{int64_t{0}, int64_t{0}};
  for (const auto& [mono, coeff] : e.terms()) {
    Interval term{coeff, coeff};
    for (const auto& [name, power] : mono) {
      Interval r;
      if (const AtomDef* a = atomOf(name)) {
        if (!assumptionsOnly) {
          auto [lo, hi] = atomRange(*a);
          r = Interval{lo, hi};
        } else if (Expr::symbol(name).knownNonNegative(this)) {
          r = Interval{int64_t{0}, std::nullopt};  // Mod; FloorDiv of non-negatives
        }
      } else if (const SymbolInfo* s = symbol(name)) {
        r = assumptionsOnly ? (s->positive ? Interval{int64_t{1}, std::nullopt} : Interval{})
                            : Interval{s->lower, s->upper};
      }
      for (int p = 0; p < power; ++p) term = mulInterval(term, r);
    }
    total = {addBound(total.lo, term.lo), addBound(total.hi, term.hi)};
  }
  return {total.lo, total.hi};
}

Expr ShapeEnv::replace(const Expr& e) const {
  if (replacements_.empty()) return e;
  Expr out = e;
  // Targets are themselves replaced when set, so one pass per chain link suffices.
  for (size_t i = 0; i <= replacements_.size(); ++i) {
    Expr next = out.substitute(replacements_, this);
    if (next == out) break;
    out = next;
  }
  return out;
}

std::optional<bool> ShapeEnv::assumedValue(const Relation& rel) const {
  return staticValue(rel, true);
}

std::optional<bool> ShapeEnv::guardAll(const std::vector<Relation>& parts) {
  std::vector<Relation> left;
  for (const auto& p : parts) {
    auto folded = assumedValue(p);
    if (folded && !*folded) return false;
    if (!folded) left.push_back(p);
  }
  if (left.empty()) return true;
  if (left.size() == 1) return evaluate(left[0]);
  bool allTrue = true;
  for (const auto& p : left) {
    auto known = staticValue(p);
    if (known && !*known) return false;
    allTrue = allTrue && known.has_value();
  }
  if (allTrue) return true;
  std::string text;
  for (const auto& p : left)
    text += (text.empty() ? "" : " and ") +
            p.python([this](const std::string& s) { return printSource(s); }, this);
  markUnsupported("a guard on a conjunction of undecided relations (" + text +
                  "; sym_and guards are not modelled)");
  return std::nullopt;
}

std::optional<bool> ShapeEnv::staticValue(const Relation& rel, bool assumptionsOnly) const {
  auto [lo, hi] = rangeOf(replace(rel.lhs) - replace(rel.rhs), assumptionsOnly);
  switch (rel.op) {
    case RelOp::kEq:
      if ((lo && *lo > 0) || (hi && *hi < 0)) return false;
      if (lo && hi && *lo == 0 && *hi == 0) return true;
      return std::nullopt;
    case RelOp::kNe:
      if ((lo && *lo > 0) || (hi && *hi < 0)) return true;
      if (lo && hi && *lo == 0 && *hi == 0) return false;
      return std::nullopt;
    case RelOp::kLt:
      if (hi && *hi < 0) return true;
      if (lo && *lo >= 0) return false;
      return std::nullopt;
    case RelOp::kLe:
      if (hi && *hi <= 0) return true;
      if (lo && *lo > 0) return false;
      return std::nullopt;
    case RelOp::kGt:
      if (lo && *lo > 0) return true;
      if (hi && *hi <= 0) return false;
      return std::nullopt;
    case RelOp::kGe:
      if (lo && *lo >= 0) return true;
      if (hi && *hi < 0) return false;
      return std::nullopt;
  }
  return std::nullopt;
}

namespace {

// canonicalize_bool_expr of `lhs op rhs`: Gt / Ge become Lt / Le, everything is moved to
// one side (`0 op d`), and d is divided by the gcd of its integer coefficients
// (_reduce_to_lowest_terms). Two relations with the same key are the same sympy
// expression after canonicalisation. "" for a constant d (not an axiom).
std::string axiomKey(RelOp op, const Expr& lhs, const Expr& rhs) {
  Expr d = rhs - lhs;
  RelOp cop = op;
  if (op == RelOp::kGt || op == RelOp::kGe) {
    d = lhs - rhs;
    cop = op == RelOp::kGt ? RelOp::kLt : RelOp::kLe;
  }
  if (d.isConstant()) return "";
  int64_t g = 0;
  for (const auto& [mono, c] : d.terms()) g = std::gcd(g, c < 0 ? -c : c);
  if (g == 0) return "";
  std::string key = relOpText(cop);
  for (const auto& [mono, c] : d.terms()) {
    key += "|" + std::to_string(c / g) + ":";
    for (const auto& [name, power] : mono) key += name + "^" + std::to_string(power) + ",";
  }
  return key;
}

}  // namespace

// get_implications(guard), each implied relation entered by add_expr: its canonical form
// true and its negation's false; for == and != both orientations.
void ShapeEnv::addAxioms(const Relation& g) {
  auto add = [&](RelOp op, const Expr& l, const Expr& r) {
    if (op == RelOp::kEq || op == RelOp::kNe) {
      RelOp other = op == RelOp::kEq ? RelOp::kNe : RelOp::kEq;
      for (const auto& [a, b] : {std::pair{l, r}, std::pair{r, l}}) {
        if (auto k = axiomKey(op, a, b); !k.empty()) axioms_[k] = true;
        if (auto k = axiomKey(other, a, b); !k.empty()) axioms_[k] = false;
      }
      return;
    }
    if (auto k = axiomKey(op, l, r); !k.empty()) axioms_[k] = true;
    Relation neg = Relation{l, op, r}.negated();
    if (auto k = axiomKey(neg.op, neg.lhs, neg.rhs); !k.empty()) axioms_[k] = false;
  };
  add(g.op, g.lhs, g.rhs);
  switch (g.op) {
    case RelOp::kEq:
      add(RelOp::kLe, g.lhs, g.rhs);
      add(RelOp::kGe, g.lhs, g.rhs);
      break;
    case RelOp::kLt:
      add(RelOp::kLe, g.lhs, g.rhs);
      add(RelOp::kNe, g.lhs, g.rhs);
      add(RelOp::kLe, g.lhs, g.rhs - Expr(1));  // integer sides
      break;
    case RelOp::kLe: add(RelOp::kLt, g.lhs, g.rhs + Expr(1)); break;
    default: break;
  }
}

std::optional<bool> ShapeEnv::axiomValue(const Relation& rel) const {
  if (axioms_.empty()) return std::nullopt;
  std::string key = axiomKey(rel.op, replace(rel.lhs), replace(rel.rhs));
  if (key.empty()) return std::nullopt;
  auto it = axioms_.find(key);
  if (it == axioms_.end()) return std::nullopt;
  return it->second;
}

std::optional<bool> ShapeEnv::knownValue(const Relation& rel) const {
  if (auto v = staticValue(rel)) return v;
  return axiomValue(rel);
}

ShapeEnv::Fingerprint ShapeEnv::fingerprint() const {
  Fingerprint f;
  f.counts = {symbols_.size(),       inputGuards_.size(),    guards_.size(),
              axioms_.size(),        replacements_.size(),   divisible_.size(),
              size_t(unbackedInts_), size_t(unbackedFloats_)};
  for (const auto& s : symbols_) f.ranges.emplace_back(s.lower, s.upper);
  return f;
}

bool ShapeEnv::evaluate(const Relation& relIn) {
  Relation rel{replace(relIn.lhs), relIn.op, replace(relIn.rhs)};
  checkDivisible(rel.lhs);
  checkDivisible(rel.rhs);
  if (auto known = staticValue(rel)) return *known;
  if (auto known = axiomValue(rel)) return *known;
  if (hasUnbacked(rel.lhs) || hasUnbacked(rel.rhs)) {
    // GuardOnDataDependentSymNode: there is no hint to guard on.
    markUnsupported("a guard on a data-dependent expression (" +
                    rel.python([](const std::string& n) { return n; }) +
                    " of an unbacked symbol: the error or graph break Dynamo makes of it is "
                    "not modelled)");
    return false;
  }
  std::map<std::string, int64_t> hints;
  for (const auto& s : symbols_) hints[s.name] = s.hint;
  bool value = rel.evaluate(hints).value_or(false);
  Relation guard = value ? rel : rel.negated();
  addAxioms(guard);
  if (guard.lhs.hasAtoms() || guard.rhs.hasAtoms()) {
    guardWithAtoms(guard);
    return value;
  }
  if (guard.op == RelOp::kEq) {
    guardEquality(guard);
    return value;
  }
  // _maybe_guard_rel returns early on Ne: the guard is kept as it is and no range
  // narrows.
  if (guard.op == RelOp::kNe) {
    guards_.push_back(guard);
    return value;
  }
  // _maybe_guard_rel: a relation linear in one symbol narrows that symbol's range.
  Expr diff = guard.lhs - guard.rhs;  // diff OP 0
  auto free = diff.freeSymbols();
  int64_t a = 0;
  bool linear = free.size() == 1;
  if (linear) {
    for (const auto& [mono, coeff] : diff.terms()) {
      if (mono.empty()) continue;
      if (mono.size() != 1 || mono[0].second != 1) linear = false;
      a = coeff;
    }
  }
  if (!linear) {
    // _refine_ranges: each symbol solved for (try_solve) narrows to the other side's range.
    guards_.push_back(guard);
    if (guard.op != RelOp::kNe && free.size() <= 5)
      for (const auto& name : free) refineRange(guard, name);
    return value;
  }
  SymbolInfo& s = symbols_[byName_.at(free[0])];
  int64_t c = diff.constant();
  // a*s + c OP 0  <=>  s OP' -c/a (OP flipped when a < 0).
  RelOp op = guard.op;
  if (a < 0) {
    a = -a;
    c = -c;
    if (op == RelOp::kLt)
      op = RelOp::kGt;
    else if (op == RelOp::kLe)
      op = RelOp::kGe;
    else if (op == RelOp::kGt)
      op = RelOp::kLt;
    else if (op == RelOp::kGe)
      op = RelOp::kLe;
  }
  int64_t num = -c;  // s OP num / a
  if (num % a != 0) {
    // _refine_ranges refines integer symbols by integer bounds only: try_solve gives
    // s OP num/a, a fraction (5 <= 2*s: s >= 5/2), and the range stays. The guard is kept
    // as issued (printed "5 <= 2*s0", not "3 <= s0").
    guards_.push_back(guard);
    return value;
  }
  auto raiseLower = [&](int64_t v) {
    if (!s.lower || v > *s.lower) s.lower = v;
  };
  auto lowerUpper = [&](int64_t v) {
    if (!s.upper || v < *s.upper) s.upper = v;
  };
  switch (op) {
    case RelOp::kGt: raiseLower(floorDiv(num, a) + 1); break;
    case RelOp::kGe: raiseLower(ceilDiv(num, a)); break;
    case RelOp::kLt: lowerUpper(ceilDiv(num, a) - 1); break;
    case RelOp::kLe: lowerUpper(floorDiv(num, a)); break;
    case RelOp::kEq: break;  // guardEquality
    case RelOp::kNe:
      if (num % a == 0) {
        int64_t k = num / a;
        if (s.lower && k == *s.lower) {
          s.lower = k + 1;
          break;
        }
        if (s.upper && k == *s.upper) {
          s.upper = k - 1;
          break;
        }
        guards_.push_back(Relation{Expr::symbol(s.name), RelOp::kNe, Expr(k)});
      }
      break;
  }
  // _refine_ranges: a range refined to a single value replaces the symbol by it
  // ("range_refined_to_singleton").
  if (s.lower && s.upper && *s.lower == *s.upper) setReplacement(s.name, Expr(*s.lower));
  return value;
}

std::pair<Bound, Bound> ShapeEnv::atomRange(const AtomDef& atom) const {
  auto [alo, ahi] = rangeOf(atom.a);
  auto [blo, bhi] = rangeOf(atom.b);
  auto nonNeg = [](Bound lo) { return lo && *lo >= 0; };
  auto nonPos = [](Bound hi) { return hi && *hi <= 0; };
  if (atom.kind == AtomKind::kMax || atom.kind == AtomKind::kMin) {
    // ValueRanges.max_or_min: the bounds taken pairwise; a missing lower bound is -inf,
    // a missing upper bound +inf.
    bool isMax = atom.kind == AtomKind::kMax;
    auto lower = [&](Bound x, Bound y) -> Bound {
      if (x && y) return isMax ? std::max(*x, *y) : std::min(*x, *y);
      return isMax ? (x ? x : y) : Bound{};
    };
    auto upper = [&](Bound x, Bound y) -> Bound {
      if (x && y) return isMax ? std::max(*x, *y) : std::min(*x, *y);
      return isMax ? Bound{} : (x ? x : y);
    };
    return {lower(alo, blo), upper(ahi, bhi)};
  }
  if (atom.kind == AtomKind::kFloorDiv) {
    if (containsZero(blo, bhi)) {
      if ((nonNeg(blo) && nonNeg(alo)) || (nonPos(bhi) && nonPos(ahi))) return {0, {}};
      if ((nonPos(bhi) && nonNeg(alo)) || (nonNeg(blo) && nonPos(ahi))) return {{}, 0};
      return {};
    }
    Ext lo{1, 0}, hi{-1, 0};
    for (Ext x : {lowEnd(alo), highEnd(ahi)}) {
      for (Ext y : {lowEnd(blo), highEnd(bhi)}) {
        Ext r = floorDivExt(x, y);
        if (r < lo) lo = r;
        if (hi < r) hi = r;
      }
    }
    return {bound(lo), bound(hi)};
  }
  if (atom.kind == AtomKind::kPythonMod && !(nonNeg(alo) && nonNeg(blo))) {
    Bound lo = blo && *blo < 0 ? Bound{*blo + 1} : (blo ? Bound{0} : Bound{});
    Bound hi = bhi && *bhi > 0 ? Bound{*bhi - 1} : (bhi ? Bound{0} : Bound{});
    if (!blo) lo = Bound{};
    if (!bhi) hi = Bound{};
    return {lo, hi};
  }
  // SymPyValueRangeAnalysis.mod (C semantics).
  if (containsZero(blo, bhi)) return {};
  if (blo && bhi && *blo == *bhi) {
    int64_t y = *blo < 0 ? -*blo : *blo;
    auto cdiv = [&](Bound v) -> std::optional<int64_t> {
      if (!v) return std::nullopt;
      return *v / y;
    };
    auto cmod = [&](int64_t v) { return v < 0 ? -((-v) % y) : v % y; };
    auto dl = cdiv(alo), dh = cdiv(ahi);
    if (dl && dh && *dl == *dh) return {cmod(*alo), cmod(*ahi)};
    if (ahi && *ahi < 0) return {-y + 1, 0};
    if (alo && *alo > 0) return {0, y - 1};
    Bound lo = alo ? Bound{std::max(-y + 1, *alo)} : Bound{-y + 1};
    Bound hi = ahi ? Bound{std::min(y - 1, *ahi)} : Bound{y - 1};
    return {lo, hi};
  }
  if (!blo || !bhi) return {};
  int64_t upper = std::max(*blo < 0 ? -*blo : *blo, *bhi < 0 ? -*bhi : *bhi) - 1;
  return {-upper, upper};
}

std::optional<std::pair<RelOp, Expr>> ShapeEnv::trySolve(const Relation& rel,
                                                         const Expr& thing) const {
  bool inLhs = hasThing(rel.lhs, thing), inRhs = hasThing(rel.rhs, thing);
  if (inLhs == inRhs) return std::nullopt;
  Relation e = inLhs ? rel : Relation{rel.rhs, mirrored(rel.op), rel.lhs};
  for (int trial = 0; trial < 5; ++trial) {
    Relation next = e;
    // An Add: the terms without `thing` move to the right.
    if (next.lhs.terms().size() > 1) {
      Expr rest;
      for (const auto& [m, c] : next.lhs.terms()) {
        Expr t = termExpr(m, c);
        if (!hasThing(t, thing)) rest = rest + t;
      }
      next.lhs = next.lhs - rest;
      next.rhs = next.rhs - rest;
    }
    // A Mul: divided by its factors without `thing` (a known sign for an inequality).
    if (next.lhs.terms().size() == 1) {
      const auto& [m, c] = *next.lhs.terms().begin();
      Monomial other;
      for (const auto& f : m)
        if (!hasThing(termExpr({f}, 1), thing)) other.push_back(f);
      Expr otherExpr = termExpr(other, c);
      int sign = 0;
      if (otherExpr.isConstant()) {
        sign = c > 0 ? 1 : -1;
      } else {
        bool pos = true;
        for (const auto& f : other) pos = pos && !atomOf(f.first) && positive(f.first);
        if (pos) sign = c > 0 ? 1 : -1;
      }
      bool rhsZero = next.rhs.terms().empty();
      if (otherExpr != Expr(1) && !(isInequality(next.op) && sign == 0) &&
          !(!isInequality(next.op) && rhsZero)) {
        Expr lhs(1);
        for (const auto& f : m)
          if (hasThing(termExpr({f}, 1), thing)) lhs = lhs * termExpr({f}, 1);
        // rhs / other: a rational right-hand side is never solved for an integer.
        Expr rhs;
        for (const auto& [rm, rc] : next.rhs.terms()) {
          if (rc % c != 0) return std::nullopt;
          std::map<std::string, int> powers(rm.begin(), rm.end());
          for (const auto& [sym, p] : other) {
            auto it = powers.find(sym);
            if (it == powers.end() || it->second < p) return std::nullopt;
            if ((it->second -= p) == 0) powers.erase(it);
          }
          rhs = rhs + termExpr(Monomial(powers.begin(), powers.end()), rc / c);
        }
        next.lhs = lhs;
        next.rhs = rhs;
        if (isInequality(next.op) && sign < 0) next.op = mirrored(next.op);
      }
    }
    // FloorDiv(a, b) with b > 0 (floordiv_inequality): a bound on a.
    if (const AtomDef* fd = next.lhs.asAtom(); fd && fd->kind == AtomKind::kFloorDiv) {
      bool divisorPositive = !fd->b.terms().empty();
      for (const auto& [bm, bc] : fd->b.terms()) {
        divisorPositive = divisorPositive && bc > 0;
        for (const auto& f : bm)
          divisorPositive = divisorPositive && !atomOf(f.first) && positive(f.first);
      }
      if (divisorPositive) {
        if (!isInequality(next.op)) return std::nullopt;  // an And / Or: not a relation
        bool ge = next.op == RelOp::kGe || next.op == RelOp::kGt;
        Expr q = (next.op == RelOp::kGe || next.op == RelOp::kLt) ? next.rhs : next.rhs + Expr(1);
        next = Relation{fd->a, ge ? RelOp::kGe : RelOp::kLt, q * fd->b};
      }
    }
    if (next.lhs == e.lhs && next.rhs == e.rhs && next.op == e.op) break;
    e = next;
  }
  if (e.lhs != thing) return std::nullopt;
  return std::make_pair(e.op, e.rhs);
}

void ShapeEnv::refineRange(const Relation& guard, const std::string& name) {
  auto solved = trySolve(guard, Expr::symbol(name));
  if (!solved) return;
  auto [op, rhs] = *solved;
  SymbolInfo& s = symbols_[byName_.at(name)];
  auto [rlo, rhi] = rangeOf(rhs);
  Ext lower = lowEnd(s.lower), upper = highEnd(s.upper);
  Ext rl = lowEnd(rlo), rh = highEnd(rhi);
  if (!(rl < lower) && (op == RelOp::kEq || op == RelOp::kGe || op == RelOp::kGt)) {
    lower = rl;
    if (op == RelOp::kGt && !lower.inf) lower.v += 1;
  }
  if (!(upper < rh) && (op == RelOp::kEq || op == RelOp::kLe || op == RelOp::kLt)) {
    upper = rh;
    if (op == RelOp::kLt && !upper.inf) upper.v -= 1;
  }
  s.lower = bound(lower);
  s.upper = bound(upper);
  if (s.lower && s.upper && *s.lower == *s.upper) setReplacement(name, Expr(*s.lower));
}

void ShapeEnv::guardWithAtoms(const Relation& guard) {
  guards_.push_back(guard);
  if (guard.op == RelOp::kNe) return;
  auto free = (guard.lhs - guard.rhs).freeSymbols();
  if (free.size() > 5) return;
  for (const auto& name : free) refineRange(guard, name);
  if (guard.op != RelOp::kEq) return;
  // An equality with a Mod: solved for it, `Mod(a, b) == 0` makes it divisible.
  std::vector<std::string> mods;
  for (const auto& key : (guard.lhs - guard.rhs).atoms())
    if (atomOf(key)->kind == AtomKind::kMod) mods.push_back(key);
  if (mods.size() > 1) {
    markUnsupported("an equality guard with several Mod atoms (" +
                    guard.python([this](const std::string& s) { return printSource(s); }, this) +
                    ")");
    return;
  }
  if (mods.empty()) return;
  auto solved = trySolve(guard, Expr::symbol(mods[0]));
  if (solved && solved->second.terms().empty()) divisible_.insert(mods[0]);
}

void ShapeEnv::checkDivisible(const Expr& e) {
  if (divisible_.empty() || !e.hasAtoms()) return;
  // ShapeEnv.simplify turns FloorDiv(a, b) whose Mod(a, b) is known 0 into CleanDiv(a, b):
  // a FloorDiv subclass with FloorDiv's evaluation, printers (_print_CleanDiv) and value
  // ranges (interp's handler), its axioms re-simplified alike: the same decisions. Its
  // nested rule does change the expression: FloorDiv(a, FloorDiv(a, c)) is c when both
  // Mods are known 0.
  auto divisible = [&](const Expr& a, const Expr& b) {
    auto m = Expr::mod(a, b, false, this);
    return m && m->asAtom() && divisible_.count(m->asAtom()->key);
  };
  for (const auto& key : e.atoms()) {
    const AtomDef* a = atomOf(key);
    if (a->kind != AtomKind::kFloorDiv) continue;
    const AtomDef* inner = a->b.asAtom();
    if (!inner || inner->kind != AtomKind::kFloorDiv || !(inner->a == a->a)) continue;
    if (divisible(a->a, a->b) && divisible(inner->a, inner->b))
      markUnsupported("a FloorDiv by a FloorDiv of its own numerator whose Mods guards made 0 (" +
                      a->key + "; ShapeEnv.simplify's nested division rule is not modelled)");
  }
}

namespace {
// try_solve's division by a common factor: s0*s1 - 4*s0 == 0 is s1 - 4 == 0 when every
// term holds the positive symbols of `common` (a size symbol is never 0). The reduced
// expression, or `diff` itself when the terms share no such factor.
Expr divideCommonPositiveFactor(const Expr& diff, const Assumptions& assume) {
  std::map<std::string, int> common;
  bool first = true;
  for (const auto& [mono, a] : diff.terms()) {
    if (mono.empty()) return diff;  // a constant term: no common symbol
    std::map<std::string, int> powers(mono.begin(), mono.end());
    if (first) {
      common = powers;
      first = false;
      continue;
    }
    for (auto it = common.begin(); it != common.end();) {
      auto p = powers.find(it->first);
      if (p == powers.end()) {
        it = common.erase(it);
      } else {
        it->second = std::min(it->second, p->second);
        ++it;
      }
    }
  }
  for (auto it = common.begin(); it != common.end();)
    it = assume.positive(it->first) ? std::next(it) : common.erase(it);
  if (common.empty() || diff.terms().size() < 2) return diff;
  // Only a factor the rest does not hold: s0*s0 - 4*s0 (a duck-sized view) stays as it is,
  // a guard Dynamo keeps unsolved; s0*s1 - 4*s0 is s1 - 4.
  for (const auto& [mono, a] : diff.terms())
    for (const auto& [name, power] : mono)
      if (auto c = common.find(name); c != common.end() && power != c->second) return diff;
  Expr out(0);
  for (const auto& [mono, a] : diff.terms()) {
    Expr term(a);
    for (const auto& [name, power] : mono) {
      auto c = common.find(name);
      for (int k = power - (c == common.end() ? 0 : c->second); k > 0; --k)
        term = term * Expr::symbol(name);
    }
    out = out + term;
  }
  return out;
}
}  // namespace

void ShapeEnv::guardEquality(const Relation& guard) {
  guards_.push_back(guard);
  Expr diff = divideCommonPositiveFactor(guard.lhs - guard.rhs, *this);  // diff == 0
  auto free = diff.freeSymbols();
  // Linear with unit coefficients: sum(a_i * s_i) + c, a_i = +-1 (or any a for one symbol).
  std::map<std::string, int64_t> coeff;
  for (const auto& [mono, a] : diff.terms()) {
    if (mono.empty()) continue;
    if (mono.size() != 1 || mono[0].second != 1) {
      coeff.clear();
      break;
    }
    coeff[mono[0].first] = a;
  }
  int64_t c = diff.constant();
  auto fail = [&] {
    if (unsupported_.empty())
      unsupported_ = "a shape guard relating several symbols or non-linear (" +
                     guard.python([this](const std::string& s) { return printSource(s); }, this) +
                     ")";
  };
  if (coeff.size() != free.size() || free.empty() || free.size() > 2) return fail();
  if (free.size() == 1) {
    // a*s + c == 0: s is -c/a when that is an integer (try_solve), else no replacement.
    int64_t a = coeff.begin()->second;
    if (c % a == 0) setReplacement(free[0], Expr(-c / a));
    return;
  }
  for (const auto& [name, a] : coeff)
    if (a != 1 && a != -1) return fail();
  // _smart_symbol_sort, reversed: the symbol with the larger hint, then the larger name,
  // is solved for.
  std::vector<std::string> order = free;
  std::sort(order.begin(), order.end(), [this](const std::string& x, const std::string& y) {
    int64_t hx = symbol(x)->hint, hy = symbol(y)->hint;
    if (hx != hy) return hx > hy;
    return x > y;
  });
  const std::string& solved = order[0];
  const std::string& other = order[1];
  // a0*solved + a1*other + c == 0  =>  solved == -(a1*other + c) / a0, a0 = +-1.
  int64_t a0 = coeff[solved], a1 = coeff[other];
  Expr target = (Expr::symbol(other) * Expr(a1) + Expr(c)) * Expr(-a0);
  setReplacement(solved, replace(target));
}

void ShapeEnv::setReplacement(const std::string& name, const Expr& target) {
  if (replacements_.count(name)) return;
  for (const auto& f : target.freeSymbols())
    if (f == name) return;
  SymbolInfo& a = symbols_[byName_.at(name)];
  // The replaced symbol's range narrows to the target's; a target that is one symbol
  // plus a constant narrows to the replaced symbol's range in turn.
  auto [lo, hi] = rangeOf(target);
  if (lo && (!a.lower || *lo > *a.lower)) a.lower = lo;
  if (hi && (!a.upper || *hi < *a.upper)) a.upper = hi;
  auto free = target.freeSymbols();
  if (free.size() == 1 && (target - Expr::symbol(free[0])).isConstant()) {
    SymbolInfo& b = symbols_[byName_.at(free[0])];
    int64_t k = target.constant();
    if (a.lower && (!b.lower || *a.lower - k > *b.lower)) b.lower = *a.lower - k;
    if (a.upper && (!b.upper || *a.upper - k < *b.upper)) b.upper = *a.upper - k;
  }
  replacements_[name] = target;
  replacementOrder_.push_back(name);
  // Earlier targets that mention `name` see through it.
  for (auto& [from, to] : replacements_) to = to.substitute({{name, target}}, this);
}

std::set<std::string> ShapeEnv::freeSymbolsOf(const std::string& tensorSource) const {
  std::set<std::string> out;
  for (const auto& [source, expr] : inputGuards_) {
    if (source.rfind(tensorSource + ".size()[", 0) != 0 &&
        source.rfind(tensorSource + ".stride()[", 0) != 0)
      continue;
    for (const auto& s : replace(expr).freeSymbols()) out.insert(s);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> ShapeEnv::symbolSources() const {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  for (const auto& [source, expr] : inputGuards_) {
    auto sym = replace(expr).asSymbol();
    if (sym && seen.insert(*sym).second) out.emplace_back(*sym, source);
  }
  return out;
}

std::string ShapeEnv::printSource(const std::string& symbol) const {
  if (!replacements_.empty()) {
    for (const auto& [sym, source] : symbolSources())
      if (sym == symbol) return source;
  }
  const SymbolInfo* s = this->symbol(symbol);
  return s ? s->source : symbol;
}

std::vector<std::string> ShapeEnv::produceGuards() const {
  std::vector<std::string> out;
  auto sources = symbolSources();
  std::map<std::string, std::string> first(sources.begin(), sources.end());
  auto name = [&](const std::string& s) {
    auto it = first.find(s);
    return it != first.end() ? it->second : printSource(s);
  };
  // 1. Inputs equal their expressions (duck sizing, inferred strides, replacements): a
  // source binding a symbol first binds it; a later one equals the first.
  std::set<std::string> bound;
  for (const auto& [source, exprIn] : inputGuards_) {
    Expr expr = replace(exprIn);
    // ignore_static: a tensor's static sizes and strides are TENSOR_MATCH's.
    bool tensorProperty = source.find(".size()[") != std::string::npos ||
                          source.find(".stride()[") != std::string::npos ||
                          source.find(".storage_offset()") != std::string::npos;
    if (ignoreStatic_ && expr.isConstant() && tensorProperty) continue;
    if (auto sym = expr.asSymbol()) {
      if (bound.insert(*sym).second) continue;
    }
    out.push_back(source + " == " + expr.python(name, this));
  }
  // 2. The guards the final ranges do not decide.
  std::set<std::string> issued;
  for (const auto& g0 : guards_) {
    Relation g{replace(g0.lhs), g0.op, replace(g0.rhs)};
    if (staticValue(g)) continue;
    std::string text = g.python(name, this);
    if (issued.insert(text).second) out.push_back(text);
  }
  // 3. Each symbol an input binds, within its range.
  for (const auto& [sym, source] : sources) {
    const SymbolInfo& s = *symbol(sym);
    if (s.isFloat) {
      // A float input's range is (-oo, oo): the guard is that it is no NaN.
      out.push_back("not math.isnan(" + source + ")");
      continue;
    }
    std::string lower = s.lower ? std::to_string(*s.lower) + " <= " + source : "";
    std::string upper = s.upper ? source + " <= " + std::to_string(*s.upper) : "";
    if (!lower.empty() && !upper.empty())
      out.push_back(lower + " and " + upper);
    else if (!lower.empty() || !upper.empty())
      out.push_back(lower + upper);
  }
  return out;
}

}  // namespace dynrr::symbolic
