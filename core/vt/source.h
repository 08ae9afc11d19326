// source.h — where a value came from, as Dynamo's Source classes say it
// (torch/_dynamo/source.py: LocalSource, GlobalSource, AttrSource, GetItemSource,
// CellContentsSource, ...). Sources name graph inputs and guards, so their printed
// names must equal Dynamo's (`L['x']`, `G['torch'].sin`, `L['xs'][0]`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace dynrr::vt {

class Source;
using SourcePtr = std::shared_ptr<const Source>;

// Immutable value type shared by pointer. A chained source has a base.
class Source {
 public:
  enum class Kind {
    kLocal,         // LocalSource: L['name']
    kGlobal,        // GlobalSource: G['name']
    kAttr,          // AttrSource: base.member or getattr(base, 'member')
    kGetItem,       // GetItemSource: base[index]
    kCellContents,  // CellContentsSource: base.cell_contents
    kClosure,       // base.__closure__
    kNNModule,      // UnspecializedNNModuleSource: base's name; marks values under a module
    kExpr,          // a chained source printed as given (TypeSource, TypeDictSource, ...)
  };

  static SourcePtr local(std::string name);
  static SourcePtr global(std::string name);
  static SourcePtr attr(SourcePtr base, std::string member);
  // An attribute of a Python module object (PythonModuleVariable.var_getattr).
  static SourcePtr moduleAttr(SourcePtr base, std::string member);
  bool isPythonModuleAttr() const { return pythonModuleAttr_; }
  // `index` is the repr of the index as Python prints it (e.g. "0", "'key'").
  static SourcePtr item(SourcePtr base, std::string indexRepr);
  static SourcePtr cellContents(SourcePtr base);
  // UnspecializedNNModuleSource(base): same name, but values read through it are nn.Module
  // state (GuardSource.is_unspecialized_nn_module).
  static SourcePtr nnModule(SourcePtr base);
  // A chained source with a fixed printed name, e.g. "dict(type(L['self']).__dict__)".
  static SourcePtr expr(SourcePtr base, std::string name);

  Kind kind() const { return kind_; }
  const SourcePtr& base() const { return base_; }
  const std::string& member() const { return member_; }
  // The full name Dynamo prints for this source, e.g. "G['torch'].sin".
  const std::string& name() const { return name_; }
  // True for sources rooted in the frame's locals (GuardSource.LOCAL).
  bool isLocal() const;
  // is_from_defaults: the chain reads a function's __defaults__[i] or __kwdefaults__[k].
  bool isFromDefaults() const;
  // True when a chained base is an nn.Module source (guard_source().is_unspecialized_nn_module).
  bool isUnspecializedNNModule() const;

  Source(Kind kind, SourcePtr base, std::string member);

 private:
  Kind kind_;
  SourcePtr base_;
  std::string member_;
  std::string name_;
  bool pythonModuleAttr_ = false;
};

// Python's repr of a str, as `_esc_str(..., apply_repr=True)` produces for source names.
std::string pyStrRepr(const std::string& s);
// True if `s` is a Python identifier (ASCII subset).
bool isIdentifier(const std::string& s);

}  // namespace dynrr::vt
