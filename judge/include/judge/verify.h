// Verifying a problem package: is it consistent with itself?
//  - every test input passes the plugin's validate;
//  - every .ans is accepted by the package's checker against the reference solver's
//    answer (so packages whose answers are not unique pass when the .ans is one of
//    the right answers; for unique answers this is equality up to the checker);
//  - every submission under submissions/<expected>/ gets exactly that verdict, judged
//    by the pipeline (judge/pipeline.h) with its jobs.
// Each of these is one VerifyCheck. A plugin that crashes or a sandbox that fails is
// the judge's failure (judge_error), not an inconsistency of the package.
//
// Thread safety: VerifyPackage may be called from one thread at a time per pipeline
// observer; on_check calls are serialized.
#ifndef JUDGE_VERIFY_H_
#define JUDGE_VERIFY_H_

#include <functional>
#include <string>
#include <vector>

#include "judge/language.h"
#include "judge/package.h"
#include "judge/pipeline.h"
#include "judge/status.h"

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
};

// Submissions are judged by `pipeline` (its jobs, store, compile cache, cancel flag);
// `languages` picks each file's profile by extension.
Result<VerifyReport> VerifyPackage(const Package& package, const LanguageSet& languages, Pipeline* pipeline,
                                   const VerifyOptions& options);

}  // namespace judge

#endif  // JUDGE_VERIFY_H_
