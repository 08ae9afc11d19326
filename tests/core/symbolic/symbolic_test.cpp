// Tests for core/symbolic: the printers against sympy's own output (printer_vectors.txt,
// written by scripts/gen_symbolic_vectors.py from the venv's sympy and torch's
// PythonPrinter), and ShapeEnv's guards on the patterns Dynamo's traces show.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/symbolic/expr.h"
#include "core/symbolic/overflow.h"
#include "core/symbolic/shape_env.h"

namespace dynrr::symbolic {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep)) out.push_back(cur);
  return out;
}

Expr build(const std::string& terms) {
  Expr total;
  for (const auto& t : split(terms, ';')) {
    auto parts = split(t, '*');
    Expr v(std::stoll(parts[0]));
    for (size_t i = 1; i < parts.size(); ++i) {
      auto hat = parts[i].find('^');
      std::string name = parts[i].substr(0, hat);
      int p = hat == std::string::npos ? 1 : std::stoi(parts[i].substr(hat + 1));
      for (int k = 0; k < p; ++k) v = v * Expr::symbol(name);
    }
    total = total + v;
  }
  return total;
}

RelOp opOf(const std::string& s) {
  if (s == "Eq") return RelOp::kEq;
  if (s == "Ne") return RelOp::kNe;
  if (s == "Lt") return RelOp::kLt;
  if (s == "Le") return RelOp::kLe;
  if (s == "Gt") return RelOp::kGt;
  return RelOp::kGe;
}

// Size symbols ("s...") are positive, n9 only an integer, as in gen_symbolic_vectors.py.
class VectorAssumptions final : public Assumptions {
 public:
  bool positive(const std::string& symbol) const override { return symbol[0] == 's'; }
};

// The prefix language of the atom vectors: add(..), mul(..), fd(a,b), mod(a,b),
// pmod(a,b), max(a,b), min(a,b) over ints and symbols.
Expr parsePrefix(const std::string& src, size_t& pos) {
  static const VectorAssumptions assume;
  size_t start = pos;
  while (pos < src.size() && src[pos] != '(' && src[pos] != ',' && src[pos] != ')') ++pos;
  std::string head = src.substr(start, pos - start);
  if (pos >= src.size() || src[pos] != '(') {
    if (std::isdigit(static_cast<unsigned char>(head[0])) || head[0] == '-')
      return Expr(std::stoll(head));
    return Expr::symbol(head);
  }
  std::vector<Expr> args;
  ++pos;  // (
  while (true) {
    args.push_back(parsePrefix(src, pos));
    if (src[pos++] == ')') break;  // , or )
  }
  if (head == "add" || head == "mul") {
    Expr out = head == "add" ? Expr(0) : Expr(1);
    for (const auto& a : args) out = head == "add" ? out + a : out * a;
    return out;
  }
  std::optional<Expr> out = head == "fd" ? Expr::floorDiv(args[0], args[1], &assume)
                            : head == "max" || head == "min"
                                ? Expr::maxMin(args[0], args[1], head == "max", &assume)
                                : Expr::mod(args[0], args[1], head == "pmod", &assume);
  EXPECT_TRUE(out.has_value()) << src;
  return out.value_or(Expr(0));
}

Expr parsePrefix(const std::string& src) {
  size_t pos = 0;
  return parsePrefix(src, pos);
}

TEST(SymbolicPrinters, MatchSympyAndTorchPythonPrinter) {
  std::ifstream in(DYNRR_SYMBOLIC_VECTORS);
  ASSERT_TRUE(in.good());
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    auto f = split(line, '\t');
    if (f.empty()) continue;
    if (f[0] == "expr") {
      ASSERT_EQ(f.size(), 4u) << line;
      Expr e = build(f[1]);
      EXPECT_EQ(e.str(), f[2]) << "str() of " << f[1];
      EXPECT_EQ(e.python(), f[3]) << "PythonPrinter of " << f[1];
    } else if (f[0] == "atom") {
      // FloorDiv / Mod / PythonMod: simplified as their eval does, printed, evaluated.
      ASSERT_EQ(f.size(), 5u) << line;
      Expr e = parsePrefix(f[1]);
      EXPECT_EQ(e.str(), f[2]) << "str() of " << f[1];
      EXPECT_EQ(e.python(), f[3]) << "PythonPrinter of " << f[1];
      EXPECT_EQ(e.evaluate({{"s77", 7}, {"s27", 4}, {"s5", 5}, {"n9", -3}}),
                std::optional<int64_t>(std::stoll(f[4])))
          << "value of " << f[1];
    } else if (f[0] == "atomrel") {
      ASSERT_EQ(f.size(), 5u) << line;
      Relation r{parsePrefix(f[2]), opOf(f[1]), parsePrefix(f[3])};
      EXPECT_EQ(r.python([](const std::string& s) { return s; }), f[4]) << line;
    } else {
      ASSERT_EQ(f.size(), 5u) << line;
      Relation r{build(f[2]), opOf(f[1]), build(f[3])};
      EXPECT_EQ(r.python([](const std::string& s) { return s; }), f[4]) << line;
    }
    ++checked;
  }
  EXPECT_GT(checked, 80);
}

// A tensor size symbol as VariableBuilder makes one: created, then its source tracked.
Expr sizeSymbol(ShapeEnv& env, const std::string& source, int64_t hint, bool duck = false) {
  Expr e = env.createSizeSymbol(source, hint, duck);
  env.addInputGuard(source, e);
  return e;
}

TEST(ShapeEnv, DuckSizingSharesASymbolAndGuardsTheSecondSource) {
  ShapeEnv env;
  Expr a = env.createSizeSymbol("L['x'].size()[0]", 6, /*duck=*/true);
  Expr b = env.createSizeSymbol("L['y'].size()[0]", 6, /*duck=*/true);
  EXPECT_EQ(a, b);
  env.addInputGuard("L['x'].size()[0]", a);
  env.addInputGuard("L['y'].size()[0]", b);
  auto g = env.produceGuards();
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0], "L['y'].size()[0] == L['x'].size()[0]");
  EXPECT_EQ(g[1], "2 <= L['x'].size()[0]");
}

TEST(ShapeEnv, WithoutDuckSizingEachDimIsItsOwnSymbol) {
  ShapeEnv env;
  Expr a = sizeSymbol(env, "L['x'].size()[0]", 6);
  Expr b = sizeSymbol(env, "L['y'].size()[0]", 6);
  EXPECT_NE(a, b);
  EXPECT_EQ(env.produceGuards(),
            (std::vector<std::string>{"2 <= L['x'].size()[0]", "2 <= L['y'].size()[0]"}));
}

TEST(ShapeEnv, ComparisonOnTheHintNarrowsTheRange) {
  ShapeEnv env;
  Expr s = sizeSymbol(env, "L['x'].size()[0]", 8);
  EXPECT_TRUE(env.evaluate({s, RelOp::kGt, Expr(4)}));
  // Decided by the range from now on: no new guard.
  EXPECT_TRUE(env.evaluate({s, RelOp::kGt, Expr(3)}));
  EXPECT_TRUE(env.unsupported().empty());
  EXPECT_EQ(env.produceGuards(), std::vector<std::string>{"5 <= L['x'].size()[0]"});
}

TEST(ShapeEnv, StaticallyKnownRelationsAddNoGuard) {
  ShapeEnv env;
  Expr s = sizeSymbol(env, "L['x'].size()[0]", 8);
  EXPECT_FALSE(env.evaluate({s, RelOp::kEq, Expr(1)}));  // sizes are >= 2
  EXPECT_TRUE(env.evaluate({s * Expr(2), RelOp::kGe, Expr(4)}));
  EXPECT_EQ(env.produceGuards(), std::vector<std::string>{"2 <= L['x'].size()[0]"});
}

// _maybe_guard_rel returns early on Ne: no range narrows, and the guard prints as made
// (Dynamo 2.13 on `if x.shape[0] - 1 != 1` with x of size 8: these two guards).
TEST(ShapeEnv, NotEqualKeepsItsGuardAndNarrowsNothing) {
  ShapeEnv env;
  Expr s = sizeSymbol(env, "L['x'].size()[0]", 8);
  EXPECT_TRUE(env.evaluate({s - Expr(1), RelOp::kNe, Expr(1)}));
  EXPECT_EQ(env.produceGuards(),
            (std::vector<std::string>{"((-1) + L['x'].size()[0]) != 1", "2 <= L['x'].size()[0]"}));
}

TEST(ShapeEnv, UpperBoundsPrintBothEnds) {
  ShapeEnv env;
  Expr s = sizeSymbol(env, "L['x'].size()[0]", 3);
  EXPECT_FALSE(env.evaluate({s, RelOp::kGt, Expr(4)}));
  EXPECT_EQ(env.produceGuards(),
            std::vector<std::string>{"2 <= L['x'].size()[0] and L['x'].size()[0] <= 4"});
}

TEST(ShapeEnv, IntSymbolsHaveNoRangeGuard) {
  ShapeEnv env;
  Expr k = env.createIntSymbol("L['k']", 5);
  EXPECT_TRUE(env.produceGuards().empty());
  EXPECT_EQ(env.hintOf(k * Expr(2) + Expr(1)), 11);
}

// Recorded from Dynamo 2.13 (`if x.shape[0] < z.shape[0]` under dynamic=True, sizes 4
// and 5): _refine_ranges solves Lt(s0, s1) for each symbol; s1 > s0 >= 2 raises s1's
// lower bound to 3.
TEST(ShapeEnv, RelationOfTwoSymbolsRefinesEachRange) {
  ShapeEnv env;
  Expr a = sizeSymbol(env, "L['x'].size()[0]", 4);
  Expr b = sizeSymbol(env, "L['z'].size()[0]", 5);
  EXPECT_TRUE(env.evaluate({a, RelOp::kLt, b}));
  EXPECT_TRUE(env.unsupported().empty());
  EXPECT_EQ(env.produceGuards(),
            (std::vector<std::string>{"L['x'].size()[0] < L['z'].size()[0]",
                                      "2 <= L['x'].size()[0]", "3 <= L['z'].size()[0]"}));
}

// Recorded from Dynamo 2.13 (corpus dynamic/floordiv_size_guard): `x.shape[0] // 2 > 3`
// is solved through the FloorDiv (floordiv_inequality) into a lower bound of 8, and the
// guard itself is then implied by the range.
TEST(ShapeEnv, FloorDivInequalityBecomesARange) {
  ShapeEnv env;
  Expr s = sizeSymbol(env, "L['x'].size()[0]", 9);
  auto half = Expr::floorDiv(s, Expr(2), &env);
  ASSERT_TRUE(half.has_value());
  EXPECT_TRUE(env.evaluate({*half, RelOp::kGt, Expr(3)}));
  EXPECT_TRUE(env.unsupported().empty());
  EXPECT_EQ(env.produceGuards(), std::vector<std::string>{"8 <= L['x'].size()[0]"});
}

TEST(ShapeEnv, WhatIsNotModelledIsNamed) {
  ShapeEnv env;
  Expr a = sizeSymbol(env, "L['x'].size()[0]", 4);
  Expr b = sizeSymbol(env, "L['y'].size()[0]", 5);
  EXPECT_TRUE(env.evaluate({a, RelOp::kLt, b}));
  EXPECT_TRUE(env.unsupported().empty());
  ShapeEnv env2;
  Expr c = sizeSymbol(env2, "L['x'].size()[0]", 4);
  Expr d = sizeSymbol(env2, "L['y'].size()[0]", 4);
  EXPECT_TRUE(env2.evaluate({c * d, RelOp::kEq, Expr(16)}));
  EXPECT_NE(env2.unsupported().find("non-linear"), std::string::npos);
}

// Recorded from Dynamo 2.13 (automatic dynamic recompile of `torch.full((x.shape[0], 4),
// 0.5) * z` with x, z of 5 rows): eval Eq(s77, s68), set_replacement s77 = s68, and the
// SHAPE_ENV guard prints the second source equal to the first and one range.
TEST(ShapeEnv, EqualSymbolsBecomeOneByReplacement) {
  ShapeEnv env;
  Expr x = sizeSymbol(env, "L['x'].size()[0]", 5);
  Expr z = sizeSymbol(env, "L['z'].size()[0]", 5);
  EXPECT_EQ(x, Expr::symbol("s77"));
  EXPECT_EQ(z, Expr::symbol("s68"));
  EXPECT_TRUE(env.evaluate({x, RelOp::kEq, z}));
  EXPECT_TRUE(env.unsupported().empty());
  EXPECT_TRUE(env.replaced("s77"));
  EXPECT_EQ(env.replace(x), z);
  // Decided through the replacement from now on.
  EXPECT_TRUE(env.evaluate({z, RelOp::kEq, x}));
  EXPECT_EQ(env.produceGuards(), (std::vector<std::string>{"L['z'].size()[0] == L['x'].size()[0]",
                                                           "2 <= L['x'].size()[0]"}));
}

// Recorded from Dynamo 2.13 (`if x.size(0) == 8` on an automatic dynamic size): the
// symbol is replaced by 8; a tensor's size equal to a constant is TENSOR_MATCH's
// business (ignore_static), so SHAPE_ENV prints nothing.
TEST(ShapeEnv, EqualToAConstantSpecialises) {
  ShapeEnv env;
  Expr x = sizeSymbol(env, "L['x'].size()[0]", 8);
  EXPECT_TRUE(env.evaluate({x, RelOp::kEq, Expr(8)}));
  EXPECT_EQ(env.replace(x), Expr(8));
  EXPECT_TRUE(env.produceGuards().empty());
  // guard_int on an int input: the source equals its value.
  ShapeEnv env2;
  Expr n = env2.createIntSymbol("L['n']", 5);
  EXPECT_TRUE(env2.evaluate({n, RelOp::kEq, Expr(5)}));
  EXPECT_EQ(env2.produceGuards(), std::vector<std::string>{"L['n'] == 5"});
}

TEST(ShapeEnv, InferredStridesAreInputGuards) {
  ShapeEnv env;
  Expr s0 = env.createSizeSymbol("L['x'].size()[0]", 2, false);
  Expr s1 = env.createSizeSymbol("L['x'].size()[1]", 5, false);
  env.addInputGuard("L['x'].size()[0]", s0);
  env.addInputGuard("L['x'].size()[1]", s1);
  env.addInputGuard("L['x'].stride()[0]", s1 * Expr(8));
  env.addInputGuard("L['x'].stride()[1]", Expr(8));
  auto g = env.produceGuards();
  ASSERT_EQ(g.size(), 3u);
  EXPECT_EQ(g[0], "L['x'].stride()[0] == 8*L['x'].size()[1]");
}

// create_unbacked_symint / create_unbacked_symfloat: their own counters, no source, never
// in produce_guards; a relation the ranges decide needs no hint, one they do not is a
// guard on a data-dependent expression (named, not guessed).
TEST(ShapeEnv, UnbackedSymbolsAreNamedAndNeverGuarded) {
  ShapeEnv env;
  Expr s = env.createSizeSymbol("L['x'].size()[0]", 5, true);
  Expr u0 = env.createUnbacked(false);
  Expr zuf0 = env.createUnbacked(true);
  Expr u1 = env.createUnbacked(false);
  EXPECT_EQ(u0.str(), "u0");
  EXPECT_EQ(zuf0.str(), "zuf0");
  EXPECT_EQ(u1.str(), "u1");
  EXPECT_TRUE(env.isUnbacked("u0"));
  EXPECT_FALSE(env.isUnbacked(*s.asSymbol()));
  EXPECT_TRUE(env.hasUnbacked(u0 + s));
  EXPECT_FALSE(env.hasUnbacked(s * Expr(2)));
  // _constrain_range_for_size(u0, max=10): decided relations need no guard.
  env.constrainRange("u0", 0, 10);
  EXPECT_TRUE(env.evaluate({u0, RelOp::kGe, Expr(0)}));
  EXPECT_FALSE(env.evaluate({u0, RelOp::kGt, Expr(10)}));
  EXPECT_TRUE(env.unsupported().empty());
  // A narrower constraint keeps the tighter ends.
  env.constrainRange("u0", 1, 20);
  EXPECT_EQ(env.symbol("u0")->lower, 1);
  EXPECT_EQ(env.symbol("u0")->upper, 10);
  // Only the backed symbol's range is a shape guard.
  for (const auto& g : env.produceGuards()) EXPECT_EQ(g.find("u0"), std::string::npos) << g;
  // u0 > 3 is not decided: data-dependent, refused by name.
  env.evaluate({u0, RelOp::kGt, Expr(3)});
  EXPECT_NE(env.unsupported().find("data-dependent"), std::string::npos) << env.unsupported();
}

// sympy's integers are unbounded; Expr's are int64. An operation past int64 is noted (the
// replay then refuses the frame by name) and computed without undefined behaviour.
TEST(Int64Overflow, NotedByAddMulNegAndEvaluate) {
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  {
    Int64OverflowScope scope;
    Expr small = Expr::symbol("s0") + Expr(3);
    EXPECT_EQ((small * Expr(2) - Expr(6)).str(), "2*s0");
    EXPECT_EQ(*(small * small).evaluate({{"s0", 1000}}), 1006009);
    EXPECT_FALSE(scope.happened());
  }
  {
    Int64OverflowScope scope;
    (void)(Expr(kMax) + Expr(1));  // ShapeEnv's Le -> Lt rewrite of x <= 2**63 - 1
    EXPECT_TRUE(scope.happened());
  }
  {
    Int64OverflowScope scope;
    (void)(Expr::symbol("s0") * Expr(kMax) * Expr(4));
    EXPECT_TRUE(scope.happened());
  }
  {
    Int64OverflowScope scope;
    (void)(-Expr(kMin));
    EXPECT_TRUE(scope.happened());
  }
  {
    Int64OverflowScope scope;
    Expr sq = Expr::symbol("s0") * Expr::symbol("s0");
    EXPECT_FALSE(scope.happened());
    (void)sq.evaluate({{"s0", int64_t{1} << 40}});
    EXPECT_TRUE(scope.happened());
  }
  {
    // Nested scopes: the inner one starts clean and hands its count back to the outer.
    Int64OverflowScope outer;
    (void)(Expr(kMax) + Expr(kMax));
    {
      Int64OverflowScope inner;
      EXPECT_FALSE(inner.happened());
    }
    EXPECT_TRUE(outer.happened());
  }
}

}  // namespace
}  // namespace dynrr::symbolic
