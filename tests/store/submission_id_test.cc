// The one rule for a submission id, as the CLI and the API read it.
#include "judge/store/submission_id.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(SubmissionId, DigitsAreAnIdAndImpossibleNumbersAreZero) {
  EXPECT_EQ(*ParseSubmissionId("12"), 12);
  EXPECT_EQ(*ParseSubmissionId("007"), 7);
  EXPECT_EQ(*ParseSubmissionId("9007199254740992"), kMaxSubmissionId);
  EXPECT_EQ(*ParseSubmissionId("000000000000000000000009007199254740992"), kMaxSubmissionId) << "leading zeros";
  for (const char* none : {"0", "-3", "-0", "9007199254740993", "99999999999999999999", "184467440737095516160"})
    EXPECT_EQ(*ParseSubmissionId(none), 0) << none;
}

TEST(SubmissionId, AnythingElseIsRefusedNamingTheText) {
  for (const char* bad : {"", "-", "+5", "1x", " 1", "1 ", "0x10", "1e3", "--1"}) {
    Result<int64_t> id = ParseSubmissionId(bad);
    ASSERT_FALSE(id.ok()) << bad;
    EXPECT_EQ(id.status().code(), StatusCode::kInvalidArgument);
    EXPECT_EQ(id.status().message(), std::string("expected a submission id (a whole number), found '") + bad + "'");
  }
  EXPECT_EQ(ParseSubmissionId(std::string(100, 'x')).status().message(),
            "expected a submission id (a whole number), found '" + std::string(40, 'x') + "'");
}

}  // namespace
}  // namespace judge
