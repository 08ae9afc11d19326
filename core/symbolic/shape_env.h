// shape_env.h — the part of torch/fx/experimental/symbolic_shapes.py ShapeEnv that decides
// Dynamo's shape guards: symbols with their sources, hints and value ranges
// (create_symbol: s<id> from a hash of the source, duck sizing, the [2, inf] range of a
// size), evaluate_expr (a SymBool used as a Python bool: decided statically from the
// ranges when it can be, else guarded on the hint, with the range refined by
// _maybe_guard_rel for a relation on one symbol), and produce_guards (input equalities,
// the guards the ranges do not imply, then each symbol's range), printed as
// ShapeGuardPythonPrinter prints them. An equality guard becomes a replacement as
// _maybe_guard_rel / _set_replacement make one: a symbol equal to a constant is that
// constant, of two symbols equal (up to a constant) the one _smart_symbol_sort puts first
// (larger hint, then larger name) is replaced by the other; every later evaluation and
// produce_guards see expressions through the replacements (ShapeEnv.replace). What it
// does not model it names in `unsupported()`: other guards relating several symbols or
// non-linear.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/symbolic/expr.h"

namespace dynrr::symbolic {

struct SymbolInfo {
  std::string name;                     // "s77"
  std::string source;                   // its first source, "L['x'].size()[0]"
  int64_t hint = 0;                     // the value it had when recorded
  std::optional<int64_t> lower, upper;  // value range; nullopt is unbounded
  bool positive = false;                // sympy assumption: a size (positive=True)
  // An unbacked symbol (create_unbacked_symint / create_unbacked_symfloat: u<k>, zuf<k>):
  // no hint, no source; a guard on it is data-dependent.
  bool unbacked = false;
  bool isFloat = false;
};

class ShapeEnv final : public Assumptions {
 public:
  bool positive(const std::string& symbol) const override;
  // create_symbol for a tensor size (range [2, inf]); with `duck`, a size equal to an
  // earlier duck-sized one is that symbol (DimDynamic.DUCK), else always a new one.
  Expr createSizeSymbol(const std::string& source, int64_t hint, bool duck);
  // create_unspecified_symint_and_symbol: an int input (unbounded range, never ducked).
  Expr createIntSymbol(const std::string& source, int64_t hint);

  // create_unspecified_symbol for a float input (wrap_symfloat): zf<k>, unbounded; its
  // guard is `not math.isnan(source)`. No hint: the core uses it for nothing numeric.
  Expr createFloatSymbol(const std::string& source);
  // create_unbacked_symint / create_unbacked_symfloat: `u<k>` / `zuf<k>` (their own
  // counters), unbounded, with no hint and no source (produce_guards never prints them).
  Expr createUnbacked(bool isFloat);
  // How many unbacked int symbols were made (the next is u<count>).
  int unbackedIntCount() const { return unbackedInts_; }
  bool isUnbacked(const std::string& symbol) const;
  // Whether `e` (through the replacements) has an unbacked symbol.
  bool hasUnbacked(const Expr& e) const;
  // _constrain_range_for_size / a _check refining a range: `symbol`'s range narrows to
  // [lower, upper] (each end nullopt: unchanged).
  void constrainRange(const std::string& symbol, std::optional<int64_t> lower,
                      std::optional<int64_t> upper);

  // produce_guards step 1: `source` must equal `expr`. Equal to the symbol the source
  // made, or a number when the source is a tensor's size or stride, it is not printed;
  // an int input specialised to its value (guard_int) prints `L['n'] == 5`.
  void addInputGuard(const std::string& source, const Expr& expr);

  // evaluate_expr: the value of `rel` under the hints. Unless the ranges decide it, the
  // relation (or its negation) becomes a guard and narrows the range of its symbol.
  bool evaluate(const Relation& rel);
  // How much the env has decided: symbol, guard, axiom and replacement counts and the
  // symbols' ranges. Equal fingerprints at two points: nothing was decided in between.
  struct Fingerprint {
    std::vector<size_t> counts;
    std::vector<std::pair<std::optional<int64_t>, std::optional<int64_t>>> ranges;
    bool operator==(const Fingerprint&) const = default;
  };
  Fingerprint fingerprint() const;
  // What the ranges decide of `rel` (through the replacements), without guarding.
  // Also what the axioms (earlier guards' implications) decide, as _maybe_evaluate_static.
  std::optional<bool> knownValue(const Relation& rel) const;
  // What sympy decides of `rel` when it is built (Relational's evaluation from the
  // symbols' assumptions alone: a positive integer symbol is >= 1, an int symbol
  // unbounded), as `index >= 0` folds to True before guard_or_false sees it.
  std::optional<bool> assumedValue(const Relation& rel) const;
  // guard_or_false(sym_and(parts...)) on backed symbols: the parts sympy folds are
  // dropped; one part left is evaluate()d (a guard unless the ranges decide it); several
  // are decided by the ranges or are not modelled (nullopt, with unsupported() set).
  std::optional<bool> guardAll(const std::vector<Relation>& parts);
  // The value of `e` under the hints (every symbol it uses has one).
  int64_t hintOf(const Expr& e) const;

  // ShapeEnv.replace: `e` with every replaced symbol substituted (to a fixed point).
  Expr replace(const Expr& e) const;
  // Whether `symbol` has been replaced (by a constant or another symbol's expression).
  bool replaced(const std::string& symbol) const { return replacements_.count(symbol) != 0; }
  const std::map<std::string, Expr>& replacements() const { return replacements_; }
  // The replaced symbols in the order the replacements were made.
  const std::vector<std::string>& replacementOrder() const { return replacementOrder_; }
  // The symbols (through the replacements) of a tensor input's sizes and strides.
  std::set<std::string> freeSymbolsOf(const std::string& tensorSource) const;

  // The expressions of the SHAPE_ENV guard, in produce_guards' order.
  std::vector<std::string> produceGuards() const;
  // produce_guards' ignore_static (CheckFunctionManager passes `not output_graph.export`):
  // when false, a tensor's static sizes, strides and storage offset are printed too.
  void setIgnoreStatic(bool ignore) { ignoreStatic_ = ignore; }

  const std::vector<SymbolInfo>& symbols() const { return symbols_; }
  // The guards made so far that the ranges did not imply, in the order they were made.
  const std::vector<Relation>& guards() const { return guards_; }
  const SymbolInfo* symbol(const std::string& name) const;
  // Non-empty when a guard this class does not model was made (the frame is then
  // `unsupported` with this reason).
  const std::string& unsupported() const { return unsupported_; }
  // Records what this class does not model (the first reason is kept).
  void markUnsupported(const std::string& why) {
    if (unsupported_.empty()) unsupported_ = why;
  }

 private:
  std::string newName(const std::string& source);
  // The range of `e` from its symbols' ranges (interval arithmetic), each end nullopt
  // when unbounded.
  // With `assumptionsOnly`, each symbol's range is what its sympy assumptions say.
  std::pair<std::optional<int64_t>, std::optional<int64_t>> rangeOf(
      const Expr& e, bool assumptionsOnly = false) const;
  std::optional<bool> staticValue(const Relation& rel, bool assumptionsOnly = false) const;
  // The range of a FloorDiv / Mod / PythonMod atom (ValueRangeAnalysis.floordiv, mod,
  // python_mod over its arguments' ranges).
  std::pair<std::optional<int64_t>, std::optional<int64_t>> atomRange(const AtomDef& a) const;
  // try_solve (torch/utils/_sympy/solve.py): `rel` with `thing` isolated on the left
  // (its relation and right-hand side), when _try_isolate_lhs gets there in 5 trials.
  std::optional<std::pair<RelOp, Expr>> trySolve(const Relation& rel, const Expr& thing) const;
  // _maybe_guard_rel for a guard with FloorDiv / Mod atoms: _refine_ranges through
  // try_solve, and a Mod found equal to 0 added to the divisible set.
  void guardWithAtoms(const Relation& guard);
  // _refine_ranges for one symbol of `guard`.
  void refineRange(const Relation& guard, const std::string& symbol);
  // ShapeEnv.simplify's divisibility rules: FloorDiv(a, b) with Mod(a, b) known 0 becomes
  // CleanDiv (the same decisions and text); FloorDiv(a, FloorDiv(a, c)) becoming c is not
  // modelled: such an expression makes the frame unsupported.
  void checkDivisible(const Expr& e);
  std::string printSource(const std::string& symbol) const;
  // _maybe_guard_rel for an equality guard: a replacement when it solves for a symbol.
  void guardEquality(const Relation& guard);
  // _set_replacement: `symbol` is `target` from now on; both ranges narrow to agree.
  void setReplacement(const std::string& symbol, const Expr& target);
  // produce_guards' symbol_to_source: each symbol input guards bind (after the
  // replacements) and the first source binding it, in the order of the inputs.
  std::vector<std::pair<std::string, std::string>> symbolSources() const;

  std::vector<SymbolInfo> symbols_;
  std::map<std::string, size_t> byName_;
  std::map<int64_t, std::string> duckByValue_;
  std::set<unsigned> usedIds_;
  int unbackedInts_ = 0, unbackedFloats_ = 0;
  std::vector<std::pair<std::string, Expr>> inputGuards_;
  std::vector<Relation> guards_;  // guards the ranges do not imply
  // ShapeEnv.axioms: for each guard made, its implications (get_implications) by their
  // canonical form (canonicalize_bool_expr, axiomKey), true or false.
  std::map<std::string, bool> axioms_;
  void addAxioms(const Relation& guard);
  std::optional<bool> axiomValue(const Relation& rel) const;
  std::map<std::string, Expr> replacements_;
  std::vector<std::string> replacementOrder_;
  std::set<std::string> divisible_;  // keys of Mod atoms known to be 0
  std::string unsupported_;
  bool ignoreStatic_ = true;
};

}  // namespace dynrr::symbolic
