// End to end: `judge solve | check | validate | generate` on the test packages of
// tests/plugin_host/data (test-sum, test-hostile), exit codes and outputs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "run_judge.h"
#include "support/temp_dir.h"
#include "test_plugins.h"

namespace judge {
namespace {

using testing::TestPackage;
using testing::TestPluginDir;

using RunResult = testing_support::JudgeRun;

class PluginCommandsTest : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const std::string& content) {
    return dir_.Write(name, content);
  }

  // Runs the judge with args; plugins from the test directory unless plugin_dir says
  // otherwise; stdin from stdin_file when given.
  RunResult Judge(const std::vector<std::string>& args, const std::string& stdin_file = "",
                  const std::string& plugin_dir = TestPluginDir()) {
    return testing_support::RunJudge(JUDGE_EXE, args, {{"JUDGE_PLUGIN_DIR", plugin_dir}}, stdin_file);
  }

  static bool OneLine(const std::string& s) {
    return !s.empty() && s.back() == '\n' && s.find('\n') == s.size() - 1;
  }

  testing_support::TempDir dir_;
  const std::string sum_ = TestPackage("sum");
};

TEST_F(PluginCommandsTest, SolveFromAFileAndFromStdin) {
  std::string in = Write("a.in", "40 2\n");
  RunResult file = Judge({"solve", sum_, in});
  EXPECT_EQ(file.exit_code, 0) << file.err;
  EXPECT_EQ(file.out, "42\n");
  RunResult stdin_run = Judge({"solve", sum_}, in);
  EXPECT_EQ(stdin_run.exit_code, 0) << stdin_run.err;
  EXPECT_EQ(stdin_run.out, "42\n");
  RunResult in_process = Judge({"solve", "--in-process", sum_, in});
  EXPECT_EQ(in_process.exit_code, 0) << in_process.err;
  EXPECT_EQ(in_process.out, "42\n");
}

TEST_F(PluginCommandsTest, SolveJson) {
  RunResult r = Judge({"solve", "--json", sum_, Write("a.in", "1 1\n")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["answer"], "2\n");
  EXPECT_EQ(doc["problem"], "sum");
  EXPECT_EQ(doc["plugin"], "test-sum");
  EXPECT_EQ(doc["plugin_version"], "1.2.3");
  EXPECT_TRUE(doc["error"].is_null());
}

TEST_F(PluginCommandsTest, SolveOfAnIllegalInputExits1WithTheReason) {
  std::string in = Write("bad.in", "1 2 3\n");
  RunResult r = Judge({"solve", sum_, in});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "judge solve: " + in + ": invalid input: expected 2 integers, found 3 tokens\n");
}

TEST_F(PluginCommandsTest, JudgeErrorsExit3WithOneLine) {
  std::string in = Write("a.in", "1 2\n");
  RunResult missing_input = Judge({"solve", sum_, dir_.Path("nope.in")});
  EXPECT_EQ(missing_input.exit_code, 3);
  EXPECT_EQ(missing_input.err, "judge solve: " + dir_.Path("nope.in") + ": no such file\n");

  RunResult missing_plugin = Judge({"solve", sum_, in}, "", "/nonexistent-dir");
  EXPECT_EQ(missing_plugin.exit_code, 3);
  EXPECT_EQ(missing_plugin.err,
            "judge solve: plugin 'test-sum' not found: no file /nonexistent-dir/test-sum.so "
            "(set JUDGE_PLUGIN_DIR or rebuild)\n");

  RunResult missing_package = Judge({"validate", dir_.Path("no-package"), in});
  EXPECT_EQ(missing_package.exit_code, 3);
  EXPECT_TRUE(OneLine(missing_package.err)) << missing_package.err;
  EXPECT_NE(missing_package.err.find("no-package"), std::string::npos);
}

TEST_F(PluginCommandsTest, PackageWithoutPluginIsAJudgeError) {
  std::string in = Write("a.in", "1 2\n");
  const std::string builtin = TestPackage("builtin");
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"solve", builtin, in}, {"validate", builtin, in}, {"generate", builtin, "--seed", "1"}}) {
    RunResult r = Judge(args);
    EXPECT_EQ(r.exit_code, 3) << args[0];
    EXPECT_TRUE(OneLine(r.err)) << r.err;
    EXPECT_NE(r.err.find("problem 'builtin'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no `plugin` key"), std::string::npos) << r.err;
  }
}

TEST_F(PluginCommandsTest, CheckExitCodes) {
  std::string in = Write("a.in", "1 2\n");
  std::string ans = Write("a.ans", "3\n");
  RunResult ac = Judge({"check", sum_, in, Write("ac.out", "3\n"), ans});
  EXPECT_EQ(ac.exit_code, 0) << ac.err;
  EXPECT_EQ(ac.err, "AC: sum 3\n");
  RunResult wa = Judge({"check", sum_, in, Write("wa.out", "4\n"), ans});
  EXPECT_EQ(wa.exit_code, 1) << wa.err;
  EXPECT_EQ(wa.err, "WA: expected 3, found 4\n");
  // The package sets strict: true, so the right number on a badly formed line is PE.
  RunResult pe = Judge({"check", sum_, in, Write("pe.out", " 3"), ans});
  EXPECT_EQ(pe.exit_code, 2) << pe.err;
  EXPECT_EQ(pe.err, "PE: right sum, but not exactly one line\n");
  RunResult je = Judge({"check", sum_, in, Write("je.out", "3\n"), Write("bad.ans", "three\n")});
  EXPECT_EQ(je.exit_code, 3) << je.err;
  EXPECT_TRUE(OneLine(je.err)) << je.err;
  EXPECT_NE(je.err.find("check failed: answer file: expected one integer"), std::string::npos) << je.err;
}

TEST_F(PluginCommandsTest, CheckWithoutAnswerUsesTheReferenceSolver) {
  std::string in = Write("a.in", "20 22\n");
  RunResult ac = Judge({"check", sum_, in, Write("ac.out", "42\n")});
  EXPECT_EQ(ac.exit_code, 0) << ac.err;
  RunResult wa = Judge({"check", sum_, in, Write("wa.out", "41\n")});
  EXPECT_EQ(wa.exit_code, 1) << wa.err;
  // An input the reference solver rejects is the package's fault: JE.
  RunResult je = Judge({"check", sum_, Write("bad.in", "x\n"), Write("any.out", "1\n")});
  EXPECT_EQ(je.exit_code, 3) << je.err;
  EXPECT_NE(je.err.find("reference answer for"), std::string::npos) << je.err;
}

TEST_F(PluginCommandsTest, PartialIsWaWithTheScoreShown) {
  std::string in = Write("a.in", "1 2\n");
  RunResult r = Judge({"check", TestPackage("sum-partial"), in, Write("a.out", "4\n"), Write("a.ans", "3\n")});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, "WA (partial, score 0.5): off by one: expected 3\n");
  RunResult json = Judge({"check", "--json", TestPackage("sum-partial"), in, dir_.Path("a.out"), dir_.Path("a.ans")});
  EXPECT_EQ(json.exit_code, 1) << json.err;
  auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["verdict"], "WA");
  EXPECT_EQ(doc["partial"], true);
  EXPECT_EQ(doc["score"], 0.5);
  EXPECT_EQ(doc["message"], "off by one: expected 3");
}

TEST_F(PluginCommandsTest, CheckJsonOnJudgeError) {
  RunResult r = Judge({"check", "--json", TestPackage("hostile"), Write("a.in", "segv\n"), Write("a.out", "x\n"),
                       Write("a.ans", "x\n")});
  EXPECT_EQ(r.exit_code, 3);
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["verdict"], "JE");
  EXPECT_NE(doc["error"].get<std::string>().find("check killed by signal 11 (SIGSEGV)"), std::string::npos)
      << r.out;
}

TEST_F(PluginCommandsTest, CheckWithABuiltinChecker) {
  const std::string builtin = TestPackage("builtin");  // checker: tokens, no plugin
  std::string in = Write("a.in", "whatever\n");
  RunResult ac = Judge({"check", builtin, in, Write("a.out", "1   2\n"), Write("a.ans", "1 2\n")});
  EXPECT_EQ(ac.exit_code, 0) << ac.err;
  RunResult wa = Judge({"check", builtin, in, Write("b.out", "1 3\n"), dir_.Path("a.ans")});
  EXPECT_EQ(wa.exit_code, 1) << wa.err;
  RunResult no_answer = Judge({"check", builtin, in, dir_.Path("a.out")});
  EXPECT_EQ(no_answer.exit_code, 3);
  EXPECT_NE(no_answer.err.find("expected an <answer> file"), std::string::npos) << no_answer.err;
}

TEST_F(PluginCommandsTest, ValidateExitCodes) {
  RunResult valid = Judge({"validate", sum_, Write("ok.in", "-5 7\n")});
  EXPECT_EQ(valid.exit_code, 0) << valid.err;
  EXPECT_EQ(valid.err, "");
  std::string bad = Write("bad.in", "-5 x\n");
  RunResult invalid = Judge({"validate", sum_, bad});
  EXPECT_EQ(invalid.exit_code, 1);
  EXPECT_EQ(invalid.err, bad + ": invalid: token 2: expected an integer in [-10^9, 10^9], found 'x'\n");
  RunResult json = Judge({"validate", "--json", sum_, bad});
  EXPECT_EQ(json.exit_code, 1);
  auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["valid"], false);
  EXPECT_EQ(doc["message"], "token 2: expected an integer in [-10^9, 10^9], found 'x'");
  RunResult crash = Judge({"validate", TestPackage("hostile"), Write("h.in", "abort\n")});
  EXPECT_EQ(crash.exit_code, 3);
  EXPECT_NE(crash.err.find("validate killed by signal 6 (SIGABRT)"), std::string::npos) << crash.err;
}

TEST_F(PluginCommandsTest, GenerateIsReproducibleAndValid) {
  RunResult a = Judge({"generate", sum_, "--seed", "77", "--param", "max=1000"});
  RunResult b = Judge({"generate", sum_, "--seed", "77", "--param", "max=1000"});
  EXPECT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  RunResult valid = Judge({"validate", sum_, Write("gen.in", a.out)});
  EXPECT_EQ(valid.exit_code, 0) << valid.err;
  RunResult zero = Judge({"generate", sum_, "--seed", "5", "--param", "max=0"});
  EXPECT_EQ(zero.out, "0 0\n");
  RunResult json = Judge({"generate", "--json", sum_, "--seed", "77", "--param", "max=1000"});
  auto doc = nlohmann::json::parse(json.out);
  EXPECT_EQ(doc["input"], a.out);
  EXPECT_EQ(doc["seed"], 77);
}

TEST_F(PluginCommandsTest, BadGeneratorParametersAreUsageErrors) {
  RunResult unknown = Judge({"generate", sum_, "--seed", "1", "--param", "size=3"});
  EXPECT_EQ(unknown.exit_code, 64);
  EXPECT_EQ(unknown.err, "judge generate: invalid generator parameters: unknown option 'size' (known: max)\n");
  RunResult malformed = Judge({"generate", sum_, "--seed", "1", "--param", "max"});
  EXPECT_EQ(malformed.exit_code, 64);
  EXPECT_EQ(malformed.err, "judge generate: --param: expected KEY=VALUE, found 'max'\n");
  RunResult no_seed = Judge({"generate", sum_});
  EXPECT_EQ(no_seed.exit_code, 64);
}

TEST_F(PluginCommandsTest, CrashingGeneratorIsAJudgeError) {
  RunResult r = Judge({"generate", TestPackage("hostile"), "--seed", "1", "--param", "mode=segv"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("plugin 'test-hostile'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("generate killed by signal 11 (SIGSEGV)"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace judge
