// DOMjudge's scoring of test groups (see domjudge_score.h).
#include "domjudge_score.h"

#include <algorithm>
#include <cmath>

namespace judge {
namespace {

using ScoreMode = GraderFlags::ScoreMode;

// The group tree as DOMjudge builds it: only folders with their own file.
class Tree {
 public:
  Tree(const std::vector<TestGroupConfig>& groups, const std::vector<TestCase>& tests)
      : groups_(groups), children_(groups.size()), tests_(groups.size()) {
    for (std::size_t i = 1; i < groups.size(); ++i) {
      int p = groups[i].parent;
      if (groups[i].has_file && p >= 0 && groups[static_cast<std::size_t>(p)].has_file)
        children_[static_cast<std::size_t>(p)].push_back(i);
    }
    for (std::size_t t = 0; t < tests.size(); ++t) {
      int g = tests[t].group_index;
      if (g >= 0 && static_cast<std::size_t>(g) < groups.size()) tests_[static_cast<std::size_t>(g)].push_back(t);
    }
  }

  std::optional<DomjudgeOutcome> Eval(std::size_t g, const std::vector<std::optional<DomjudgeRun>>& runs) const {
    const DomjudgeGroupSettings& s = groups_[g].domjudge;
    bool ready = true, all_correct = true;
    std::optional<Verdict> first_failure;
    std::vector<double> results;
    auto failed = [&](Verdict v) {
      all_correct = false;
      if (!first_failure) first_failure = v;
    };
    if (children_[g].empty()) {
      bool has_score_txt = false;
      for (std::size_t t : tests_[g]) {
        if (t >= runs.size() || !runs[t]) {
          ready = false;
          continue;
        }
        const DomjudgeRun& r = *runs[t];
        if (r.score_txt) {
          has_score_txt = true;
          // Only an AC or WA run keeps its validator's score.
          bool counts = r.verdict == Verdict::kAccepted || r.verdict == Verdict::kWrongAnswer ||
                        r.verdict == Verdict::kPresentationError;
          results.push_back(counts ? *r.score_txt : 0);
        }
        if (r.verdict != Verdict::kAccepted) failed(r.verdict);
      }
      if (!has_score_txt && s.accept_score && !tests_[g].empty()) results.push_back(all_correct ? *s.accept_score : 0);
    } else {
      for (std::size_t c : children_[g]) {
        if (s.ignore_sample && groups_[c].path == "data/sample") continue;
        std::optional<DomjudgeOutcome> child = Eval(c, runs);
        if (!child) {
          ready = false;
          continue;
        }
        results.push_back(child->score);
        if (child->verdict != Verdict::kAccepted) failed(child->verdict);
      }
    }
    if (!ready && (all_correct || s.on_reject_continue)) return std::nullopt;
    DomjudgeOutcome out;
    out.verdict = all_correct ? Verdict::kAccepted : first_failure.value_or(Verdict::kJudgeError);
    out.score = Aggregate(s.aggregation, results);
    return out;
  }

 private:
  static double Aggregate(ScoreMode mode, const std::vector<double>& results) {
    if (results.empty()) return 0;
    switch (mode) {
      case ScoreMode::kMin: return *std::min_element(results.begin(), results.end());
      case ScoreMode::kMax: return *std::max_element(results.begin(), results.end());
      case ScoreMode::kSum:
      case ScoreMode::kAvg: break;
    }
    double sum = 0;
    for (double r : results) sum += r;
    return mode == ScoreMode::kAvg ? sum / static_cast<double>(results.size()) : sum;
  }

  const std::vector<TestGroupConfig>& groups_;
  std::vector<std::vector<std::size_t>> children_;
  std::vector<std::vector<std::size_t>> tests_;  // the tests directly in each folder
};

}  // namespace

bool DomjudgeScorable(const std::vector<TestGroupConfig>& groups) {
  return !groups.empty() && groups[0].has_file;
}

std::optional<DomjudgeOutcome> DomjudgeResult(const std::vector<TestGroupConfig>& groups,
                                              const std::vector<TestCase>& tests,
                                              const std::vector<std::optional<DomjudgeRun>>& runs) {
  if (!DomjudgeScorable(groups)) return std::nullopt;
  return Tree(groups, tests).Eval(0, runs);
}

double DomjudgeMaxScore(const std::vector<TestGroupConfig>& groups, const std::vector<TestCase>& tests) {
  if (!groups.empty() && std::isfinite(groups[0].range_max) && groups[0].has_file) return groups[0].range_max;
  std::vector<std::optional<DomjudgeRun>> all_ac(tests.size(), DomjudgeRun{Verdict::kAccepted, std::nullopt});
  std::optional<DomjudgeOutcome> r = DomjudgeResult(groups, tests, all_ac);
  return r ? r->score : 0;
}

}  // namespace judge
