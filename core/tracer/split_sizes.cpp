// split_sizes.cpp — see split_sizes.h.
#include "core/tracer/split_sizes.h"

#include "core/tracer/derived_sizes.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/sym_node.h"

namespace dynrr::tracer {

using symbolic::Expr;
using symbolic::RelOp;

namespace {

// More pieces than this along a symbolic dim are refused (a guard pins their number).
constexpr int64_t kMaxPieces = 4096;

struct DivideCall {
  bool chunk = false;
  int64_t what = 0;  // chunks, or the split size
  int64_t dim = 0;
};

// chunk(input, chunks, dim=0) / split(tensor, split_size, dim=0) with int arguments;
// nullopt for anything else (a list of sections, a symbolic argument).
std::optional<DivideCall> parse(const std::string& op, const std::vector<fake::MetaArg>& margs,
                                const fake::Kwargs& mkw) {
  DivideCall call;
  call.chunk = op == "Tensor.chunk" || op == "torch.chunk";
  bool split = op == "Tensor.split" || op == "torch.split";
  if ((!call.chunk && !split) || margs.empty()) return std::nullopt;
  const fake::MetaArg* what = margs.size() > 1 ? &margs[1] : nullptr;
  const fake::MetaArg* dim = margs.size() > 2 ? &margs[2] : nullptr;
  for (const auto& [name, value] : mkw) {
    if (name == "dim")
      dim = &value;
    else if (name == "chunks" || name == "split_size" || name == "split_size_or_sections")
      what = &value;
  }
  const auto* n = what ? what->get<std::int64_t>() : nullptr;
  if (!n || *n <= 0) return std::nullopt;  // sections, or the meta function's error
  call.what = *n;
  if (dim) {
    const auto* d = dim->get<std::int64_t>();
    if (!d) return std::nullopt;
    call.dim = *d;
  }
  return call;
}

}  // namespace

Expected<bool> divideSymbolicDim(InstructionTranslator& tx, std::string& metaOp,
                                 std::vector<fake::MetaArg>& margs, fake::Kwargs& mkw) {
  auto& ctx = tx.context();
  if (ctx.symbolBase == 0) return false;
  auto call = parse(metaOp, margs, mkw);
  if (!call) return false;
  const auto* t = margs[0].get<fake::TensorMeta>();
  if (!t || t->sizes.empty()) return false;
  int64_t dim = call->dim < 0 ? call->dim + t->dim() : call->dim;
  if (dim < 0 || dim >= t->dim()) return false;
  int64_t standIn = t->sizes[static_cast<size_t>(dim)];
  if (standIn < ctx.symbolBase - 1000) return false;  // a static dim: the meta function's
  auto size = sizeExpr(ctx, standIn);
  auto refuse = [&](const std::string& why) -> Expected<bool> {
    return unsupported("dynamic shapes: " + metaOp + " along a symbolic dim: " + why);
  };
  if (!size) return refuse("its size is derived by an op whose symbolic sizes are not modelled");
  auto& env = ctx.output.shapeEnv();
  if (env.hasUnbacked(*size)) return refuse("an unbacked size (not modelled)");
  // aten chunk: split_size = ceil(size / chunks); `split_size == 0 && size == 0` takes the
  // zero-size path.
  Expr splitSize(call->what);
  if (call->chunk) {
    auto q = Expr::floorDiv(*size + Expr(call->what - 1), Expr(call->what), &env);
    if (!q) return refuse("its split size " + size->str() + " // chunks is not modelled");
    splitSize = *q;
    if (env.evaluate({splitSize, RelOp::kEq, Expr(0)}) &&
        env.evaluate({*size, RelOp::kEq, Expr(0)}))
      return refuse("a dim of size 0 (the zero-size path is not modelled)");
  }
  // decompositions.split
  env.evaluate({splitSize, RelOp::kGe, Expr(0)});
  if (env.evaluate({*size, RelOp::kEq, Expr(0)}))
    return refuse("a dim of size 0 (the zero-size path is not modelled)");
  env.evaluate({splitSize, RelOp::kGt, Expr(0)});
  auto pieces = Expr::floorDiv(*size + splitSize - Expr(1), splitSize, &env);
  if (!pieces) return refuse("the number of pieces " + size->str() + " is not modelled");
  int64_t count = env.hintOf(*pieces);
  if (count <= 0 || count > kMaxPieces)
    return refuse(std::to_string(count) + " pieces (more than modelled)");
  env.evaluate({*pieces, RelOp::kEq, Expr(count)});  // guard_int
  std::vector<Expr> lengths(static_cast<size_t>(count - 1), splitSize);
  lengths.push_back(splitSize - (splitSize * Expr(count) - *size));
  // refs split_with_sizes
  Expr sum(0);
  for (const auto& l : lengths) {
    env.evaluate({l, RelOp::kGe, Expr(0)});
    sum = sum + l;
  }
  env.evaluate({sum, RelOp::kEq, *size});
  if (!env.unsupported().empty()) return unsupported("dynamic shapes: " + env.unsupported());
  // The fake tensors split the stand-in by the pieces' lengths at the stand-ins.
  std::vector<fake::MetaArg> items;
  int64_t total = 0;
  for (const auto& l : lengths) {
    Expr r = env.replace(l);
    auto v = standInValue(ctx, r);
    if (!v || *v < 0) return refuse("a piece " + r.str() + " without a stand-in length");
    if (Status s = registerDerivedSize(ctx, *v, r); !s) return s.error();
    if (auto back = sizeExpr(ctx, *v); !back || *back != r)
      return refuse("a piece " + r.str() + " whose stand-in reads as another size");
    items.emplace_back(*v);
    total += *v;
  }
  if (total != standIn) return refuse("pieces whose stand-in lengths do not add up");
  fake::MetaArg input = margs[0];
  metaOp = "torch.split";
  margs = {std::move(input), fake::MetaArg::list(std::move(items)), fake::MetaArg(dim)};
  mkw.clear();
  return true;
}

Status selectIndexGuards(InstructionTranslator& tx, const std::string& metaOp, const vt::Args& args,
                         const std::vector<fake::MetaArg>& margs) {
  auto& ctx = tx.context();
  if (ctx.symbolBase == 0 || margs.empty()) return {};
  const auto* t = margs[0].get<fake::TensorMeta>();
  if (!t) return {};
  auto intOf = [](const VtPtr& v) -> std::optional<int64_t> {
    const auto* c = vt::asConstant(v);
    if (!c || !std::holds_alternative<int64_t>(c->value())) return std::nullopt;
    return std::get<int64_t>(c->value());
  };
  std::vector<std::pair<int64_t, int64_t>> picks;  // (dim, index)
  if (metaOp == "operator.getitem" && args.size() == 2) {
    if (auto i = intOf(args[1])) {
      picks.emplace_back(0, *i);
    } else if (args[1]->kind() == vt::VtKind::kTuple) {
      int64_t dim = 0;
      bool opaque = false;
      for (const auto& item : static_cast<const vt::SequenceVariable&>(*args[1]).items()) {
        if (auto i = intOf(item)) {
          picks.emplace_back(dim++, *i);
        } else if (item->kind() == vt::VtKind::kSlice) {
          ++dim;
        } else if (const auto* c = vt::asConstant(item); c && c->isNone()) {
          continue;
        } else {
          opaque = true;  // Ellipsis, a tensor, a SymInt: later dims are not known here
          break;
        }
      }
      bool symbolic = false;
      for (int64_t v : t->sizes) symbolic |= v >= ctx.symbolBase - 1000;
      if (opaque && symbolic && !picks.empty())
        return unsupported(
            "dynamic shapes: an index tuple mixing ints with an Ellipsis, a tensor "
            "or a SymInt on a tensor with symbolic sizes (the bounds guards of "
            "its selects are not modelled)");
    }
  } else if ((metaOp == "Tensor.select" || metaOp == "torch.select") && args.size() == 3) {
    auto d = intOf(args[1]), i = intOf(args[2]);
    if (d && i) picks.emplace_back(*d < 0 ? *d + t->dim() : *d, *i);
  }
  auto& env = ctx.output.shapeEnv();
  for (const auto& [dim, index] : picks) {
    if (dim < 0 || dim >= t->dim()) continue;
    int64_t standIn = t->sizes[static_cast<size_t>(dim)];
    if (standIn < ctx.symbolBase - 1000) continue;
    auto size = sizeExpr(ctx, standIn);
    if (!size)
      return unsupported(
          "dynamic shapes: an int index on a dim whose size is derived by an op "
          "whose symbolic sizes are not modelled");
    if (env.evaluate({*size, RelOp::kLe, Expr(-1 - index)}) ||
        env.evaluate({*size, RelOp::kLe, Expr(index)}))
      return unsupported("dynamic shapes: an index out of range (IndexError path)");
  }
  return {};
}

Status narrowSizeGuards(InstructionTranslator& tx, const std::string& metaOp, const vt::Args& args,
                        const vt::Kwargs& kwargs, const std::vector<fake::MetaArg>& margs) {
  auto& ctx = tx.context();
  if (ctx.symbolBase == 0 || (metaOp != "Tensor.narrow" && metaOp != "torch.narrow")) return {};
  if (args.size() != 4 || margs.size() != 4) {
    if (!kwargs.empty())
      return unsupported("dynamic shapes: " + metaOp + " with keyword arguments (not modelled)");
    return {};  // the meta function's argument error
  }
  const auto* t = margs[0].get<fake::TensorMeta>();
  const auto* d = margs[1].get<std::int64_t>();
  if (!t || !d || t->sizes.empty()) return {};
  int64_t dim = *d < 0 ? *d + t->dim() : *d;
  if (dim < 0 || dim >= t->dim()) return {};
  auto exprOf = [&](const VtPtr& v) -> std::optional<Expr> {
    if (v->kind() == vt::VtKind::kSymInt) return static_cast<const vt::SymIntVariable&>(*v).expr();
    if (auto i = vt::constantInt(v)) return Expr(*i);
    return std::nullopt;
  };
  bool symbolic = args[2]->kind() == vt::VtKind::kSymInt ||
                  args[3]->kind() == vt::VtKind::kSymInt ||
                  t->sizes[static_cast<size_t>(dim)] >= ctx.symbolBase - 1000;
  if (!symbolic) return {};
  auto start = exprOf(args[2]);
  auto length = exprOf(args[3]);
  auto size = sizeExpr(ctx, t->sizes[static_cast<size_t>(dim)]);
  auto refuse = [&](const std::string& why) -> Status {
    return unsupported("dynamic shapes: " + metaOp + ": " + why);
  };
  if (!start || !length) return refuse("a start or length that is not an int (not modelled)");
  if (!size) return refuse("a dim whose size is derived by an op whose symbolic sizes are unknown");
  auto& env = ctx.output.shapeEnv();
  if (env.hasUnbacked(*start) || env.hasUnbacked(*length) || env.hasUnbacked(*size))
    return refuse("an unbacked start, length or size (not modelled)");
  // refs narrow
  env.evaluate({*length, RelOp::kGe, Expr(0)});
  auto inRange = env.guardAll({{-*size, RelOp::kLe, *start}, {*start, RelOp::kLe, *size}});
  if (!inRange) return unsupported("dynamic shapes: " + env.unsupported());
  if (!*inRange) return refuse("a start out of range (IndexError path)");
  Expr from = *start;
  if (env.evaluate({from, RelOp::kLt, Expr(0)})) from = from + *size;
  env.evaluate({from, RelOp::kLe, *size - *length});
  // slice_forward(dim, start, start + length)
  auto first = computeSliceIndex(ctx, *size, from);
  auto last = first ? computeSliceIndex(ctx, *size, from + *length) : std::nullopt;
  if (!first || !last) return unsupported("dynamic shapes: " + env.unsupported());
  auto ordered = env.guardAll({{*last, RelOp::kGe, *first}});
  if (!ordered || !*ordered) return refuse("a slice whose bounds the shape env does not order");
  if (!env.unsupported().empty()) return unsupported("dynamic shapes: " + env.unsupported());
  // The fake narrow's storage offset is the start's stand-in times the stride: a symbolic
  // start whose stand-in is small (s27 - s18) would read as a constant offset.
  if (auto at = standInValue(ctx, env.replace(*first));
      !env.replace(*first).isConstant() && (!at || *at < ctx.symbolBase - 1000))
    return refuse("a start " + env.replace(*first).str() +
                  " whose stand-in does not read as a symbolic storage offset");
  Expr out = env.replace(*last - *first);
  auto fake = standInValue(ctx, out);
  if (!fake || *fake != standInValue(ctx, env.replace(*length)))
    return refuse("a length " + out.str() + " whose stand-in the fake narrow does not compute");
  if (Status st = registerDerivedSize(ctx, *fake, out); !st) return st;
  if (auto back = sizeExpr(ctx, *fake); !back || *back != out)
    return refuse("a length " + out.str() + " whose stand-in reads as another size");
  return {};
}

std::optional<fake::MetaValue> viewOnStandIns(const TracingContext& ctx, const std::string& metaOp,
                                              const std::vector<fake::MetaArg>& margs,
                                              const std::string& error) {
  const bool narrow = metaOp == "Tensor.narrow" || metaOp == "torch.narrow";
  const bool select = metaOp == "Tensor.select" || metaOp == "torch.select";
  if (ctx.symbolBase == 0 || !(narrow || select) || margs.size() != (narrow ? 4u : 3u) ||
      error.find(narrow ? "exceeds dimension size" : "is out of bounds for dimension") ==
          std::string::npos)
    return std::nullopt;
  const auto* t = margs[0].get<fake::TensorMeta>();
  const auto* d = margs[1].get<std::int64_t>();
  const auto* start = margs[2].get<std::int64_t>();
  const auto* length = narrow ? margs[3].get<std::int64_t>() : nullptr;
  if (!t || !d || !start || (narrow && !length) || t->sizes.empty()) return std::nullopt;
  const int64_t dim = *d < 0 ? *d + t->dim() : *d;
  if (dim < 0 || dim >= t->dim()) return std::nullopt;
  const auto k = static_cast<size_t>(dim);
  const int64_t from = *start < 0 ? *start + t->sizes[k] : *start;
  // Only what narrowSizeGuards / selectIndexGuards decided on the expressions: a dim, start
  // or length of size symbols.
  auto symbolic = [&](int64_t v) {
    auto e = sizeExpr(ctx, v);
    return e && !e->isConstant();
  };
  if (from < 0 || (narrow && *length < 0) ||
      !(symbolic(t->sizes[k]) || symbolic(*start) || (narrow && symbolic(*length))))
    return std::nullopt;
  fake::TensorMeta out = *t;
  out.storageOffset += from * t->strides[k];
  if (narrow) {
    out.sizes[k] = *length;
  } else {
    out.sizes.erase(out.sizes.begin() + dim);
    out.strides.erase(out.strides.begin() + dim);
  }
  return fake::MetaValue::view(std::move(out), 0);
}

}  // namespace dynrr::tracer
