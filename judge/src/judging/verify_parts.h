// The two halves of verify (internal to judging): the tests' checks (verify.cc) and
// the submissions' (verify_submissions.cc), and what they share.
#ifndef JUDGE_SRC_JUDGING_VERIFY_PARTS_H_
#define JUDGE_SRC_JUDGING_VERIFY_PARTS_H_

#include <mutex>
#include <string>
#include <vector>

#include "judge/judging/verify.h"

namespace judge::verify {

// Collects checks and reports each one as it is made. Thread-safe.
class Checks {
 public:
  Checks(VerifyReport* report, const VerifyOptions& options) : report_(report), options_(options) {}
  void Add(VerifyCheck c) {
    std::lock_guard<std::mutex> lock(mu_);
    if (options_.on_check) options_.on_check(c);
    report_->checks.push_back(std::move(c));
  }

 private:
  std::mutex mu_;
  VerifyReport* report_;
  const VerifyOptions& options_;
};

// The submissions' checks (in the order the jobs finish; *order receives the
// submissions' subjects in file order); infers the time limit first when the package
// has none. A non-OK Status: the listing failed, or verify was interrupted.
Status CheckSubmissions(const Package& pkg, const LanguageSet& languages, Pipeline* pipeline,
                        const VerifyOptions& options, Checks* checks, std::vector<std::string>* order);

}  // namespace judge::verify

#endif  // JUDGE_SRC_JUDGING_VERIFY_PARTS_H_
