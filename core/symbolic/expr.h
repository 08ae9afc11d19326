// expr.h — integer size expressions as the shape env keeps them: polynomials with integer
// coefficients over size symbols ("s77", "s27"), the subset of sympy that Dynamo's
// symbolic sizes use for sums and products (torch/utils/_sympy, sympy Add/Mul/Pow over
// integer Symbols). Two printers, as Dynamo has two: `str()` is sympy's StrPrinter (what
// str(SymInt) gives: example values, "2*s77 + 1"), `python()` is torch's PythonPrinter
// (ExprPrinter.stringify over sympy's argument order: the shape guards,
// "1 + 2*L['x'].size()[0]"). Integer division and remainder are atoms standing in a
// monomial like a symbol (torch/utils/_sympy/functions.py FloorDiv, Mod, PythonMod), made
// through Expr::floorDiv / Expr::mod, which apply the rules of their `eval` classmethods,
// and printed as sympy and torch print them. Max/Min of two arguments that are integers
// or symbols are atoms too (torch/utils/_sympy/functions.py MinMaxBase with evaluate:
// equal and numeric arguments collapse, _find_localzeros' 0 and 1 rules). Rationals,
// powers of symbolic ints and Max/Min of other arguments are not modelled: the
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
// constant monomial). A FloorDiv/Mod/PythonMod atom stands in a monomial under its key,
// sympy's str() of it ("(s77//2)", "Mod(s77, 3)"), which no symbol name can be.
using Monomial = std::vector<std::pair<std::string, int>>;

class Expr;

// The sympy assumptions the simplification rules consult: a size symbol is created
// positive (create_symbol(positive=True)), an int input's symbol only integer.
class Assumptions {
 public:
  virtual ~Assumptions() = default;
  virtual bool positive(const std::string& symbol) const = 0;
};

enum class AtomKind { kFloorDiv, kMod, kPythonMod, kMax, kMin };
struct AtomDef;

class Expr {
 public:
  Expr() = default;
  Expr(int64_t value);  // NOLINT(google-explicit-constructor): sympy.Integer
  static Expr symbol(const std::string& name);

  bool isConstant() const;
  int64_t constant() const;  // the constant term
  // The one symbol this is (coefficient 1, no constant), if it is one.
  std::optional<std::string> asSymbol() const;
  // The one atom this is (coefficient 1, no constant), if it is one.
  const AtomDef* asAtom() const;
  std::vector<std::string> freeSymbols() const;  // sorted, atoms' arguments included
  bool hasAtoms() const;
  // The atoms appearing anywhere in this expression (their keys; nested ones too).
  std::vector<std::string> atoms() const;

  // FloorDiv(a, b) as torch's FloorDiv.eval simplifies it (constants, b == 1, a == b,
  // nested FloorDiv, terms divisible by an integer b split off, common integer and
  // syntactic factors cancelled). nullopt when b is zero or an Add of symbols (safe_gcd
  // is not modelled).
  static std::optional<Expr> floorDiv(const Expr& a, const Expr& b, const Assumptions* assume);
  // Mod(a, b) (both non-negative) or PythonMod(a, b) as their eval simplifies them
  // (constants, a == +-b, b == 1, parity for b == 2, a multiple of b, a < b). nullopt
  // when b is zero.
  static std::optional<Expr> mod(const Expr& a, const Expr& b, bool python,
                                 const Assumptions* assume);
  // Max(a, b) / Min(a, b) as MinMaxBase.__new__ evaluates them, for a and b integers,
  // bare symbols, or one nested Max / Min (nullopt otherwise, and where
  // _collapse_arguments would rewrite the nesting): two integers fold, equal arguments
  // are one, and _find_localzeros drops the number 0 against a non-negative value and 1
  // against a positive one (Max keeps the other value, Min the number). Arguments in
  // default_sort_key order: numbers, symbols by name, then the nested Max / Min.
  static std::optional<Expr> maxMin(const Expr& a, const Expr& b, bool isMax,
                                    const Assumptions* assume);
  // sympy's is_nonnegative for an integer expression over `assume`'s symbols.
  bool knownNonNegative(const Assumptions* assume) const;
  const std::map<Monomial, int64_t>& terms() const { return terms_; }

  // Whether sympy keeps a*b as an unexpanded Mul (a sum times a non-number: s27*(s77 - 1)),
  // which these expanded polynomials cannot hold; a number times a sum distributes.
  static bool productStaysUnexpanded(const Expr& a, const Expr& b) {
    if (a.isConstant() || b.isConstant()) return false;
    return a.terms_.size() > 1 || b.terms_.size() > 1;
  }
  Expr operator+(const Expr& o) const;
  Expr operator-(const Expr& o) const;
  Expr operator*(const Expr& o) const;
  Expr operator-() const;
  bool operator==(const Expr& o) const { return terms_ == o.terms_; }
  bool operator!=(const Expr& o) const { return terms_ != o.terms_; }
  bool operator<(const Expr& o) const { return terms_ < o.terms_; }

  // sympy's xreplace of symbols by expressions (ShapeEnv.replace with its replacements):
  // each symbol in `by` becomes its expression, others stay.
  // Atoms are rebuilt through floorDiv / mod with `assume`.
  Expr substitute(const std::map<std::string, Expr>& by, const Assumptions* assume = nullptr) const;

  // The value with every symbol replaced by `values` (nullopt if one is missing).
  std::optional<int64_t> evaluate(const std::map<std::string, int64_t>& values) const;

  // The top of sympy's tree for this expression, as sympy_interp walks it
  // (torch/utils/_sympy/interp.py): its class and arguments in sympy's order.
  struct Top {
    enum class Kind {
      kInteger,
      kSymbol,
      kAdd,
      kMul,
      kPow,
      kFloorDiv,
      kMod,
      kPythonMod,
      kMax,
      kMin
    };
    Kind kind = Kind::kInteger;
    int64_t number = 0;      // kInteger: the value; kPow: the exponent
    std::string symbol;      // kSymbol
    std::vector<Expr> args;  // kAdd / kMul: the arguments; kPow: the base; atoms: a, b
  };
  Top top() const;

  // sympy's str(): terms in 'lex' order, "2*s77 + 1", "3 - s77", "s27*s77".
  std::string str() const;
  // torch's PythonPrinter: sympy's argument order, "(-1) + s77", "1 + 2*s77", symbols
  // printed by `name` (their sources in a guard).
  // With `assume`, symbols order as Basic.compare orders them: a Symbol's hashable
  // content holds its assumptions, so an int symbol (fewer) comes before a size symbol.
  std::string python(const std::function<std::string(const std::string&)>& name,
                     const Assumptions* assume = nullptr) const;
  std::string python() const;

 private:
  std::map<Monomial, int64_t> terms_;  // no zero coefficients
};

// A relation between two expressions (sympy Eq, Ne, Lt, Le, Gt, Ge), as Dynamo makes
// one when a SymBool becomes a Python bool.
// A FloorDiv / Mod / PythonMod atom: its kind and arguments.
struct AtomDef {
  AtomKind kind;
  Expr a, b;
  std::string key;  // sympy's str() of the atom
};
// The atom stored under `key` (nullptr for a symbol name).
const AtomDef* atomOf(const std::string& key);

enum class RelOp { kEq, kNe, kLt, kLe, kGt, kGe };

struct Relation {
  Expr lhs;
  RelOp op;
  Expr rhs;
  Relation negated() const;
  std::optional<bool> evaluate(const std::map<std::string, int64_t>& values) const;
  std::string python(const std::function<std::string(const std::string&)>& name,
                     const Assumptions* assume = nullptr) const;
};

const char* relOpText(RelOp op);  // "==", "!=", "<", "<=", ">", ">="

}  // namespace dynrr::symbolic
