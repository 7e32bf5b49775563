#include "summary.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <string>

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

// IOI: a group scores its points when every one of its tests ran and is AC. Polygon's
// each-test groups score the points of each AC test instead (the points its checker
// gave, when it gave some: testlib's quitp); a group whose dependency is not wholly AC
// scores nothing. Results are matched to tests by name (a skipped test has no result).
void ScoreGroups(const ProblemConfig& problem, const std::vector<TestCase>& tests, GradeReport* report) {
  std::map<std::string, std::size_t> total, passed;
  std::map<std::string, double> each_max, each_got;
  std::map<std::string, const TestResult*> result_of;
  for (const auto& r : report->tests) result_of.emplace(r.name, &r);
  for (const auto& t : tests) {
    total[t.group]++;
    each_max[t.group] += t.points;
    auto r = result_of.find(t.name);
    if (r == result_of.end() || r->second->verdict != Verdict::kAccepted) continue;
    passed[t.group]++;
    each_got[t.group] += r->second->score_reported ? r->second->score : t.points;
  }
  auto whole = [&](const std::string& g) {
    auto it = total.find(g);
    return it != total.end() && it->second > 0 && passed[g] == it->second;
  };
  report->max_score = 0;
  report->score = 0;
  for (const auto& g : problem.groups) {
    const bool unlocked = std::all_of(g.dependencies.begin(), g.dependencies.end(), whole);
    report->max_score += g.each_test ? each_max[g.name] : g.points;
    if (!unlocked) continue;
    if (g.each_test) report->score += each_got[g.name];
    else if (whole(g.name)) report->score += g.points;
  }
}

// worst_error: the first of these present wins.
constexpr Verdict kWorstFirst[] = {Verdict::kJudgeError, Verdict::kRuntimeError, Verdict::kMemoryLimitExceeded,
                                   Verdict::kTimeLimitExceeded, Verdict::kOutputLimitExceeded,
                                   Verdict::kWrongAnswer, Verdict::kPresentationError, Verdict::kCompileError};

Verdict GroupVerdict(const GraderFlags& f, const std::vector<ItemOutcome>& items) {
  auto is = [](Verdict v) { return [v](const ItemOutcome& i) { return i.verdict == v; }; };
  if (std::any_of(items.begin(), items.end(), is(Verdict::kJudgeError))) return Verdict::kJudgeError;
  if (std::all_of(items.begin(), items.end(), is(Verdict::kAccepted))) return Verdict::kAccepted;
  if (f.accept_if_any_accepted && std::any_of(items.begin(), items.end(), is(Verdict::kAccepted)))
    return Verdict::kAccepted;
  switch (f.verdict) {
    case GraderFlags::VerdictMode::kAlwaysAccept: return Verdict::kAccepted;
    case GraderFlags::VerdictMode::kFirstError:
      for (const auto& i : items)
        if (i.verdict != Verdict::kAccepted) return i.verdict;
      break;
    case GraderFlags::VerdictMode::kWorstError:
      for (Verdict v : kWorstFirst)
        if (std::any_of(items.begin(), items.end(), is(v))) return v;
      break;
  }
  return Verdict::kWrongAnswer;
}

double GroupScore(GraderFlags::ScoreMode mode, const std::vector<ItemOutcome>& items) {
  if (items.empty()) return 0;
  double sum = 0, lo = items[0].score, hi = items[0].score;
  for (const auto& i : items) {
    sum += i.score;
    lo = std::min(lo, i.score);
    hi = std::max(hi, i.score);
  }
  switch (mode) {
    case GraderFlags::ScoreMode::kSum: return sum;
    case GraderFlags::ScoreMode::kAvg: return sum / static_cast<double>(items.size());
    case GraderFlags::ScoreMode::kMin: return lo;
    case GraderFlags::ScoreMode::kMax: return hi;
  }
  return sum;
}

std::string Number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

ItemOutcome AggregateGroup(const TestGroupConfig& group, std::vector<ItemOutcome> items, std::string* message) {
  if (group.grader.ignore_sample && !items.empty() && items.front().is_sample) items.erase(items.begin());
  ItemOutcome out;
  out.verdict = GroupVerdict(group.grader, items);
  out.score = GroupScore(group.grader.score, items);
  if (out.verdict != Verdict::kJudgeError && (out.score < group.range_min || out.score > group.range_max)) {
    out.verdict = Verdict::kJudgeError;
    if (message && message->empty())
      *message = group.path + ": score " + Number(out.score) + " outside the group's range " +
                 Number(group.range_min) + " " + Number(group.range_max) + " (testdata.yaml)";
  }
  return out;
}

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
