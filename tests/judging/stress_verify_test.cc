// stress and verify with fakes: a scripted plugin (generate/solve/validate) and a fake
// sandbox whose "program" is chosen by the binary's bytes.
#include <gtest/gtest.h>

#include "fakes.h"
#include "judge/judging/pipeline.h"
#include "judge/judging/stress.h"
#include "judge/judging/verify.h"

namespace judge {
namespace {

using testing::FakePluginCaller;
using testing::FakeSandbox;
using testing::Made;
using testing::Ok;
using testing::ReadFile;
using testing::Refused;
using testing::TempDir;
using testing::WriteFile;

int CountLines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// Generator: cases=N (default 8) lines "x"; any other parameter is refused.
Result<PluginOutput> Generate(uint64_t seed, std::string_view params) {
  int cases = 8;
  std::string p(params);
  std::size_t start = 0;
  while (start < p.size()) {
    std::size_t end = p.find('\n', start);
    if (end == std::string::npos) end = p.size();
    std::string line = p.substr(start, end - start);
    if (line.rfind("cases=", 0) == 0)
      cases = std::stoi(line.substr(6));
    else if (!line.empty())
      return Refused("invalid generator parameters: unknown parameter '" + line + "'");
    start = end + 1;
  }
  std::string out;
  for (int i = 0; i < cases; ++i) out += (seed % 2 ? "y\n" : "x\n");
  return Made(out);
}

// Counts the lines, but wrongly from 5 lines on.
RunResult Counter(const RunSpec& spec, std::string* out) {
  int n = CountLines(ReadFile(spec.stdin_path));
  *out = std::to_string(n >= 5 ? n + 1 : n) + "\n";
  return Ok();
}

// A package with a scripted plugin, and the "counter" program compiled by the
// pipeline (a binary: no compiler runs).
struct StressWorld {
  TempDir dir;
  Package pkg;
  FakePluginCaller* plugin = nullptr;
  FakeSandbox sandbox{Counter};
  std::unique_ptr<Pipeline> pipeline;
  std::unique_ptr<CompiledProgram> program;
  StressWorld() {
    auto p = std::make_unique<FakePluginCaller>();
    plugin = p.get();
    plugin->generate = Generate;
    plugin->solve = [](std::string_view in) -> Result<PluginOutput> {
      return Made(std::to_string(CountLines(std::string(in))) + "\n");
    };
    pkg.plugin = std::move(p);
    pkg.problem.id = "count";
    pkg.problem.checker = CheckerKind::kTokens;
    pkg.checker = MakeBuiltinChecker(pkg.problem);
    PipelineOptions options;
    options.context.scratch_root = dir.Mkdir("scratch");
    pipeline = std::make_unique<Pipeline>(options);
    program = pipeline->Compile(pkg, NewSubmission{"counter", "counter", "counter", BinaryProfile()}, &sandbox).value();
  }
  Result<StressReport> Run(const StressOptions& opt) { return Stress(pkg, pipeline.get(), *program, &sandbox, opt); }
};

TEST(Stress, FindsTheFirstFailureAndShrinksItsParameters) {
  StressWorld w;
  StressOptions opt;
  opt.count = 10;
  opt.seed = 100;
  opt.params = {{"cases", "3"}};
  // With 3 cases every run passes.
  auto passing = w.Run(opt);
  ASSERT_TRUE(passing.ok()) << passing.status().message();
  EXPECT_EQ(passing->runs, 10);
  EXPECT_FALSE(passing->failure.has_value());
  // With 40 the first run fails; shrinking finds the smallest failing size, 5.
  opt.params = {{"cases", "40"}};
  auto failing = w.Run(opt);
  ASSERT_TRUE(failing.ok()) << failing.status().message();
  EXPECT_EQ(failing->runs, 1);
  ASSERT_TRUE(failing->failure.has_value());
  EXPECT_EQ(failing->failure->seed, 100u);
  EXPECT_EQ(failing->failure->outcome.verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(CountLines(failing->failure->input), 40);
  ASSERT_TRUE(failing->smallest.has_value());
  EXPECT_EQ(CountLines(failing->smallest->input), 5);
  EXPECT_EQ(failing->smallest->params, (StressParams{{"cases", "5"}}));
  EXPECT_EQ(failing->smallest->answer, "5\n");
  EXPECT_EQ(failing->smallest->output, "6\n");
  EXPECT_GT(failing->shrink_runs, 0);
  EXPECT_LE(failing->shrink_runs, opt.shrink_budget);
}

TEST(Stress, TheShrinkBudgetIsRespected) {
  StressWorld w;
  StressOptions opt;
  opt.count = 1;
  opt.params = {{"cases", "1000"}};
  opt.shrink_budget = 2;
  auto r = w.Run(opt);
  ASSERT_TRUE(r.ok());
  EXPECT_LE(r->shrink_runs, 2);
  ASSERT_TRUE(r->smallest.has_value());
}

TEST(Stress, PluginFailuresAreTheJudgesNotVerdicts) {
  StressWorld w;
  w.plugin->solve = [](std::string_view) -> Result<PluginOutput> {
    return Status::Internal("plugin 'fake' (fake.so): solve killed by SIGSEGV");
  };
  StressOptions opt;
  opt.count = 3;
  auto r = w.Run(opt);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("SIGSEGV"), std::string::npos);
  opt.params = {{"colour", "red"}};
  w.plugin->solve = [](std::string_view) -> Result<PluginOutput> { return Made("1\n"); };
  auto bad_param = w.Run(opt);
  ASSERT_FALSE(bad_param.ok());
  EXPECT_NE(bad_param.status().message().find("colour"), std::string::npos);
}

// While shrinking, parameters the generator refuses are skipped; a generator that
// fails is the judge's failure even when its Status says InvalidArgument.
TEST(Stress, OnlyARefusalIsSkippedWhileShrinking) {
  // Below 20 cases the generator refuses (or, the second time, fails).
  auto generator = [](bool refuse) {
    return [refuse](uint64_t seed, std::string_view params) -> Result<PluginOutput> {
      Result<PluginOutput> made = Generate(seed, params);
      if (!made.ok() || made->refused || CountLines(made->output) >= 20) return made;
      if (refuse) return Refused("invalid generator parameters: expected at least 20 cases");
      return Status::InvalidArgument("plugin 'fake' (fake.so): generate: broken");
    };
  };
  StressWorld w;
  StressOptions opt;
  opt.count = 1;
  opt.params = {{"cases", "40"}};
  w.plugin->generate = generator(true);
  auto refused = w.Run(opt);
  ASSERT_TRUE(refused.ok()) << refused.status().message();
  ASSERT_TRUE(refused->smallest.has_value());
  EXPECT_GT(refused->shrink_runs, 0);
  EXPECT_GE(CountLines(refused->smallest->input), 20) << "refused parameters were never a case";
  w.plugin->generate = generator(false);
  auto failed = w.Run(opt);
  ASSERT_FALSE(failed.ok()) << "a generator failing while shrinking is not a refusal";
  EXPECT_NE(failed.status().message().find("broken"), std::string::npos) << failed.status().message();
}

TEST(Verify, ReportsEveryKindOfInconsistency) {
  TempDir dir;
  Package ctx;
  auto plugin = std::make_unique<FakePluginCaller>();
  plugin->validate = [](std::string_view in) -> Result<ValidateOutcome> {
    if (in.find('!') != std::string_view::npos) return ValidateOutcome{false, "'!' is not allowed"};
    return ValidateOutcome{true, ""};
  };
  plugin->solve = [](std::string_view in) -> Result<PluginOutput> {
    if (in.find('?') != std::string_view::npos) return Status::Internal("plugin 'fake': solve aborted");
    // A failure whose code is InvalidArgument is still a failure, not a refusal.
    if (in.find('%') != std::string_view::npos) return Status::InvalidArgument("plugin 'fake': broken");
    if (in.find('#') != std::string_view::npos) return Refused("invalid input: '#' is not legal");
    return Made(std::to_string(CountLines(std::string(in))) + "\n");
  };
  ctx.plugin = std::move(plugin);
  ctx.problem.dir = dir.path();
  ctx.problem.id = "count";
  ctx.problem.checker = CheckerKind::kTokens;
  ctx.checker = MakeBuiltinChecker(ctx.problem);
  auto add_test = [&](const std::string& name, const std::string& in, const std::string& ans) {
    std::string d = dir.Mkdir("data");
    TestCase t;
    t.name = "secret/" + name;
    t.group = "secret";
    t.input_path = d + "/" + name + ".in";
    WriteFile(t.input_path, in);
    if (!ans.empty()) {
      t.answer_path = d + "/" + name + ".ans";
      WriteFile(t.answer_path, ans);
    }
    ctx.tests.push_back(t);
  };
  add_test("good", "a\nb\n", "2\n");
  add_test("invalid", "a!\n", "1\n");
  add_test("wrong-ans", "a\n", "7\n");
  add_test("no-ans", "a\n", "");
  add_test("crash", "?\n", "1\n");
  add_test("refused", "#\n", "1\n");
  add_test("broken", "%\n", "1\n");
  dir.Mkdir("submissions");
  dir.Mkdir("submissions/accepted");
  dir.Mkdir("submissions/wrong_answer");
  dir.Mkdir("submissions/sometimes");
  // Programs (an ELF header makes a file without a source extension a binary).
  const std::string counter = "\x7f" "ELF counter";
  WriteFile(dir.path() + "/submissions/accepted/count", counter);
  WriteFile(dir.path() + "/submissions/wrong_answer/really_count", counter);
  WriteFile(dir.path() + "/submissions/sometimes/x", counter);
  WriteFile(dir.path() + "/submissions/accepted/notes.txt", "not a program");
  WriteFile(dir.path() + "/submissions/accepted/named", counter);
  WriteFile(dir.path() + "/submissions/submissions.yaml", "accepted/named:\n  language: nosuch\n");
  // The fake program counts lines (right on every test of this package).
  RunResult (*count)(const RunSpec&, std::string*) = [](const RunSpec& spec, std::string* out) {
    *out = std::to_string(CountLines(ReadFile(spec.stdin_path))) + "\n";
    return Ok();
  };
  PipelineOptions popt;
  popt.context.scratch_root = dir.Mkdir("scratch");
  popt.jobs = 2;
  popt.context.sandboxes = [&]() -> Result<std::unique_ptr<Sandbox>> {
    return std::unique_ptr<Sandbox>(std::make_unique<FakeSandbox>(count));
  };
  LanguageSet languages;
  popt.context.languages = &languages;
  Pipeline pipeline(popt);
  std::vector<std::string> seen;
  VerifyOptions opt;
  opt.on_check = [&](const VerifyCheck& c) { seen.push_back(c.kind + " " + c.subject); };
  auto r = VerifyPackage(ctx, &pipeline, opt);
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto find = [&](const std::string& kind, const std::string& subject) -> const VerifyCheck* {
    for (const auto& c : r->checks)
      if (c.kind == kind && c.subject == subject) return &c;
    return nullptr;
  };
  ASSERT_NE(find("validate", "secret/good"), nullptr);
  EXPECT_TRUE(find("validate", "secret/good")->ok);
  EXPECT_TRUE(find("answer", "secret/good")->ok);
  EXPECT_FALSE(find("validate", "secret/invalid")->ok);
  EXPECT_EQ(find("validate", "secret/invalid")->message, "'!' is not allowed");
  EXPECT_FALSE(find("answer", "secret/wrong-ans")->ok);
  EXPECT_EQ(find("answer", "secret/wrong-ans")->found, "WA");
  EXPECT_FALSE(find("answer", "secret/no-ans")->ok);
  EXPECT_FALSE(find("answer", "secret/crash")->ok);
  EXPECT_TRUE(find("answer", "secret/crash")->judge_error);
  // The solver refusing an input is an outcome (the input is invalid), a solver that
  // fails is the judge's error, whatever code its Status has.
  ASSERT_NE(find("answer", "secret/refused"), nullptr);
  EXPECT_FALSE(find("answer", "secret/refused")->ok);
  EXPECT_FALSE(find("answer", "secret/refused")->judge_error);
  EXPECT_EQ(find("answer", "secret/refused")->found, "invalid input");
  EXPECT_EQ(find("answer", "secret/refused")->message, "reference solver: invalid input: '#' is not legal");
  ASSERT_NE(find("answer", "secret/broken"), nullptr);
  EXPECT_TRUE(find("answer", "secret/broken")->judge_error);
  EXPECT_EQ(find("answer", "secret/broken")->found, "JE");
  // The line counter is right, but secret/wrong-ans has a wrong .ans: it gets WA
  // there (the first failure), so the accepted folder does not hold and the
  // wrong_answer one does.
  const VerifyCheck* accepted = find("submission", "accepted/count");
  ASSERT_NE(accepted, nullptr);
  EXPECT_FALSE(accepted->ok);
  EXPECT_EQ(accepted->expected, "AC");
  EXPECT_EQ(accepted->found, "WA");
  EXPECT_NE(accepted->message.find("secret/wrong-ans"), std::string::npos) << accepted->message;
  const VerifyCheck* wrong = find("submission", "wrong_answer/really_count");
  ASSERT_NE(wrong, nullptr);
  EXPECT_TRUE(wrong->ok);
  EXPECT_EQ(wrong->expected, "WA");
  // A folder that names no verdict is listed, not checked (as problemtools does).
  const VerifyCheck* odd = find("submission", "sometimes/x");
  ASSERT_NE(odd, nullptr);
  EXPECT_TRUE(odd->ok);
  EXPECT_EQ(odd->found, "skipped");
  EXPECT_NE(odd->message.find("sometimes"), std::string::npos);
  // An unknown language is skipped with the reason, never a failure of the package.
  const VerifyCheck* notes = find("submission", "accepted/notes.txt");
  ASSERT_NE(notes, nullptr);
  EXPECT_TRUE(notes->ok);
  EXPECT_FALSE(notes->judge_error);
  EXPECT_EQ(notes->found, "skipped");
  EXPECT_EQ(notes->message.rfind("unknown language: ", 0), 0u) << notes->message;
  // A language named that no profile defines is the package's fault: a failed check,
  // not a judge error.
  const VerifyCheck* named = find("submission", "accepted/named");
  ASSERT_NE(named, nullptr);
  EXPECT_FALSE(named->ok);
  EXPECT_FALSE(named->judge_error);
  EXPECT_EQ(named->found, "-");
  EXPECT_EQ(named->message.rfind("unknown language \"nosuch\"", 0), 0u) << named->message;
  EXPECT_FALSE(r->consistent());
  EXPECT_TRUE(r->judge_error());
  EXPECT_EQ(seen.size(), r->checks.size());  // every check reported as it was made
}

}  // namespace
}  // namespace judge
