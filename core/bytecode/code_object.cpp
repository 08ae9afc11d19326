// code_object.cpp — reading a CodeObject from the trace heap (see code_object.h).
#include "core/bytecode/code_object.h"

#include <algorithm>
#include <string>

namespace dynrr::bytecode {
namespace {

std::vector<std::string> textList(capnp::List<capnp::Text>::Reader list) {
  std::vector<std::string> out;
  out.reserve(list.size());
  for (auto t : list) out.emplace_back(t.cStr(), t.size());
  return out;
}

std::string dataString(capnp::Data::Reader data) {
  return std::string(reinterpret_cast<const char*>(data.begin()), data.size());
}

}  // namespace

void rebuildLocalsPlus(CodeObject& code) {
  code.localsplusnames.clear();
  code.localspluskinds.clear();
  auto isCell = [&](const std::string& n) {
    for (const auto& c : code.cellvars) {
      if (c == n) return true;
    }
    return false;
  };
  for (const auto& v : code.varnames) {
    code.localsplusnames.push_back(v);
    code.localspluskinds.push_back(static_cast<char>(kFastLocal | (isCell(v) ? kFastCell : 0)));
  }
  for (const auto& c : code.cellvars) {
    bool isArg = false;
    for (const auto& v : code.varnames) isArg = isArg || v == c;
    if (isArg) continue;
    code.localsplusnames.push_back(c);
    code.localspluskinds.push_back(static_cast<char>(kFastCell));
  }
  for (const auto& f : code.freevars) {
    code.localsplusnames.push_back(f);
    code.localspluskinds.push_back(static_cast<char>(kFastFree));
  }
}

Expected<CodeObject> codeFromTrace(const trace::TraceReader& trace, trace::ObjRef ref) {
  const std::string where = "code object #" + std::to_string(ref);
  auto obj = trace.object(ref);
  if (!obj.ok()) return obj.error().withContext(where);
  if (obj->which() != schema::Object::Which::CODE) {
    return Error(where + ": heap entry is not a code object");
  }
  auto c = obj->getCode();
  CodeObject out;
  out.argcount = c.getArgcount();
  out.posonlyargcount = c.getPosonlyargcount();
  out.kwonlyargcount = c.getKwonlyargcount();
  out.nlocals = c.getNlocals();
  out.stacksize = c.getStacksize();
  out.flags = c.getFlags();
  out.firstlineno = c.getFirstlineno();
  out.code = dataString(c.getCode());
  out.consts.reserve(c.getConsts().size());
  for (trace::ObjRef k : c.getConsts()) {
    if (!trace.validRef(k)) {
      return Error(where + ": constant " + std::to_string(out.consts.size()) +
                   " refers to missing object #" + std::to_string(k));
    }
    out.consts.push_back(k);
  }
  out.names = textList(c.getNames());
  out.varnames = textList(c.getVarnames());
  out.freevars = textList(c.getFreevars());
  out.cellvars = textList(c.getCellvars());
  out.filename = c.getFilename();
  out.name = c.getName();
  out.qualname = c.getQualname();
  out.linetable = dataString(c.getLinetable());
  out.exceptiontable = dataString(c.getExceptiontable());
  out.localsplusnames = textList(c.getLocalsplusnames());
  out.localspluskinds = dataString(c.getLocalspluskinds());
  if (out.localsplusnames.empty() && out.localspluskinds.empty()) rebuildLocalsPlus(out);
  // CPython 3.11 does not expose _co_localspluskinds to Python, so a recorder may store
  // the names only: derive each kind from the name lists.
  if (out.localspluskinds.empty() && !out.localsplusnames.empty()) {
    for (const auto& n : out.localsplusnames) {
      auto in = [&](const std::vector<std::string>& v) {
        return std::find(v.begin(), v.end(), n) != v.end();
      };
      uint8_t kind = 0;
      if (in(out.freevars)) {
        kind = kFastFree;
      } else if (in(out.varnames)) {
        kind = kFastLocal | (in(out.cellvars) ? kFastCell : 0);
      } else {
        kind = kFastCell;
      }
      out.localspluskinds.push_back(static_cast<char>(kind));
    }
  }
  if (out.localsplusnames.size() != out.localspluskinds.size()) {
    return Error(where + ": " + std::to_string(out.localsplusnames.size()) +
                 " localsplusnames but " + std::to_string(out.localspluskinds.size()) +
                 " localspluskinds");
  }
  return out;
}

}  // namespace dynrr::bytecode
