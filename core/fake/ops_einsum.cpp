// ops_einsum.cpp — meta functions of contractions: torch.einsum,
// F.scaled_dot_product_attention and F.multi_head_attention_forward.
//
// Mirrors ATen's Linear.cpp einsum (equation parsing with one optional "..." per term,
// label sizes broadcasting, the implicit output = ellipsis dims then the labels seen once
// in alphabetical order, torch's messages) and attention.cpp's
// scaled_dot_product_attention (q/k/v dtype check, q @ k^T and @ v shapes, output
// (..., L, Ev)). Strides: a single operand with nothing summed is a permuted (and, for a
// repeated label, diagonal) view of it; several operands with nothing summed are a
// broadcast product strided like TensorIterator; contractions are taken as contiguous
// (the bmm result). sdpa's output is like the query when the CPU flash kernel applies
// (4-d, equal head dims, unit last strides), else contiguous (the math path's bmm).
// multi_head_attention_forward (in the graph as one call: trace_rules lists it in graph)
// is what FakeTensorMode gets running torch/nn/functional.py's Python: (L, N, E) output
// from the out-projection, contiguous; weights (N, L, S) averaged over heads or
// (N, H, L, S), contiguous, or None.
#include <algorithm>
#include <map>

#include "core/fake/broadcast.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"

namespace dynrr::fake {
namespace {

// One term's labels: letters, with -1 marking where "..." sits.
Expected<std::vector<int>> parseTerm(const OpCall& call, std::string_view term) {
  std::vector<int> labels;
  bool ellipsis = false;
  for (size_t i = 0; i < term.size(); ++i) {
    const char c = term[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (ellipsis || term.substr(i, 3) != "...") {
        return opError(call, "einsum(): found '.' for operand that is not part of any ellipsis");
      }
      ellipsis = true;
      labels.push_back(-1);
      i += 2;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      labels.push_back(static_cast<unsigned char>(c));
    } else {
      return opError(call, std::string("einsum(): invalid subscript given at index ") +
                               std::to_string(i) +
                               " in the equation string, subscripts must be in [a-zA-Z]");
    }
  }
  return labels;
}

// Sort key of a label as torch orders them in the implicit output: A-Z before a-z.
int labelOrder(int c) { return c <= 'Z' ? c - 'A' : 26 + c - 'a'; }

// What the operands say about each label: its (broadcast) size, how many operands use
// it, the broadcast shape of the ellipsis dims, and whether a label repeats in one operand.
struct EinsumScan {
  std::map<int, std::int64_t> sizes;
  std::map<int, int> counts;
  Shape ellipsisShape;
  bool anyEllipsis = false;
  bool rg = false;
  bool repeated = false;  // a label twice in one operand: a diagonal
};

Expected<EinsumScan> scanOperands(const OpCall& call, const std::vector<std::vector<int>>& terms,
                                  const std::vector<TensorMeta>& ops, DType dtype) {
  EinsumScan sc;
  for (size_t k = 0; k < ops.size(); ++k) {
    const auto& labels = terms[k];
    const TensorMeta& t = ops[k];
    const bool hasEll = std::count(labels.begin(), labels.end(), -1) > 0;
    const auto nlabels = static_cast<std::int64_t>(labels.size()) - (hasEll ? 1 : 0);
    if (hasEll ? nlabels > t.dim() : nlabels != t.dim()) {
      return opError(call, "einsum(): the number of subscripts in the equation (" +
                               std::to_string(nlabels) +
                               ") does not match the number of dimensions (" +
                               std::to_string(t.dim()) + ") for operand " + std::to_string(k) +
                               (hasEll ? "" : " and no ellipsis was given"));
    }
    if (t.dtype != dtype) {
      return opError(call, "einsum() of operands with different dtypes is not modelled");
    }
    sc.rg = sc.rg || t.requiresGrad;
    std::int64_t dim = 0;
    for (int label : labels) {
      if (label == -1) {
        const std::int64_t n = t.dim() - nlabels;
        Shape part(t.sizes.begin() + dim, t.sizes.begin() + dim + n);
        auto b = broadcastShapes(sc.ellipsisShape, part);
        if (!b) return opError(call, "einsum(): operands do not broadcast with remapped shapes");
        sc.ellipsisShape = std::move(b.value());
        sc.anyEllipsis = true;
        dim += n;
        continue;
      }
      const std::int64_t size = t.sizes[dim++];
      auto it = sc.sizes.find(label);
      if (it == sc.sizes.end() || it->second == 1) {
        sc.sizes[label] = size;
      } else if (size != 1 && size != it->second) {
        return opError(call, std::string("einsum(): subscript ") + static_cast<char>(label) +
                                 " has size " + std::to_string(size) + " for operand " +
                                 std::to_string(k) +
                                 " which does not broadcast with previously seen size " +
                                 std::to_string(it->second));
      }
      ++sc.counts[label];
    }
    for (size_t i = 0; i < labels.size(); ++i) {
      if (labels[i] != -1 && std::count(labels.begin(), labels.end(), labels[i]) > 1) {
        sc.repeated = true;
      }
    }
  }
  return sc;
}

// The output's labels: the explicit ones after "->", else the labels used once, sorted
// (A-Z before a-z), after the ellipsis dims.
Expected<std::vector<int>> outputLabels(const OpCall& call, const std::string& eq, size_t arrow,
                                        const EinsumScan& sc) {
  std::vector<int> outLabels;
  if (arrow != std::string::npos) {
    auto t = parseTerm(call, std::string_view(eq).substr(arrow + 2));
    if (!t) return t.error();
    outLabels = std::move(t.value());
    for (int l : outLabels) {
      if (l != -1 && sc.sizes.count(l) == 0) {
        return opError(call, std::string("einsum(): output subscript ") + static_cast<char>(l) +
                                 " does not appear in the equation for any input operand");
      }
    }
  } else {
    if (sc.anyEllipsis) outLabels.push_back(-1);
    std::vector<int> once;
    for (const auto& [l, n] : sc.counts) {
      if (n == 1) once.push_back(l);
    }
    std::sort(once.begin(), once.end(), [](int a, int b) { return labelOrder(a) < labelOrder(b); });
    outLabels.insert(outLabels.end(), once.begin(), once.end());
  }
  return outLabels;
}

// Several operands, nothing summed: a broadcast product, strided as TensorIterator would
// stride the operands permuted to the output's label order.
Shape productStrides(const std::vector<std::vector<int>>& terms, const std::vector<TensorMeta>& ops,
                     const std::vector<int>& outLabels, DType dtype, const Shape& shape) {
  std::vector<TensorMeta> permuted;
  for (size_t k = 0; k < ops.size(); ++k) {
    TensorMeta p = TensorMeta::contiguous(dtype, shape, ops[k].device);
    for (size_t i = 0; i < outLabels.size(); ++i) {
      const auto it = std::find(terms[k].begin(), terms[k].end(), outLabels[i]);
      if (it == terms[k].end()) {
        p.sizes[i] = 1;
        p.strides[i] = 0;
      } else {
        p.sizes[i] = ops[k].sizes[it - terms[k].begin()];
        p.strides[i] = ops[k].strides[it - terms[k].begin()];
      }
    }
    permuted.push_back(std::move(p));
  }
  std::vector<const TensorMeta*> metas;
  for (const auto& p : permuted) metas.push_back(&p);
  return elementwiseOutputStrides(shape, metas);
}

Expected<MetaValue> einsumOp(const OpCall& call) {
  if (call.args.empty() || !call.args[0].is<std::string>()) {
    return opError(call, "einsum(): expected an equation string in " + describeCall(call));
  }
  const std::string& eq = call.args[0].as<std::string>();
  std::vector<TensorMeta> ops;
  std::vector<MetaArg> rest(call.args.begin() + 1, call.args.end());
  if (rest.size() == 1 && rest[0].is<ArgSeq>()) rest = rest[0].as<ArgSeq>().items;
  for (const auto& a : rest) {
    if (!a.is<TensorMeta>()) return opError(call, "einsum(): operands must be tensors");
    ops.push_back(a.as<TensorMeta>());
  }
  const auto arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::vector<int>> terms;
  size_t start = 0;
  while (true) {
    const auto comma = lhs.find(',', start);
    auto t = parseTerm(call, std::string_view(lhs).substr(start, comma - start));
    if (!t) return t.error();
    terms.push_back(std::move(t.value()));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() > ops.size()) {
    return opError(call, "einsum(): fewer operands were provided than specified in the equation");
  }
  if (terms.size() < ops.size()) {
    return opError(call, "einsum(): more operands were provided than specified in the equation");
  }
  DType dtype = ops[0].dtype;
  auto scanned = scanOperands(call, terms, ops, dtype);
  if (!scanned) return scanned.error();
  const EinsumScan& sc = *scanned;
  auto labels = outputLabels(call, eq, arrow, sc);
  if (!labels) return labels.error();
  const std::vector<int>& outLabels = *labels;
  Shape shape;
  for (int l : outLabels) {
    if (l == -1) {
      shape.insert(shape.end(), sc.ellipsisShape.begin(), sc.ellipsisShape.end());
    } else {
      shape.push_back(sc.sizes.at(l));
    }
  }
  TensorMeta out = TensorMeta::contiguous(dtype, shape, ops[0].device);
  out.requiresGrad = outputRequiresGrad(call.ctx, dtype, {sc.rg});
  const bool summed = std::any_of(sc.counts.begin(), sc.counts.end(), [&](const auto& kv) {
    return std::find(outLabels.begin(), outLabels.end(), kv.first) == outLabels.end();
  });
  // One operand, nothing summed: a permutation (and diagonal) view of the operand.
  if (ops.size() == 1 && !sc.anyEllipsis && !summed) {
    for (size_t i = 0; i < outLabels.size(); ++i) {
      out.strides[i] = 0;
      for (size_t j = 0; j < terms[0].size(); ++j) {
        if (terms[0][j] == outLabels[i]) out.strides[i] += ops[0].strides[j];
      }
    }
    out.storageOffset = ops[0].storageOffset;
    out.requiresGrad = ops[0].requiresGrad;
    return MetaValue::view(std::move(out), 1);
  }
  if (sc.repeated) {
    return opError(call,
                   "einsum() with a repeated subscript in one operand of several (a "
                   "diagonal) is not modelled");
  }
  if (!sc.anyEllipsis && !summed) out.strides = productStrides(terms, ops, outLabels, dtype, shape);
  return MetaValue(std::move(out));
}

// scaled_dot_product_attention(query, key, value, attn_mask, dropout_p, is_causal, scale,
// enable_gqa).
Expected<MetaValue> sdpaOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"query", "key", "value", "attn_mask", "dropout_p", "is_causal",
                                  "scale", "enable_gqa"});
  if (!b) return b.error();
  auto q = b->tensor("query");
  if (!q) return q.error();
  auto k = b->tensor("key");
  if (!k) return k.error();
  auto v = b->tensor("value");
  if (!v) return v.error();
  auto mask = b->optTensor("attn_mask");
  if (!mask) return mask.error();
  if (q->dtype != k->dtype || q->dtype != v->dtype) {
    return opError(call,
                   "Expected query, key, and value to have the same dtype, but got "
                   "query.dtype: " +
                       std::string(cppTypeName(q->dtype)) +
                       " key.dtype: " + std::string(cppTypeName(k->dtype)) +
                       " and value.dtype: " + std::string(cppTypeName(v->dtype)) + " instead.");
  }
  if (q->dim() < 2 || k->dim() < 2 || v->dim() < 2) {
    return opError(call, "scaled_dot_product_attention of tensors under 2-d is not modelled");
  }
  Shape qBatch(q->sizes.begin(), q->sizes.end() - 2);
  Shape kBatch(k->sizes.begin(), k->sizes.end() - 2);
  Shape vBatch(v->sizes.begin(), v->sizes.end() - 2);
  // enable_gqa: key and value may have fewer heads (dim -3), a divisor of query's.
  bool gqa = false;
  if (const MetaArg* g = b->get("enable_gqa"); g != nullptr && g->is<bool>()) gqa = g->as<bool>();
  bool gqaHeads =
      gqa && q->dim() >= 3 && qBatch.size() == kBatch.size() && kBatch == vBatch &&
      kBatch.back() > 0 && qBatch.back() % kBatch.back() == 0 &&
      Shape(qBatch.begin(), qBatch.end() - 1) == Shape(kBatch.begin(), kBatch.end() - 1);
  if (!gqaHeads && (qBatch != kBatch || qBatch != vBatch)) {
    return opError(call, "scaled_dot_product_attention with broadcast batch dims is not modelled");
  }
  const std::int64_t batch = shapeNumel(qBatch);
  const std::int64_t e = q->sizes.back(), ke = k->sizes.back();
  const std::int64_t s = k->sizes[k->dim() - 2], vs = v->sizes[v->dim() - 2];
  if (ke != e) {
    return opError(call, "Expected size for first two dimensions of batch2 tensor to be: [" +
                             std::to_string(batch) + ", " + std::to_string(e) + "] but got: [" +
                             std::to_string(batch) + ", " + std::to_string(ke) + "].");
  }
  // The CPU flash meta (FakeTensorMode's path: 4-d, equal head dims, unit last strides)
  // never compares the key and value lengths; eager's kernel does.
  const bool flashShape = q->dim() == 4 && e == v->sizes.back() && q->strides.back() == 1 &&
                          k->strides.back() == 1 && v->strides.back() == 1;
  if (vs != s && !flashShape) {
    return opError(call, "Expected size for first two dimensions of batch2 tensor to be: [" +
                             std::to_string(batch) + ", " + std::to_string(s) + "] but got: [" +
                             std::to_string(batch) + ", " + std::to_string(vs) + "].");
  }
  Shape shape = q->sizes;
  shape.back() = v->sizes.back();
  TensorMeta out = TensorMeta::contiguous(q->dtype, shape, q->device);
  // The CPU flash kernel (4-d, equal head dims, unit last strides) allocates its output
  // with torch.empty_like(query), which FakeTensorMode runs as the reference does (the
  // elementwise stride order: a (1, 2, 1, 16) query with strides (96, 16, 96, 1) gives
  // (32, 16, 16, 1)); the math fallback ends in a bmm: contiguous.
  const bool flash = q->dim() == 4 && e == v->sizes.back() && q->strides.back() == 1 &&
                     k->strides.back() == 1 && v->strides.back() == 1;
  if (flash) out.strides = elementwiseOutputStrides(shape, {&*q});
  out.requiresGrad = outputRequiresGrad(
      call.ctx, out.dtype,
      {q->requiresGrad, k->requiresGrad, v->requiresGrad, *mask && (*mask)->requiresGrad});
  return MetaValue(std::move(out));
}

// multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads,
// in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight,
// out_proj_bias, training, key_padding_mask, need_weights, attn_mask, ...).
Expected<MetaValue> mhaForwardOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"query",
                                  "key",
                                  "value",
                                  "embed_dim_to_check",
                                  "num_heads",
                                  "in_proj_weight",
                                  "in_proj_bias",
                                  "bias_k",
                                  "bias_v",
                                  "add_zero_attn",
                                  "dropout_p",
                                  "out_proj_weight",
                                  "out_proj_bias",
                                  "training",
                                  "key_padding_mask",
                                  "need_weights",
                                  "attn_mask",
                                  "use_separate_proj_weight",
                                  "q_proj_weight",
                                  "k_proj_weight",
                                  "v_proj_weight",
                                  "static_k",
                                  "static_v",
                                  "average_attn_weights",
                                  "is_causal"});
  if (!b) return b.error();
  auto flag = [&](std::string_view name, bool dflt) {
    const MetaArg* a = b->get(name);
    return a != nullptr && a->is<bool>() ? a->as<bool>() : dflt;
  };
  auto q = b->tensor("query");
  if (!q) return q.error();
  auto k = b->tensor("key");
  if (!k) return k.error();
  auto out = b->tensor("out_proj_weight");
  if (!out) return out.error();
  for (const char* absent : {"bias_k", "static_k", "static_v"}) {
    auto t = b->optTensor(absent);
    if (!t) return t.error();
    if (*t)
      return opError(
          call, std::string("multi_head_attention_forward with ") + absent + " is not modelled");
  }
  if (flag("add_zero_attn", false))
    return opError(call, "multi_head_attention_forward with add_zero_attn is not modelled");
  if (q->dim() != 3 || k->dim() != 3 || out->dim() != 2)
    return opError(call, "multi_head_attention_forward of unbatched inputs is not modelled");
  const MetaArg* heads = b->get("num_heads");
  if (heads == nullptr || !heads->is<std::int64_t>())
    return opError(call, "multi_head_attention_forward: num_heads is not an int");
  bool anyGrad = false;
  for (const char* n : {"query", "key", "value", "in_proj_weight", "in_proj_bias",
                        "out_proj_weight", "out_proj_bias", "q_proj_weight", "k_proj_weight",
                        "v_proj_weight", "bias_v", "attn_mask"}) {
    auto t = b->optTensor(n);
    if (!t) return t.error();
    anyGrad = anyGrad || (*t && (*t)->requiresGrad);
  }
  const std::int64_t tgt = q->sizes[0], bsz = q->sizes[1], src = k->sizes[0];
  TensorMeta attn = TensorMeta::contiguous(q->dtype, {tgt, bsz, out->sizes[0]}, q->device);
  attn.requiresGrad = outputRequiresGrad(call.ctx, attn.dtype, {anyGrad});
  if (!flag("need_weights", true))
    return MetaValue::tuple({MetaValue(attn), MetaValue(NoneValue{})});
  Shape wShape = flag("average_attn_weights", true)
                     ? Shape{bsz, tgt, src}
                     : Shape{bsz, heads->as<std::int64_t>(), tgt, src};
  TensorMeta weights = TensorMeta::contiguous(q->dtype, wShape, q->device);
  weights.requiresGrad = attn.requiresGrad;
  return MetaValue::tuple({MetaValue(attn), MetaValue(weights)});
}

// torch._transformer_encoder_layer_fwd(src, embed_dim, num_heads, ...): the fused
// encoder layer of nn.TransformerEncoderLayer's fast path; the output is like src
// (padded, not nested: the layer alone never makes a nested tensor), contiguous.
Expected<MetaValue> encoderLayerFwdOp(const OpCall& call) {
  auto b = BoundArgs::bind(
      call, {"src",           "embed_dim",    "num_heads",     "qkv_weight",  "qkv_bias",
             "proj_weight",   "proj_bias",    "use_gelu",      "norm_first",  "eps",
             "norm_weight_1", "norm_bias_1",  "norm_weight_2", "norm_bias_2", "ffn_weight_1",
             "ffn_bias_1",    "ffn_weight_2", "ffn_bias_2",    "mask",        "mask_type"});
  if (!b) return b.error();
  auto src = b->tensor("src");
  if (!src) return src.error();
  if (src->dim() != 3)
    return opError(call, "_transformer_encoder_layer_fwd of a non-3-d input is not modelled");
  TensorMeta out = TensorMeta::contiguous(src->dtype, src->sizes, src->device);
  out.requiresGrad = false;  // the fast path runs only with grad mode off or no grad
  return MetaValue(std::move(out));
}

}  // namespace

void registerEinsumOps(OpRegistry& r) {
  r.add("torch._transformer_encoder_layer_fwd", encoderLayerFwdOp);
  r.add("torch.nn.functional.multi_head_attention_forward", mhaForwardOp);
  for (const char* n : {"torch.einsum", "torch.functional.einsum"}) r.add(n, einsumOp);
  for (const char* n : {"torch.nn.functional.scaled_dot_product_attention",
                        "torch._C._nn.scaled_dot_product_attention"})
    r.add(n, sdpaOp);
}

}  // namespace dynrr::fake
