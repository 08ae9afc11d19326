// shape_env.cpp — see shape_env.h (ShapeEnv.create_symbol, evaluate_expr,
// _maybe_guard_rel and produce_guards_verbose of torch/fx/experimental/symbolic_shapes.py).
#include "core/symbolic/shape_env.h"

#include <algorithm>

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
  SymbolInfo info{newName(source), source, hint, int64_t{2}, std::nullopt};
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

std::pair<Bound, Bound> ShapeEnv::rangeOf(const Expr& e) const {
  Interval total{int64_t{0}, int64_t{0}};
  for (const auto& [mono, coeff] : e.terms()) {
    Interval term{coeff, coeff};
    for (const auto& [name, power] : mono) {
      const SymbolInfo* s = symbol(name);
      Interval r = s ? Interval{s->lower, s->upper} : Interval{};
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
    Expr next = out.substitute(replacements_);
    if (next == out) break;
    out = next;
  }
  return out;
}

std::optional<bool> ShapeEnv::staticValue(const Relation& rel) const {
  auto [lo, hi] = rangeOf(replace(rel.lhs) - replace(rel.rhs));
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

bool ShapeEnv::evaluate(const Relation& relIn) {
  Relation rel{replace(relIn.lhs), relIn.op, replace(relIn.rhs)};
  if (auto known = staticValue(rel)) return *known;
  std::map<std::string, int64_t> hints;
  for (const auto& s : symbols_) hints[s.name] = s.hint;
  bool value = rel.evaluate(hints).value_or(false);
  Relation guard = value ? rel : rel.negated();
  if (guard.op == RelOp::kEq) {
    guardEquality(guard);
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
    if (unsupported_.empty())
      unsupported_ = "a shape guard relating several symbols or non-linear (" +
                     guard.python([this](const std::string& s) { return printSource(s); }) + ")";
    guards_.push_back(guard);
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
  return value;
}

void ShapeEnv::guardEquality(const Relation& guard) {
  guards_.push_back(guard);
  Expr diff = guard.lhs - guard.rhs;  // diff == 0
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
                     guard.python([this](const std::string& s) { return printSource(s); }) + ")";
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
  for (auto& [from, to] : replacements_) to = to.substitute({{name, target}});
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
    if (expr.isConstant() && tensorProperty) continue;
    if (auto sym = expr.asSymbol()) {
      if (bound.insert(*sym).second) continue;
    }
    out.push_back(source + " == " + expr.python(name));
  }
  // 2. The guards the final ranges do not decide.
  std::set<std::string> issued;
  for (const auto& g0 : guards_) {
    Relation g{replace(g0.lhs), g0.op, replace(g0.rhs)};
    if (staticValue(g)) continue;
    std::string text = g.python(name);
    if (issued.insert(text).second) out.push_back(text);
  }
  // 3. Each symbol an input binds, within its range.
  for (const auto& [sym, source] : sources) {
    const SymbolInfo& s = *symbol(sym);
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
