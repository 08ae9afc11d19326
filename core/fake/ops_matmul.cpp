// ops_matmul.cpp — meta functions of matrix products: matmul, mm, bmm, addmm, baddbmm, dot,
// linear.
//
// Mirrors ATen's LinearAlgebra.cpp (_matmul_impl's rank cases: dot, mv, mm, folding a
// batched left operand into mm, broadcasting batch dims into bmm; addmm/mm/bmm checks)
// and Linear.cpp (linear = addmm / matmul + bias). Outputs are fresh contiguous tensors;
// both operands must share a dtype (no promotion), as on CPU.
#include <algorithm>

#include "core/fake/broadcast.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

Error dtypeMismatch(const OpCall& call, const TensorMeta& a, const TensorMeta& b) {
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  return opError(call, "expected m1 and m2 to have the same dtype, but got: " +
                           lower(scalarTypeName(a.dtype)) +
                           " != " + lower(scalarTypeName(b.dtype)));
}

TensorMeta product(const OpCall& call, DType dtype, Shape shape, const Device& device,
                   std::initializer_list<bool> rg) {
  TensorMeta out = TensorMeta::contiguous(dtype, std::move(shape), device);
  out.requiresGrad = outputRequiresGrad(call.ctx, dtype, rg);
  return out;
}

std::string mat(const TensorMeta& t) {
  return std::to_string(t.sizes[0]) + "x" + std::to_string(t.sizes[1]);
}

Expected<TensorMeta> mmMeta(const OpCall& call, const TensorMeta& a, const TensorMeta& b) {
  if (a.dim() != 2) return opError(call, "self must be a matrix");
  if (b.dim() != 2) return opError(call, "mat2 must be a matrix");
  if (a.sizes[1] != b.sizes[0]) {
    reportSizeMismatch(a.sizes[1], b.sizes[0]);
    return opError(call,
                   "mat1 and mat2 shapes cannot be multiplied (" + mat(a) + " and " + mat(b) + ")");
  }
  if (a.dtype != b.dtype) return dtypeMismatch(call, a, b);
  return product(call, a.dtype, {a.sizes[0], b.sizes[1]}, a.device,
                 {a.requiresGrad, b.requiresGrad});
}

Expected<TensorMeta> matmulMeta(const OpCall& call, const TensorMeta& a, const TensorMeta& b) {
  const auto d1 = a.dim(), d2 = b.dim();
  if (d1 == 0 || d2 == 0) {
    return opError(call, "both arguments to matmul need to be at least 1D, but they are " +
                             std::to_string(d1) + "D and " + std::to_string(d2) + "D");
  }
  if (a.dtype != b.dtype) return dtypeMismatch(call, a, b);
  const std::initializer_list<bool> rg = {a.requiresGrad, b.requiresGrad};
  if (d1 == 1 && d2 == 1) {
    if (a.sizes[0] != b.sizes[0]) {
      reportSizeMismatch(a.sizes[0], b.sizes[0]);
      return opError(
          call, "inconsistent tensor size, expected tensor [" + std::to_string(a.sizes[0]) +
                    "] and src [" + std::to_string(b.sizes[0]) +
                    "] to have the same number of elements, but got " + std::to_string(a.sizes[0]) +
                    " and " + std::to_string(b.sizes[0]) + " elements respectively");
    }
    return product(call, a.dtype, {}, a.device, rg);
  }
  if (d1 == 2 && d2 == 1) {
    if (a.sizes[1] != b.sizes[0]) {
      reportSizeMismatch(a.sizes[1], b.sizes[0]);
      return opError(call, "size mismatch, got input (" + std::to_string(a.sizes[0]) + "), mat (" +
                               mat(a) + "), vec (" + std::to_string(b.sizes[0]) + ")");
    }
    return product(call, a.dtype, {a.sizes[0]}, a.device, rg);
  }
  if (d1 == 1 && d2 == 2) {
    if (a.sizes[0] != b.sizes[0]) {
      reportSizeMismatch(a.sizes[0], b.sizes[0]);
      return opError(call, "mat1 and mat2 shapes cannot be multiplied (1x" +
                               std::to_string(a.sizes[0]) + " and " + mat(b) + ")");
    }
    return product(call, a.dtype, {b.sizes[1]}, a.device, rg);
  }
  if (d1 == 2 && d2 == 2) return mmMeta(call, a, b);
  Shape batchA = d1 >= 2 ? Shape(a.sizes.begin(), a.sizes.end() - 2) : Shape{};
  Shape batchB = d2 >= 2 ? Shape(b.sizes.begin(), b.sizes.end() - 2) : Shape{};
  auto batch = broadcastShapes(batchA, batchB);
  if (!batch) return opError(call, batch.error().message());
  // Batched (possibly folded) products: contract a's last dim with b's first matrix dim.
  const std::int64_t k1 = a.sizes[d1 - 1];
  const std::int64_t k2 = d2 >= 2 ? b.sizes[d2 - 2] : b.sizes[0];
  if (k1 != k2) {
    reportSizeMismatch(k1, k2);
    const std::int64_t rows = d1 >= 2 ? shapeNumel(Shape(a.sizes.begin(), a.sizes.end() - 1)) : 1;
    const std::int64_t cols = d2 >= 2 ? b.sizes[d2 - 1] : 1;
    return opError(call, "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(rows) +
                             "x" + std::to_string(k1) + " and " + std::to_string(k2) + "x" +
                             std::to_string(cols) + ")");
  }
  Shape out = *batch;
  if (d1 >= 2) out.push_back(a.sizes[d1 - 2]);
  if (d2 >= 2) out.push_back(b.sizes[d2 - 1]);
  return product(call, a.dtype, out, a.device, rg);
}

Expected<MetaValue> binaryProduct(const OpCall& call, int kind) {
  std::vector<std::string_view> params = {"input", "other"};
  if (kind == 1) params = {"input", "mat2"};
  if (kind == 2) params = {"input", "mat2"};
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor(params[1]);
  if (!y) return y.error();
  Expected<TensorMeta> out = Error("");
  if (kind == 0) {
    out = matmulMeta(call, *x, *y);
  } else if (kind == 1) {
    out = mmMeta(call, *x, *y);
  } else {
    if (x->dim() != 3) return opError(call, "batch1 must be a 3D tensor");
    if (y->dim() != 3) return opError(call, "batch2 must be a 3D tensor");
    if (y->sizes[0] != x->sizes[0] || y->sizes[1] != x->sizes[2]) {
      return opError(call, "Expected size for first two dimensions of batch2 tensor to be: [" +
                               std::to_string(x->sizes[0]) + ", " + std::to_string(x->sizes[2]) +
                               "] but got: [" + std::to_string(y->sizes[0]) + ", " +
                               std::to_string(y->sizes[1]) + "].");
    }
    if (x->dtype != y->dtype) return dtypeMismatch(call, *x, *y);
    out = product(call, x->dtype, {x->sizes[0], x->sizes[1], y->sizes[2]}, x->device,
                  {x->requiresGrad, y->requiresGrad});
  }
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// Adds a bias that must broadcast to the product's shape (addmm's expand_size).
Expected<TensorMeta> addBias(const OpCall& call, TensorMeta out, const TensorMeta& bias) {
  if (auto expanded = expandMeta(bias, out.sizes); !expanded) {
    return opError(call, expanded.error().message());
  }
  if (bias.dtype != out.dtype) {
    return opError(call, "self and mat2 must have the same dtype, but got " +
                             std::string(scalarTypeName(bias.dtype)) + " and " +
                             std::string(scalarTypeName(out.dtype)));
  }
  out.requiresGrad =
      out.requiresGrad || outputRequiresGrad(call.ctx, out.dtype, {bias.requiresGrad});
  return out;
}

Expected<MetaValue> addmmOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "mat1", "mat2", "beta", "alpha"});
  if (!b) return b.error();
  auto bias = b->tensor("input");
  if (!bias) return bias.error();
  auto m1 = b->tensor("mat1");
  if (!m1) return m1.error();
  auto m2 = b->tensor("mat2");
  if (!m2) return m2.error();
  auto out = mmMeta(call, *m1, *m2);
  if (!out) return out.error();
  auto res = addBias(call, std::move(out.value()), *bias);
  if (!res) return res.error();
  return MetaValue(std::move(res.value()));
}

Expected<MetaValue> linearOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "weight", "bias"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto w = b->tensor("weight");
  if (!w) return w.error();
  auto bias = b->optTensor("bias");
  if (!bias) return bias.error();
  if (x->dim() == 0)
    return opError(call, "both arguments to linear need to be at least 1D, but they are 0D and " +
                             std::to_string(w->dim()) + "D");
  if (w->dim() != 2 && w->dim() != 1)
    return opError(call, "weight must be 1D or 2D in " + describeCall(call));
  // weight.t(): [in, out]
  TensorMeta wt = *w;
  if (wt.dim() == 2) {
    std::swap(wt.sizes[0], wt.sizes[1]);
    std::swap(wt.strides[0], wt.strides[1]);
  }
  auto out = matmulMeta(call, *x, wt);
  if (!out) return out.error();
  if (*bias) {
    auto res = addBias(call, std::move(out.value()), **bias);
    if (!res) return res.error();
    return MetaValue(std::move(res.value()));
  }
  return MetaValue(std::move(out.value()));
}

// dot(input, tensor) / vdot: two 1-D tensors of one dtype and length, a 0-dim result.
Expected<MetaValue> dotOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "other"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto y = b->tensor("other");
  if (!y) return y.error();
  if (x->dim() != 1 || y->dim() != 1) {
    return opError(call, "1D tensors expected, but got " + std::to_string(x->dim()) + "D and " +
                             std::to_string(y->dim()) + "D tensors");
  }
  if (x->numel() != y->numel()) {
    return opError(
        call, "inconsistent tensor size, expected tensor [" + std::to_string(x->numel()) +
                  "] and src [" + std::to_string(y->numel()) +
                  "] to have the same number of elements, but got " + std::to_string(x->numel()) +
                  " and " + std::to_string(y->numel()) + " elements respectively");
  }
  if (x->dtype != y->dtype) {
    return opError(call, "dot : expected both vectors to have same dtype, but found " +
                             std::string(scalarTypeName(x->dtype)) + " and " +
                             std::string(scalarTypeName(y->dtype)));
  }
  return MetaValue(product(call, x->dtype, {}, x->device, {x->requiresGrad, y->requiresGrad}));
}

// baddbmm(input, batch1, batch2, beta, alpha): bmm's checks, then the bias expands to the
// product's shape.
Expected<MetaValue> baddbmmOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "batch1", "batch2", "beta", "alpha"});
  if (!b) return b.error();
  auto bias = b->tensor("input");
  if (!bias) return bias.error();
  auto x = b->tensor("batch1");
  if (!x) return x.error();
  auto y = b->tensor("batch2");
  if (!y) return y.error();
  std::vector<MetaArg> args = {*x, *y};
  const Kwargs none;
  auto out = binaryProduct(OpCall{call.op, args, none, call.ctx}, 2);
  if (!out) return out.error();
  auto res = addBias(call, out->as<TensorMeta>(), *bias);
  if (!res) return res.error();
  return MetaValue(std::move(res.value()));
}

}  // namespace

void registerMatmulOps(OpRegistry& r) {
  // operator.imatmul of tensors: torch.Tensor has no __imatmul__, so `a @= b` rebinds a
  // to a fresh a @ b.
  for (const char* n : {"torch.matmul", "Tensor.matmul", "operator.matmul", "Tensor.__matmul__",
                        "operator.imatmul"}) {
    r.add(n, [](const OpCall& c) { return binaryProduct(c, 0); });
  }
  for (const char* n : {"torch.mm", "Tensor.mm"}) {
    r.add(n, [](const OpCall& c) { return binaryProduct(c, 1); });
  }
  for (const char* n : {"torch.bmm", "Tensor.bmm"}) {
    r.add(n, [](const OpCall& c) { return binaryProduct(c, 2); });
  }
  for (const char* n : {"torch.addmm", "Tensor.addmm"}) r.add(n, addmmOp);
  for (const char* n : {"torch.dot", "Tensor.dot", "torch.vdot", "Tensor.vdot"}) r.add(n, dotOp);
  for (const char* n : {"torch.baddbmm", "Tensor.baddbmm"}) r.add(n, baddbmmOp);
  // Dynamo's graphs call F.linear's builtin directly: torch._C._nn.linear.
  for (const char* n : {"torch.nn.functional.linear", "torch._C._nn.linear"}) r.add(n, linearOp);
}

}  // namespace dynrr::fake
