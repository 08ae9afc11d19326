// source.cpp — see source.h. Mirrors the _name_template properties of
// torch/_dynamo/source.py.
#include "core/vt/source.h"

#include <utility>

#include "core/graph/python_repr.h"

namespace dynrr::vt {

std::string pyStrRepr(const std::string& s) { return graph::pythonStringRepr(s); }

bool isIdentifier(const std::string& s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                 static_cast<unsigned char>(c) >= 0x80;
    bool digit = c >= '0' && c <= '9';
    if (!(alpha || (i > 0 && digit))) return false;
  }
  return true;
}

Source::Source(Kind kind, SourcePtr base, std::string member)
    : kind_(kind), base_(std::move(base)), member_(std::move(member)) {
  switch (kind_) {
    case Kind::kLocal: name_ = "L[" + pyStrRepr(member_) + "]"; break;
    case Kind::kGlobal: name_ = "G[" + pyStrRepr(member_) + "]"; break;
    case Kind::kAttr:
      name_ = isIdentifier(member_) ? base_->name() + "." + member_
                                    : "getattr(" + base_->name() + ", " + pyStrRepr(member_) + ")";
      break;
    case Kind::kGetItem: name_ = base_->name() + "[" + member_ + "]"; break;
    case Kind::kCellContents: name_ = base_->name() + ".cell_contents"; break;
    case Kind::kClosure: name_ = base_->name() + ".__closure__"; break;
    case Kind::kNNModule: name_ = base_->name(); break;
    case Kind::kExpr: name_ = member_; break;
  }
}

SourcePtr Source::local(std::string name) {
  return std::make_shared<Source>(Kind::kLocal, nullptr, std::move(name));
}
SourcePtr Source::global(std::string name) {
  return std::make_shared<Source>(Kind::kGlobal, nullptr, std::move(name));
}
// A source derived from no source is no source: the parts of a sourceless value are
// sourceless too (SourcelessBuilder), never a dereference of a null base.
SourcePtr Source::attr(SourcePtr base, std::string member) {
  if (!base) return nullptr;
  return std::make_shared<Source>(Kind::kAttr, std::move(base), std::move(member));
}
SourcePtr Source::moduleAttr(SourcePtr base, std::string member) {
  if (!base) return nullptr;
  auto s = std::make_shared<Source>(Kind::kAttr, std::move(base), std::move(member));
  s->pythonModuleAttr_ = true;
  return s;
}
SourcePtr Source::item(SourcePtr base, std::string indexRepr) {
  if (!base) return nullptr;
  return std::make_shared<Source>(Kind::kGetItem, std::move(base), std::move(indexRepr));
}
SourcePtr Source::cellContents(SourcePtr base) {
  if (!base) return nullptr;
  return std::make_shared<Source>(Kind::kCellContents, std::move(base), "cell_contents");
}

SourcePtr Source::nnModule(SourcePtr base) {
  if (!base) return nullptr;
  return std::make_shared<Source>(Kind::kNNModule, std::move(base), "");
}
SourcePtr Source::expr(SourcePtr base, std::string name) {
  return std::make_shared<Source>(Kind::kExpr, std::move(base), std::move(name));
}

bool Source::isUnspecializedNNModule() const {
  for (const Source* s = this; s; s = s->base_.get())
    if (s->kind_ == Kind::kNNModule) return true;
  return false;
}

bool Source::isFromDefaults() const {
  for (const Source* s = this; s; s = s->base_.get()) {
    if (s->kind_ == Kind::kGetItem && s->base_ && s->base_->kind_ == Kind::kAttr &&
        (s->base_->member_ == "__defaults__" || s->base_->member_ == "__kwdefaults__"))
      return true;
  }
  return false;
}

bool Source::isLocal() const {
  const Source* s = this;
  while (s->base_) s = s->base_.get();
  return s->kind_ == Kind::kLocal;
}

}  // namespace dynrr::vt
