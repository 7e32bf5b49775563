// verify's submission checks (see judge/judging/verify.h and verify_parts.h): every submission
// judged by the pipeline, its verdict held against what its folder, marker or
// submissions.yaml allow, with the Kattis time margins.
#include <algorithm>
#include <cstdio>
#include <functional>

#include "judge/config/submissions_yaml.h"

#include "judge/judging/package_submissions.h"
#include "judge/judging/time_limit.h"
#include "verify_parts.h"

namespace judge::verify {
namespace {

std::string Codes(const std::set<Verdict>& set) {
  std::string out;
  for (Verdict v : set) out += (out.empty() ? "" : "|") + std::string(VerdictCode(v));
  return out.empty() ? "-" : out;
}

std::string ExpectedText(const Expectation& e) {
  return Codes(e.allowed) + (e.partial ? " (partial)" : "");
}

// A check decided before judging (no verdict folder, unknown language, check_manually),
// or the JudgeTask that will decide it.
std::optional<VerifyCheck> Precheck(const PackageSubmission& s, const LanguageSet& languages, const Package& pkg,
                                    const ProblemLimits& limits, double limit_factor, std::optional<JudgeTask>* task) {
  VerifyCheck c{"submission", s.subject, false, false, s.expected ? ExpectedText(*s.expected) : "?", "-", ""};
  // As problemtools and DOMjudge: what names no verdict is listed, not checked.
  if (!s.expected) {
    c.ok = true;
    c.found = "skipped";
    c.message = s.folder.empty() ? "not in a verdict folder (submissions/<verdict>/" + s.subject + "): not checked"
                                 : "folder `" + s.folder + "` names no verdict and the file has no "
                                   "@EXPECTED_RESULTS@ tag: not checked";
    return c;
  }
  if (!s.expected->not_checked.empty()) {
    c.ok = true;
    c.found = "skipped";
    c.message = s.expected->not_checked + ": not checked";
    return c;
  }
  if (s.expected->check_manually) {
    c.ok = true;
    c.found = "skipped";
    c.message = "check_manually: not checked";
    return c;
  }
  Result<PackageSubmissionRead> read = ReadPackageSubmission(s, languages, pkg.problem.dir);
  if (!read.ok()) {  // the judge could not read it
    c.judge_error = true;
    c.message = read.status().message();
    return c;
  }
  switch (read->outcome) {
    case PackageSubmissionRead::Outcome::kRead: break;
    case PackageSubmissionRead::Outcome::kSkipped:  // saying so: never a failure of the package
      c.ok = true;
      c.found = "skipped";
      c.message = read->reason;
      return c;
    case PackageSubmissionRead::Outcome::kRefused:  // the package's fault
      c.message = read->reason;
      return c;
  }
  JudgeTask t;
  t.package = &pkg;
  t.fresh = std::move(read->submission);
  t.run_all = s.expected->per_test();
  t.limit_factor = limit_factor;
  t.limits = limits;
  *task = std::move(t);
  return std::nullopt;
}

std::string Ms(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f ms", ms);
  return buf;
}

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Whether a requirement of submissions.yaml covers a test (all tests, or a group's).
bool Covers(const TestRequirement& r, const TestResult& t) {
  return r.tests.empty() || SubmissionGlobMatches(r.tests, t.name);
}

// One requirement of submissions.yaml against the tests judged: "" when it holds.
std::string RequirementProblem(const TestRequirement& r, const Judging& j) {
  const std::string scope = r.tests.empty() ? "" : " of " + r.tests;
  const std::string where = " (" + r.origin + ")";
  if (r.permitted)
    for (const auto& t : j.tests)
      if (Covers(r, t) && !VerdictInSet(t.verdict, *r.permitted))
        return t.name + ": " + std::string(VerdictCode(t.verdict)) + " is not permitted (" + Codes(*r.permitted) +
               ")" + where;
  auto any = [&](const std::function<bool(const TestResult&)>& pred) {
    return std::any_of(j.tests.begin(), j.tests.end(), [&](const TestResult& t) { return Covers(r, t) && pred(t); });
  };
  if (r.required && !any([&](const TestResult& t) { return VerdictInSet(t.verdict, *r.required); }))
    return "no test" + scope + " got a required verdict (" + Codes(*r.required) + ")" + where;
  if (!r.message.empty() && !any([&](const TestResult& t) { return t.message.find(r.message) != std::string::npos; }))
    return "no test" + scope + "'s message holds \"" + r.message + "\"" + where;
  return "";
}

// submissions.yaml's per-test requirements and the score.
std::string PerTestProblem(const Expectation& e, const Judging& j) {
  for (const TestRequirement& r : e.requirements)
    if (std::string why = RequirementProblem(r, j); !why.empty()) return why;
  if (e.score && (j.score < e.score->first - 1e-9 || j.score > e.score->second + 1e-9)) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "score %g, expected %g..%g", j.score, e.score->first, e.score->second);
    return buf;
  }
  return "";
}

// The Kattis margins: accepted well within the limit, TLE well beyond it.
void Margins(const Package& pkg, const Expectation& e, Verdict v, const Judging& j, VerifyCheck* c) {
  const TimeLimitRule& rule = pkg.problem.time_rule;
  const double limit = static_cast<double>(j.limits.time_ms);  // as judged (inferred ones too)
  if (v == Verdict::kAccepted) {
    double within = limit / rule.ac_margin;
    if (!e.slow && static_cast<double>(j.max_time_ms) > within)
      c->warning = "sensitive to the time limit: " + Ms(static_cast<double>(j.max_time_ms)) +
                   " is more than the limit / " + Num(rule.ac_margin) + " (" + Ms(within) + ")";
    if (e.slow && static_cast<double>(j.max_time_ms) <= within)
      c->warning = "slow_accepted, yet within the limit / margin (" + Ms(within) + ")";
    return;
  }
  for (const auto& t : j.tests) {
    if (t.verdict != Verdict::kTimeLimitExceeded) continue;
    if (t.margin_verdict == Verdict::kTimeLimitExceeded || t.margin_verdict == Verdict::kJudgeError) return;
    c->warning = "sensitive to the time limit: " + t.name + " gets " + std::string(VerdictCode(t.margin_verdict)) +
                 " with the limit x " + Num(rule.tle_margin) + " (" +
                 Ms(limit * rule.tle_margin) + "; it ran " + Ms(static_cast<double>(t.cpu_ms)) + ")";
    // problemtools: "OK with extra time" when the margin gives the expected verdict.
    if (!c->ok && e.allowed.count(t.margin_verdict)) c->ok = true;
    return;
  }
}

VerifyCheck Decide(const Package& pkg, const PackageSubmission& s, const Result<JudgedSubmission>& r) {
  const Expectation& e = *s.expected;
  VerifyCheck c{"submission", s.subject, false, false, ExpectedText(e), "JE", ""};
  if (!r.ok()) {
    c.judge_error = true;
    c.message = r.status().message();
    return c;
  }
  const Judging& j = r->judging;
  Verdict v = j.verdict.value_or(Verdict::kJudgeError);
  c.found = std::string(VerdictCode(v));
  c.ok = e.allowed.count(v) > 0;
  // Kattis has no MLE verdict: a package not of ours (no plugin) files memory hogs under
  // run_time_error.
  if (!c.ok && v == Verdict::kMemoryLimitExceeded && e.allowed.count(Verdict::kRuntimeError) && !pkg.plugin)
    c.ok = true, c.warning = "MLE, which Kattis reports as run time error";
  c.judge_error = v == Verdict::kJudgeError;
  c.time_ms = j.max_time_ms;
  if (j.compiled() && v != Verdict::kJudgeError) c.score = j.score;
  if (e.partial && v == Verdict::kAccepted) {
    c.found += " (score " + Num(j.score) + ")";
    if (!(j.score < j.max_score - 1e-9)) c.ok = false, c.message = "full score, expected a partial one";
  }
  if (pkg.problem.scoring && !e.partial && v == Verdict::kAccepted && j.score < j.max_score - 1e-9)
    c.warning = "score " + Num(j.score) + " of " + Num(j.max_score) + ": not the full score (partially_accepted?)";
  if (std::string why = PerTestProblem(e, j); !why.empty()) c.ok = false, c.message = why;
  if (!j.compiled() && c.message.empty()) c.message = j.message;
  for (const auto& t : j.tests)
    if (c.message.empty() && t.verdict != Verdict::kAccepted) c.message = t.name + ": " + t.message;
  if (c.message.empty() && !j.message.empty()) c.message = j.message;
  if (j.compiled() && v != Verdict::kJudgeError) Margins(pkg, e, v, j, &c);
  // problemtools does not check slow_accepted at all; BAPCtools wants AC with the margin.
  if (!c.ok && e.slow && v == Verdict::kTimeLimitExceeded && !pkg.for_domjudge)
    c.ok = true, c.warning = "slow_accepted: TLE even with the margin (problemtools does not check this folder)";
  if (!s.problem.empty()) c.warning += (c.warning.empty() ? "" : "; ") + s.problem;
  return c;
}

// Forwards each finished judging as a check.
class SubmissionObserver : public JudgeObserver {
 public:
  SubmissionObserver(const Package& pkg, const std::vector<const PackageSubmission*>& subs, Checks* checks)
      : pkg_(pkg), subs_(subs), checks_(checks) {}
  void OnJudgingDone(std::size_t task, const Result<JudgedSubmission>& r) override {
    checks_->Add(Decide(pkg_, *subs_[task], r));
  }

 private:
  const Package& pkg_;
  const std::vector<const PackageSubmission*>& subs_;
  Checks* checks_;
};

// Judges `subs` (those Precheck lets through) and adds their checks; returns the
// judgings of the ones judged, in order. lower_bound_tests_only: each only on the tests
// that bound the time limit from below (Expectation::lower_bound_tests).
std::vector<Result<JudgedSubmission>> Judge(const Package& pkg, const LanguageSet& languages, Pipeline* pipeline,
                                            const std::vector<const PackageSubmission*>& subs,
                                            const ProblemLimits& limits, double factor, Checks* checks,
                                            std::vector<const PackageSubmission*>* judged,
                                            bool lower_bound_tests_only = false) {
  std::vector<JudgeTask> tasks;
  for (const PackageSubmission* s : subs) {
    std::optional<JudgeTask> task;
    if (std::optional<VerifyCheck> c = Precheck(*s, languages, pkg, limits, factor, &task)) {
      checks->Add(std::move(*c));
      continue;
    }
    if (lower_bound_tests_only) task->only_tests = s->expected->lower_bound_tests;
    tasks.push_back(std::move(*task));
    judged->push_back(s);
  }
  SubmissionObserver observer(pkg, *judged, checks);
  return pipeline->JudgeAll(tasks, &observer);
}

// A submission that bounds the time limit from below on some test groups only
// (`use_for_time_limit: lower` in a group): its other tests have expectations of their
// own (TLE, say) that only the inferred limit decides, so the inference judges it on
// the lower-bound groups' tests alone (one that spins for ever elsewhere costs nothing
// there), and it is judged again, on every test, with the inferred limit; its check
// comes from that second judging.
bool PartlyLowerBound(const PackageSubmission& s) {
  return UsedForTimeLimit(s) && s.expected->time_limit_use != TimeLimitUse::kLower &&
         !s.expected->lower_bound_tests.empty();
}

// No time limit given: the accepted submissions are judged with a generous one, the
// slowest sets it (time_limit.h), and *limits becomes it (time_ms 0 when none could be
// inferred). Their checks are made from these judgings, but for PartlyLowerBound ones.
Status InferLimit(const Package& pkg, const LanguageSet& languages, Pipeline* pipeline,
                  const std::vector<PackageSubmission>& subs, Checks* checks, ProblemLimits* limits) {
  std::vector<const PackageSubmission*> accepted, partly;
  for (const auto& s : subs)
    if (UsedForTimeLimit(s)) (PartlyLowerBound(s) ? partly : accepted).push_back(&s);
  const ProblemLimits generous = WithTimeLimit(pkg.problem.limits, kInferenceTimeMs);
  VerifyReport unreported_report;
  const VerifyOptions quiet{};
  Checks unreported(&unreported_report, quiet);
  int64_t slowest = -1;
  for (auto [group, sink] : {std::pair{&accepted, checks}, std::pair{&partly, &unreported}}) {
    std::vector<const PackageSubmission*> judged;
    const bool lower_bound_tests_only = group == &partly;
    std::vector<Result<JudgedSubmission>> results =
        Judge(pkg, languages, pipeline, *group, generous, 1.0, sink, &judged, lower_bound_tests_only);
    for (std::size_t i = 0; i < results.size(); ++i)
      if (results[i].ok())
        if (std::optional<int64_t> ms = LowerBoundMs(*judged[i], results[i]->judging)) slowest = std::max(slowest, *ms);
  }
  if (slowest < 0) {
    limits->time_ms = 0;
    checks->Add({"time_limit", "limits", false, false, "inferred", "none",
                 "no time limit given and no accepted submission was accepted to infer it from"});
    return Status::Ok();
  }
  *limits = InferredLimits(slowest, pkg.problem);
  Result<std::string> key = TimeLimitCacheKey(pkg, subs);
  if (key.ok()) StoreInferredTimeLimit(pipeline->context().cache_dir, *key, limits->time_ms);
  checks->Add({"time_limit", "limits", true, false, "inferred", Ms(static_cast<double>(limits->time_ms)),
               "slowest accepted " + Ms(static_cast<double>(slowest)) + " x " +
                   Num(pkg.problem.time_rule.ac_to_time_limit) + ", rounded"});
  return Status::Ok();
}

}  // namespace

Status CheckSubmissions(const Package& pkg, const LanguageSet& languages, Pipeline* pipeline,
                        const VerifyOptions& options, Checks* checks, std::vector<std::string>* order) {
  JUDGE_ASSIGN_OR_RETURN(std::vector<PackageSubmission> subs, ListPackageSubmissions(pkg.problem.dir));
  for (const auto& s : subs) order->push_back(s.subject);
  const bool infer = pkg.problem.time_rule.source == TimeLimitSource::kInferred && pkg.problem.limits.time_ms <= 0;
  ProblemLimits limits = pkg.problem.limits;
  if (infer) JUDGE_RETURN_IF_ERROR(InferLimit(pkg, languages, pipeline, subs, checks, &limits));
  std::vector<const PackageSubmission*> rest;
  for (const auto& s : subs)
    if (!infer || !UsedForTimeLimit(s) || PartlyLowerBound(s)) rest.push_back(&s);
  if (limits.time_ms > 0) {
    double factor = options.margins ? std::max(1.0, pkg.problem.time_rule.tle_margin) : 1.0;
    std::vector<const PackageSubmission*> judged;
    (void)Judge(pkg, languages, pipeline, rest, limits, factor, checks, &judged);
  } else {
    // Listed, so that the report names every submission; the failed `limits` check
    // says why none of these was judged.
    for (const PackageSubmission* s : rest)
      checks->Add({"submission", s->subject, true, false, s->expected ? ExpectedText(*s->expected) : "?", "skipped",
                   "not judged: no time limit (see the check of limits)"});
  }
  const std::atomic<bool>* cancel = pipeline->context().cancel;
  if (cancel && cancel->load()) return Status::Cancelled("verify interrupted");
  return Status::Ok();
}

}  // namespace judge::verify
