// The rules both stores apply, in one place so the SQLite store and the in-memory
// fake accept and refuse exactly the same writes with the same messages.
#ifndef JUDGE_SRC_STORE_STORE_RULES_H_
#define JUDGE_SRC_STORE_STORE_RULES_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "judge/base/status.h"
#include "judge/store/store.h"

namespace judge::store_internal {

// Milliseconds since the epoch (system clock).
int64_t NowUnixMs();

// A submission about to be stored, checked, with what the store fills filled in:
// source_sha256 when empty, created_unix_ms when 0. Rejects an empty problem id,
// file name or language id, and a source_sha256 that is not the source's.
Result<Submission> PreparedSubmission(Submission submission);

// The owner as given, or the calling process when the caller left it empty.
JudgingOwner PreparedOwner(const JudgingOwner& owner);

// Copies a judging's description (id, submission, start, plugin, checker, limits,
// sandbox method, judge version, owner) from `from` into *to; the outcome fields of
// *to are left as they are.
void KeepDescription(const Judging& from, Judging* to);

// Rejects a test result without a name.
Status CheckTestResult(int64_t judging_id, const TestResult& test);

// The status a reader sees: running with a dead owner reads as incomplete.
JudgingStatus EffectiveStatus(JudgingStatus stored, const JudgingOwner& owner);

// OK when a judging with this stored status takes test results / an outcome.
// action: "add a test to", "finish".
Status CheckRunning(int64_t judging_id, JudgingStatus stored, std::string_view action);

// The message recorded by ReapAbandonedJudgings.
std::string AbandonedMessage(const JudgingOwner& owner);

Status NoSubmission(int64_t id);
Status NoJudging(int64_t id);

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_STORE_RULES_H_
