// A working plugin (test-sum) through both callers: in this process and isolated in
// a forked child. Both must report exactly the same thing for the same call; the
// expected answers are computed here, independently of the plugin.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <thread>

#include "judge/plugin/plugin_host.h"
#include "test_plugins.h"

namespace judge {
namespace {

using testing::TestPlugin;

enum class Mode { kInProcess, kIsolated };

class SumPluginTest : public ::testing::TestWithParam<Mode> {
 protected:
  void SetUp() override {
    auto loaded = GetParam() == Mode::kInProcess
                      ? LoadPluginInProcess(TestPlugin("test-sum"), "test-sum")
                      : LoadPluginIsolated(TestPlugin("test-sum"), "test-sum", PluginCallLimits{});
    ASSERT_TRUE(loaded.ok()) << loaded.status().message();
    plugin_ = std::move(*loaded);
  }
  std::unique_ptr<PluginCaller> plugin_;
};

TEST_P(SumPluginTest, IdentityComesFromThePlugin) {
  EXPECT_EQ(plugin_->id(), "test-sum");
  EXPECT_EQ(plugin_->version(), "1.2.3");
  EXPECT_EQ(plugin_->path(), TestPlugin("test-sum"));
}

TEST_P(SumPluginTest, SolveAgreesWithArithmetic) {
  std::mt19937_64 rng(12345);
  std::uniform_int_distribution<int64_t> d(-1000000000, 1000000000);
  const int n = GetParam() == Mode::kInProcess ? 2000 : 100;
  for (int i = 0; i < n; ++i) {
    int64_t a = d(rng), b = d(rng);
    auto answer = plugin_->Solve(std::to_string(a) + "  " + std::to_string(b) + "\n");
    ASSERT_TRUE(answer.ok()) << answer.status().message();
    ASSERT_EQ(answer->output, std::to_string(a + b) + "\n") << a << " " << b;
  }
}

TEST_P(SumPluginTest, SolveOfAnIllegalInputIsInvalidArgumentWithThePluginsReason) {
  // A refusal is an outcome, not a failed call.
  auto answer = plugin_->Solve("1 2 3\n");
  ASSERT_TRUE(answer.ok()) << answer.status().message();
  EXPECT_TRUE(answer->refused);
  EXPECT_EQ(answer->output, "");
  EXPECT_EQ(answer->reason, "invalid input: expected 2 integers, found 3 tokens");
  auto out_of_range = plugin_->Solve("1 2000000000\n");
  ASSERT_TRUE(out_of_range.ok()) << out_of_range.status().message();
  EXPECT_TRUE(out_of_range->refused);
  EXPECT_NE(out_of_range->reason.find("token 2"), std::string::npos);
}

TEST_P(SumPluginTest, CheckVerdicts) {
  auto ac = plugin_->Check("1 2\n", "3\n", "3\n", "strict=true\n");
  ASSERT_TRUE(ac.ok()) << ac.status().message();
  EXPECT_EQ(ac->verdict, CheckVerdict::kAccepted);
  EXPECT_EQ(ac->score, 1.0);
  EXPECT_EQ(ac->message, "sum 3");

  auto pe = plugin_->Check("1 2\n", "  3", "3\n", "strict=true\n");
  ASSERT_TRUE(pe.ok()) << pe.status().message();
  EXPECT_EQ(pe->verdict, CheckVerdict::kPresentationError);

  auto lenient = plugin_->Check("1 2\n", "  3", "3\n", "strict=false\n");
  ASSERT_TRUE(lenient.ok()) << lenient.status().message();
  EXPECT_EQ(lenient->verdict, CheckVerdict::kAccepted);

  auto wa = plugin_->Check("1 2\n", "4\n", "3\n", "");
  ASSERT_TRUE(wa.ok()) << wa.status().message();
  EXPECT_EQ(wa->verdict, CheckVerdict::kWrongAnswer);
  EXPECT_EQ(wa->score, 0.0);
  EXPECT_EQ(wa->message, "expected 3, found 4");

  auto partial = plugin_->Check("1 2\n", "4\n", "3\n", "partial=true\n");
  ASSERT_TRUE(partial.ok()) << partial.status().message();
  EXPECT_EQ(partial->verdict, CheckVerdict::kPartial);
  EXPECT_EQ(partial->score, 0.5);
}

TEST_P(SumPluginTest, CheckWithoutAnAnswerUsesTheInput) {
  auto ac = plugin_->Check("20 22\n", "42\n", "", "");
  ASSERT_TRUE(ac.ok()) << ac.status().message();
  EXPECT_EQ(ac->verdict, CheckVerdict::kAccepted);
}

TEST_P(SumPluginTest, CheckerFailureIsAStatusNamingThePlugin) {
  auto bad_answer = plugin_->Check("1 2\n", "3\n", "three\n", "");
  ASSERT_FALSE(bad_answer.ok());
  EXPECT_EQ(bad_answer.status().message(),
            "plugin 'test-sum' (" + TestPlugin("test-sum") + "): check failed: answer file: expected one integer");
  auto bad_option = plugin_->Check("1 2\n", "3\n", "3\n", "zzz=1\n");
  ASSERT_FALSE(bad_option.ok());
  EXPECT_NE(bad_option.status().message().find("unknown option 'zzz' (known: strict, partial)"),
            std::string::npos)
      << bad_option.status().message();
}

TEST_P(SumPluginTest, Validate) {
  auto ok = plugin_->Validate("-5 7\n");
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_TRUE(ok->valid);
  auto bad = plugin_->Validate("-5 x\n");
  ASSERT_TRUE(bad.ok()) << bad.status().message();
  EXPECT_FALSE(bad->valid);
  EXPECT_EQ(bad->message, "token 2: expected an integer in [-10^9, 10^9], found 'x'");
}

TEST_P(SumPluginTest, GenerateIsReproducibleAndHonoursParams) {
  std::set<std::string> distinct;
  for (uint64_t seed = 0; seed < 30; ++seed) {
    auto a = plugin_->Generate(seed, "max=50\n");
    auto b = plugin_->Generate(seed, "max=50\n");
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_FALSE(a->refused);
    EXPECT_EQ(a->output, b->output);
    long x = 0, y = 0;
    ASSERT_EQ(std::sscanf(a->output.c_str(), "%ld %ld", &x, &y), 2) << a->output;
    EXPECT_LE(std::abs(x), 50);
    EXPECT_LE(std::abs(y), 50);
    auto valid = plugin_->Validate(a->output);
    ASSERT_TRUE(valid.ok() && valid->valid);
    distinct.insert(a->output);
  }
  EXPECT_GT(distinct.size(), 20u);
  auto zero = plugin_->Generate(99, "max=0\n");
  ASSERT_TRUE(zero.ok());
  EXPECT_EQ(zero->output, "0 0\n");
}

TEST_P(SumPluginTest, BadGeneratorParamsAreInvalidArgument) {
  auto unknown = plugin_->Generate(1, "size=3\n");
  ASSERT_TRUE(unknown.ok()) << unknown.status().message();
  EXPECT_TRUE(unknown->refused);
  EXPECT_EQ(unknown->reason, "invalid generator parameters: unknown option 'size' (known: max)");
  auto malformed = plugin_->Generate(1, "max=lots\n");
  ASSERT_TRUE(malformed.ok()) << malformed.status().message();
  EXPECT_TRUE(malformed->refused);
}

TEST_P(SumPluginTest, ConcurrentCallsFromSeveralThreads) {
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  const int per_thread = GetParam() == Mode::kInProcess ? 500 : 25;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < per_thread; ++i) {
        int a = t * 1000 + i, b = i;
        auto answer = plugin_->Solve(std::to_string(a) + " " + std::to_string(b));
        if (!answer.ok() || answer->output != std::to_string(a + b) + "\n") ++failures[t];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(failures[t], 0) << "thread " << t;
}

INSTANTIATE_TEST_SUITE_P(Callers, SumPluginTest, ::testing::Values(Mode::kInProcess, Mode::kIsolated),
                         [](const ::testing::TestParamInfo<Mode>& info) {
                           return info.param == Mode::kInProcess ? "InProcess" : "Isolated";
                         });

}  // namespace
}  // namespace judge
