// functorch_levels.h — functorch's dynamic layer stack while a frame is traced: the
// transforms entered (torch._C._functorch's DynamicLayer stack, which
// VmapIncrementNestingCtxManagerVariable and GradIncrementNestingCtxManagerVariable of
// torch/_dynamo/variables/ctx_manager.py push and pop through the _vmap_increment_nesting /
// _grad_increment_nesting calls), innermost last. A level's number is the stack depth
// once it is pushed (functorch's levels count up from 1), which is the number Dynamo
// puts in the graph's _add_batch_dim / _wrap_for_grad / _unwrap_for_grad /
// _remove_batch_dim calls. Which tensors are wrapped at which level is kept by node next
// to it (TracingContext::batchedTensors, core/tracer/functorch_batching.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dynrr::tracer {

struct FunctorchLevel {
  enum class Kind { kVmap, kGrad };
  Kind kind = Kind::kVmap;
  int64_t level = 0;
  int64_t batchSize = 0;   // vmap: the batch size
  std::string randomness;  // vmap: "error", "different" or "same"
};

class FunctorchLevels {
 public:
  // Pushes a level; returns its number.
  int64_t push(FunctorchLevel::Kind kind, int64_t batchSize = 0, std::string randomness = {}) {
    FunctorchLevel l{kind, static_cast<int64_t>(levels_.size()) + 1, batchSize,
                     std::move(randomness)};
    levels_.push_back(std::move(l));
    return levels_.back().level;
  }
  // Pops the innermost level (a no-op on an empty stack: the exit of a transform whose
  // enter was refused never runs, so this only guards against bad input).
  void pop() {
    if (!levels_.empty()) levels_.pop_back();
  }
  bool empty() const { return levels_.empty(); }
  int64_t depth() const { return static_cast<int64_t>(levels_.size()); }
  // The innermost level, or null.
  const FunctorchLevel* top() const { return levels_.empty() ? nullptr : &levels_.back(); }
  // The level numbered `level`, or null.
  const FunctorchLevel* find(int64_t level) const {
    return level >= 1 && level <= depth() ? &levels_[static_cast<size_t>(level - 1)] : nullptr;
  }
  // The innermost level of `kind`'s number, 0 when there is none.
  int64_t innermost(FunctorchLevel::Kind kind) const {
    for (auto it = levels_.rbegin(); it != levels_.rend(); ++it)
      if (it->kind == kind) return it->level;
    return 0;
  }
  // The number of levels of `kind`.
  int64_t count(FunctorchLevel::Kind kind) const {
    int64_t n = 0;
    for (const auto& l : levels_) n += l.kind == kind ? 1 : 0;
    return n;
  }

 private:
  std::vector<FunctorchLevel> levels_;
};

}  // namespace dynrr::tracer
