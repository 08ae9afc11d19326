// higher_order_ops.h — higher-order operators (torch/_dynamo/variables/higher_order_ops.py):
// TorchHigherOrderOperatorVariable over a torch._ops.HigherOrderOperator instance, and
// CondHigherOrderVariable's call_function (torch.cond): each branch is speculated in a
// SubgraphTracer of its own (speculate_subgraph), free tensors are lifted as the
// subgraph's inputs (SubgraphTracer.lift_tracked_freevar_to_input), the two branches'
// inputs are merged (_merge_graph_inputs), the subgraphs are installed on the root module
// (cond_true_N / cond_false_N) and read by get_attr nodes, and one
// torch.ops.higher_order.cond node calls them.
// WhileLoopHigherOrderVariable (_call_while_loop) with the Python wrapper
// torch._higher_order_ops.while_loop.while_loop that Dynamo inlines (its pytree flatten of
// the carried inputs modelled by the guards it gives): cond_fn_N / body_fn_N traced with
// "flatten_manual" inputs (the carried leaves, cloned), their lifted free variables merged
// as additional inputs, one torch.ops.higher_order.while_loop node.
// WrapHigherOrderVariable and CheckpointHigherOrderVariable (torch._higher_order_ops.wrap
// .wrap, torch.utils.checkpoint.checkpoint): one wrap_body_N subgraph traced with
// speculate_subgraph_with_auto_output_flattening, called by a wrap /
// tag_activation_checkpoint node.
//
// torch._higher_order_ops.map: higher_order_map.cpp. Other operators (scan ...) are
// reported unsupported by name.
#pragma once

#include <string>

#include "core/trace/trace_reader.h"
#include "core/vt/base.h"

namespace dynrr::vt {

class HigherOrderOperatorVariable final : public VariableTracker {
 public:
  // `name`: the operator's __name__ ("cond"); `ref`: the recorded object.
  // `pythonWrapper`: `ref` is the Python function Dynamo inlines before it reaches the
  // operator (torch._higher_order_ops.while_loop.while_loop), not the operator itself.
  HigherOrderOperatorVariable(std::string name, trace::ObjRef ref, SourcePtr source,
                              bool pythonWrapper = false)
      : VariableTracker(VtKind::kHigherOrderOp, std::move(source), MutationType::kImmutable),
        name_(std::move(name)),
        ref_(ref),
        pythonWrapper_(pythonWrapper) {}
  const std::string& name() const { return name_; }
  trace::ObjRef ref() const { return ref_; }
  std::string pythonTypeName() const override {
    return pythonWrapper_ ? "function" : "HigherOrderOperator";
  }
  std::string className() const override;
  std::string describe() const override { return "torch.ops.higher_order." + name_; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  bool isPythonConstant() const override { return true; }
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  std::string name_;
  trace::ObjRef ref_;
  bool pythonWrapper_ = false;
};

}  // namespace dynrr::vt
