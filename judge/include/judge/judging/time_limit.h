// The time limit of a package that gives none (neither problem.yaml nor DOMjudge's
// files): the Kattis rule, from the slowest accepted submission.
//
// Theory of operation
// -------------------
// The package's accepted submissions (the `accepted` folder, and those whose
// @EXPECTED_RESULTS@ or submissions.yaml allow only AC) are judged with a generous limit
// (60 s CPU per test); the slowest CPU time of any of their tests, T, gives the limit:
//  - legacy: T x limits.time_multiplier (default 5), rounded to the nearest whole second,
//    at least 1 s (as problemtools does);
//  - 2023-07: the smallest multiple of limits.time_resolution (default 1 s) that is at
//    least T x time_multipliers.ac_to_time_limit (default 2).
// `judge verify` infers it every time (and reuses those judgings as the accepted
// submissions' checks); `judge grade` and the other front ends take it from a file in
// the compile cache (time-limits/<key>, keyed by the package hash and the accepted
// submissions' sources) written by the last inference, else infer it first.
// A package whose limit cannot be inferred (no accepted submission, none accepted) is
// an error naming why.
//
// Thread safety: the functions leave the package as it is; concurrent calls for one
// package may both infer (the cache file is written atomically).
#ifndef JUDGE_TIME_LIMIT_H_
#define JUDGE_TIME_LIMIT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/judging/package.h"
#include "judge/judging/package_submissions.h"
#include "judge/judging/pipeline.h"

namespace judge {

// The CPU limit per test the accepted submissions are judged with while inferring.
constexpr int64_t kInferenceTimeMs = 60000;

// The Kattis rule: the limit in ms for a slowest accepted CPU time (ms). Pure.
int64_t KattisTimeLimitMs(int64_t slowest_accepted_ms, const TimeLimitRule& rule);

// `limits` with the CPU limit time_ms and the wall limit derived from it. Pure.
ProblemLimits WithTimeLimit(ProblemLimits limits, int64_t time_ms);

// The problem's limits with the CPU limit inferred from the slowest accepted CPU time
// (KattisTimeLimitMs, at most 600 s). Pure.
ProblemLimits InferredLimits(int64_t slowest_accepted_ms, const ProblemConfig& problem);

// Whether a submission's expectation makes it one the limit is inferred from: an
// accepted one (only AC allowed), unless submissions.yaml says use_for_time_limit
// false or upper; any with use_for_time_limit lower, for all its tests or a group's.
bool UsedForTimeLimit(const PackageSubmission& s);

// What a judging of a submission UsedForTimeLimit bounds the limit with from below:
// the slowest CPU time of the tests its use covers (all, or the groups given `lower`),
// when none of them is TLE or JE (an accepted one's: when it was accepted); nullopt
// when it bounds nothing. Pure.
std::optional<int64_t> LowerBoundMs(const PackageSubmission& s, const Judging& judging);

// The cache file's key for a package: its hash and the accepted submissions' sources.
Result<std::string> TimeLimitCacheKey(const Package& package, const std::vector<PackageSubmission>& subs);

// The limits to judge the package with (PackageLoader calls this): its own, or, when
// its limit is to be inferred, the limit from the cache (the pipeline context's
// cache_dir/time-limits/<key>) or inferred by judging the accepted submissions with
// `pipeline` (borrowed for the call: its languages, sandboxes and cancel flag; nothing
// stored) and then kept in the cache. *note says what was done ("" when the package
// has its own limit). The package is left unchanged. Inferring needs the context's
// languages; a cancelled inference is kCancelled.
Result<ProblemLimits> ResolveTimeLimit(const Package& package, Pipeline* pipeline, std::string* note);

// Stores an inferred limit for later ResolveTimeLimit calls (best effort).
void StoreInferredTimeLimit(const std::string& cache_dir, const std::string& key, int64_t time_ms);

}  // namespace judge

#endif  // JUDGE_TIME_LIMIT_H_
