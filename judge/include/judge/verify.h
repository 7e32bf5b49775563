// Verifying a problem package: is it consistent with itself?
//  - every test input passes the plugin's validate;
//  - every .ans is accepted by the package's checker against the reference solver's
//    answer (so packages whose answers are not unique pass when the .ans is one of
//    the right answers; for unique answers this is equality up to the checker);
//  - every submission under submissions/<expected>/ gets exactly that verdict.
// Each of these is one VerifyCheck. A plugin that crashes or a sandbox that fails is
// the judge's failure (judge_error), not an inconsistency of the package.
//
// Thread safety: VerifyPackage uses one sandbox per job, created by the factory.
#ifndef JUDGE_VERIFY_H_
#define JUDGE_VERIFY_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "judge/judging.h"
#include "judge/language.h"
#include "judge/sandbox.h"
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
  std::vector<VerifyCheck> checks;
  bool consistent() const;   // every check ok
  bool judge_error() const;  // some check could not be made
};

using SandboxFactory = std::function<Result<std::unique_ptr<Sandbox>>()>;

struct VerifyOptions {
  int jobs = 1;  // submissions graded at once
  JudgeOptions judge;  // compile cache, scratch root; progress is ignored
  // Called after each check (from worker threads, serialized); may be null.
  std::function<void(const VerifyCheck&)> on_check;
};

// The context's store, when set, receives every submission's judging.
Result<VerifyReport> VerifyPackage(const JudgeContext& context, const LanguageSet& languages,
                                   const SandboxFactory& sandboxes, const VerifyOptions& options);

}  // namespace judge

#endif  // JUDGE_VERIFY_H_
