// ops_index.cpp — meta functions of indexing: getitem, setitem, select, narrow.
//
// operator.getitem / operator.setitem on tensors go to indexing.h (THPVariable_getitem /
// THPVariable_setitem: basic indexing gives views; tensors, lists of ints and constant
// boolean lists give at::index / index_put_). at::select / at::narrow are views with the
// storage offset moved. operator.getitem on tuples/lists (e.g. the output of max(dim) or
// split) returns the element.
#include "core/fake/indexing.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

MetaValue fromArg(const MetaArg& a);

MetaValue fromSeq(const ArgSeq& s) {
  std::vector<MetaValue> items;
  for (const auto& i : s.items) items.push_back(fromArg(i));
  return s.isTuple ? MetaValue::tuple(std::move(items)) : MetaValue::list(std::move(items));
}

MetaValue fromArg(const MetaArg& a) {
  return std::visit(
      [](const auto& v) -> MetaValue {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, ArgSeq>) {
          return fromSeq(v);
        } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, Slice> ||
                             std::is_same_v<T, EllipsisValue>) {
          return MetaValue(NoneValue{});
        } else {
          return MetaValue(v);
        }
      },
      a.value);
}

Expected<MetaValue> seqGetitem(const OpCall& call, const ArgSeq& seq, const MetaArg& index) {
  const auto n = static_cast<std::int64_t>(seq.items.size());
  if (const auto* i = index.get<std::int64_t>()) {
    std::int64_t k = *i < 0 ? *i + n : *i;
    if (k < 0 || k >= n) {
      return opError(call, std::string(seq.isTuple ? "tuple" : "list") + " index out of range");
    }
    const MetaArg& item = seq.items[k];
    if (item.is<std::string>() || item.is<Slice>() || item.is<EllipsisValue>()) {
      return opError(call, "getitem of a " + item.typeName() + " element is not modelled");
    }
    return fromArg(item);
  }
  if (const auto* s = index.get<Slice>()) {
    const std::int64_t step = s->step.value_or(1);
    if (step <= 0) return opError(call, "only positive slice steps are modelled on sequences");
    std::int64_t start = s->start.value_or(0), stop = s->stop.value_or(n);
    if (start < 0) start = std::max<std::int64_t>(start + n, 0);
    if (stop < 0) stop = std::max<std::int64_t>(stop + n, 0);
    start = std::min(start, n);
    stop = std::min(stop, n);
    ArgSeq out{seq.isTuple, {}};
    for (auto k = start; k < stop; k += step) out.items.push_back(seq.items[k]);
    return fromSeq(out);
  }
  return opError(call, std::string(seq.isTuple ? "tuple" : "list") +
                           " indices must be integers or slices, not " + index.typeName());
}

Expected<MetaValue> getitemOp(const OpCall& call) {
  if (call.args.size() != 2 || !call.kwargs.empty()) {
    return opError(call, "expected 2 positional arguments in " + describeCall(call));
  }
  if (const auto* t = call.args[0].get<TensorMeta>()) return tensorGetitem(call, *t, call.args[1]);
  if (const auto* s = call.args[0].get<ArgSeq>()) return seqGetitem(call, *s, call.args[1]);
  return opError(call, "'" + call.args[0].typeName() + "' object is not subscriptable");
}

Expected<MetaValue> setitemOp(const OpCall& call) {
  if (call.args.size() != 3 || !call.kwargs.empty()) {
    return opError(call, "expected 3 positional arguments in " + describeCall(call));
  }
  if (const auto* t = call.args[0].get<TensorMeta>()) {
    return tensorSetitem(call, *t, call.args[1], call.args[2]);
  }
  return opError(call, "setitem on a " + call.args[0].typeName() +
                           " is a side effect of the tracer, not a tensor op");
}

// nonzero / argwhere / masked_select / unique: the output size counts data.
Expected<MetaValue> dataDependentOp(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<TensorMeta>()) {
    return opError(call, "expected a Tensor as first argument in " + describeCall(call));
  }
  return opError(call, std::string(kDataDependentIndex) + ": " + std::string(call.op) +
                           " returns as many elements as the data holds (FakeTensorMode raises "
                           "DynamicOutputShapeException; Dynamo graph-breaks or allocates an "
                           "unbacked symbol)");
}

Expected<MetaValue> selectOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim", "index"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto i = b->integer("index");
  if (!i) return i.error();
  if (t->dim() == 0) return opError(call, "select() cannot be applied to a 0-dim tensor.");
  auto dim = wrapDim(*d, t->dim());
  if (!dim) return opError(call, dim.error().message());
  auto out = selectMeta(*t, *dim, *i);
  if (!out) return opError(call, out.error().message());
  out->requiresGrad = t->requiresGrad;
  return MetaValue::view(std::move(out.value()), 0);
}

Expected<MetaValue> narrowOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "dim", "start", "length"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto d = b->integer("dim");
  if (!d) return d.error();
  auto s = b->integer("start");
  if (!s) return s.error();
  auto l = b->integer("length");
  if (!l) return l.error();
  if (t->dim() == 0) return opError(call, "narrow() cannot be applied to a 0-dim tensor.");
  auto dim = wrapDim(*d, t->dim());
  if (!dim) return opError(call, dim.error().message());
  const std::int64_t size = t->sizes[*dim];
  std::int64_t start = *s < 0 ? *s + size : *s;
  if (start < 0 || start > size || *l < 0 || start + *l > size) {
    return opError(call, "start (" + std::to_string(*s) + ") + length (" + std::to_string(*l) +
                             ") exceeds dimension size (" + std::to_string(size) + ").");
  }
  TensorMeta out = narrowMeta(*t, *dim, start, *l);
  return MetaValue::view(std::move(out), 0);
}

}  // namespace

void registerIndexOps(OpRegistry& r) {
  r.add("operator.getitem", getitemOp);
  r.add("Tensor.__getitem__", getitemOp);
  r.add("operator.setitem", setitemOp);
  r.add("Tensor.__setitem__", setitemOp);
  for (const char* n :
       {"torch.nonzero", "Tensor.nonzero", "torch.argwhere", "Tensor.argwhere",
        "torch.masked_select", "Tensor.masked_select", "torch.unique", "Tensor.unique",
        "torch.functional.unique", "torch.unique_consecutive", "Tensor.unique_consecutive"})
    r.add(n, dataDependentOp);
  for (const char* n : {"torch.select", "Tensor.select"}) r.add(n, selectOp);
  for (const char* n : {"torch.narrow", "Tensor.narrow"}) r.add(n, narrowOp);
}

}  // namespace dynrr::fake
