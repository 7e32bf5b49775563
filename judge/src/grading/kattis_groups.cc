// Kattis test data groups (see kattis_groups.h for the theory of operation).
#include "kattis_groups.h"

#include <cmath>
#include <cstdio>
#include <map>

namespace judge {
namespace {

using Items = std::vector<std::vector<GroupItem>>;

const TestGroupConfig& GroupAt(const std::vector<TestGroupConfig>& groups, int g) {
  return groups[static_cast<std::size_t>(g)];
}

bool IsSampleGroup(const TestGroupConfig& group) { return group.path == "data/sample"; }

class Walk {
 public:
  Walk(const std::vector<TestGroupConfig>& groups, const Items& items, bool run_all, const GroupWalkHooks& hooks,
       std::string* message)
      : groups_(groups), items_(items), run_all_(run_all), hooks_(hooks), message_(message) {}

  Result<ItemOutcome> Group(int g) {
    const TestGroupConfig& group = GroupAt(groups_, g);
    std::vector<ItemOutcome> judged;
    bool broken = false;
    for (const GroupItem& item : items_[static_cast<std::size_t>(g)]) {
      if ((broken && !run_all_) || stop_all_) break;
      ItemOutcome o;
      if (item.test >= 0) {
        JUDGE_ASSIGN_OR_RETURN(o, hooks_.run_test(item.test, &stop_all_));
      } else {
        JUDGE_ASSIGN_OR_RETURN(o, Group(item.group));
        o.is_sample = IsSampleGroup(GroupAt(groups_, item.group));
      }
      if (!broken) judged.push_back(o);
      if (o.verdict != Verdict::kAccepted && o.verdict != Verdict::kJudgeError && group.on_reject_break) broken = true;
    }
    if (group.custom_grader) return hooks_.custom_grade(group, judged);
    return AggregateGroup(group, std::move(judged), message_);
  }

 private:
  const std::vector<TestGroupConfig>& groups_;
  const Items& items_;
  const bool run_all_;
  const GroupWalkHooks& hooks_;
  std::string* message_;
  bool stop_all_ = false;
};

}  // namespace

Result<Items> ListGroupItems(const std::vector<TestGroupConfig>& groups, const std::vector<TestCase>& tests) {
  Items items(groups.size());
  std::vector<bool> listed(groups.size(), false);
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const int g = tests[i].group_index;
    if (g < 0 || g >= static_cast<int>(groups.size()))
      return Status::Internal("test " + tests[i].name + " has no test data group");
    items[static_cast<std::size_t>(g)].push_back({static_cast<int>(i), -1});
    // The first test of a group lists the group in its parent, and so on up.
    for (int c = g; !listed[static_cast<std::size_t>(c)] && GroupAt(groups, c).parent >= 0;
         c = GroupAt(groups, c).parent) {
      listed[static_cast<std::size_t>(c)] = true;
      items[static_cast<std::size_t>(GroupAt(groups, c).parent)].push_back({-1, c});
    }
  }
  return items;
}

void SetKattisTestScore(const std::vector<TestGroupConfig>& groups, const TestCase& test, TestResult* r) {
  if (test.group_index < 0 || test.group_index >= static_cast<int>(groups.size())) return;
  const TestGroupConfig& g = GroupAt(groups, test.group_index);
  // A partial check (testlib's points) is, in a scoring problem, an accepted test
  // whose score is its points: as an output validator's score.txt on accept.
  if (r->partial && r->score_reported) {
    r->verdict = Verdict::kAccepted;
    return;
  }
  if (r->verdict != Verdict::kAccepted) r->score = g.reject_score;
  else if (!r->score_reported) r->score = g.accept_score;
}

double KattisMaxScore(const std::vector<TestGroupConfig>& groups, const std::vector<TestCase>& tests,
                      const Items& items) {
  if (groups.empty()) return 0;
  if (std::isfinite(groups[0].range_max)) return groups[0].range_max;
  std::function<double(int)> max_of = [&](int g) {
    std::vector<ItemOutcome> all;
    for (const GroupItem& item : items[static_cast<std::size_t>(g)]) {
      ItemOutcome o;
      if (item.test >= 0) {
        o.score = GroupAt(groups, tests[static_cast<std::size_t>(item.test)].group_index).accept_score;
      } else {
        o.score = max_of(item.group);
        o.is_sample = IsSampleGroup(GroupAt(groups, item.group));
      }
      all.push_back(o);
    }
    return AggregateGroup(GroupAt(groups, g), all, nullptr).score;
  };
  return max_of(0);
}

std::string CustomGraderInput(const std::vector<ItemOutcome>& items) {
  std::string input;
  for (const auto& i : items) {
    std::string code = i.verdict == Verdict::kRuntimeError ? "RTE" : std::string(VerdictCode(i.verdict));
    if (i.verdict == Verdict::kPresentationError) code = "WA";
    char score[64];
    std::snprintf(score, sizeof score, "%.9g", i.score);
    input += code + " " + score + "\n";
  }
  return input;
}

CustomGraderAnswer ParseCustomGraderOutput(const std::string& said, const TestGroupConfig& group) {
  CustomGraderAnswer answer;
  answer.outcome.verdict = Verdict::kJudgeError;
  char verdict[8] = {0};
  double score = 0;
  int used = 0;
  if (std::sscanf(said.c_str(), "%7s %lf %n", verdict, &score, &used) != 2 || !std::isfinite(score)) {
    answer.fault = "wrote \"" + said + "\", expected \"VERDICT score\"";
    return answer;
  }
  static const std::map<std::string, Verdict> kCodes = {
      {"AC", Verdict::kAccepted},           {"WA", Verdict::kWrongAnswer},
      {"TLE", Verdict::kTimeLimitExceeded}, {"RTE", Verdict::kRuntimeError},
      {"MLE", Verdict::kMemoryLimitExceeded}, {"OLE", Verdict::kOutputLimitExceeded},
      {"JE", Verdict::kJudgeError}};
  auto it = kCodes.find(verdict);
  if (it == kCodes.end()) {
    answer.fault = "wrote the verdict \"" + std::string(verdict) + "\", expected AC, WA, TLE, RTE, MLE, OLE or JE";
    return answer;
  }
  if (it->second != Verdict::kJudgeError && (score < group.range_min || score > group.range_max)) {
    answer.fault = "gave the score " + std::to_string(score) + ", outside the group's range";
    return answer;
  }
  answer.outcome.verdict = it->second;
  answer.outcome.score = score;
  return answer;
}

Result<ItemOutcome> WalkGroups(const std::vector<TestGroupConfig>& groups, const Items& items, bool run_all,
                               const GroupWalkHooks& hooks, std::string* message) {
  if (groups.empty()) return Status::Internal("WalkGroups: no groups");
  Walk walk(groups, items, run_all, hooks, message);
  return walk.Group(0);
}

}  // namespace judge
