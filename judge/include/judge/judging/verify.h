// Verifying a problem package: is it consistent with itself?
//  - every test input passes the plugin's validate and every input validator of the
//    package (input_validators/: exit 42 is valid; run with the test group's
//    input_validator_flags; .ctd and .viva files are listed as skipped; a Polygon
//    package's testlib validators: exit 0 is valid);
//  - every .ans is accepted by the package's checker against the reference solver's
//    answer (so packages whose answers are not unique pass when the .ans is one of
//    the right answers; for unique answers this is equality up to the checker); in a
//    package without a plugin whose checker is the default validator, an output
//    validator or a testlib checker, the .ans must be accepted as an output;
//  - sample .interaction files are shown (listed), never run;
//  - a Polygon package's checker tests (an output judged against an answer must get
//    the test's verdict) and validator tests (valid or invalid as the test says);
//  - every submission gets a verdict its folder (or @EXPECTED_RESULTS@ marker, or
//    submissions.yaml) allows (package_submissions.h), judged by the pipeline with its
//    jobs. A package without a time limit gets one first (time_limit.h: its accepted
//    submissions are judged, and those judgings are their checks); when none can be
//    inferred, the others are listed as skipped, not judged.
// Time margins (the Kattis problemtools rules): every submission runs with its time
// limits x the TLE margin (legacy limits.time_safety_margin, default 2; 2023-07
// time_limit_to_tle, 1.5) and is judged against the real limit; an accepted submission
// slower than limit / the AC margin (legacy time_safety_margin; 2023-07
// ac_to_time_limit) and a TLE submission that would pass with limit x margin are
// "sensitive to the time limit": a warning, not a failure; a submission that got TLE
// at the limit but its expected verdict with the margin passes with that warning.
// Each of these is one VerifyCheck. A plugin that crashes or a sandbox that fails is
// the judge's failure (judge_error), not an inconsistency of the package.
//
// Thread safety: VerifyPackage may be called from one thread at a time per pipeline
// observer; on_check calls are serialized.
#ifndef JUDGE_VERIFY_H_
#define JUDGE_VERIFY_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/judging/package.h"
#include "judge/judging/pipeline.h"

namespace judge {

struct VerifyCheck {
  std::string kind;      // "validate", "answer", "submission"
  std::string subject;   // a test name, or "accepted/sol.cpp"
  bool ok = false;
  bool judge_error = false;  // the check could not be made (plugin crash, sandbox...)
  std::string expected;  // "valid", "AC", ...
  std::string found;
  std::string message;   // why not, one line
  int64_t time_ms = 0;   // submissions: the largest CPU time of a test
  std::optional<double> score;  // submissions that were judged: their score
  std::string warning;   // e.g. "sensitive to the time limit: ..." (still ok)
};

struct VerifyReport {
  std::string problem;
  std::vector<VerifyCheck> checks;  // tests in order, then submissions in file order
  bool consistent() const;   // every check ok
  bool judge_error() const;  // some check could not be made
};

struct VerifyOptions {
  // Called after each check (serialized, from worker threads); may be empty.
  std::function<void(const VerifyCheck&)> on_check;
  // Run submissions with the time margins (see above). False: the plain limits.
  bool margins = true;
};

// Submissions are judged by `pipeline` (borrowed for the call: its jobs, and its
// context's store, compile cache and cancel flag); its context's languages (needed)
// pick each file's profile by extension. A package that gives no time limit (loaded
// with PackageLoaderOptions::resolve_time_limit false) is judged with the limit
// inferred here, passed with each task, and the limit is kept in the context's cache
// for later grading; the package itself is left as it is.
Result<VerifyReport> VerifyPackage(const Package& package, Pipeline* pipeline, const VerifyOptions& options);

}  // namespace judge

#endif  // JUDGE_VERIFY_H_
