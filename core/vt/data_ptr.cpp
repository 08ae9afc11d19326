// data_ptr.cpp — see data_ptr.h.
#include "core/vt/data_ptr.h"

#include <algorithm>

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {
namespace {

// _strip_data_ptr_preserving_aliases: through detach() calls (call_method detach or
// aten.detach.default of one node) to the node they detach.
NodeId stripDetach(const tracer::ProtoGraph& g, NodeId n) {
  for (int guard = 0; guard < 1024; ++guard) {
    n = g.resolve(n);
    const tracer::ProtoNode& node = g.node(n);
    bool detach = (node.op == "call_method" && node.target == "detach") ||
                  (node.op == "call_function" && node.target == "torch.ops.aten.detach.default");
    if (!detach || node.args.size() != 1 || !node.kwargs.empty() ||
        node.args[0].kind != tracer::GraphArg::Kind::kNode || node.args[0].node < 0)
      return n;
    n = node.args[0].node;
  }
  return n;
}

// A node that may bump a fake tensor's version counter: an in-place method (add_,
// copy_ ...), an in-place operator (operator.iadd ...), an out= call.
bool mayMutate(const tracer::ProtoNode& n) {
  if (n.op != "call_method" && n.op != "call_function") return false;
  for (const auto& kv : n.kwargs)
    if (kv.first == "out") return true;
  const std::string& t = n.target;
  std::string last = t.substr(t.rfind('.') == std::string::npos ? 0 : t.rfind('.') + 1);
  if (last.size() > 1 && last.back() == '_' && last.rfind("__", 0) != 0) return true;
  return t.rfind("operator.i", 0) == 0 && t != "operator.is_" && t != "operator.is_not" &&
         t != "operator.index" && t != "operator.invert" && t != "operator.inv";
}

}  // namespace

VtPtr makeDataPtr(Tx& tx, TensorVariable& self, const std::string& method) {
  return std::make_shared<DataPtrVariable>(self.self(), tx.context().output.graph().size(), method);
}

Expected<VtPtr> DataPtrVariable::compare(Tx& tx, const DataPtrVariable& other, bool eq) const {
  const auto& g = tx.context().output.graph();
  const auto& a = static_cast<const TensorVariable&>(*tensor_);
  const auto& b = static_cast<const TensorVariable&>(*other.tensor_);
  if (a.node() >= 0 && b.node() >= 0 && stripDetach(g, a.node()) == stripDetach(g, b.node())) {
    size_t lo = std::min(graphSize_, other.graphSize_), hi = std::max(graphSize_, other.graphSize_);
    for (size_t i = lo; i < hi && i < g.size(); ++i) {
      const tracer::ProtoNode& n = g.node(static_cast<NodeId>(i));
      if (!n.erased && mayMutate(n))
        return unsupported(
            "a data_ptr() comparison across an in-place op (fake version counters are not "
            "modelled)");
    }
    return ConstantVariable::make(eq);
  }
  return tracer::graphBreak(tx, "Data pointer comparison",
                            "Dynamo can only trace data pointer comparisons when it can prove "
                            "both operands have the same data pointer.");
}

}  // namespace dynrr::vt
