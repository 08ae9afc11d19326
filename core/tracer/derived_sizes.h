// derived_sizes.h — symbolic sizes of op results: fake tensors compute with a stand-in
// value per size symbol (replay.cpp), so an op result's size derived from symbols
// (s77 - 1, (s77//2)) is a number; this maps such numbers back to their expressions, and
// installs the shape guards the fake-tensor meta functions make on them.
//
// Mirrors, for the ops it names: torch/_subclasses/fake_impls.py infer_size
// (fast_binary_impl), torch/_refs/__init__.py _broadcast_shapes and
// torch/_prims_common/__init__.py check_contiguous_sizes_strides, each of which tests
// `size == 1` with guard_or_false on every dim (from the last): a derived size whose
// range reaches 1 gets the guard `size != 1`. Ops whose meta functions were checked to
// guard nothing on such sizes (reductions, softmax, transpose, matmul of matrices, cat)
// pass; any other op on a tensor with a derived size is `unsupported` by name.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/fake/op_registry.h"
#include "core/support/error.h"
#include "core/symbolic/expr.h"

namespace dynrr::tracer {

struct TracingContext;
class InstructionTranslator;

// Size symbols stand in as base + kStandInStep * a_k (standInAt; replay.cpp's bases are odd): the
// step keeps every stand-in odd, so halving one (chunk(2)) never gives two equal pieces with
// different expressions, and keeps `s - k` (k < 50) of one symbol from reaching another's.
constexpr int64_t kStandInStep = 102;
// Below this a derived value could be a real size: such values are not registered as
// their expression (a tensor sized by one reads as that number).
constexpr int64_t kSmallestDerivedSize = 2000;
// The stand-in of the k-th symbol of a replay (k from 0): base + kStandInStep * a_k, where
// a_k is the Mian-Chowla sequence (1, 2, 4, 8, 13, 21, ...), a Sidon set: every sum of two
// of its members is distinct, so the sum of two symbols' stand-ins never equals another
// such sum or twice a third symbol's (s77 + s86 is not 2*s52).
int64_t standInAt(int64_t base, size_t k);

// The expression a size value of a fake tensor stands for: a size symbol's stand-in is
// that symbol, a registered derived value its expression, a stand-in minus a small k
// (a slice with constant bounds) `s - k`; a number that no symbol can have made is that
// constant. nullopt: a value derived from symbols whose expression is not known.
std::optional<symbolic::Expr> sizeExpr(const TracingContext& ctx, int64_t v);
// A size value that a constant replacement of the shape env fixed (`x.size(0) == 8`
// guarded, then s77 -> 8): a symbol's stand-in, or a derived value, whose expression
// through the replacements is a number. Dynamo's fake tensors made after that point have
// the number (c10::SymInt keeps a SymNode whose expression is constant as a plain int), and
// its size reads answer it (has_free_symbols sees through the replacements).
std::optional<int64_t> specialisedSize(const TracingContext& ctx, int64_t v);
// Whether the shape env replaced some symbol by a constant (specialisedSize can fix a value).
bool hasConstantReplacement(const TracingContext& ctx);
// `m` with the values specialisedSize fixes (sizes, strides, storage offset) rewritten.
// True when any changed.
bool specialiseMeta(const TracingContext& ctx, fake::TensorMeta& m);
// The same over an argument of a meta function (tensors, stand-in ints, nested lists) and
// over its result.
void specialiseMetaArg(const TracingContext& ctx, fake::MetaArg& a, int depth = 0);
void specialiseMetaValue(const TracingContext& ctx, fake::MetaValue& v, int depth = 0);
// Whether `e` is an expression over symbols other than a bare symbol (a derived size).
bool isDerived(const symbolic::Expr& e);
// `e` at the stand-ins of this replay (nullopt if a symbol has none).
std::optional<int64_t> standInValue(const TracingContext& ctx, const symbolic::Expr& e);
// Records that fake tensors compute `e` as `v` (a SymInt argument of a tensor op, the
// size of a slice). Constants and bare symbols are not recorded. Refused: a derived
// value small enough to be confused with a real size.
Status registerDerivedSize(TracingContext& ctx, int64_t v, const symbolic::Expr& e);
// Before `op` runs on `args`: the guards its meta function makes on the derived sizes
// of its tensor arguments, or `unsupported` naming the op when they are not modelled.
Status derivedSizeGuards(InstructionTranslator& tx, const std::string& op,
                         const std::vector<fake::MetaArg>& args);

// fake_impls._compute_slice_index(size, index) for a backed index: the index itself, the
// index plus the size, 0 or the size, each chosen by guard_or_false of its condition (a
// guard where the ranges do not decide). nullopt, with the shape env marked unsupported:
// a conjunction it cannot guard, or an index sym_min / sym_max would resolve.
std::optional<symbolic::Expr> computeSliceIndex(TracingContext& ctx, const symbolic::Expr& size,
                                                const symbolic::Expr& index);

// The product of the sizes' expressions in [first, last): none when a size has no
// expression or is -1, or when sympy would keep the product unexpanded.
std::optional<symbolic::Expr> sizeProduct(const TracingContext& ctx,
                                          fake::Shape::const_iterator first,
                                          fake::Shape::const_iterator last);
std::optional<symbolic::Expr> sizeProduct(const TracingContext& ctx, const fake::Shape& sizes);
// The shape a view / reshape asks for, as ints (`x.view(a, b)` or `x.view((a, b))`); none
// when an item is not an int.
std::optional<fake::Shape> viewShapeArgs(const std::vector<fake::MetaArg>& args);

// After a view / reshape / flatten: the size it inferred (a -1, the flattened dims) is the
// quotient or product of the input's size expressions, as the meta function computes it
// with sympy (FloorDiv(8*s77, 4) is 2*s77), recorded when it is exact.
// A view or reshape whose meta function refused the stand-ins' shape: infer_size's
// torch._check(numel == newsize) on the symbolic sizes, evaluated (true on the hints) and
// solved (s0*s1 == 4*s0 replaces s1 by 4). True when it made a replacement: the caller
// specialises the arguments and runs the meta function again.
bool specialiseOnViewNumel(TracingContext& ctx, const std::string& op,
                           const std::vector<fake::MetaArg>& args, const std::string& error);
// A meta function failed on arguments with symbolic sizes (Dynamo's, on real symbols,
// did not: the frame compiled): the error comes from the stand-in values. The gap named
// for `unsupported` (infer_size's equation for a view or reshape); "" when no argument
// has a symbolic size.
std::string standInFailureGap(const TracingContext& ctx, const std::string& op,
                              const std::vector<fake::MetaArg>& args, const std::string& error);
void registerViewSizes(TracingContext& ctx, const std::string& op,
                       const std::vector<fake::MetaArg>& args, const fake::MetaValue& result);
// After torch.cat: its size along the joined dim is the sum of the inputs' size
// expressions (s53 + 1 for a KV cache grown by one token), recorded when it is derived.
void registerCatSizes(TracingContext& ctx, const std::string& op,
                      const std::vector<fake::MetaArg>& args, const fake::Kwargs& kwargs,
                      const fake::MetaValue& result);
// After `op` ran on `args`: a size of `result` derived from symbols that no argument
// carries (narrow's `start + length <= size`, a slice's bounds) comes with guards of its
// meta function that are modelled only for slices (TensorVariable::resolveSlice):
// refused for any other op.
Status checkNewDerivedSizes(const TracingContext& ctx, const std::string& op,
                            const std::vector<fake::MetaArg>& args, const fake::MetaValue& result);

// FakeTensorMode's fast path for aten add/sub/mul/div.Tensor when an operand has symbolic
// sizes (fake_impls.make_fast_binary_impl): rewrites `result`'s strides. `symbolBase` is
// the replay's stand-in base (0: no symbolic sizes, nothing to do).
void fastBinaryStrides(int64_t symbolBase, const std::string& op,
                       const std::vector<fake::MetaArg>& args, const fake::Kwargs& kwargs,
                       fake::MetaValue& result);

}  // namespace dynrr::tracer
