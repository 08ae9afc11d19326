// compare_python.cpp — see compare_python.h.
#include <Python.h>

#include "recorder/extension/compare_python.h"

#include <string>

#include "core/compare/compare.h"
#include "core/compare/decisions.h"
#include "core/trace/trace_reader.h"
#include "recorder/extension/py_ref.h"

namespace dynrr::recorder {
namespace {

Expected<trace::TraceReader> openSource(PyObject* source) {
  if (PyBytes_Check(source)) {
    std::string bytes(PyBytes_AS_STRING(source), static_cast<size_t>(PyBytes_GET_SIZE(source)));
    return trace::TraceReader::fromBytes(bytes);
  }
  PyRef path = PyRef::steal(PyOS_FSPath(source));
  if (!path) {
    PyErr_Clear();
    return Error("compare() expects a path or bytes");
  }
  PyRef encoded = PyRef::steal(PyUnicode_EncodeFSDefault(path.get()));
  if (!encoded) {
    PyErr_Clear();
    return Error("compare(): path not encodable");
  }
  return trace::TraceReader::openFile(PyBytes_AS_STRING(encoded.get()));
}

// Dynamo names a global it installs for an object reached without a source
// `___unnamed_scope_<id(obj)>_c<counter>`: the id and the counter belong to the process
// that compiled, so two recordings of the same decision differ there. Both become "N".
std::string normalizeProcessNames(const std::string& text) {
  static const std::string kPrefix = "___unnamed_scope_";
  std::string out;
  size_t i = 0;
  while (true) {
    size_t at = text.find(kPrefix, i);
    if (at == std::string::npos) break;
    size_t p = at + kPrefix.size();
    size_t digits = p;
    while (p < text.size() && text[p] >= '0' && text[p] <= '9') ++p;
    bool id = p > digits;
    size_t counter = p + 2;
    size_t q = counter;
    if (id && text.compare(p, 2, "_c") == 0) {
      while (q < text.size() && text[q] >= '0' && text[q] <= '9') ++q;
    }
    out += text.substr(i, at + kPrefix.size() - i);
    if (id && q > counter) {
      out += "N_cN";
      i = q;
    } else {
      i = at + kPrefix.size();
    }
  }
  return out + text.substr(i);
}

void normalizeGraph(compare::GraphDecision& g, int depth) {
  g.code = normalizeProcessNames(g.code);
  for (auto& n : g.nodes) {
    n.source = normalizeProcessNames(n.source);
    n.target = normalizeProcessNames(n.target);
  }
  if (depth < 16) {
    for (auto& s : g.subgraphs) normalizeGraph(s.graph, depth + 1);
  }
}

void normalize(compare::FrameDecisions& d) {
  for (auto& g : d.graphs) normalizeGraph(g, 0);
  for (auto& g : d.guards) {
    g.source = normalizeProcessNames(g.source);
    g.detail = normalizeProcessNames(g.detail);
  }
  for (auto& e : d.effects) e.target = normalizeProcessNames(e.target);
}

bool decisionsOf(PyObject* source, Py_ssize_t index, compare::FrameDecisions& out) {
  Expected<trace::TraceReader> reader = openSource(source);
  if (!reader) {
    PyErr_SetString(PyExc_ValueError, reader.error().message().c_str());
    return false;
  }
  if (index < 0 || static_cast<size_t>(index) >= reader->eventCount()) {
    PyErr_Format(PyExc_ValueError, "%s: no event %zd (%zu events)", reader->name().c_str(), index,
                 reader->eventCount());
    return false;
  }
  out = compare::fromEvent(reader->event(static_cast<size_t>(index)));
  return true;
}

}  // namespace

PyObject* compareEvents(PyObject* args) {
  PyObject *a = nullptr, *b = nullptr;
  Py_ssize_t ea = 0, eb = 0;
  if (!PyArg_ParseTuple(args, "OnOn:compare", &a, &ea, &b, &eb)) return nullptr;
  compare::FrameDecisions da, db;
  if (!decisionsOf(a, ea, da) || !decisionsOf(b, eb, db)) return nullptr;
  normalize(da);
  normalize(db);
  compare::Comparison c = compare::compareDecisions(da, db);
  return Py_BuildValue("{ssss}", "verdict", compare::verdictName(c.verdict), "diff",
                       c.diff.c_str());
}

}  // namespace dynrr::recorder
