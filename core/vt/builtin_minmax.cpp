// builtin_minmax.cpp — min() and max() (torch/_dynamo/variables/builtin.py
// BuiltinVariable._call_min_max and _call_min_max_binary): constant folding, key= and
// default=, torch.clamp / torch.maximum / torch.minimum on tensors.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "core/fake/device.h"
#include "core/trace/trace_format.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/builtin_internal.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/exceptions.h"
#include "core/vt/functions.h"
#include "core/vt/iter.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/sets.h"
#include "core/vt/sym_node.h"
#include "core/vt/torch.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt::builtin_detail {

using guards::GuardKind;

// min/max (BuiltinVariable._call_min_max): two or more arguments, or one iterable;
// with key= or default= Dynamo constant-folds when every argument is a constant, which
// here means calling the key on each item and comparing the keys.
// BuiltinVariable._call_min_max_binary, folded over the values: with a tensor, max(t, c)
// of a Python constant c is torch.clamp(t, min=c) (min: max=c) and max(t, u) of two
// tensors is torch.maximum (min: torch.minimum); two constants compare in Python.
Expected<VtPtr> minMaxTensors(Tx& tx, const std::string& name, const std::vector<VtPtr>& items) {
  VtPtr acc = items[0];
  for (size_t i = 1; i < items.size(); ++i) {
    VtPtr a = acc, b = items[i];
    if (a->kind() == VtKind::kSymInt || b->kind() == VtKind::kSymInt)
      return unsupported(name + "() of a tensor and a symbolic int");
    if (a->kind() != VtKind::kTensor && b->kind() != VtKind::kTensor) {
      auto cmp = applyOperator(tx, name == "min" ? "operator.lt" : "operator.gt", {b, a});
      if (!cmp) return cmp;
      const ConstantVariable* c = asConstant(*cmp);
      if (!c) return unsupported(name + "() of values that do not compare to a constant");
      acc = constantTruth(c->value()) ? b : a;
      continue;
    }
    if (a->kind() != VtKind::kTensor) std::swap(a, b);
    Expected<VtPtr> r = Error("");
    if (b->isPythonConstant()) {
      r = tracer::tensorCall(tx, false, "torch.clamp", "torch.clamp", {a},
                             {{name == "max" ? "min" : "max", b}});
    } else {
      std::string fn = name == "max" ? "torch.maximum" : "torch.minimum";
      r = tracer::tensorCall(tx, false, fn, fn, {a, b}, {});
    }
    if (!r) return r;
    acc = *r;
  }
  return acc;
}

// _call_min_max_binary on a SymNodeVariable: a torch.sym_max / sym_min node of the two
// arguments as given, whose value is sympy's Max / Min of theirs (no guard). Modelled for
// two arguments, each a backed SymInt or an int, whose expressions are integers or bare
// symbols (symbolic::Expr::maxMin).
Expected<VtPtr> minMaxSymInts(Tx& tx, const std::string& name, const std::vector<VtPtr>& items) {
  if (items.size() != 2)
    return unsupported(name + "() of " + std::to_string(items.size()) +
                       " values with a symbolic int (folded pairwise: not modelled)");
  auto& out = tx.context().output;
  auto& env = out.shapeEnv();
  std::vector<symbolic::Expr> exprs;
  std::vector<tracer::GraphArg> gargs;
  int64_t hint = 0;
  bool isMax = name == "max";
  for (size_t i = 0; i < 2; ++i) {
    const VtPtr& v = items[i];
    int64_t h = 0;
    if (v->kind() == VtKind::kSymInt) {
      const auto& si = static_cast<const SymIntVariable&>(*v);
      if (si.isBool() || si.isFloat() || env.hasUnbacked(si.expr()))
        return unsupported(name + "() of a SymFloat, SymBool or unbacked SymInt (not modelled)");
      exprs.push_back(env.replace(si.expr()));
      gargs.push_back(tracer::GraphArg::ofNode(si.node()));
      h = si.hint();
    } else if (auto c = constantInt(v);
               c && !std::holds_alternative<bool>(asConstant(v)->value())) {
      exprs.emplace_back(*c);
      gargs.push_back(tracer::GraphArg::ofConstant(*c));
      h = *c;
    } else {
      return unsupported(name + "() of a symbolic int and a " + v->pythonTypeName());
    }
    hint = i == 0 ? h : (isMax ? std::max(hint, h) : std::min(hint, h));
  }
  auto expr = symbolic::Expr::maxMin(exprs[0], exprs[1], isMax, &env);
  if (!expr)
    return unsupported(name + "() of " + exprs[0].str() + " and " + exprs[1].str() +
                       " (sympy Max/Min of expressions other than ints and symbols are not "
                       "modelled)");
  NodeId node = out.callFunction("torch.sym_" + name, std::move(gargs), {});
  out.graph().node(node).symExpr = expr->str();
  out.graph().node(node).symValue = *expr;
  // A value sympy folds to a bound symbol (Max(s27, 0) is s27) keeps its node until the
  // hash-consing at the end replaces it by the symbol's placeholder. A folded constant
  // (Min(1, s77) is 1) keeps its node, whose example value is that int.
  // Fake tensors see it at its hint, not at the stand-ins (where Max(3, s77) would be
  // s77's stand-in and read back as s77): as a scalar operand only its type matters, and
  // a size computed from it is refused (tensor_ops' checkSymIntArgs).
  return VtPtr(std::make_shared<SymIntVariable>(node, hint, hint, std::move(*expr)));
}

Expected<VtPtr> callMinMax(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  VtPtr key = takeKwarg(kwargs, "key");
  VtPtr dflt = takeKwarg(kwargs, "default");
  if (!kwargs.empty()) return notModelled();
  if (key && asConstant(key) && asConstant(key)->isNone()) key = nullptr;
  std::vector<VtPtr> items;
  if (args.size() == 1) {
    auto it = iterItems(tx, args[0]);
    if (!it) return it.error();
    for (const auto& item : *it) {
      auto r = tx.realize(item);
      if (!r) return r.error();
      items.push_back(*r);
    }
  } else if (args.size() >= 2 && !dflt) {
    items = args;
  } else {
    return notModelled();
  }
  if (items.empty()) {
    if (dflt) return dflt;
    return unsupported(name + "() of an empty sequence (ValueError path)");
  }
  if ((key || dflt) && args.size() >= 2) return notModelled();
  // BuiltinVariable's min/max handler takes no keywords: with key= or default= over
  // values that are not all Python constants (no constant folding through the builtin),
  // calling it raises TypeError, which Dynamo turns into a graph break.
  if ((key || dflt) && !std::all_of(items.begin(), items.end(),
                                    [](const VtPtr& v) { return v->isPythonConstant(); }))
    return tracer::graphBreak(tx, "invalid call to builtin op handler",
                              "Encountered TypeError when trying to handle op " + name);
  if (!key && !dflt && tracer::anyTensor(items, {})) return minMaxTensors(tx, name, items);
  if (std::any_of(items.begin(), items.end(),
                  [](const VtPtr& v) { return v->kind() == VtKind::kSymInt; }))
    return minMaxSymInts(tx, name, items);
  std::vector<VtPtr> keys = items;
  if (key) {
    // Constant folding runs min/max in Python (can_constant_fold_through), key included:
    // what the key reads is not traced, so it installs no guard.
    auto cp = tx.context().output.guardSet().checkpoint();
    for (auto& k : keys) {
      auto r = key->callFunction(tx, {k}, {});
      if (!r) return r;
      auto real = tx.realize(*r);
      if (!real) return real;
      if (!asConstant(*real))
        return unsupported(name + "() with a key giving a " + (*real)->pythonTypeName());
      k = *real;
    }
    tx.context().output.guardSet().restore(cp);
  }
  if ((key || dflt) && !std::all_of(keys.begin(), keys.end(),
                                    [](const VtPtr& v) { return asConstant(v) != nullptr; }))
    return unsupported(name + "() with key= or default= over values that are not constants");
  size_t best = 0;
  for (size_t i = 1; i < items.size(); ++i) {
    auto cmp =
        applyOperator(tx, name == "min" ? "operator.lt" : "operator.gt", {keys[i], keys[best]});
    if (!cmp) return cmp;
    const ConstantVariable* c = asConstant(*cmp);
    if (!c) return unsupported(name + "() of tensors");
    if (constantTruth(c->value())) best = i;
  }
  return items[best];
}

}  // namespace dynrr::vt::builtin_detail
