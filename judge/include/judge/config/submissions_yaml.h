// submissions/submissions.yaml (Kattis 2023-07): rules for the example submissions,
// keyed by glob patterns over their paths relative to submissions/. Read by the config
// layer (the one place YAML is parsed); judging/package_submissions.cc applies them.
#ifndef JUDGE_SUBMISSIONS_YAML_H_
#define JUDGE_SUBMISSIONS_YAML_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "judge/base/status.h"

namespace judge {

struct SubmissionRule {
  std::string glob;                                   // e.g. "accepted", "*/slow.py"
  std::optional<std::vector<std::string>> permitted;  // verdict codes as written
  std::optional<std::vector<std::string>> required;
  std::optional<std::pair<double, double>> score;     // a number is [x, x]
  std::string message;
  std::string language;
  std::vector<std::string> unsupported;               // keys read but not applied
};

// Reads the file; a missing file is no rules. Every error of the file at once, one
// line each ("<file>: <key>: expected ..., found ...").
Result<std::vector<SubmissionRule>> LoadSubmissionsYaml(const std::string& file);

// Whether a submission's path (relative to submissions/, no trailing '/') is matched by
// the glob: '*' within one name, {a,b} alternatives; a pattern that matches a parent
// folder matches everything in it.
bool SubmissionGlobMatches(const std::string& glob, const std::string& path);

}  // namespace judge

#endif  // JUDGE_SUBMISSIONS_YAML_H_
