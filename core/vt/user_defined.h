// user_defined.h — user classes and their instances (torch/_dynamo/variables/
// user_defined.py UserDefinedClassVariable and UserDefinedObjectVariable), as Dynamo 2.13
// models them: var_getattr is generic_getattr (MRO walk, data descriptors, instance
// __dict__, methods, class variables, __getattr__) with get_source_by_walking_mro's
// guards (NOT_PRESENT_IN_GENERIC_DICT, DICT_NOT_CONTAINS); call_obj_hasattr (HASATTR);
// attribute stores as store_attr side effects; calling a class inlines the polyfill
// instantiate_user_defined_class_object. nn.Modules are UnspecializedNNModuleVariable
// (nn_module.h), a subclass.
//
// The object stays in the trace heap: attribute lookups read its recorded instance
// __dict__ and its class's MRO. A pre-existing object is AttributeMutationExisting and is
// found again by its identity token, so the same object reached through two sources is
// one tracker (plus a DUPLICATE_INPUT guard).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "core/trace/trace_format.h"
#include "core/trace/trace_reader.h"
#include "core/vt/base.h"

namespace dynrr::vt {

struct MroHit;

class UserObjectVariable : public VariableTracker {
 public:
  enum class Flavor {
    kPlain,            // UserDefinedObjectVariable
    kNNModule,         // UnspecializedNNModuleVariable (a user nn.Module or a container)
    kBuiltinNNModule,  // UnspecializedBuiltinNNModuleVariable (torch.nn.modules.*)
  };
  // `object` is 0 for an object created while tracing (AttributeMutationNew): it has no
  // recorded instance dict, only the attributes stored while tracing.
  UserObjectVariable(trace::ObjRef object, trace::ObjRef cls, std::string typeName,
                     SourcePtr source)
      : UserObjectVariable(object, cls, std::move(typeName), Flavor::kPlain, std::move(source)) {}
  trace::ObjRef object() const { return object_; }
  trace::ObjRef cls() const { return class_; }
  Flavor flavor() const { return flavor_; }
  bool isNNModule() const { return flavor_ != Flavor::kPlain; }
  // UserDefinedDictVariable: a pre-existing instance of a dict subclass, whose dict
  // methods (those the class does not override) run on this ConstDictVariable (_base_vt).
  void setBaseDict(VtPtr d) { baseDict_ = std::move(d); }
  const VtPtr& baseDict() const { return baseDict_; }
  // UserDefinedTupleVariable / UserDefinedListVariable: a pre-existing instance of a
  // tuple or list subclass, whose len, indexing and iteration (when the class does not
  // override them) run on this TupleVariable / ListVariable (_tuple_vt / _base_vt).
  void setBaseSequence(VtPtr t) { baseSequence_ = std::move(t); }
  const VtPtr& baseSequence() const { return baseSequence_; }
  // cls_source: the source of the class an object made while tracing was built from
  // (null for a sourceless class); its plain class variables are built from
  // AttrSource(cls_source, name).
  void setClsSource(SourcePtr s) { clsSource_ = std::move(s); }
  const SourcePtr& clsSource() const { return clsSource_; }
  // Made while tracing: the positional arguments of the constructor call, which the
  // polyfill instantiate_user_defined_class_object passes on to cls.__new__ and Dynamo
  // keeps as the object's init_args (codegen_save_tempvars rebuilds it as
  // cls.__new__(cls, *init_args)); keyword arguments are not among them.
  const std::vector<VtPtr>& initArgs() const { return initArgs_; }
  void setInitArgs(std::vector<VtPtr> args) { initArgs_ = std::move(args); }
  // Qualified class name, e.g. "torch.nn.modules.linear.Linear".
  const std::string& typeName() const { return typeName_; }
  std::string pythonTypeName() const override { return typeName_; }
  std::string describe() const override {
    return typeName_ + (flavor_ == Flavor::kPlain ? "" : " (nn.Module)");
  }

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  // object.__getattribute__ (generic_getattr): the lookup without the class's own
  // __getattribute__, which super().__getattribute__ reaches.
  Expected<VtPtr> genericGetattr(Tx& tx, const std::string& name);
  // object.__setattr__ (method_setattr_standard): the store without the class's own
  // __setattr__, which super().__setattr__ reaches.
  Status standardSetAttr(Tx& tx, const std::string& name, const VtPtr& value) {
    return setAttr(tx, name, value);
  }
  // obj.__dict__ (get_dict_vt): a read-only DunderDictVariable, made once.
  Expected<VtPtr> dunderDict(Tx& tx);
  Expected<bool> callObjHasattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // __setattr__ (STORE_ATTR, setattr), and the dunders builtins call (__getitem__,
  // __len__ ...), which run the class's Python method.
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  // iter(obj): its __iter__ method inlined, then the iterator's items.
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx& tx) override;
  // iter(obj) itself: what __iter__ returns (an iterator stays lazy: a generator's items
  // are made one next() at a time, as GET_ITER in Dynamo leaves them).
  Expected<VtPtr> iterate(Tx& tx);

  // The recorded instance (null for an object made while tracing).
  Expected<std::optional<schema::Instance::Reader>> instance(Tx& tx) const;

 protected:
  UserObjectVariable(trace::ObjRef object, trace::ObjRef cls, std::string typeName, Flavor flavor,
                     SourcePtr source)
      : VariableTracker(VtKind::kUserObject, std::move(source),
                        object ? MutationType::kAttributeMutationExisting
                               : MutationType::kAttributeMutationNew),
        object_(object),
        class_(cls),
        typeName_(std::move(typeName)),
        flavor_(flavor) {}
  // A value of the instance __dict__ the subclass reads its own way (an nn.Module's
  // hook dicts); nullopt for the generic path.
  virtual std::optional<Expected<VtPtr>> instanceDictAttr(Tx& tx, const std::string& name,
                                                          trace::ObjRef value);
  // generic_getattr's last step, once the attribute is found nowhere else.
  virtual Expected<VtPtr> getattrFallback(Tx& tx, const std::string& name);
  // An attribute store (UserDefinedObjectVariable through BuiltinVariable.call_setattr).
  virtual Status setAttr(Tx& tx, const std::string& name, const VtPtr& value);
  // The attribute is in the object's own recorded state (hasattr's first look).
  virtual Expected<bool> recordedHas(Tx& tx, schema::Instance::Reader inst,
                                     const std::string& name);

 private:
  trace::ObjRef object_;
  trace::ObjRef class_;
  std::string typeName_;
  Flavor flavor_;
  std::vector<VtPtr> initArgs_;
  VtPtr dunderDict_;
  VtPtr baseSequence_;
  VtPtr baseDict_;
  SourcePtr clsSource_;
};

// DeletedVariable: what `del obj.attr` stores in the side-effects table for an object
// made while tracing; reading the attribute then raises AttributeError.
class DeletedVariable final : public VariableTracker {
 public:
  DeletedVariable() : VariableTracker(VtKind::kOpaque, nullptr, MutationType::kImmutable) {}
  std::string className() const override { return "DeletedVariable"; }
  std::string pythonTypeName() const override { return "deleted"; }
  std::string describe() const override { return "<deleted attribute>"; }
};
inline bool isDeleted(const VtPtr& v) { return dynamic_cast<const DeletedVariable*>(v.get()); }

// A user-defined class (UserDefinedClassVariable): calling it constructs an object.
class UserClassVariable final : public VariableTracker {
 public:
  UserClassVariable(trace::ObjRef cls, std::string typeName, SourcePtr source)
      : VariableTracker(VtKind::kUserClass, std::move(source), MutationType::kImmutable),
        class_(cls),
        typeName_(std::move(typeName)) {}
  trace::ObjRef cls() const { return class_; }
  const std::string& typeName() const { return typeName_; }
  std::string pythonTypeName() const override { return "type"; }
  std::string describe() const override { return typeName_; }
  // UserDefinedClassVariable.as_python_constant: the class itself.
  bool isPythonConstant() const override { return true; }
  // instantiate_user_defined_class_object: a new object, then its __init__ inlined; an
  // exception class makes an exception object (callException).
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // UserDefinedClassVariable.var_getattr, steps 3-5 of type_getattro for a plain class
  // attribute or a function found on the MRO: VariableTracker.build with
  // AttrSource(cls, name).
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  // UserDefinedClassVariable.call_obj_hasattr: HASATTR on its source, then hasattr(cls).
  Expected<bool> callObjHasattr(Tx& tx, const std::string& name) override;
  // EnumClass['NAME'] (__getitem__); other methods of classes are not modelled.
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  // A subclass of enum.Enum.
  bool isEnumClass(Tx& tx) const;
  // iter(cls) of an enum class (EnumType.__iter__ inlined, lazily; see user_defined.cpp).
  Expected<VtPtr> enumMembersIterator(Tx& tx);

 private:
  Expected<VtPtr> callException(Tx& tx, std::string builtinBase, Args args, Kwargs kwargs);
  Expected<VtPtr> callEnumClass(Tx& tx, Args args, const Kwargs& kwargs);
  Expected<VtPtr> callNamedTupleClass(Tx& tx, Args args, Kwargs kwargs);
  SourcePtr mroDescriptorSource(Tx& tx, const MroHit& hit, const std::string& name) const;
  Expected<VtPtr> classMethod(Tx& tx, const MroHit& hit, schema::Object::Reader descriptor,
                              const std::string& name);

  trace::ObjRef class_;
  std::string typeName_;
};

// ---- class-tree helpers shared with nn_module.cpp and super() ----

// torch.autocast and its device aliases: Dynamo makes an AutocastModeVariable of them
// (variables/ctx_manager.py), which the core does not model; the reason names it.
inline bool isAutocastClass(const std::string& qualname) {
  return qualname == "torch.amp.autocast_mode.autocast" ||
         qualname == "torch.cpu.amp.autocast_mode.autocast" ||
         qualname == "torch.cuda.amp.autocast_mode.autocast";
}
inline constexpr const char* kAutocastUnsupported =
    "torch.autocast (Dynamo's AutocastModeVariable: the _enter_autocast / _exit_autocast "
    "nodes and autocast's per-op dtype casts in fake tensors are not modelled)";
// "module.qualname" of a recorded class ("int" for builtins).
std::string qualifiedClassName(const trace::TraceReader& trace, trace::ObjRef cls);
// The value of `name` in a recorded attribute list.
// The first class of `cls`'s MRO whose qualified name is one of `names`, by that name.
std::optional<std::string> mroFind(const trace::TraceReader& trace, trace::ObjRef cls,
                                   std::initializer_list<std::string_view> names);
std::optional<trace::ObjRef> findAttr(capnp::List<schema::Attr>::Reader attrs,
                                      const std::string& name);
// An attribute found on a class of the MRO.
struct MroHit {
  size_t index;
  trace::ObjRef cls;
  trace::ObjRef value;
};
Expected<std::optional<MroHit>> lookupMro(const trace::TraceReader& trace, trace::ObjRef cls,
                                          const std::string& name);
// True if a user class of the MRO (recorded in full) defines `name`; library classes
// are recorded by the names their code reaches, so they are not consulted.
bool userClassDefines(const trace::TraceReader& trace, trace::ObjRef cls, const std::string& name);
// A class made by collections.namedtuple (is_namedtuple_cls): its MRO is the class,
// tuple and object, and it holds `_fields` (a tuple of str) and a `__new__`.
bool isPlainNamedTupleClass(const trace::TraceReader& trace, trace::ObjRef cls);
// Its `_fields`, when recorded.
std::optional<std::vector<std::string>> namedTupleFields(const trace::TraceReader& trace,
                                                         trace::ObjRef cls);
// The source of `name` found on the class at MRO index `hit.index`
// (get_source_by_walking_mro), with its guards.
Expected<SourcePtr> mroSource(Tx& tx, const UserObjectVariable& o, const MroHit& hit,
                              const std::string& name, bool inInstanceDict);

inline UserObjectVariable* asUserObject(const VtPtr& v) {
  return v && v->kind() == VtKind::kUserObject ? static_cast<UserObjectVariable*>(v.get())
                                               : nullptr;
}

}  // namespace dynrr::vt
