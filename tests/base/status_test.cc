#include "judge/base/errors.h"
#include "judge/base/status.h"

#include <gtest/gtest.h>

#include <cerrno>

namespace judge {
namespace {

Result<int> Half(int x) {
  if (x % 2) return Status::InvalidArgument("expected an even number, found " + std::to_string(x));
  return x / 2;
}

Result<int> Quarter(int x) {
  JUDGE_ASSIGN_OR_RETURN(int h, Half(x));
  return Half(h);
}

TEST(StatusTest, OkByDefault) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kOk);
}

TEST(StatusTest, ContextPrefixesMessageAndKeepsCode) {
  Status s = Status::NotFound("no such file").WithContext("loading x.so");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_EQ(s.message(), "loading x.so: no such file");
  EXPECT_TRUE(Status::Ok().WithContext("ignored").ok());
}

TEST(ResultTest, ValueOrError) {
  auto a = Quarter(8);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(*a, 2);
  auto b = Quarter(6);  // 6 -> 3 -> odd
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.status().message(), "expected an even number, found 3");
  auto c = std::move(b).WithContext("quartering 6");
  EXPECT_EQ(c.status().message(), "quartering 6: expected an even number, found 3");
  EXPECT_EQ(a.value_or(-1), 2);
  EXPECT_EQ(c.value_or(-1), -1);
}

// A call that fails without setting errno leaves 0 (or a stale value) there; its
// message must not read "...: Success".
TEST(ErrnoTextTest, NoErrorCodeNeverReadsSuccess) {
  EXPECT_EQ(ErrnoText(0), "failed without an error code");
  EXPECT_EQ(ErrnoStatus(0, "cannot create /x").message(), "cannot create /x: failed without an error code");
  EXPECT_EQ(ErrnoText(ENOENT), "No such file or directory");
}

}  // namespace
}  // namespace judge
