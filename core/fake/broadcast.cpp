// broadcast.cpp — at::infer_size (ExpandUtils.cpp).
#include "core/fake/broadcast.h"

#include <algorithm>

namespace dynrr::fake {

namespace {
thread_local SizeUnifier* tUnifier = nullptr;
}  // namespace

SizeUnifierScope::SizeUnifierScope(SizeUnifier* u) : saved_(tUnifier) { tUnifier = u; }
SizeUnifierScope::~SizeUnifierScope() { tUnifier = saved_; }

void reportSizeMismatch(std::int64_t a, std::int64_t b) {
  if (tUnifier) tUnifier->differ(a, b);
}

Expected<Shape> broadcastShapes(const Shape& a, const Shape& b) {
  const auto dimsA = static_cast<std::int64_t>(a.size());
  const auto dimsB = static_cast<std::int64_t>(b.size());
  const auto ndim = std::max(dimsA, dimsB);
  Shape out(ndim);
  for (auto i = ndim - 1; i >= 0; --i) {
    const auto offset = ndim - 1 - i;
    const auto dimA = dimsA - 1 - offset;
    const auto dimB = dimsB - 1 - offset;
    const std::int64_t sizeA = dimA >= 0 ? a[dimA] : 1;
    const std::int64_t sizeB = dimB >= 0 ? b[dimB] : 1;
    if (sizeA != sizeB && sizeA != 1 && sizeB != 1) {
      reportSizeMismatch(sizeA, sizeB);
      return Error("The size of tensor a (" + std::to_string(sizeA) +
                   ") must match the size of tensor b (" + std::to_string(sizeB) +
                   ") at non-singleton dimension " + std::to_string(i) + " (shapes " + shapeStr(a) +
                   " and " + shapeStr(b) + ")");
    }
    out[i] = sizeA == 1 ? sizeB : sizeA;
  }
  return out;
}

Expected<Shape> broadcastAll(const std::vector<Shape>& shapes) {
  Shape out;
  for (const Shape& s : shapes) {
    auto next = broadcastShapes(out, s);
    if (!next) return next.error();
    out = std::move(next.value());
  }
  return out;
}

bool isExpandableTo(const Shape& from, const Shape& to) {
  if (from.size() > to.size()) return false;
  const size_t offset = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i) {
    if (from[i] != to[offset + i] && from[i] != 1) return false;
  }
  return true;
}

}  // namespace dynrr::fake
