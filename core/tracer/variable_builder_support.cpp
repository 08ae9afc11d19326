// variable_builder_support.cpp — what VariableBuilder (variable_builder.cpp) shares with
// the other wrap_* files: a recorded tensor's metadata as the core's fake tensor (what
// wrap_to_fake_tensor_and_record keeps, and the bounds a real tensor has), the
// user-code test of classes (trace_rules' skipfiles for library modules), the
// DUPLICATE_INPUT of an object reached again, and the lookup of recorded modules and
// classes by name.
#include "core/fake/dtype.h"
#include "core/trace/library_modules.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {

Expected<fake::TensorMeta> metaFromTrace(schema::TensorMeta::Reader m) {
  fake::TensorMeta meta;
  auto dtype = fake::parseDType(std::string(m.getDtype().cStr()));
  if (!dtype) return unsupported("tensor dtype " + std::string(m.getDtype().cStr()));
  meta.dtype = *dtype;
  auto device = fake::Device::parse(std::string(m.getDevice().cStr()));
  if (!device) return unsupported("tensor device " + std::string(m.getDevice().cStr()));
  meta.device = *device;
  if (m.getLayout() != schema::Layout::STRIDED) return unsupported("non-strided tensor layout");
  if (m.getSubclass().size())
    return unsupported("tensor subclass " + std::string(m.getSubclass().cStr()));
  if (m.getShape().size() != m.getStride().size())
    return Error("tensor shape and stride lengths differ");
  // What a real tensor can have: PyTorch's 64-dimension limit, no negative size or
  // stride, an element count (and storage extent) that fits in int64. A trace with more
  // is damaged, and the fake-tensor arithmetic must never meet it.
  if (m.getShape().size() > 64)
    return Error("bad input: tensor of rank " + std::to_string(m.getShape().size()) +
                 " (PyTorch allows at most 64)");
  int64_t numel = 1, extent = 0;
  for (unsigned i = 0; i < m.getShape().size(); ++i) {
    int64_t size = m.getShape()[i], stride = m.getStride()[i], span = 0;
    if (size < 0 || stride < 0)
      return Error("bad input: tensor with a negative size or stride in dim " + std::to_string(i));
    if (__builtin_mul_overflow(numel, size, &numel) ||
        (size > 0 && (__builtin_mul_overflow(size - 1, stride, &span) ||
                      __builtin_add_overflow(extent, span, &extent))))
      return Error("bad input: tensor sizes or strides overflow int64");
  }
  if (numel > (int64_t{1} << 48) || extent > (int64_t{1} << 48))
    return Error("bad input: tensor of more than 2**48 elements (no real tensor is that large)");
  if (m.getStorageOffset() < 0 || m.getStorageOffset() > (int64_t{1} << 48))
    return Error("bad input: tensor storage offset " + std::to_string(m.getStorageOffset()));
  for (auto s : m.getShape()) meta.sizes.push_back(s);
  for (auto s : m.getStride()) meta.strides.push_back(s);
  meta.storageOffset = m.getStorageOffset();
  meta.requiresGrad = m.getRequiresGrad();
  return meta;
}

bool isUserCodeClass(schema::Class::Reader c) {
  std::string module = c.getModule().cStr();
  // Library code (core/trace/library_modules.h, the modules the recorder records by the
  // names reached): its classes are not traced into.
  return !c.getBuiltin() && !module.empty() && !trace::isLibraryModule(module);
}

void dupeGuard(TracingContext& ctx, const vt::SourcePtr& source, const VtPtr& existing) {
  if (!source || !existing->source()) return;
  if (existing->source()->name() == source->name()) return;
  if (existing->source()->isLocal() == source->isLocal())
    ctx.output.addGuard(GuardKind::DUPLICATE_INPUT, source->name());
}

trace::ObjRef VariableBuilder::findRecorded(TracingContext& ctx, const std::string& kind,
                                            const std::string& name) {
  std::string key = kind + " " + name;
  if (auto hit = ctx.recordedByName.find(key); hit != ctx.recordedByName.end()) return hit->second;
  trace::ObjRef found = 0;
  for (trace::ObjRef r = 1; r <= ctx.trace.objectCount() && !found; ++r) {
    auto o = ctx.trace.objectUnchecked(r);
    if (kind == "module" && o.which() == schema::Object::Which::MODULE &&
        o.getModule().getName() == name)
      found = r;
    if (kind == "class" && o.which() == schema::Object::Which::CLASS &&
        vt::qualifiedClassName(ctx.trace, r) == name)
      found = r;
  }
  ctx.recordedByName.emplace(key, found);
  return found;
}

}  // namespace dynrr::tracer
