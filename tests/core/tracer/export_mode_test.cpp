// export_mode_test.cpp — OutputGraph.module_key_name as the core mirrors it. Expected
// names are what torch 2.13's OutputGraph.module_key_name returns for the same source
// names (run with the project's venv).
#include "core/tracer/export_mode.h"

#include <gtest/gtest.h>

namespace dynrr::tracer {
namespace {

TEST(ExportMode, ModuleKeyNameMatchesDynamo) {
  const std::pair<const char*, const char*> cases[] = {
      {"L['self']._modules['_export_root']._modules['lin']._parameters['weight']",
       "L__self____export_root_lin_weight"},
      {"G['WEIGHT']", "WEIGHT"},
      {"L['offset']", "offset"},
      {"L['self']._modules['layers']._modules['0']._parameters['bias']", "L__self___layers_0_bias"},
      {"getattr(L['self'], 'w')", "L__self___w"},
      {"L['self']._buffers['shift']", "L__self___shift"},
      {"L['xs'][0]", "xs___0"},
      {"G['_private']", "sub_private"},
  };
  for (const auto& [source, name] : cases) EXPECT_EQ(moduleKeyName(source), name) << source;
}

TEST(ExportMode, FreeTensorNamesAreUniqueAgainstGlobalsAndAttributes) {
  ExportMode mode;
  mode.globalNames = {"WEIGHT"};
  // get_unique_name_wrt: a global of the frame takes the name, so the attribute is WEIGHT_0.
  EXPECT_EQ(freeTensorAttrName(mode, "G['WEIGHT']", {}), "WEIGHT_0");
  mode.attrs["L__self___w"] = 1;
  EXPECT_EQ(freeTensorAttrName(mode, "L['self'].w", {}), "L__self___w_0");
  EXPECT_EQ(freeTensorAttrName(mode, "L['offset']", {"offset"}), "offset_0");
}

}  // namespace
}  // namespace dynrr::tracer
