// A submission id as a person types it (`judge show 12`, `judge rejudge 12`) or as the
// API's path names it (/api/v1/submissions/12): one rule for both.
// Pure function; thread-safe.
#ifndef JUDGE_STORE_SUBMISSION_ID_H_
#define JUDGE_STORE_SUBMISSION_ID_H_

#include <cstdint>
#include <string_view>

#include "judge/base/status.h"

namespace judge {

// The largest id handed out and accepted: 2^53, the largest integer a JSON number
// (a double, in the page's JavaScript) holds exactly.
inline constexpr int64_t kMaxSubmissionId = int64_t{1} << 53;

// Digits, optionally after a minus sign. A whole number no submission can have (<= 0,
// or above kMaxSubmissionId, however many digits) is 0, so the caller says "no
// submission <text>" (the CLI) or refuses it (the API) instead of clamping to another
// id. Anything else is InvalidArgument "expected a submission id (a whole number),
// found '<text>'" (the text cut to 40 bytes).
Result<int64_t> ParseSubmissionId(std::string_view text);

}  // namespace judge

#endif  // JUDGE_STORE_SUBMISSION_ID_H_
