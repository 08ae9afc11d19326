// junit_report.h — `dynrr replay TRACE --junit OUT.xml` for CI systems: JUnit XML with
// one <testcase> per frame; a <failure> for a divergence (with the diff), <skipped>
// with the reason for an unsupported frame (the Ant/Jenkins JUnit schema, as pytest's
// --junitxml writes it).
#pragma once

#include <string>
#include <vector>

#include "replayer/html_report.h"

namespace dynrr::replayer {

std::string renderJUnit(const std::string& tracePath, const std::vector<ReportFrame>& frames);

// Text safe inside an XML attribute or element: &<>"' escaped, characters XML 1.0 does
// not allow (control characters other than tab, newline, return) dropped.
std::string xmlEscape(const std::string& text);

}  // namespace dynrr::replayer
