// The parts of reading a problem package that problem_config.cc puts together
// (internal to judge_config): the limits block of problem.yaml, DOMjudge's time limit
// files, and the package's own programs (validators, checkers).
#ifndef JUDGE_SRC_CONFIG_PROBLEM_PARTS_H_
#define JUDGE_SRC_CONFIG_PROBLEM_PARTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "judge/config/problem.h"
#include "yaml_reader.h"

namespace judge::config {

// What limits: held, in the judge's units, and which of the keys were there.
struct LimitsRead {
  ProblemLimits limits;
  TimeLimitRule rule;
  ToolLimits tools;
  std::optional<int64_t> code_kib;
  bool code_given = false;   // limits.code was in the file (else the default)
  bool have_time = false;    // time_ms or time_limit
  bool have_wall = false;
};

// Reads the limits map: our keys (time_ms, total_time_ms, wall_ms, memory_kib,
// output_kib) and the Kattis ones (time_limit s, memory MiB, time_multiplier, ...), with
// the 2023-07 defaults when kattis_2023. Every problem goes to *errors; what could be
// read is in the result.
LimitsRead ReadLimits(const YamlReader& r, const YAML::Node& node, bool kattis_2023, ErrorList* errors);
// The rule's defaults for a format (legacy: multiplier 5, margin 2; 2023-07: 2 and 1.5).
TimeLimitRule DefaultTimeRule(bool kattis_2023);

// DOMjudge's time limit of the package in ms: <dir>/.timelimit, else `timelimit` in
// <dir>/domjudge-problem.ini; nullopt when neither gives one. *source says which.
// ini_name receives the ini's `name` when it has one. Errors name the file.
Result<std::optional<int64_t>> ReadDomjudgeTimeLimit(const std::string& dir, TimeLimitSource* source,
                                                     std::string* ini_name);

// "a/b" joined; dir may end with '/'.
std::string JoinPath(const std::string& dir, const std::string& name);

// A score range "min max" (testdata.yaml's range, problem.yaml's deprecated
// grading.range): two numbers or inf/+inf/-inf, min <= max.
bool ParseRange(const std::string& text, double* min, double* max);

// A package's id: the last component of its directory's canonical path.
std::string PackageId(const std::string& dir);

}  // namespace judge::config

#endif  // JUDGE_SRC_CONFIG_PROBLEM_PARTS_H_
