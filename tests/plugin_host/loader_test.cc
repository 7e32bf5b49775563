// The loader against deliberately broken plugins: every failure is one line that
// names the file, what was expected and what was found, through both loaders.
#include <gtest/gtest.h>

#include <cstddef>
#include <functional>

#include "judge/plugin/plugin_host.h"
#include "judge/plugin_abi.h"  // the struct size named in an error
#include "test_plugins.h"

namespace judge {
namespace {

using testing::TestPlugin;
using testing::TestPluginDir;

using Loader = std::function<Result<std::unique_ptr<PluginCaller>>(const std::string&, const std::string&)>;

class LoaderTest : public ::testing::TestWithParam<bool> {
 protected:
  Result<std::unique_ptr<PluginCaller>> Load(const std::string& path, const std::string& expected_id) {
    PluginCallLimits limits;
    limits.wall_time_ms = 5000;
    return GetParam() ? LoadPluginIsolated(path, expected_id, limits) : LoadPluginInProcess(path, expected_id);
  }

  // Loads id from the test directory expecting failure; returns the message after
  // checking it is one line, starts with the file's path, and is a failure of the judge
  // (Internal), never a code a caller could take for a refused input.
  std::string Failure(const std::string& id, const std::string& expected_id) {
    auto r = Load(TestPlugin(id), expected_id);
    EXPECT_FALSE(r.ok()) << id << " loaded";
    if (r.ok()) return "";
    const std::string& m = r.status().message();
    EXPECT_EQ(m.find('\n'), std::string::npos) << "not one line: " << m;
    EXPECT_EQ(m.rfind(TestPlugin(id) + ": ", 0), 0u) << "does not start with the file: " << m;
    EXPECT_EQ(r.status().code(), StatusCode::kInternal) << m;
    return m;
  }
};

TEST_P(LoaderTest, GoodRawPluginLoads) {
  auto r = Load(TestPlugin("test-raw-good"), "test-raw-good");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)->id(), "test-raw-good");
  EXPECT_EQ((*r)->version(), "raw-1");
  auto answer = (*r)->Solve("anything");
  ASSERT_TRUE(answer.ok()) << answer.status().message();
  EXPECT_EQ(answer->output, "raw\n");
}

TEST_P(LoaderTest, MissingFile) {
  auto r = Load(TestPluginDir() + "/nope.so", "nope");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.status().message(), "plugin 'nope' not found: no file " + TestPluginDir() +
                                      "/nope.so (set JUDGE_PLUGIN_DIR or rebuild)");
}

TEST_P(LoaderTest, NotASharedLibrary) {
  std::string m = Failure("test-not-elf", "test-not-elf");
  EXPECT_NE(m.find("dlopen: expected a loadable shared library, found: "), std::string::npos) << m;
}

TEST_P(LoaderTest, ADirectoryIsNotAPlugin) {
  auto r = Load(TestPluginDir(), "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind(TestPluginDir() + ": expected a shared library file", 0), 0u)
      << r.status().message();
}

TEST_P(LoaderTest, MissingEntrySymbol) {
  EXPECT_EQ(Failure("test-raw-no-entry", "test-raw-no-entry"),
            TestPlugin("test-raw-no-entry") +
                ": entry symbol: expected judge_get_plugin_info, found none (define it with JUDGE_PLUGIN)");
}

TEST_P(LoaderTest, EntryReturnsNull) {
  EXPECT_EQ(Failure("test-raw-null-info", "test-raw-null-info"),
            TestPlugin("test-raw-null-info") +
                ": judge_get_plugin_info(): expected a plugin info pointer, found NULL"
                " (the plugin could not initialise)");
}

TEST_P(LoaderTest, WrongAbiVersion) {
  EXPECT_EQ(Failure("test-raw-wrong-abi", "test-raw-wrong-abi"),
            TestPlugin("test-raw-wrong-abi") + ": ABI version: expected 1, found 7");
}

TEST_P(LoaderTest, ShortStruct) {
  // Version 1 ends with the generate callback (init_error was appended after it).
  EXPECT_EQ(Failure("test-raw-short-struct", "test-raw-short-struct"),
            TestPlugin("test-raw-short-struct") + ": struct size: expected at least " +
                std::to_string(offsetof(judge_plugin_info, generate) + sizeof(void*)) + " bytes (ABI v1), found 16");
}

// No exception crosses the C entry point into the judge: one that a raw plugin lets
// out is caught at load, and the SDK's entry gives the reason through init_error when
// the problem object's constructor throws.
TEST_P(LoaderTest, AnEntryPointThatThrowsIsALoadFailure) {
  EXPECT_EQ(Failure("test-raw-entry-throw", "test-raw-entry-throw"),
            TestPlugin("test-raw-entry-throw") +
                ": judge_get_plugin_info(): expected a plugin info pointer, found a C++ exception"
                " (the plugin could not initialise)");
  EXPECT_EQ(Failure("test-ctor-throw", "test-ctor-throw"),
            TestPlugin("test-ctor-throw") + ": the plugin could not initialise: the tables did not build");
}

// A raw plugin that could not initialise says why through init_error, and the judge
// shows it; without the field's check the plugin loaded and its callbacks were called.
TEST_P(LoaderTest, APluginsOwnInitErrorIsShown) {
  EXPECT_EQ(Failure("test-raw-init-error", "test-raw-init-error"),
            TestPlugin("test-raw-init-error") +
                ": the plugin could not initialise: the jury tables did not build (tables.bin: no such file)");
}

// A static constructor that dies of SIGSEGV when the library loads: the load is
// probed in a child, so the load fails with one line and this process goes on. Without
// the probe, dlopen in this process killed the test (and the judge) outright.
TEST_P(LoaderTest, AConstructorThatCrashesFailsTheLoadNotTheJudge) {
  std::string m = Failure("test-raw-ctor-crash", "test-raw-ctor-crash");
  EXPECT_NE(m.find(": loading the plugin (probed in a child) killed by signal 11 (SIGSEGV)"), std::string::npos) << m;
}

TEST_P(LoaderTest, NullCallback) {
  EXPECT_EQ(Failure("test-raw-null-callback", "test-raw-null-callback"),
            TestPlugin("test-raw-null-callback") + ": callback validate: expected a function, found NULL");
}

TEST_P(LoaderTest, NullId) {
  EXPECT_EQ(Failure("test-raw-null-id", "test-raw-null-id"),
            TestPlugin("test-raw-null-id") + ": id: expected a non-empty string, found NULL");
}

TEST_P(LoaderTest, WrongId) {
  EXPECT_EQ(Failure("test-raw-wrong-id", "test-raw-wrong-id"),
            TestPlugin("test-raw-wrong-id") +
                ": id: expected 'test-raw-wrong-id' (the package's plugin), found 'someone-else'");
}

TEST_P(LoaderTest, NoExpectedIdAcceptsWhateverIdThePluginHas) {
  auto r = Load(TestPlugin("test-raw-wrong-id"), "");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)->id(), "someone-else");
}

TEST_P(LoaderTest, ThrowThroughTheSdkIsACheckerFailureWithTheMessage) {
  auto r = Load(TestPlugin("test-hostile"), "test-hostile");
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto check = (*r)->Check("throw", "", "", "");
  ASSERT_FALSE(check.ok());
  EXPECT_EQ(check.status().code(), StatusCode::kInternal);
  EXPECT_EQ(check.status().message(), "plugin 'test-hostile' (" + TestPlugin("test-hostile") +
                                          "): check failed: plugin threw: boom from the hostile plugin");
  auto good = (*r)->Check("fine", "", "", "");
  ASSERT_TRUE(good.ok()) << good.status().message();
  EXPECT_EQ(good->verdict, CheckVerdict::kAccepted);
}

TEST_P(LoaderTest, ExceptionThroughTheRawAbiIsAFailureNotACrash) {
  auto r = Load(TestPlugin("test-raw-throw"), "test-raw-throw");
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto check = (*r)->Check("x", "", "", "");
  ASSERT_FALSE(check.ok());
  EXPECT_EQ(check.status().message(),
            "plugin 'test-raw-throw' (" + TestPlugin("test-raw-throw") +
                "): check failed: a C++ exception crossed the plugin ABI (callbacks must not throw)");
  auto solve = (*r)->Solve("x");
  ASSERT_TRUE(solve.ok()) << solve.status().message();
}

// The one interpretation of a check result (InterpretCheck), in process and isolated:
// verdict numbers, scores, and "checker failure" as a Status.
TEST_P(LoaderTest, CheckResultsAreInterpretedInOnePlace) {
  auto r = Load(TestPlugin("test-raw-verdicts"), "test-raw-verdicts");
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto check = [&](const std::string& in) { return (*r)->Check(in, "", "", ""); };
  auto ac = check("0 0.25");  // AC is a full score whatever the plugin says
  ASSERT_TRUE(ac.ok());
  EXPECT_EQ(ac->verdict, CheckVerdict::kAccepted);
  EXPECT_EQ(ac->score, 1.0);
  EXPECT_EQ(ac->message, "as told");
  auto wa = check("1 0.7");
  ASSERT_TRUE(wa.ok());
  EXPECT_EQ(wa->verdict, CheckVerdict::kWrongAnswer);
  EXPECT_EQ(wa->score, 0.0);
  EXPECT_EQ(check("2 0")->verdict, CheckVerdict::kPresentationError);
  auto partial = check("3 0.5");
  ASSERT_TRUE(partial.ok());
  EXPECT_EQ(partial->verdict, CheckVerdict::kPartial);
  EXPECT_EQ(partial->score, 0.5);
  const std::string prefix = "plugin 'test-raw-verdicts' (" + TestPlugin("test-raw-verdicts") + "): check: ";
  EXPECT_EQ(check("3 1").status().message(), prefix + "expected a partial score in [0, 1), found 1.000000");
  EXPECT_EQ(check("3 -0.5").status().message(), prefix + "expected a partial score in [0, 1), found -0.500000");
  EXPECT_EQ(check("4 0").status().message(), prefix + "checker failure: as told");
  EXPECT_EQ(check("9 0").status().message(), prefix + "expected a verdict 0..4, found 9");
}

// The complete example plugin in plugin_abi.h's comment, built from that text
// (tests/plugin_host/extract_example.py): it loads and judges as its comments say.
TEST_P(LoaderTest, TheHeadersExamplePluginJudges) {
  auto r = Load(TestPlugin("test-example"), "example-sum");
  ASSERT_TRUE(r.ok()) << r.status().message();
  PluginCaller& p = **r;
  EXPECT_EQ(p.version(), "1.0");
  Result<PluginOutput> answer = p.Solve("2 3\n");
  ASSERT_TRUE(answer.ok()) << answer.status().message();
  EXPECT_EQ(answer->output, "5\n");
  Result<CheckOutcome> right = p.Check("2 3\n", "5\n", "", "");
  ASSERT_TRUE(right.ok()) << right.status().message();
  EXPECT_EQ(right->verdict, CheckVerdict::kAccepted);
  Result<CheckOutcome> wrong = p.Check("2 3\n", "6\n", "", "");
  ASSERT_TRUE(wrong.ok()) << wrong.status().message();
  EXPECT_EQ(wrong->verdict, CheckVerdict::kWrongAnswer);
  EXPECT_EQ(wrong->message, "not the sum");
  Result<ValidateOutcome> bad = p.Validate("two three\n");
  ASSERT_TRUE(bad.ok()) << bad.status().message();
  EXPECT_FALSE(bad->valid);
  Result<PluginOutput> generated = p.Generate(12345, "");
  ASSERT_TRUE(generated.ok()) << generated.status().message();
  EXPECT_EQ(generated->output, "345 12\n");
  Result<PluginOutput> illegal = p.Solve("x");
  ASSERT_TRUE(illegal.ok()) << illegal.status().message();
  EXPECT_TRUE(illegal->refused) << "an illegal input is refused";
}

// An entry point that never returns: the probe's wall and CPU limits end it, and the
// load fails with one line instead of hanging the judge.
TEST(LoaderProbe, AnEntryPointThatLoopsFailsTheLoadWithinItsLimits) {
  PluginCallLimits limits;
  limits.cpu_time_ms = 1000;
  limits.wall_time_ms = 1500;
  for (bool isolated : {false, true}) {
    auto r = isolated ? LoadPluginIsolated(TestPlugin("test-raw-entry-loop"), "test-raw-entry-loop", limits)
                      : LoadPluginInProcess(TestPlugin("test-raw-entry-loop"), "test-raw-entry-loop", limits);
    ASSERT_FALSE(r.ok());
    const std::string& m = r.status().message();
    EXPECT_EQ(m.rfind(TestPlugin("test-raw-entry-loop") + ": loading the plugin (probed in a child)", 0), 0u) << m;
    EXPECT_TRUE(m.find("timed out") != std::string::npos || m.find("CPU limit") != std::string::npos) << m;
  }
}

INSTANTIATE_TEST_SUITE_P(Loaders, LoaderTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "Isolated" : "InProcess";
                         });

}  // namespace
}  // namespace judge
