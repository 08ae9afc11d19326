// frame_state.cpp — see frame_state.h (pgo.py update_automatic_dynamic for late sources).
#include "core/tracer/frame_state.h"

#include <optional>

#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {
namespace {

// `size=[1, 12, None, 64]` in a TENSOR_MATCH detail: each entry, nullopt for None (a
// dim symbolic in that compile). nullopt when the field is missing or malformed.
std::optional<std::vector<std::optional<int64_t>>> detailList(const std::string& detail,
                                                              const std::string& field) {
  std::string key = " " + field + "=[";
  size_t at = (" " + detail).find(key);
  if (at == std::string::npos) return std::nullopt;
  size_t begin = at + key.size() - 1;  // in `detail` (the leading space was added)
  size_t end = detail.find(']', begin);
  if (end == std::string::npos) return std::nullopt;
  std::vector<std::optional<int64_t>> out;
  std::string body = detail.substr(begin, end - begin);
  size_t pos = 0;
  while (pos < body.size()) {
    size_t comma = body.find(',', pos);
    if (comma == std::string::npos) comma = body.size();
    std::string item = body.substr(pos, comma - pos);
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    if (item == "None") {
      out.push_back(std::nullopt);
    } else {
      try {
        size_t used = 0;
        int64_t v = std::stoll(item, &used);
        if (used != item.size()) return std::nullopt;
        out.push_back(v);
      } catch (...) {
        return std::nullopt;
      }
    }
    pos = comma + 1;
  }
  return out;
}

}  // namespace

Expected<std::vector<bool>> lateAutomaticDynamic(const TracingContext& ctx,
                                                 const std::string& source,
                                                 schema::TensorMeta::Reader meta) {
  auto shape = meta.getShape();
  auto stride = meta.getStride();
  std::vector<bool> dyn(shape.size(), false);
  bool stridesDiffer = false;
  for (size_t j : ctx.earlierEvents) {
    auto guards = ctx.trace.event(j).getReference().getGuards();
    for (auto g : guards) {
      if (std::string(g.getKind().cStr()) != "TENSOR_MATCH" ||
          std::string(g.getSource().cStr()) != source)
        continue;
      std::string detail = g.getDetail().cStr();
      auto sizes = detailList(detail, "size");
      auto strides = detailList(detail, "stride");
      if (!sizes || !strides)
        return unsupported("automatic dynamic shapes: the earlier TENSOR_MATCH of " + source +
                           " has no sizes the core can read (" + detail + ")");
      for (unsigned k = 0; k < shape.size(); ++k)
        dyn[k] =
            dyn[k] || sizes->size() != shape.size() || !(*sizes)[k] || *(*sizes)[k] != shape[k];
      stridesDiffer = stridesDiffer || strides->size() != stride.size();
      for (unsigned k = 0; !stridesDiffer && k < stride.size(); ++k)
        stridesDiffer = !(*strides)[k] || *(*strides)[k] != stride[k];
    }
  }
  for (auto d : meta.getStaticDims())
    if (d < dyn.size()) dyn[d] = false;  // mark_static: never automatic dynamic
  bool any = false;
  for (bool d : dyn) any = any || d;
  if (stridesDiffer && !any)
    return unsupported("automatic dynamic shapes: tensor " + source +
                       " reached beyond the frame's locals changed strides only (dynamic "
                       "strides)");
  return dyn;
}

}  // namespace dynrr::tracer
