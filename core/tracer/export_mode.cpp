// export_mode.cpp — see export_mode.h. Mirrors OutputGraph.module_key_name,
// get_unique_name_wrt, source.is_from_global_source / is_from_nonlocal_source /
// is_from_unspecialized_nn_module_source and the export branches named in the header.
#include "core/tracer/export_mode.h"

#include <regex>

#include "core/bytecode/code_object.h"

namespace dynrr::tracer {

namespace {
using W = schema::Object::Which;

bool isFunctionalExportFrame(const bytecode::CodeObject& code) {
  const std::string suffix = "torch/_dynamo/functional_export.py";
  return code.qualname == "ModuleToTrace.forward" && code.filename.size() >= suffix.size() &&
         code.filename.compare(code.filename.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

void initExportMode(ExportMode& mode, const trace::TraceReader& trace,
                    schema::CompileEvent::Reader event) {
  mode.active = event.getExport();
  // config.install_free_tensors applies to any compile (both export entry points set it).
  for (auto kv : trace.configOf(event).getOthers()) {
    if (std::string(kv.getKey().cStr()) == "install_free_tensors")
      mode.installFreeTensors = std::string(kv.getValue().cStr()) == "True";
  }
  if (!mode.active && !mode.installFreeTensors) return;
  auto frame = event.getFrame();
  if (auto code = bytecode::codeFromTrace(trace, frame.getCode())) {
    mode.fullgraphCapture = isFunctionalExportFrame(*code);
    mode.freevars.insert(code->freevars.begin(), code->freevars.end());
  }
  auto globals = trace.object(frame.getGlobals());
  if (globals && globals->which() == W::DICT) {
    for (auto e : globals->getDict()) {
      auto key = trace.object(e.getKey());
      if (key && key->which() == W::STR) mode.globalNames.insert(key->getStr().cStr());
    }
  }
}

std::string moduleKeyName(const std::string& nameIn) {
  static const std::regex kContainer(R"(\._(?:modules|parameters|buffers)\[(['"])([^'"\]]+)\1\])");
  static const std::regex kGetattr(R"(getattr\(\s*([^,]+?)\s*,\s*(['"])([^'"]+)\2\s*\))");
  static const std::regex kOuter(R"(^[GL]\['?(.*?)'?\]$)");
  static const std::regex kIndex(R"(\[(\d+)\])");
  static const std::regex kOther("[^a-zA-Z0-9]");
  std::string name = std::regex_replace(nameIn, kContainer, ".$2");
  name = std::regex_replace(name, kGetattr, "$1.$3");
  name = std::regex_replace(name, kOuter, "$1");
  name = std::regex_replace(name, kIndex, "_$1");
  name = std::regex_replace(name, kOther, "_");
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (name.empty() || !alpha(name[0])) name = "sub" + name;
  return name;
}

bool isFreeTensorSource(const ExportMode& mode, const vt::Source& source) {
  if (source.isUnspecializedNNModule()) return true;
  const vt::Source* root = &source;
  while (root->base()) {
    if (root->kind() == vt::Source::Kind::kNNModule) return true;
    root = root->base().get();
  }
  if (root->kind() == vt::Source::Kind::kNNModule) return true;
  if (root->kind() == vt::Source::Kind::kGlobal) return true;
  // A LocalSource of the root frame's free variable reads the cell's contents
  // (is_derefed_cell_contents) and is not an input.
  return root->kind() == vt::Source::Kind::kLocal && mode.freevars.count(root->member()) != 0;
}

std::string freeTensorAttrName(const ExportMode& mode, const std::string& sourceName,
                               const std::set<std::string>& taken) {
  std::string prefix = moduleKeyName(sourceName);
  auto used = [&](const std::string& n) {
    return mode.attrs.count(n) != 0 || mode.globalNames.count(n) != 0 || taken.count(n) != 0;
  };
  if (!used(prefix)) return prefix;
  for (int i = 0;; ++i) {
    std::string candidate = prefix + "_" + std::to_string(i);
    if (!used(candidate)) return candidate;
  }
}

// torch.export.export(strict=True): Dynamo traces functional_export.ModuleToTrace.forward,
// which inlines pytree.tree_unflatten(flat_args, self.in_spec) and pytree.tree_flatten(res)
// as ordinary Python (TreeSpec.unflatten reading the TreeSpec's slots, SUPPORTED_NODES
// keyed by node classes; _get_node_type and tree_is_leaf through their own trackers, see
// core/vt/pytree_functions.h). Whether a TreeSpec has a __dict__ decides a guard
// (NOT_PRESENT_IN_GENERIC_DICT on each method lookup), so a trace written before the
// recorder kept Instance.noDict is refused by name.
std::string exportModeGap(const trace::TraceReader& trace, schema::CompileEvent::Reader event) {
  if (!event.getExport()) return "";
  auto code = bytecode::codeFromTrace(trace, event.getFrame().getCode());
  if (!code || !isFunctionalExportFrame(*code)) return "";
  if (trace.header().getQuirks().getInstanceNoDictRecorded()) return "";
  return "a compile with export=True from torch.export.export(strict=True) in a trace "
         "recorded before Instance.noDict: whether the in_spec TreeSpec objects have a "
         "__dict__ (NOT_PRESENT_IN_GENERIC_DICT on their method lookups) is not known "
         "(re-record the program)";
}

}  // namespace dynrr::tracer
