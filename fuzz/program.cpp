// program.cpp — prints a fuzz Program as Python source (see program.h). The printer
// keeps typed pools of the variables defined so far, with tensor shapes, and resolves
// every operand modulo its pool so that shrunk programs stay valid.
#include "fuzz/program.h"

#include <algorithm>
#include <iterator>
#include <sstream>

#include "fuzz/program_printer.h"

namespace dynrr::fuzz {
using namespace printer_detail;  // NOLINT(google-build-using-namespace)

bool parseFeatures(const std::string& text, uint32_t& out) {
  out = 0;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item == "part1") {
      out |= kFeaturesPart1;
      continue;
    }
    if (item == "all") {
      out |= kFeaturesAll;
      continue;
    }
    if (item == "widened") {
      out |= kFeaturesWidened;
      continue;
    }
    if (item == "every") {
      out |= kFeaturesEvery;
      continue;
    }
    if (item == "breadth") {
      out |= kFeaturesBreadth;
      continue;
    }
    bool found = false;
    for (const auto& f : kFeatureNames) {
      if (item == f.name) {
        out |= f.bit;
        found = true;
      }
    }
    if (!found) return false;
  }
  return out != 0;
}

std::string featuresName(uint32_t features) {
  if (features == kFeaturesBreadth) return "breadth";
  if (features == kFeaturesEvery) return "every";
  if (features == kFeaturesAll) return "all";
  if (features == kFeaturesWidened) return "widened";
  if (features == kFeaturesPart1) return "part1";
  std::string out;
  for (const auto& f : kFeatureNames)
    if (features & f.bit) out += (out.empty() ? "" : ",") + std::string(f.name);
  return out;
}

const char* stmtKindName(StmtKind kind) {
  int i = static_cast<int>(kind);
  return i >= 0 && i < static_cast<int>(StmtKind::kCount) ? kKindNames[i] : "?";
}

uint32_t stmtFeature(StmtKind kind) {
  switch (kind) {
    case StmtKind::kBinary:
    case StmtKind::kUnary:
    case StmtKind::kReduce:
    case StmtKind::kView: return kFeatTensor;
    case StmtKind::kScalarTensor:
    case StmtKind::kIntArith:
    case StmtKind::kFloatArith: return kFeatScalars;
    case StmtKind::kListBuild:
    case StmtKind::kTupleUnpack:
    case StmtKind::kDictBuild:
    case StmtKind::kComprehension:
    case StmtKind::kIterate: return kFeatContainers;
    case StmtKind::kHelperCall: return kFeatCalls;
    case StmtKind::kLoop:
    case StmtKind::kConstBranch:
    case StmtKind::kShapeBranch: return kFeatControl;
    case StmtKind::kNonlocal:
    case StmtKind::kReturnedClosure:
    case StmtKind::kSharedCell:
    case StmtKind::kPreexistingCell: return kFeatClosures;
    case StmtKind::kGlobalWrite:
    case StmtKind::kGlobalListAppend:
    case StmtKind::kGlobalRead: return kFeatGlobals;
    case StmtKind::kListMutate:
    case StmtKind::kListRead:
    case StmtKind::kDictMutate:
    case StmtKind::kDictRead:
    case StmtKind::kInplace:
    case StmtKind::kAliasAppend:
    case StmtKind::kMutableDefault: return kFeatMutation;
    case StmtKind::kAttrWrite:
    case StmtKind::kMethodCall: return kFeatObjects;
    case StmtKind::kModuleCall: return kFeatModules;
    case StmtKind::kTensorBranch:
    case StmtKind::kPrint:
    case StmtKind::kItem:
    case StmtKind::kNonlocalBreak: return kFeatBreaks;
    case StmtKind::kNoGradBlock: return kFeatControl;
    case StmtKind::kSetOps: return kFeatContainers;
    case StmtKind::kStringOps: return kFeatScalars;
    case StmtKind::kDictUpdate: return kFeatMutation;
    case StmtKind::kGenFor:
    case StmtKind::kGenConsume:
    case StmtKind::kGenExpr:
    case StmtKind::kModuleIter: return kFeatGenerators;
    case StmtKind::kTryExcept:
    case StmtKind::kTryHelper:
    case StmtKind::kAssert:
    case StmtKind::kWithUser: return kFeatExceptions;
    case StmtKind::kSetMethods:
    case StmtKind::kListMethods:
    case StmtKind::kDictMethods:
    case StmtKind::kTupleCompare:
    case StmtKind::kSortedMinMax:
    case StmtKind::kIterBuiltins: return kFeatContainers2;
    case StmtKind::kFunctools:
    case StmtKind::kItertools:
    case StmtKind::kOperatorMod:
    case StmtKind::kCollections:
    case StmtKind::kMathScalar:
    case StmtKind::kDataclass:
    case StmtKind::kEnumMember: return kFeatLibrary;
    case StmtKind::kSizeRead:
    case StmtKind::kSizeView:
    case StmtKind::kSizeFactory:
    case StmtKind::kSizeArith:
    case StmtKind::kSizeBranch:
    case StmtKind::kSizeSlice:
    case StmtKind::kDynReduce:
    case StmtKind::kDynMatmul:
    case StmtKind::kIntArgUse: return kFeatDynamic;
    case StmtKind::kHopWhileLoop:
    case StmtKind::kHopMap:
    case StmtKind::kHopCheckpoint:
    case StmtKind::kHopWrap:
    case StmtKind::kHopCond:
    case StmtKind::kHopVmap: return kFeatHops;
    case StmtKind::kNpUfunc:
    case StmtKind::kNpBinary:
    case StmtKind::kNpReduce:
    case StmtKind::kNpShape:
    case StmtKind::kNpValues:
    case StmtKind::kNpInput:
    case StmtKind::kNpMore: return kFeatNumpy;
    case StmtKind::kTvDevice:
    case StmtKind::kTvDtype:
    case StmtKind::kTvAttrs:
    case StmtKind::kTvFactory:
    case StmtKind::kTvModule:
    case StmtKind::kTvRewrite: return kFeatTorchValues;
    case StmtKind::kCount: break;
  }
  return 0;
}

std::string printProgram(const Program& program) { return Printer(program).print(); }

std::string describeProgram(const Program& program) {
  std::string out = std::to_string(program.body.size()) + " stmts:";
  for (const Stmt& s : program.body) out += std::string(" ") + stmtKindName(s.kind);
  return out;
}

}  // namespace dynrr::fuzz
