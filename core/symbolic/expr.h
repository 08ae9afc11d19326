// expr.h — integer size expressions as the shape env keeps them: polynomials with integer
// coefficients over size symbols ("s77", "s27"), the subset of sympy that Dynamo's
// symbolic sizes use for sums and products (torch/utils/_sympy, sympy Add/Mul/Pow over
// integer Symbols). Two printers, as Dynamo has two: `str()` is sympy's StrPrinter (what
// str(SymInt) gives: example values, "2*s77 + 1"), `python()` is torch's PythonPrinter
// (ExprPrinter.stringify over sympy's argument order: the shape guards,
// "1 + 2*L['x'].size()[0]"). FloorDiv, Mod, Max/Min and rationals are not modelled: the
// operations that would make one report that they cannot.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dynrr::symbolic {

// A product of symbols with positive exponents, sorted by symbol name ({} is the
// constant monomial).
using Monomial = std::vector<std::pair<std::string, int>>;

class Expr {
 public:
  Expr() = default;
  Expr(int64_t value);  // NOLINT(google-explicit-constructor): sympy.Integer
  static Expr symbol(const std::string& name);

  bool isConstant() const;
  int64_t constant() const;  // the constant term
  // The one symbol this is (coefficient 1, no constant), if it is one.
  std::optional<std::string> asSymbol() const;
  std::vector<std::string> freeSymbols() const;  // sorted
  const std::map<Monomial, int64_t>& terms() const { return terms_; }

  Expr operator+(const Expr& o) const;
  Expr operator-(const Expr& o) const;
  Expr operator*(const Expr& o) const;
  Expr operator-() const;
  bool operator==(const Expr& o) const { return terms_ == o.terms_; }
  bool operator!=(const Expr& o) const { return terms_ != o.terms_; }
  bool operator<(const Expr& o) const { return terms_ < o.terms_; }

  // sympy's xreplace of symbols by expressions (ShapeEnv.replace with its replacements):
  // each symbol in `by` becomes its expression, others stay.
  Expr substitute(const std::map<std::string, Expr>& by) const;

  // The value with every symbol replaced by `values` (nullopt if one is missing).
  std::optional<int64_t> evaluate(const std::map<std::string, int64_t>& values) const;

  // sympy's str(): terms in 'lex' order, "2*s77 + 1", "3 - s77", "s27*s77".
  std::string str() const;
  // torch's PythonPrinter: sympy's argument order, "(-1) + s77", "1 + 2*s77", symbols
  // printed by `name` (their sources in a guard).
  std::string python(const std::function<std::string(const std::string&)>& name) const;
  std::string python() const;

 private:
  std::map<Monomial, int64_t> terms_;  // no zero coefficients
};

// A relation between two expressions (sympy Eq, Ne, Lt, Le, Gt, Ge), as Dynamo makes
// one when a SymBool becomes a Python bool.
enum class RelOp { kEq, kNe, kLt, kLe, kGt, kGe };

struct Relation {
  Expr lhs;
  RelOp op;
  Expr rhs;
  Relation negated() const;
  std::optional<bool> evaluate(const std::map<std::string, int64_t>& values) const;
  std::string python(const std::function<std::string(const std::string&)>& name) const;
};

const char* relOpText(RelOp op);  // "==", "!=", "<", "<=", ">", ">="

}  // namespace dynrr::symbolic
