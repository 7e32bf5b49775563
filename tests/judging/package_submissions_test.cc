// The example submissions as the other tools name them (folders, @EXPECTED_RESULTS@,
// submissions.yaml globs), the Kattis time limit rule, and the pipeline compiling a
// folder submission with the package's include/ files (a fake sandbox).
#include "judge/judging/package_submissions.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <utility>

#include "fakes.h"
#include "judge/base/files.h"
#include "judge/config/submissions_yaml.h"
#include "judge/judging/package_loader.h"
#include "judge/judging/time_limit.h"

namespace judge {
namespace {

using testing::FakeSandbox;
using testing::Ok;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

std::set<Verdict> Allowed(const std::string& folder) {
  std::optional<Expectation> e = FolderExpectation(folder);
  return e ? e->allowed : std::set<Verdict>{};
}

TEST(PackageSubmissions, FolderNamesOfEveryTool) {
  using V = Verdict;
  EXPECT_EQ(Allowed("accepted"), std::set<V>{V::kAccepted});
  EXPECT_EQ(Allowed("wrong_answer"), std::set<V>{V::kWrongAnswer});
  EXPECT_EQ(Allowed("no_output"), std::set<V>{V::kWrongAnswer});
  EXPECT_EQ(Allowed("time_limit_exceeded"), std::set<V>{V::kTimeLimitExceeded});
  EXPECT_EQ(Allowed("run_time_error"), std::set<V>{V::kRuntimeError});
  EXPECT_EQ(Allowed("memory_limit_exceeded"), std::set<V>{V::kMemoryLimitExceeded});
  EXPECT_EQ(Allowed("output_limit_exceeded"), std::set<V>{V::kOutputLimitExceeded});
  EXPECT_EQ(Allowed("output_limit"), std::set<V>{V::kOutputLimitExceeded});
  EXPECT_EQ(Allowed("presentation_error"), std::set<V>{V::kPresentationError});
  EXPECT_EQ(Allowed("compile_error"), std::set<V>{V::kCompileError});
  EXPECT_EQ(Allowed("compiler_error"), std::set<V>{V::kCompileError});
  EXPECT_EQ(Allowed("rejected").count(V::kAccepted), 0u);
  EXPECT_EQ(Allowed("rejected").size(), 7u);  // any rejection, a compile error too
  EXPECT_EQ(Allowed("rejected").count(V::kCompileError), 1u);
  EXPECT_TRUE(FolderExpectation("partially_accepted")->partial);
  EXPECT_TRUE(FolderExpectation("slow_accepted")->slow);
  EXPECT_TRUE(FolderExpectation("check_manually")->check_manually);
  EXPECT_FALSE(FolderExpectation("mixed").has_value());
}

TEST(PackageSubmissions, ExpectedResultsMarker) {
  auto e = ExpectedResultsMarker("// @EXPECTED_RESULTS@: CORRECT, TIMELIMIT,run-error\nint main(){}\n");
  ASSERT_TRUE(e.ok()) << e.status().message();
  ASSERT_TRUE(e->has_value());
  EXPECT_EQ((*e)->allowed,
            (std::set<Verdict>{Verdict::kAccepted, Verdict::kTimeLimitExceeded, Verdict::kRuntimeError}));
  auto c = ExpectedResultsMarker("/* @EXPECTED_RESULTS@: WRONG_ANSWER NO-OUTPUT */");
  ASSERT_TRUE(c.ok() && c->has_value());
  EXPECT_EQ((*c)->allowed, std::set<Verdict>{Verdict::kWrongAnswer});
  auto manual = ExpectedResultsMarker("# @EXPECTED_RESULTS@: CHECK-MANUALLY\n");
  ASSERT_TRUE(manual.ok() && manual->has_value());
  EXPECT_TRUE((*manual)->check_manually);
  auto none = ExpectedResultsMarker("print(1)\n");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
  // Names this judge never gives are left out; a tag of only such names leaves the
  // submission unchecked, saying why.
  auto some = ExpectedResultsMarker("# @EXPECTED_RESULTS@: ACCEPTED, SOMETIMES\n");
  ASSERT_TRUE(some.ok() && some->has_value());
  EXPECT_EQ((*some)->allowed, std::set<Verdict>{Verdict::kAccepted});
  auto only = ExpectedResultsMarker("@EXPECTED_RESULTS@: NONE-INVALID-SUBMISSION\n");
  ASSERT_TRUE(only.ok() && only->has_value());
  EXPECT_EQ((*only)->not_checked, "@EXPECTED_RESULTS@: NONE-INVALID-SUBMISSION: no result this judge gives");
  // DOMjudge: twice is refused; @EXPECTED_SCORE@ is a score, or verdicts when it names them.
  EXPECT_FALSE(ExpectedResultsMarker("@EXPECTED_RESULTS@: CORRECT\n@EXPECTED_RESULTS@: CORRECT\n").ok());
  auto score = ExpectedResultsMarker("# @EXPECTED_RESULTS@: WRONG-ANSWER\n# @EXPECTED_SCORE@: 75.5\n");
  ASSERT_TRUE(score.ok() && score->has_value());
  EXPECT_EQ((*score)->allowed, std::set<Verdict>{Verdict::kWrongAnswer});
  ASSERT_TRUE((*score)->score.has_value());
  EXPECT_LT((*score)->score->first, 75.5);
  EXPECT_GT((*score)->score->second, 75.5);
  EXPECT_LT((*score)->score->second - (*score)->score->first, 1e-3);
  auto as_results = ExpectedResultsMarker("@EXPECTED_SCORE@: CORRECT\n");
  ASSERT_TRUE(as_results.ok() && as_results->has_value());
  EXPECT_EQ((*as_results)->allowed, std::set<Verdict>{Verdict::kAccepted});
  EXPECT_FALSE((*as_results)->score.has_value());
}

TEST(PackageSubmissions, Globs) {
  EXPECT_TRUE(SubmissionGlobMatches("accepted", "accepted/a.py"));
  EXPECT_TRUE(SubmissionGlobMatches("accepted/", "accepted/a.py"));
  EXPECT_TRUE(SubmissionGlobMatches("accepted/*", "accepted/a.py"));
  EXPECT_TRUE(SubmissionGlobMatches("*/a.py", "wrong_answer/a.py"));
  EXPECT_TRUE(SubmissionGlobMatches("accepted/{a,b}.py", "accepted/b.py"));
  // Spaces around a brace's alternatives are not part of them (BAPCtools' testexpectations).
  EXPECT_TRUE(SubmissionGlobMatches("secret/*{ 4 }{ 2 }", "secret/42"));
  EXPECT_TRUE(SubmissionGlobMatches("accepted/{ a , b }.py", "accepted/b.py"));
  EXPECT_FALSE(SubmissionGlobMatches("secret/*{ 4 }{ 2 }", "secret/4 2"));
  EXPECT_TRUE(SubmissionGlobMatches("accepted/multi", "accepted/multi/main.cpp"));
  EXPECT_FALSE(SubmissionGlobMatches("accepted/a*", "wrong_answer/a.py"));
  EXPECT_TRUE(SubmissionGlobMatches("*", "x"));
  EXPECT_FALSE(SubmissionGlobMatches("a*/b", "x/b"));
  EXPECT_FALSE(SubmissionGlobMatches("accepted/*.cpp", "accepted/a.py"));
  EXPECT_FALSE(SubmissionGlobMatches("accepted/a.py", "accepted"));
}

class PackageDir : public ::testing::Test {
 protected:
  std::string Write(const std::string& rel, const std::string& text) {
    if (rel.find('/') != std::string::npos) {
      std::error_code ec;
      std::filesystem::create_directories(dir_.path() + "/" + rel.substr(0, rel.rfind('/')), ec);
      EXPECT_FALSE(ec) << ec.message();
    }
    WriteFile(dir_.path() + "/" + rel, text);
    return dir_.path() + "/" + rel;
  }
  TempDir dir_;
};

TEST_F(PackageDir, ListsFilesFoldersLinksMarkersAndRules) {
  Write("submissions/accepted/a.py", "print(1)\n");
  Write("submissions/accepted/multi/main.cpp", "int main(){}\n");
  Write("submissions/accepted/multi/util.h", "\n");
  Write("submissions/mixed/m.py", "# @EXPECTED_RESULTS@: ACCEPTED, TIME_LIMIT_EXCEEDED\n");
  Write("submissions/mixed/nothing.py", "\n");
  Write("submissions/wrong_answer/w.py", "\n");
  Write("submissions/submissions.yaml", "wrong_answer/w.py:\n  permitted: [AC, WA]\n  required: [WA]\n"
                                        "  message: too small\n  entrypoint: w\n");
  ASSERT_EQ(symlink("../accepted/a.py", (dir_.path() + "/submissions/wrong_answer/link.py").c_str()), 0);
  auto subs = ListPackageSubmissions(dir_.path());
  ASSERT_TRUE(subs.ok()) << subs.status().message();
  std::vector<std::string> subjects;
  for (const auto& s : *subs) subjects.push_back(s.subject);
  EXPECT_EQ(subjects, (std::vector<std::string>{"accepted/a.py", "accepted/multi/", "mixed/m.py", "mixed/nothing.py",
                                                "wrong_answer/link.py", "wrong_answer/w.py"}));
  EXPECT_TRUE((*subs)[1].is_folder);
  EXPECT_EQ((*subs)[2].expected->allowed, (std::set<Verdict>{Verdict::kAccepted, Verdict::kTimeLimitExceeded}));
  EXPECT_FALSE((*subs)[3].expected.has_value());  // a folder naming no verdict, no marker
  const Expectation& w = *(*subs)[5].expected;
  EXPECT_EQ(w.allowed, std::set<Verdict>{Verdict::kWrongAnswer});
  ASSERT_EQ(w.requirements.size(), 1u);
  EXPECT_EQ(*w.requirements[0].permitted, (std::set<Verdict>{Verdict::kAccepted, Verdict::kWrongAnswer}));
  EXPECT_EQ(*w.requirements[0].required, std::set<Verdict>{Verdict::kWrongAnswer});
  EXPECT_EQ(w.requirements[0].message, "too small");
  EXPECT_EQ(w.requirements[0].tests, "");
  EXPECT_TRUE(w.per_test());
  EXPECT_EQ(w.entrypoint, "w");
  EXPECT_EQ((*subs)[5].problem, "");

  // A link leading out of the package is refused.
  TempDir outside;
  WriteFile(outside.path() + "/x.py", "\n");
  ASSERT_EQ(symlink((outside.path() + "/x.py").c_str(), (dir_.path() + "/submissions/accepted/x.py").c_str()), 0);
  auto out = ListPackageSubmissions(dir_.path());
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), dir_.path() + "/submissions/accepted/x.py: expected a submission inside the "
                                                  "package, found a link leading out");
}

// Reading a package's submissions: what is not judged here is an outcome with its
// reason (skipped: this host lacks the language; refused: the package's fault), never a
// Status, which is kept for the judge failing to read.
TEST_F(PackageDir, SubmissionsNotJudgedAreOutcomesWithTheirReason) {
  Write("submissions/accepted/ok.src", "x\n");
  Write("submissions/accepted/empty.src", "");
  Write("submissions/accepted/what.xyz", "x\n");
  Write("submissions/accepted/gone.tool", "x\n");
  Write("submissions/accepted/named.src", "x\n");
  Write("submissions/accepted/two/a.src", "x\n");
  Write("submissions/accepted/two/b.tool", "x\n");
  Write("submissions/accepted/entry/a.src", "x\n");
  Write("submissions/submissions.yaml", "accepted/named.src:\n  language: nosuch\n"
                                        "accepted/entry:\n  entrypoint: main\n");
  LanguageSet languages;
  LanguageProfile src;
  src.id = "src";
  src.extensions = {".src"};
  src.source_name = "prog.src";
  src.run = {"/bin/sh", "prog.src"};
  languages.Add(src);
  LanguageProfile tool = src;
  tool.id = "tool";
  tool.extensions = {".tool"};
  tool.requires_tools = {"/nonexistent/tool"};
  languages.Add(tool);
  auto subs = ListPackageSubmissions(dir_.path());
  ASSERT_TRUE(subs.ok()) << subs.status().message();
  std::map<std::string, Result<PackageSubmissionRead>> read;
  for (const auto& s : *subs) read.emplace(s.subject, ReadPackageSubmission(s, languages, dir_.path()));
  using O = PackageSubmissionRead::Outcome;
  auto outcome = [&](const std::string& subject) {
    const auto& r = read.at(subject);
    EXPECT_TRUE(r.ok()) << subject << ": " << r.status().message();
    return r.ok() ? std::make_pair(r->outcome, r->reason) : std::make_pair(O::kRead, std::string("failed"));
  };
  EXPECT_EQ(outcome("accepted/ok.src"), std::make_pair(O::kRead, std::string()));
  EXPECT_EQ(read.at("accepted/ok.src")->submission.source, "x\n");
  EXPECT_EQ(outcome("accepted/empty.src"),
            std::make_pair(O::kRefused, dir_.path() + "/submissions/accepted/empty.src: the submission is empty"));
  EXPECT_EQ(outcome("accepted/what.xyz").first, O::kSkipped);
  EXPECT_NE(outcome("accepted/what.xyz").second.find("unknown language"), std::string::npos);
  EXPECT_EQ(outcome("accepted/gone.tool"),
            std::make_pair(O::kSkipped, std::string("language tool is not available here: /nonexistent/tool not "
                                                    "found or not executable")));
  EXPECT_EQ(outcome("accepted/named.src"),
            std::make_pair(O::kRefused, std::string("unknown language \"nosuch\" (known: src, tool, binary)")));
  EXPECT_EQ(outcome("accepted/two/"),
            std::make_pair(O::kRefused, dir_.path() + "/submissions/accepted/two: expected the files of one language, "
                                                      "found src and tool (name it in submissions.yaml)"));
  EXPECT_EQ(outcome("accepted/entry/").first, O::kRefused);
  EXPECT_NE(outcome("accepted/entry/").second.find("entrypoint \"main\""), std::string::npos);
}

// 2025-09: a rule named like a verdict folder replaces its default, the keys it does not
// give kept from the folder's 2025-09 default; any other glob adds requirements.
TEST_F(PackageDir, ARuleNamedLikeTheFolderReplacesItsDefault) {
  Write("submissions/accepted/wa.py", "\n");
  Write("submissions/time_limit_exceeded/slow.py", "\n");
  Write("submissions/wrong_answer/w.py", "\n");
  Write("submissions/submissions.yaml", "accepted:\n  permitted: [WA]\ntime_limit_exceeded:\n  permitted: [AC, WA, TLE]\n"
                                        "wrong_answer/*:\n  permitted: [WA]\n");
  auto subs = ListPackageSubmissions(dir_.path());
  ASSERT_TRUE(subs.ok()) << subs.status().message();
  ASSERT_EQ(subs->size(), 3u);
  const Expectation& wa = *(*subs)[0].expected;
  EXPECT_EQ(wa.allowed, (std::set<Verdict>{Verdict::kWrongAnswer, Verdict::kPresentationError}));
  ASSERT_EQ(wa.requirements.size(), 1u);
  EXPECT_FALSE(wa.requirements[0].required.has_value());  // accepted has none by default
  const Expectation& tle = *(*subs)[1].expected;
  ASSERT_EQ(tle.requirements.size(), 1u);
  EXPECT_EQ(*tle.requirements[0].required, std::set<Verdict>{Verdict::kTimeLimitExceeded});  // the default's
  EXPECT_EQ(tle.allowed.count(Verdict::kAccepted), 0u);
  EXPECT_EQ(tle.allowed.count(Verdict::kWrongAnswer), 1u);
  const Expectation& w = *(*subs)[2].expected;
  EXPECT_EQ(w.allowed, std::set<Verdict>{Verdict::kWrongAnswer});  // wrong_answer/* adds, the folder stays
}

// Requirements per test group, and use_for_time_limit for the whole submission or a group.
TEST_F(PackageDir, TestGroupRequirementsAndTheTimeLimitUse) {
  Write("submissions/accepted/a.py", "\n");
  Write("submissions/accepted/b.py", "\n");
  Write("submissions/wa/odd.py", "\n");
  Write("submissions/submissions.yaml",
        "accepted/b.py:\n  use_for_time_limit: false\n"
        "wa/odd.py:\n  permitted: [AC, WA]\n  sample:\n    permitted: [AC]\n    use_for_time_limit: lower\n"
        "  secret/{2,4}:\n    use_for_time_limit: upper\n");
  auto subs = ListPackageSubmissions(dir_.path());
  ASSERT_TRUE(subs.ok()) << subs.status().message();
  ASSERT_EQ(subs->size(), 3u);
  EXPECT_TRUE(UsedForTimeLimit((*subs)[0]));
  EXPECT_FALSE(UsedForTimeLimit((*subs)[1]));
  const PackageSubmission& odd = (*subs)[2];
  EXPECT_TRUE(UsedForTimeLimit(odd));
  ASSERT_EQ(odd.expected->requirements.size(), 3u);
  EXPECT_EQ(odd.expected->requirements[1].tests, "sample");
  EXPECT_EQ(*odd.expected->requirements[1].permitted, std::set<Verdict>{Verdict::kAccepted});
  EXPECT_EQ(odd.expected->requirements[2].tests, "secret/{2,4}");
  EXPECT_EQ(*odd.expected->requirements[2].required, std::set<Verdict>{Verdict::kTimeLimitExceeded});
  // The sample bounds the limit from below: its slowest test, not the secret's TLE.
  Judging j;
  j.verdict = Verdict::kTimeLimitExceeded;
  auto add = [&](const std::string& name, Verdict v, int64_t ms) {
    TestResult t;
    t.name = name;
    t.verdict = v;
    t.cpu_ms = ms;
    j.tests.push_back(t);
  };
  add("sample/1", Verdict::kAccepted, 40);
  add("sample/2", Verdict::kWrongAnswer, 70);
  add("secret/2", Verdict::kTimeLimitExceeded, 3000);
  EXPECT_EQ(LowerBoundMs(odd, j), std::optional<int64_t>(70));
  j.tests[0].verdict = Verdict::kTimeLimitExceeded;
  EXPECT_EQ(LowerBoundMs(odd, j), std::nullopt);
}

TEST_F(PackageDir, BadSubmissionsYamlNamesTheFile) {
  Write("submissions/accepted/a.py", "\n");
  Write("submissions/submissions.yaml", "accepted:\n  permitted: AC\n  colour: red\n");
  auto r = ListPackageSubmissions(dir_.path());
  ASSERT_FALSE(r.ok());
  const std::string f = dir_.path() + "/submissions/submissions.yaml: ";
  EXPECT_EQ(r.status().message(), f + "accepted.permitted: expected a list of strings, found \"AC\"\n" + f +
                                      "accepted.colour: unknown key (expected permitted, required, score, message, "
                                      "language, entrypoint, authors, model_solution, use_for_time_limit or a test "
                                      "group)");
}

TEST_F(PackageDir, TheKattisGroupRulesOrOurOwn) {
  Write("problem.yaml", "name: x\nlimits: {time_ms: 1000}\n");
  Write("data/secret/1.in", "1\n");
  Write("data/secret/1.ans", "1\n");
  PackageOptions options;
  options.scratch_root = dir_.path();
  auto plain = LoadPackage(dir_.path(), options);
  ASSERT_TRUE(plain.ok()) << plain.status().message();
  EXPECT_FALSE((*plain)->kattis_groups);
  EXPECT_EQ((*plain)->build_dir, nullptr);  // no programs: no build directory
  Write("data/testdata.yaml", "output_validator_flags: case_sensitive\n");
  auto kattis = LoadPackage(dir_.path(), options);
  ASSERT_TRUE(kattis.ok()) << kattis.status().message();
  EXPECT_TRUE((*kattis)->kattis_groups);
  EXPECT_EQ((*kattis)->checker_name, "default");
  // Our groups keep their rule; the testdata.yaml then only gives flags.
  Write("problem.yaml", "name: x\nlimits: {time_ms: 1000}\ngroups: [{name: secret, points: 1}]\n");
  auto ours = LoadPackage(dir_.path(), options);
  ASSERT_TRUE(ours.ok()) << ours.status().message();
  EXPECT_FALSE((*ours)->kattis_groups);
  EXPECT_EQ((*ours)->test_groups[1].output_validator_flags, std::vector<std::string>{"case_sensitive"});
}

TEST(TimeLimitRule, LegacyRoundsToTheNearestSecondAtLeastOne) {
  TimeLimitRule legacy;  // time_multiplier 5
  EXPECT_EQ(KattisTimeLimitMs(10, legacy), 1000);     // 0.05 s -> at least 1 s
  EXPECT_EQ(KattisTimeLimitMs(290, legacy), 1000);    // 1.45 s -> 1 s
  EXPECT_EQ(KattisTimeLimitMs(300, legacy), 2000);    // 1.5 s -> 2 s
  EXPECT_EQ(KattisTimeLimitMs(1000, legacy), 5000);
}

TEST(TimeLimitRule, Version2023RoundsUpToTheResolution) {
  TimeLimitRule r;
  r.ac_to_time_limit = 2.0;
  r.round_up = true;
  r.resolution_ms = 1000;
  EXPECT_EQ(KattisTimeLimitMs(10, r), 1000);
  EXPECT_EQ(KattisTimeLimitMs(500, r), 1000);   // exactly 1 s
  EXPECT_EQ(KattisTimeLimitMs(501, r), 2000);
  r.resolution_ms = 250;
  EXPECT_EQ(KattisTimeLimitMs(130, r), 500);    // 260 ms -> 500
  EXPECT_EQ(KattisTimeLimitMs(0, r), 250);      // one step at least
}

TEST(PipelineFiles, AFolderAndThePackagesIncludeFilesCompileTogether) {
  TempDir dir;
  Package pkg;
  pkg.problem.dir = dir.path();
  pkg.problem.id = "inc";
  pkg.problem.checker = CheckerKind::kTokens;
  pkg.problem.limits.time_ms = 1000;
  pkg.checker = MakeBuiltinChecker(pkg.problem);
  TestCase t;
  t.name = "secret/1";
  t.group = "secret";
  t.input_path = dir.path() + "/1.in";
  t.answer_path = dir.path() + "/1.ans";
  WriteFile(t.input_path, "x\n");
  WriteFile(t.answer_path, "SRC|LIB-PACKAGE\n");
  pkg.tests.push_back(t);
  // include/<the profile's Kattis code>/: lib.src replaces the submission's own
  // lib.src. The code is the profile's `kattis:` field, never its id.
  pkg.include_files["fakecode"] = {{"lib.src", "LIB-PACKAGE", false}};
  pkg.include_files["fakelang"] = {{"lib.src", "LIB-BY-PROFILE-ID", false}};
  LanguageProfile lang;
  lang.id = "fakelang";
  lang.kattis_code = "fakecode";
  lang.extensions = {".src"};
  lang.source_name = "prog.src";
  lang.compile = {"/bin/sh", "-o", "main", "{source}"};
  lang.run = {"./main"};
  std::vector<std::vector<std::string>> compile_argv;
  PipelineOptions options;
  options.context.scratch_root = dir.Mkdir("scratch");
  options.context.sandboxes = [&compile_argv] {
    return Result<std::unique_ptr<Sandbox>>(std::make_unique<FakeSandbox>(
        [&compile_argv](const RunSpec& spec, std::string* out) {
          if (spec.argv.size() > 1 && spec.argv[1] == "-o") {  // the compiler: the files joined
            compile_argv.push_back(spec.argv);
            std::string joined;
            for (std::size_t i = 3; i < spec.argv.size(); ++i)
              joined += (i > 3 ? "|" : "") + ReadFile(spec.work_dir + "/" + spec.argv[i]);
            WriteFile(spec.work_dir + "/main", joined);
            return Ok();
          }
          *out = ReadFile(spec.work_dir + "/main") + "\n";  // the program prints itself
          return Ok();
        }));
  };
  Pipeline pipeline(options);
  JudgeTask task;
  task.package = &pkg;
  task.fresh = NewSubmission{"folder/", "folder/",
                             EncodeSourceFiles({{"prog.src", "SRC", false}, {"lib.src", "LIB-OWN", false}}), lang};
  auto results = pipeline.JudgeAll({task});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].ok()) << results[0].status().message();
  EXPECT_EQ(results[0]->judging.verdict, Verdict::kAccepted) << results[0]->judging.message;
  ASSERT_EQ(compile_argv.size(), 1u);
  EXPECT_EQ(std::vector<std::string>(compile_argv[0].begin() + 3, compile_argv[0].end()),
            (std::vector<std::string>{"prog.src", "lib.src"}));
  // stress's path builds the same program: the folder and the include files together.
  auto sandbox = options.context.sandboxes();
  ASSERT_TRUE(sandbox.ok());
  auto program = pipeline.Compile(pkg, *task.fresh, sandbox->get());
  ASSERT_TRUE(program.ok()) << program.status().message();
  ASSERT_TRUE((*program)->outcome().ok) << (*program)->outcome().message;
  ASSERT_EQ(compile_argv.size(), 2u);
  EXPECT_EQ(compile_argv[1], compile_argv[0]);
  auto report = pipeline.RunTests(**program, pkg, pkg.problem, pkg.tests, sandbox->get(), 0);
  ASSERT_TRUE(report.ok()) << report.status().message();
  EXPECT_EQ(report->verdict, Verdict::kAccepted);
  // Over the problem's code limit: CE on both paths, nothing compiled.
  pkg.problem.code_kib = 0;
  results = pipeline.JudgeAll({task});
  ASSERT_TRUE(results[0].ok());
  EXPECT_EQ(results[0]->judging.verdict, Verdict::kCompileError);
  EXPECT_EQ(results[0]->judging.message, "the submission is 1 KiB, over the problem's code limit of 0 KiB");
  program = pipeline.Compile(pkg, *task.fresh, sandbox->get());
  ASSERT_TRUE(program.ok());
  EXPECT_FALSE((*program)->outcome().ok);
  EXPECT_EQ((*program)->outcome().message, "the submission is 1 KiB, over the problem's code limit of 0 KiB");
  EXPECT_EQ(compile_argv.size(), 2u);
}

// A task's own limits replace the package's for that judging (the time-limit
// inference judges with a generous limit); the package is left as it is.
TEST(PipelineLimits, ATasksLimitsAreAppliedAndThePackageIsUnchanged) {
  TempDir dir;
  Package pkg;
  pkg.problem.dir = dir.path();
  pkg.problem.id = "lim";
  pkg.problem.checker = CheckerKind::kTokens;
  pkg.problem.limits.time_ms = 0;  // to be inferred: judging it as it is is an error
  pkg.checker = MakeBuiltinChecker(pkg.problem);
  PipelineOptions options;
  options.context.scratch_root = dir.Mkdir("scratch");
  options.context.sandboxes = [] {
    return Result<std::unique_ptr<Sandbox>>(std::make_unique<FakeSandbox>(
        [](const RunSpec&, std::string*) { return Ok(); }));
  };
  Pipeline pipeline(options);
  JudgeTask task;
  task.package = &pkg;
  task.fresh = NewSubmission{"a", "a", "\x7f" "ELF", BinaryProfile()};
  auto results = pipeline.JudgeAll({task});
  ASSERT_FALSE(results[0].ok());
  EXPECT_NE(results[0].status().message().find("no time limit"), std::string::npos);
  task.limits = WithTimeLimit(pkg.problem.limits, 60000);
  results = pipeline.JudgeAll({task});
  ASSERT_TRUE(results[0].ok()) << results[0].status().message();
  EXPECT_EQ(results[0]->judging.limits.time_ms, 60000);
  EXPECT_EQ(results[0]->judging.limits.wall_ms, 600000);
  EXPECT_EQ(pkg.problem.limits.time_ms, 0);
}

// The loader resolves a package's missing time limit from the cache (as grade, the
// service and rejudge get it), derives the wall limit, and leaves it unresolved only
// when asked to (verify).
TEST(PackageLoaderTest, AMissingTimeLimitComesFromTheCacheWithItsWallLimit) {
  TempDir dir;
  const std::string pkg_dir = dir.Mkdir("sum");
  ASSERT_TRUE(fs::MakeDirs(pkg_dir + "/data/secret").ok());
  ASSERT_TRUE(fs::MakeDirs(pkg_dir + "/submissions/accepted").ok());
  WriteFile(pkg_dir + "/problem.yaml", "name: Sum without a limit\n");
  WriteFile(pkg_dir + "/data/secret/1.in", "2 3\n");
  WriteFile(pkg_dir + "/data/secret/1.ans", "5\n");
  WriteFile(pkg_dir + "/submissions/accepted/sum.py", "print(sum(map(int, input().split())))\n");
  LanguageSet languages;  // none needed: the limit is in the cache
  PipelineOptions popt;
  popt.context.languages = &languages;
  popt.context.cache_dir = dir.Mkdir("cache");
  Pipeline pipeline(popt);
  PackageLoaderOptions lopt;
  lopt.isolate_plugin = false;
  lopt.resolve_time_limit = false;
  auto raw = PackageLoader(&pipeline, lopt).Load(pkg_dir);
  ASSERT_TRUE(raw.ok()) << raw.status().message();
  EXPECT_EQ((*raw)->problem.limits.time_ms, 0);
  auto subs = ListPackageSubmissions(pkg_dir);
  ASSERT_TRUE(subs.ok());
  auto key = TimeLimitCacheKey(**raw, *subs);
  ASSERT_TRUE(key.ok());
  StoreInferredTimeLimit(popt.context.cache_dir, *key, 3000);
  lopt.resolve_time_limit = true;
  std::string note;
  auto ready = PackageLoader(&pipeline, lopt).Load(pkg_dir, &note);
  ASSERT_TRUE(ready.ok()) << ready.status().message();
  EXPECT_EQ((*ready)->problem.limits.time_ms, 3000);
  EXPECT_EQ((*ready)->problem.limits.wall_ms, DefaultWallMs(3000));
  EXPECT_EQ(note, "time limit 3000 ms, inferred earlier from the accepted submissions");
}

}  // namespace
}  // namespace judge
