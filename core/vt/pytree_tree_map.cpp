// pytree_tree_map.cpp — torch.utils._pytree.tree_map as Dynamo 2.13 traces it: not
// inlined but mapped over the trackers (see callPytreeTreeMap in pytree_functions.h).
// Mirrors variables/functions.py UserFunctionVariable._maybe_call_tree_map_fastpath and
// the call_tree_map / call_tree_map_branch methods of variables/base.py, constant.py,
// tensor.py, lists.py and dicts.py.
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/functorch.h"
#include "core/vt/lists.h"
#include "core/vt/pytree_functions.h"

namespace dynrr::vt {
namespace {

Error fallback(const std::string& why) {
  return unsupported("tree_map falling back to inlining torch.utils._pytree.tree_map (" + why +
                     "): the fallback's guards are not modelled");
}

Expected<VtPtr> mapTree(Tx& tx, const VtPtr& mapFn, const VtPtr& node, const Args& rest);

// BaseListVariable.call_tree_map_branch: a plain list or tuple, the rests of the same type
// and length; a new sequence of the mapped items.
Expected<VtPtr> mapSequence(Tx& tx, const VtPtr& mapFn, const SequenceVariable& seq,
                            const Args& rest) {
  if (seq.kind() == VtKind::kSize || !seq.namedTupleType().empty() || !seq.fieldNames().empty() ||
      !seq.viewType().empty())
    return fallback("a " + seq.className() + " that is not a plain list or tuple");
  std::vector<const SequenceVariable*> others;
  for (const auto& r : rest) {
    const SequenceVariable* o = asSequence(r);
    if (!o || o->kind() != seq.kind() || o->items().size() != seq.items().size())
      return fallback("a rest tree of another type or length");
    others.push_back(o);
  }
  std::vector<VtPtr> items;
  for (size_t i = 0; i < seq.items().size(); ++i) {
    Args siblings;
    for (const auto* o : others) siblings.push_back(o->items()[i]);
    auto m = mapTree(tx, mapFn, seq.items()[i], siblings);
    if (!m) return m;
    items.push_back(*m);
  }
  return seq.isTuple() ? makeTuple(std::move(items)) : makeList(std::move(items));
}

// ConstDictVariable.call_tree_map_branch, for a dict mapped alone: the same keys, the
// mapped values.
Expected<VtPtr> mapDict(Tx& tx, const VtPtr& mapFn, const DictVariable& dict, const Args& rest) {
  if (!rest.empty()) return fallback("a dict mapped with rest trees");
  if (dict.userCls() != "dict") return fallback("a " + dict.userCls());
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  for (const auto& [k, v] : dict.entries()) {
    auto m = mapTree(tx, mapFn, v, {});
    if (!m) return m;
    entries.emplace_back(k, *m);
  }
  return VtPtr(
      std::make_shared<DictVariable>(std::move(entries), nullptr, MutationType::kValueMutationNew));
}

Expected<VtPtr> mapTree(Tx& tx, const VtPtr& mapFn, const VtPtr& lazyNode, const Args& rest) {
  auto node = tx.realize(lazyNode);
  if (!node) return node;
  auto callLeaf = [&]() {
    Args a = {*node};
    a.insert(a.end(), rest.begin(), rest.end());
    return mapFn->callFunction(tx, std::move(a), {});
  };
  switch ((*node)->kind()) {
    case VtKind::kTensor: return callLeaf();
    case VtKind::kConstant: {
      // None is a leaf of torch.utils._pytree (none_is_leaf is optree's).
      const auto& c = static_cast<const ConstantVariable&>(**node).value();
      if (std::holds_alternative<NoneValue>(c) || std::holds_alternative<bool>(c) ||
          std::holds_alternative<int64_t>(c) || std::holds_alternative<double>(c) ||
          std::holds_alternative<std::string>(c) || std::holds_alternative<BytesValue>(c))
        return callLeaf();
      return fallback("a constant of another type");
    }
    case VtKind::kTuple:
    case VtKind::kList:
    case VtKind::kSize:
      return mapSequence(tx, mapFn, static_cast<const SequenceVariable&>(**node), rest);
    case VtKind::kDict: return mapDict(tx, mapFn, static_cast<const DictVariable&>(**node), rest);
    default: return fallback("a " + (*node)->className());
  }
}

// tree_map read off the pytree module through another source than the module's first
// one (VariableBuilder dedupes the module by identity, so attributes are read through the
// first source: variable_builder.cpp wrapPythonModule): refused, as the guards would be
// on the wrong source. Functions themselves are not deduped (VariableBuilder tracks no
// function by identity): the same tree_map reached through two sources is wrapped, and
// guarded, once per source (seen with real Dynamo: the frame's tree_map, then grad's).
Status checkModuleSource(Tx& tx, const SourcePtr& fnSource) {
  auto& ctx = tx.context();
  std::string name = fnSource ? fnSource->name() : "";
  if (auto it = ctx.importedModules.find("torch.utils._pytree"); it != ctx.importedModules.end()) {
    std::string mod = it->second->source()->name() + ".";
    const std::string attr = "._pytree.tree_map";
    bool throughModule = name.size() > attr.size() &&
                         name.compare(name.size() - attr.size(), attr.size(), attr) == 0;
    if (throughModule && name.rfind(mod, 0) != 0)
      return unsupported("pytree.tree_map through " + name +
                         " after pytree's functions were inlined (the module's first source "
                         "keeps the guards in Dynamo: not modelled)");
  }
  return Status::success();
}

}  // namespace

Expected<VtPtr> callPytreeTreeMap(Tx& tx, const SourcePtr& fnSource, const Args& args,
                                  const Kwargs& kwargs) {
  if (args.size() < 2) return Error("");
  for (const auto& [k, v] : kwargs) {
    if (k != "is_leaf" && k != "none_is_leaf" && k != "namespace") return Error("");
    auto r = tx.realize(v);
    if (!r) return r;
    const ConstantVariable* c = asConstant(*r);
    if (!c || !std::holds_alternative<NoneValue>(c->value()))
      return fallback("tree_map with " + k + " (not modelled)");
  }
  if (Status s = checkModuleSource(tx, fnSource); !s) return s.error();
  Args rest(args.begin() + 2, args.end());
  return mapTree(tx, args[0], args[1], rest);
}

}  // namespace dynrr::vt
