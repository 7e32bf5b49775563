// submissions/submissions.yaml (Kattis 2023-07 and 2025-09): rules for the example
// submissions, keyed by glob patterns over their paths relative to submissions/, each
// with requirements for all tests or for test groups (keys naming a group, or a glob
// over test names relative to data/). Read by the config layer (the one place YAML is
// parsed); judging/package_submissions.cc applies them.
#ifndef JUDGE_SUBMISSIONS_YAML_H_
#define JUDGE_SUBMISSIONS_YAML_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "judge/base/status.h"

namespace judge {

// use_for_time_limit: false (never used to set the time limit), lower (the slowest
// test bounds the limit from below: permitted [AC, WA, RTE]), upper (it must exceed
// it: required [TLE]). Absent: the folder decides.
enum class TimeLimitUse { kNo, kLower, kUpper };

// The requirements of a rule on all tests, or on a test group's tests.
struct SubmissionRequirement {
  std::string tests;                                  // a test glob ("sample"); "" every test
  std::optional<std::vector<std::string>> permitted;  // verdict codes as written
  std::optional<std::vector<std::string>> required;
  std::string message;
  std::optional<TimeLimitUse> use_for_time_limit;
};

struct SubmissionRule {
  std::string glob;                                   // e.g. "accepted", "*/slow.py"
  SubmissionRequirement all;                          // on every test (tests "")
  std::vector<SubmissionRequirement> groups;          // on a test group's tests
  std::optional<std::pair<double, double>> score;     // a number is [x, x]
  std::string language;
  std::string entrypoint;                             // a folder's entry file (or class)
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
