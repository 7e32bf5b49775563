#include "summary.h"

#include <algorithm>
#include <map>
#include <optional>

namespace judge {
namespace {

Verdict OverallVerdict(const std::vector<TestCase>& tests, const std::vector<TestResult>& results) {
  if (tests.empty()) return Verdict::kJudgeError;  // a package without tests judges nothing
  std::optional<Verdict> first_failure;
  for (const auto& t : results) {
    if (t.verdict == Verdict::kJudgeError) return Verdict::kJudgeError;
    if (t.verdict != Verdict::kAccepted && !first_failure) first_failure = t.verdict;
  }
  return first_failure.value_or(Verdict::kAccepted);
}

// IOI: a group scores its points when every one of its tests ran and is AC.
void ScoreGroups(const ProblemConfig& problem, const std::vector<TestCase>& tests, GradeReport* report) {
  std::map<std::string, std::size_t> total, passed;
  for (const auto& t : tests) total[t.group]++;
  for (const auto& t : report->tests)
    if (t.verdict == Verdict::kAccepted) passed[t.group]++;
  report->max_score = 0;
  report->score = 0;
  for (const auto& g : problem.groups) {
    report->max_score += g.points;
    auto it = total.find(g.name);
    if (it != total.end() && it->second > 0 && passed[g.name] == it->second) report->score += g.points;
  }
}

}  // namespace

void Summarize(const ProblemConfig& problem, const std::vector<TestCase>& tests, GradeReport* report) {
  report->max_time_ms = report->total_time_ms = report->memory_kib = 0;
  for (const auto& t : report->tests) {
    report->max_time_ms = std::max(report->max_time_ms, t.cpu_ms);
    report->memory_kib = std::max(report->memory_kib, t.memory_kib);
    report->total_time_ms += t.cpu_ms;
  }
  report->verdict = OverallVerdict(tests, report->tests);
  if (problem.groups.empty()) {
    report->max_score = 1.0;
    report->score = report->verdict == Verdict::kAccepted ? 1.0 : 0.0;
    return;
  }
  ScoreGroups(problem, tests, report);
}

}  // namespace judge
