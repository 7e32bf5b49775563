#include "judge/verdict.h"

#include <gtest/gtest.h>

#include "judge/sandbox/sandbox.h"

namespace judge {
namespace {

// Stored numbers never change meaning: pin them.
TEST(VerdictTest, StoredNumbersArePinned) {
  EXPECT_EQ(static_cast<int>(Verdict::kAccepted), 0);
  EXPECT_EQ(static_cast<int>(Verdict::kWrongAnswer), 1);
  EXPECT_EQ(static_cast<int>(Verdict::kPresentationError), 2);
  EXPECT_EQ(static_cast<int>(Verdict::kTimeLimitExceeded), 3);
  EXPECT_EQ(static_cast<int>(Verdict::kMemoryLimitExceeded), 4);
  EXPECT_EQ(static_cast<int>(Verdict::kOutputLimitExceeded), 5);
  EXPECT_EQ(static_cast<int>(Verdict::kRuntimeError), 6);
  EXPECT_EQ(static_cast<int>(Verdict::kCompileError), 7);
  EXPECT_EQ(static_cast<int>(Verdict::kJudgeError), 8);
}

TEST(VerdictTest, CodesAndFoldersRoundTrip) {
  for (int i = 0; i <= 8; ++i) {
    auto v = static_cast<Verdict>(i);
    EXPECT_EQ(ParseVerdictCode(VerdictCode(v)), v) << i;
    EXPECT_EQ(ParseVerdictFolderName(VerdictFolderName(v)), v) << i;
  }
  EXPECT_EQ(VerdictCode(Verdict::kTimeLimitExceeded), "TLE");
  EXPECT_EQ(VerdictFolderName(Verdict::kRuntimeError), "run_time_error");
  EXPECT_FALSE(ParseVerdictCode("ac").has_value());
  EXPECT_FALSE(ParseVerdictFolderName("accepted ").has_value());
}

TEST(VerdictTest, JudgeErrorIsTheMostSevere) {
  for (int i = 0; i < 8; ++i)
    EXPECT_LT(VerdictSeverity(static_cast<Verdict>(i)), VerdictSeverity(Verdict::kJudgeError));
  EXPECT_LT(VerdictSeverity(Verdict::kAccepted), VerdictSeverity(Verdict::kPresentationError));
}

TEST(RunStatusTest, Names) {
  EXPECT_EQ(RunStatusCode(RunStatus::kMemoryLimitExceeded), "MLE");
  EXPECT_EQ(KillReasonName(KillReason::kWallTime), "wall");
}

}  // namespace
}  // namespace judge
