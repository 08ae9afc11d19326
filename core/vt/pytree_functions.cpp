// pytree_functions.cpp — see pytree_functions.h. Mirrors variables/functions.py
// PyTreeGetNodeTypeFunctionVariable and PyTreeTreeIsLeafFunctionVariable, and
// get_pytree_SUPPORTED_NODES_source.
#include "core/vt/pytree_functions.h"

#include "core/bytecode/code_object.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/lists.h"

namespace dynrr::vt {
namespace {

using guards::GuardKind;
using W = schema::Object::Which;

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The class `type(v)` is, as the tracker VariableBuilder would make of it: builtin
// classes as BuiltinVariable, torch.Tensor as the core's torch.Tensor class tracker.
Expected<std::string> pythonClassOf(const VtPtr& v) {
  switch (v->kind()) {
    case VtKind::kTensor: return std::string("torch.Tensor");
    case VtKind::kTuple:
    case VtKind::kList: {
      const auto& seq = static_cast<const SequenceVariable&>(*v);
      if (!seq.namedTupleType().empty() || !seq.fieldNames().empty())
        return unsupported(
            "pytree _get_node_type of a namedtuple or structseq (returns "
            "collections.namedtuple)");
      return std::string(seq.isTuple() ? "tuple" : "list");
    }
    case VtKind::kDict: return static_cast<const DictVariable&>(*v).userCls();
    case VtKind::kConstant: {
      const auto& c = static_cast<const ConstantVariable&>(*v).value();
      if (std::holds_alternative<NoneValue>(c)) return std::string("NoneType");
      if (std::holds_alternative<bool>(c)) return std::string("bool");
      if (std::holds_alternative<int64_t>(c)) return std::string("int");
      if (std::holds_alternative<double>(c)) return std::string("float");
      if (std::holds_alternative<std::string>(c)) return std::string("str");
      break;
    }
    default: break;
  }
  return unsupported("pytree _get_node_type of a " + v->className());
}

}  // namespace

PytreeFunction pytreeFunctionOf(const trace::TraceReader& trace, trace::ObjRef function) {
  auto f = trace.object(function);
  if (!f || f->which() != W::FUNCTION) return PytreeFunction::kNone;
  auto code = bytecode::codeFromTrace(trace, f->getFunction().getCode());
  if (code && code->qualname == "tree_map" &&
      (endsWith(code->filename, "torch/utils/_pytree.py") ||
       endsWith(code->filename, "torch/utils/_cxx_pytree.py")))
    return PytreeFunction::kTreeMap;
  if (!code || !endsWith(code->filename, "torch/utils/_pytree.py")) return PytreeFunction::kNone;
  if (code->qualname == "_get_node_type") return PytreeFunction::kGetNodeType;
  if (code->qualname == "tree_is_leaf") return PytreeFunction::kTreeIsLeaf;
  return PytreeFunction::kNone;
}

Expected<VtPtr> callPytreeGetNodeType(Tx& tx, const Args& args) {
  if (args.size() != 1)
    return unsupported("pytree _get_node_type with " + std::to_string(args.size()) + " arguments");
  auto a = tx.realize(args[0]);
  if (!a) return a;
  SourcePtr typeSource;
  if (const auto& s = (*a)->source()) {
    tx.context().output.addGuard(GuardKind::TYPE_MATCH, s->name());
    typeSource = Source::expr(s, "type(" + s->name() + ")");
  }
  auto cls = pythonClassOf(*a);
  if (!cls) return cls.error();
  // VariableTracker.build with a source is lazy: the class is only guarded when used
  // beyond hashing (SUPPORTED_NODES lookups hash it by value).
  return VtPtr(std::make_shared<BuiltinVariable>(*cls, typeSource));
}

void guardSupportedNodesImport(tracer::TracingContext& ctx) {
  if (!ctx.pytreeNodesSourceMade) {
    const std::string nodes = "__import__('torch').utils._pytree.SUPPORTED_NODES";
    const uint32_t index = ctx.event.getIndex();
    for (size_t j = 0; j < index && j < ctx.trace.eventCount() && !ctx.pytreeNodesSourceMade; ++j) {
      for (auto g : ctx.trace.event(j).getReference().getGuards()) {
        if (std::string_view(g.getSource().cStr()).substr(0, nodes.size()) == nodes) {
          ctx.pytreeNodesSourceMade = true;
          break;
        }
      }
    }
    if (!ctx.pytreeNodesSourceMade) ctx.output.addGuard(GuardKind::ID_MATCH, "__import__('torch')");
  }
  ctx.pytreeNodesSourceMade = true;
}

Expected<std::optional<VtPtr>> callPytreeTreeIsLeaf(Tx& tx, trace::ObjRef function,
                                                    const Args& args, const Kwargs& kwargs) {
  using Out = std::optional<VtPtr>;
  if (args.empty() || args.size() > 2)
    return unsupported("pytree tree_is_leaf with " + std::to_string(args.size()) + " arguments");
  VtPtr isLeaf = args.size() == 2 ? args[1] : nullptr;
  for (const auto& [k, v] : kwargs) {
    if (k != "is_leaf") return unsupported("pytree tree_is_leaf with keyword " + k);
    isLeaf = v;
  }
  if (isLeaf) {
    auto r = tx.realize(isLeaf);
    if (!r) return r.error();
    const auto* c = (*r)->kind() == VtKind::kConstant
                        ? static_cast<const ConstantVariable*>(r->get())
                        : nullptr;
    if (!c || !std::holds_alternative<NoneValue>(c->value())) return Out();
  }
  auto nodeType = callPytreeGetNodeType(tx, {args[0]});
  if (!nodeType) return nodeType.error();
  // SUPPORTED_NODES from tree_is_leaf's globals, through get_pytree_SUPPORTED_NODES_source.
  auto& ctx = tx.context();
  auto f = ctx.trace.object(function);
  if (!f) return f.error();
  auto globals = ctx.trace.object(f->getFunction().getGlobals());
  if (!globals || globals->which() != W::DICT)
    return unsupported("tree_is_leaf without its globals");
  trace::ObjRef nodes = 0;
  for (auto e : globals->getDict()) {
    auto k = ctx.trace.object(e.getKey());
    if (k && k->which() == W::STR && std::string(k->getStr().cStr()) == "SUPPORTED_NODES")
      nodes = e.getValue();
  }
  if (nodes == 0) return unsupported("tree_is_leaf's SUPPORTED_NODES not recorded");
  guardSupportedNodesImport(ctx);
  auto dict = tracer::VariableBuilder::wrap(
      ctx, nodes, Source::expr(nullptr, "__import__('torch').utils._pytree.SUPPORTED_NODES"));
  if (!dict) return dict.error();
  auto* d = asDict(*dict);
  if (!d) return unsupported("pytree SUPPORTED_NODES that is not a dict");
  auto at = d->findKey(tx, *nodeType);
  if (!at) return at.error();
  d->installDictContainsGuard(tx, *nodeType, at->has_value());
  return Out(ConstantVariable::make(!at->has_value()));
}

}  // namespace dynrr::vt
