// The Kattis time limit inference (see judge/judging/time_limit.h).
#include "judge/judging/time_limit.h"

#include <algorithm>
#include <cmath>

#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/config/submissions_yaml.h"

namespace judge {

int64_t KattisTimeLimitMs(int64_t slowest_accepted_ms, const TimeLimitRule& rule) {
  const double exact_ms = static_cast<double>(slowest_accepted_ms) * rule.ac_to_time_limit;
  if (!rule.round_up) {
    // Legacy (problemtools): the nearest whole second, at least one.
    int64_t seconds = static_cast<int64_t>(0.5 + exact_ms / 1000.0);
    return std::max<int64_t>(1, seconds) * 1000;
  }
  const int64_t step = std::max<int64_t>(1, rule.resolution_ms);
  int64_t steps = static_cast<int64_t>(std::ceil(exact_ms / static_cast<double>(step) - 1e-9));
  return std::max<int64_t>(1, steps) * step;
}

ProblemLimits WithTimeLimit(ProblemLimits limits, int64_t time_ms) {
  limits.time_ms = time_ms;
  limits.wall_ms = DefaultWallMs(time_ms);
  return limits;
}

ProblemLimits InferredLimits(int64_t slowest_accepted_ms, const ProblemConfig& problem) {
  return WithTimeLimit(problem.limits,
                       std::min<int64_t>(KattisTimeLimitMs(slowest_accepted_ms, problem.time_rule), 600000));
}

bool UsedForTimeLimit(const PackageSubmission& s) {
  if (!s.expected || s.expected->check_manually) return false;
  const Expectation& e = *s.expected;
  if (e.time_limit_use == TimeLimitUse::kLower || !e.lower_bound_tests.empty()) return true;
  if (e.time_limit_use) return false;  // false or upper
  return !e.slow && !e.partial && e.allowed == std::set<Verdict>{Verdict::kAccepted};
}

std::optional<int64_t> LowerBoundMs(const PackageSubmission& s, const Judging& judging) {
  if (!UsedForTimeLimit(s) || !judging.compiled()) return std::nullopt;
  const Expectation& e = *s.expected;
  if (!e.time_limit_use && e.lower_bound_tests.empty()) {  // an accepted one
    if (judging.verdict != Verdict::kAccepted) return std::nullopt;
    return judging.max_time_ms;
  }
  const bool all = e.time_limit_use == TimeLimitUse::kLower;
  int64_t slowest = -1;
  for (const TestResult& t : judging.tests) {
    const bool covered = all || std::any_of(e.lower_bound_tests.begin(), e.lower_bound_tests.end(),
                                            [&](const std::string& g) { return SubmissionGlobMatches(g, t.name); });
    if (!covered) continue;
    if (t.verdict == Verdict::kTimeLimitExceeded || t.verdict == Verdict::kJudgeError) return std::nullopt;
    slowest = std::max(slowest, t.cpu_ms);
  }
  if (slowest < 0) return std::nullopt;
  return slowest;
}

Result<std::string> TimeLimitCacheKey(const Package& package, const std::vector<PackageSubmission>& subs) {
  Sha256 h;
  h.Update("judge-time-limit-v1");
  h.Update(package.package_hash);
  for (const auto& s : subs) {
    if (!UsedForTimeLimit(s)) continue;
    h.Update(s.subject);
    std::vector<std::string> files;
    if (s.is_folder) {
      JUDGE_ASSIGN_OR_RETURN(files, fs::ListFiles(s.path));
      for (auto& f : files) f = s.path + "/" + f;
    } else {
      files.push_back(s.path);
    }
    for (const auto& f : files) {
      JUDGE_ASSIGN_OR_RETURN(std::string bytes, fs::ReadFile(f, 64 << 20));
      h.Update(Sha256Hex(bytes));
    }
  }
  return h.FinishHex();
}

void StoreInferredTimeLimit(const std::string& cache_dir, const std::string& key, int64_t time_ms) {
  if (cache_dir.empty()) return;
  if (!fs::MakeDirs(cache_dir + "/time-limits").ok()) return;
  (void)fs::WriteFileAtomic(cache_dir + "/time-limits/" + key, std::to_string(time_ms) + "\n");
}

namespace {

std::optional<int64_t> CachedTimeLimit(const std::string& cache_dir, const std::string& key) {
  if (cache_dir.empty()) return std::nullopt;
  Result<std::string> text = fs::ReadFile(cache_dir + "/time-limits/" + key, 64);
  if (!text.ok()) return std::nullopt;
  char* end = nullptr;
  long long ms = std::strtoll(text->c_str(), &end, 10);
  if (ms <= 0 || ms > 600000) return std::nullopt;
  return ms;
}

}  // namespace

Result<ProblemLimits> ResolveTimeLimit(const Package& package, Pipeline* pipeline, std::string* note) {
  note->clear();
  const ProblemConfig& problem = package.problem;
  if (problem.time_rule.source != TimeLimitSource::kInferred || problem.limits.time_ms > 0) return problem.limits;
  const std::string& cache_dir = pipeline->context().cache_dir;
  JUDGE_ASSIGN_OR_RETURN(std::vector<PackageSubmission> subs, ListPackageSubmissions(problem.dir));
  JUDGE_ASSIGN_OR_RETURN(std::string key, TimeLimitCacheKey(package, subs));
  if (std::optional<int64_t> ms = CachedTimeLimit(cache_dir, key)) {
    *note = "time limit " + std::to_string(*ms) + " ms, inferred earlier from the accepted submissions";
    return WithTimeLimit(problem.limits, *ms);
  }
  if (!pipeline->context().languages)
    return Status::Internal("inferring the time limit of " + problem.dir + " needs the language profiles");
  const LanguageSet& languages = *pipeline->context().languages;
  std::vector<JudgeTask> tasks;
  std::vector<const PackageSubmission*> judged;
  for (const auto& s : subs) {
    if (!UsedForTimeLimit(s)) continue;
    Result<PackageSubmissionRead> read = ReadPackageSubmission(s, languages, problem.dir);
    if (!read.ok()) return read.status().WithContext("inferring the time limit");
    if (read->outcome != PackageSubmissionRead::Outcome::kRead) continue;  // it cannot count here
    JudgeTask t;
    t.package = &package;
    t.limits = WithTimeLimit(problem.limits, kInferenceTimeMs);
    t.fresh = std::move(read->submission);
    t.run_all = s.expected->per_test();
    t.unstored = true;  // these judgings are the judge's own business
    tasks.push_back(std::move(t));
    judged.push_back(&s);
  }
  int64_t slowest = -1;
  std::vector<Result<JudgedSubmission>> results = pipeline->JudgeAll(tasks);
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i].ok()) return results[i].status().WithContext("inferring the time limit");
    if (std::optional<int64_t> ms = LowerBoundMs(*judged[i], results[i]->judging)) slowest = std::max(slowest, *ms);
  }
  if (slowest < 0)
    return Status::InvalidArgument(problem.dir + ": expected a time limit (limits.time_limit, .timelimit) "
                                   "or an accepted submission to infer it from, found neither");
  ProblemLimits limits = InferredLimits(slowest, problem);
  StoreInferredTimeLimit(cache_dir, key, limits.time_ms);
  *note = "time limit " + std::to_string(limits.time_ms) + " ms, inferred from the slowest " +
          "accepted submission (" + std::to_string(slowest) + " ms)";
  return limits;
}

}  // namespace judge
