// tensor.h — a tensor flowing through the graph (TensorVariable in
// torch/_dynamo/variables/tensor.py): the graph node that produces it and its fake
// metadata (the example value Dynamo keeps in node.meta["example_value"]); var_getattr
// (shape, dtype, device, ndim, requires_grad ...), call_method (size/dim/numel/stride
// and the other metadata methods answered from the fake metadata, item/tolist breaks,
// every other method a graph call), __getitem__ / __setitem__ as graph calls.
#pragma once

#include <optional>

#include "core/fake/tensor_meta.h"
#include "core/trace/trace_format.h"
#include "core/vt/base.h"

namespace dynrr::tracer {
struct TracingContext;
}  // namespace dynrr::tracer

namespace dynrr::vt {

class SliceVariable;

// Index of a node in the tracer's graph (core/tracer/proto_graph.h).
using NodeId = int32_t;

class TensorVariable : public VariableTracker {
 public:
  TensorVariable(NodeId node, fake::TensorMeta meta, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kTensor, std::move(source), MutationType::kImmutable),
        node_(node),
        meta_(std::move(meta)) {}
  NodeId node() const { return node_; }
  // overwrite_tensor_vt_proxy: a higher-order operator's output replaces the node of the
  // tracker its function returned, in place (every holder of the tracker sees it).
  void setNode(NodeId node) { node_ = node; }
  // The fake tensor's metadata now: what ops on the tensor compute with. After an
  // in-place view op (unsqueeze_, t_, ...) it differs from the metadata the tracker was
  // made with, which Dynamo's TensorVariable keeps for size(), shape, dim(), stride()
  // (its specialised props are read once, at creation): the attribute handlers read
  // meta_, as Dynamo does.
  const fake::TensorMeta& meta() const { return live_ ? *live_ : meta_; }
  // An in-place view op changed the fake tensor's sizes, strides or storage offset.
  void setLiveMeta(fake::TensorMeta meta) { live_ = std::move(meta); }
  // requires_grad_() on the tracker's fake tensor (functorch's _set_tensor_requires_grad).
  void setRequiresGrad(bool on) {
    meta_.requiresGrad = on;
    if (live_) live_->requiresGrad = on;
  }
  // The recorded tensor a graph input was wrapped from (0 for a value made while tracing).
  trace::ObjRef recorded() const { return recorded_; }
  void setRecorded(trace::ObjRef r) { recorded_ = r; }
  // Dynamo renames a tensor's node after the first local it is stored to (set_name_hint).
  bool nameHintSet() const { return nameHintSet_; }
  void markNameHintSet() { nameHintSet_ = true; }
  std::string pythonTypeName() const override { return "Tensor"; }
  std::string describe() const override;

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  // unpack_var_sequence: the rows self[0] ... self[n-1] (one getitem node each).
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx) override;
  // generic_jump on a tensor: jump_graph_break in the root frame, Unsupported (and a
  // break at the root's CALL) in an inlined one.
  Expected<bool> boolValue(Tx& tx) override;

 protected:
  // A subclass over the same node and metadata with its own kind (NumpyNdarrayVariable:
  // kind-based dispatch does not take it for a tensor; the graph-output walk does).
  TensorVariable(VtKind kind, NodeId node, fake::TensorMeta meta, SourcePtr source = nullptr)
      : VariableTracker(kind, std::move(source), MutationType::kImmutable),
        node_(node),
        meta_(std::move(meta)) {}

 private:
  Expected<VtPtr> dunderOrGraphCall(Tx& tx, const std::string& name, Args args, Kwargs kwargs);
  // t[a:b:c] or t[a:b, c:d, ...] with SymInt bounds (fake_impls.py slice_forward, one
  // dim per slice): each slice's bounds resolved, then the getitem node.
  // Whether slicing dim `dim` by `sl` goes through symbolicSlice.
  bool slicesSymbolically(Tx& tx, const SliceVariable& sl, size_t dim) const;
  Expected<VtPtr> symbolicSlice(Tx& tx, const VtPtr& index);
  // slice_forward's guards for one slice on `dim`, and its fake bounds.
  // A size whose stand-in the fake slice cannot reach is left in `patches`.
  Status resolveSlice(Tx& tx, SliceVariable& slice, size_t dim,
                      std::vector<std::pair<size_t, int64_t>>& patches);

  NodeId node_;
  std::optional<fake::TensorMeta> live_;  // set by setLiveMeta
  fake::TensorMeta meta_;
  trace::ObjRef recorded_ = 0;
  bool nameHintSet_ = false;
};

// "f32[2, 3] stride=(3, 1) offset=0 cpu requires_grad=False": the canonical
// example-value text that compare/decisions.h also produces from recorded metadata.
std::string canonicalMeta(const fake::TensorMeta& meta);

// Whether a dim of `xs` is symbolic in this replay.
bool anySymbolicSize(const tracer::TracingContext& ctx, const fake::Shape& xs);

// The methods call_method refuses by name with a graph break (tensor_method_breaks.cpp);
// nullopt for any other.
std::optional<Expected<VtPtr>> tensorMethodBreak(Tx& tx, TensorVariable& self,
                                                 const std::string& name, const Args& args,
                                                 const Kwargs& kwargs);

}  // namespace dynrr::vt
