// problem.yaml in the Kattis vocabularies (legacy and 2023-07) and DOMjudge's files,
// beside this judge's keys: units, defaults, the time limit's source, the checker
// settled from validation and the package's folders, every error of a file at once;
// and the test data tree: testdata.yaml, nested groups, links, .interaction samples.
#include <gtest/gtest.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "judge/config/problem.h"
#include "support/temp_dir.h"

namespace judge {
namespace {

using testing_support::TempDir;

class KattisConfigTest : public ::testing::Test {
 protected:
  Result<ProblemConfig> Load(const std::string& yaml) {
    tmp_.Write("pkg/problem.yaml", yaml);
    return LoadProblemConfig(Dir());
  }
  std::string Dir() const { return tmp_.path() + "/pkg"; }
  std::string File() const { return Dir() + "/problem.yaml"; }
  TempDir tmp_;
};

TEST_F(KattisConfigTest, LegacyKeysAndUnits) {
  auto r = Load(R"(
name: Hello
author: Someone and Someone Else
source: NCPC 2015
source_url: https://example.invalid
license: cc by-sa
rights_owner: Us
keywords: easy strings
type: scoring
grading:
  objective: min
  show_test_data_groups: true
validation: custom score
validator_flags: case_sensitive float_tolerance 1e-4
limits:
  time_multiplier: 3
  time_safety_margin: 1.5
  memory: 512
  output: 16
  code: 64
  compilation_time: 30
  compilation_memory: 1024
  validation_time: 10
  validation_memory: 256
  validation_output: 4
)");
  tmp_.Write("pkg/output_validators/check/check.cpp", "int main() { return 42; }");
  r = LoadProblemConfig(Dir());
  ASSERT_TRUE(r.ok()) << r.status().message();
  const ProblemConfig& c = *r;
  EXPECT_EQ(c.name, "Hello");
  EXPECT_TRUE(c.scoring);
  EXPECT_TRUE(c.custom_score);
  EXPECT_TRUE(c.objective_min);
  EXPECT_EQ(c.validator_flags, (std::vector<std::string>{"case_sensitive", "float_tolerance", "1e-4"}));
  EXPECT_EQ(c.limits.memory_kib, 512 * 1024);
  EXPECT_EQ(c.limits.output_kib, 16 * 1024);
  ASSERT_TRUE(c.code_kib.has_value());
  EXPECT_EQ(*c.code_kib, 64);
  EXPECT_EQ(c.tool_limits.compile_time_ms, 30000);
  EXPECT_EQ(c.tool_limits.compile_memory_kib, 1024 * 1024);
  EXPECT_EQ(c.tool_limits.run_time_ms, 10000);
  EXPECT_EQ(c.tool_limits.run_memory_kib, 256 * 1024);
  EXPECT_EQ(c.tool_limits.run_output_kib, 4 * 1024);
  EXPECT_EQ(c.time_rule.source, TimeLimitSource::kInferred);
  EXPECT_EQ(c.time_rule.ac_to_time_limit, 3);
  EXPECT_EQ(c.time_rule.ac_margin, 1.5);
  EXPECT_EQ(c.time_rule.tle_margin, 1.5);
  EXPECT_FALSE(c.time_rule.round_up);
  EXPECT_EQ(c.checker, CheckerKind::kKattis);
  ASSERT_TRUE(c.checker_program.has_value());
  EXPECT_EQ(c.checker_program->name, "check");
  EXPECT_TRUE(c.checker_program->is_dir);
}

TEST_F(KattisConfigTest, Version2023KeysAndDefaults) {
  tmp_.Write("pkg/output_validator/validate.py", "import sys; sys.exit(42)\n");
  auto r = Load(R"(
problem_format_version: 2023-07-draft
type: [pass-fail, interactive]
name:
  sv: Hej
  en: Hello
uuid: 1d8a-fake
version: 2
credits:
  authors: [A, B <b@example.invalid>]
  translators:
    sv: C
source:
  - name: NWERC
    url: https://example.invalid
  - BAPC
license: cc0
embargo_until: 2030-01-01
keywords: [a, b]
languages: [cpp, python3]
allow_file_writing: true
constants:
  max_n: 100
limits:
  time_limit: 1.5
  memory: 256
)");
  ASSERT_TRUE(r.ok()) << r.status().message();
  const ProblemConfig& c = *r;
  EXPECT_EQ(c.format_version, "2023-07-draft");
  EXPECT_EQ(c.name, "Hello");  // English, whatever the order
  EXPECT_TRUE(c.interactive);
  EXPECT_EQ(c.limits.time_ms, 1500);
  EXPECT_EQ(c.limits.wall_ms, 15000);  // max(10 * 1500, 1500 + 5000)
  EXPECT_EQ(c.time_rule.source, TimeLimitSource::kProblemYaml);
  EXPECT_EQ(c.time_rule.ac_to_time_limit, 2.0);
  EXPECT_EQ(c.time_rule.tle_margin, 1.5);
  EXPECT_TRUE(c.time_rule.round_up);
  EXPECT_EQ(c.checker, CheckerKind::kKattis);  // output_validator/ exists
  EXPECT_EQ(c.interactor, InteractorKind::kKattis);
  ASSERT_TRUE(c.interactor_program.has_value());
  EXPECT_EQ(c.interactor_program->path, Dir() + "/output_validator");
  EXPECT_EQ(c.languages, (std::vector<std::string>{"cpp", "python3"}));
  EXPECT_EQ(c.notes.size(), 2u);  // languages and constants are read, not acted on
}

TEST_F(KattisConfigTest, TimeMultipliersAndResolution) {
  auto r = Load("problem_format_version: 2023-07\nname: x\nuuid: u\nlimits:\n  time_multipliers:\n"
                "    ac_to_time_limit: 3\n    time_limit_to_tle: 2.5\n  time_resolution: 0.25\n");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->time_rule.ac_to_time_limit, 3);
  EXPECT_EQ(r->time_rule.ac_margin, 3);
  EXPECT_EQ(r->time_rule.tle_margin, 2.5);
  EXPECT_EQ(r->time_rule.resolution_ms, 250);
  EXPECT_EQ(r->time_rule.source, TimeLimitSource::kInferred);
}

TEST_F(KattisConfigTest, EveryErrorOfTheFileAtOnce) {
  auto r = Load(R"(
name: [x]
colour: red
type: interactively
validation: sometimes
limits:
  time_ms: 1000
  time_limit: 2
  memory: lots
  memory_kib: 4096
  time_multiplier: 2
  time_multipliers: {ac_to_time_limit: 0.5}
io: {mode: pipe}
)");
  ASSERT_FALSE(r.ok());
  const std::string& m = r.status().message();
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= m.size();) {
    std::size_t nl = m.find('\n', start);
    lines.push_back(m.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  const std::string f = File() + ": ";
  std::vector<std::string> want = {
      f + "name: expected a string, found a list",
      f + "type: expected pass-fail, scoring, interactive or multi-pass, found \"interactively\"",
      f + "validation: expected default, or custom followed by interactive, score and/or multi-pass, found "
          "\"sometimes\"",
      f + "io.mode: expected stdio or file, found \"pipe\"",
      f + "limits.memory: expected an integer 1..16384, found \"lots\"",
      f + "limits.time_multipliers.ac_to_time_limit: expected a number 1..1000, found \"0.5\"",
      f + "limits.time_limit: expected either limits.time_ms or limits.time_limit, found both",
      f + "limits.memory: expected either limits.memory_kib or limits.memory, found both",
      f + "limits.time_multipliers: expected either time_multiplier/time_safety_margin (legacy) or "
          "time_multipliers (2023-07), found both",
  };
  ASSERT_EQ(lines.size(), want.size()) << m;
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(lines[i].rfind(want[i], 0), 0u) << lines[i];
}

// The 2023-07 specification requires name and uuid; the tools judge without them.
TEST_F(KattisConfigTest, Version2023MissingNameAndUuidAreNotes) {
  auto r = Load("problem_format_version: 2023-07-draft\n");
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::string notes;
  for (const auto& n : r->notes) notes += n + "\n";
  EXPECT_NE(notes.find(File() + ": uuid: missing (required by 2023-07-draft)"), std::string::npos) << notes;
  EXPECT_NE(notes.find(File() + ": name: missing (required by 2023-07-draft)"), std::string::npos) << notes;
  EXPECT_EQ(r->name, "pkg");
  EXPECT_FALSE(Load("problem_format_version: 2022-01\n").ok());
  EXPECT_TRUE(Load("problem_format_version: 2025-09\nname: x\nuuid: y\n").ok());
}

// YAML 1.1 booleans, as problemtools' YAML reader takes them (show_test_data_groups: yes
// stopped three olympiad packages).
TEST_F(KattisConfigTest, Yaml11Booleans) {
  for (const char* word : {"yes", "No", "on", "OFF", "y", "true"})
    EXPECT_TRUE(Load(std::string("type: scoring\ngrading:\n  show_test_data_groups: ") + word + "\n").ok()) << word;
  EXPECT_FALSE(Load("type: scoring\ngrading:\n  show_test_data_groups: perhaps\n").ok());
}

TEST_F(KattisConfigTest, DomjudgeTimeLimitFiles) {
  tmp_.Write("pkg/domjudge-problem.ini", "probid = A\nname = \"From the ini\"\ntimelimit = '2.5'\n");
  auto ini = Load("validator_flags: case_sensitive\n");
  ASSERT_TRUE(ini.ok()) << ini.status().message();
  EXPECT_EQ(ini->time_rule.source, TimeLimitSource::kDomjudgeIni);
  EXPECT_EQ(ini->limits.time_ms, 2500);
  EXPECT_EQ(ini->name, "From the ini");
  tmp_.Write("pkg/.timelimit", "3\n");
  auto file = Load("name: Mine\n");
  ASSERT_TRUE(file.ok()) << file.status().message();
  EXPECT_EQ(file->time_rule.source, TimeLimitSource::kDomjudgeFile);  // .timelimit wins
  EXPECT_EQ(file->limits.time_ms, 3000);
  EXPECT_EQ(file->name, "Mine");
  auto ours = Load("limits:\n  time_ms: 700\n");  // our key wins over both
  ASSERT_TRUE(ours.ok());
  EXPECT_EQ(ours->limits.time_ms, 700);
  tmp_.Write("pkg/.timelimit", "fast\n");
  auto bad = Load("name: x\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), Dir() + "/.timelimit: expected a number of seconds 0.001..600, found \"fast\n\"");
}

TEST_F(KattisConfigTest, AnIniWithoutProblemYamlIsAPackage) {
  tmp_.Write("pkg/domjudge-problem.ini", "timelimit = 1\n");
  auto r = LoadProblemConfig(Dir());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->limits.time_ms, 1000);
  EXPECT_EQ(r->checker, CheckerKind::kDefault);
}

TEST_F(KattisConfigTest, CustomValidationNeedsOneValidator) {
  auto none = Load("validation: custom\n");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().message(), File() + ": validation: expected one output validator in output_validators/ "
                                              "(or output_validator/), found 0");
}

TEST_F(KattisConfigTest, TestlibCheckerAndInteractor) {
  tmp_.Write("pkg/check/checker.cpp", "int main() {}");
  tmp_.Write("pkg/interactor.cpp", "int main() {}");
  auto r = Load("type: interactive\nchecker: {type: testlib, source: check/checker.cpp}\n"
                "interactor: {type: testlib, source: interactor.cpp}\nlimits: {time_ms: 1000}\n");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->checker, CheckerKind::kTestlib);
  EXPECT_EQ(r->checker_program->path, Dir() + "/check/checker.cpp");
  EXPECT_FALSE(r->checker_program->is_dir);
  EXPECT_EQ(r->interactor, InteractorKind::kTestlib);
  EXPECT_EQ(r->interactor_program->name, "interactor.cpp");
  auto outside = Load("checker: {type: testlib, source: ../elsewhere.cpp}\n");
  ASSERT_FALSE(outside.ok());
  EXPECT_EQ(outside.status().message(), File() + ": checker.source: expected a path inside the package "
                                                 "(relative, without ..), found \"../elsewhere.cpp\"");
  auto missing = Load("checker: {type: testlib, source: nope.cpp}\n");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            File() + ": checker.source: expected a file or folder of the package, found no \"nope.cpp\"");
  auto both = Load("checker: {type: tokens}\nvalidation: default\n");
  ASSERT_FALSE(both.ok());
  EXPECT_EQ(both.status().message(),
            File() + ": validation: expected either checker (this judge's) or validation (Kattis), found both");
}

TEST_F(KattisConfigTest, InteractiveWithoutInteractor) {
  auto r = Load("type: interactive\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("type: expected an interactor for an interactive problem"), std::string::npos)
      << r.status().message();
}

TEST_F(KattisConfigTest, OurGroupsAndScoringDoNotMix) {
  auto r = Load("type: scoring\ngroups:\n  - {name: a, points: 1}\n");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            File() + ": groups: expected either groups (points per group) or type: scoring (testdata.yaml), found both");
}

// The test data tree.
class TestDataTest : public ::testing::Test {
 protected:
  ProblemConfig Config(bool scoring = false) const {
    ProblemConfig c;
    c.dir = tmp_.path();
    c.id = "pkg";
    c.scoring = scoring;
    return c;
  }
  TempDir tmp_;
};

TEST_F(TestDataTest, NestedGroupsInheritTestdataYamlKeyByKey) {
  tmp_.Write("data/testdata.yaml", "on_reject: continue\ngrader_flags: ignore_sample\nrange: 0 100\n"
                                   "input_validator_flags: --n 5\n");
  tmp_.Write("data/sample/1.in", "1");
  tmp_.Write("data/secret/a.in", "1");
  tmp_.Write("data/secret/g1/testdata.yaml", "on_reject: break\ngrader_flags: min first_error\naccept_score: 25\n"
                                             "output_validator_flags: float_tolerance 1e-3\n");
  tmp_.Write("data/secret/g1/deep/1.in", "1");
  tmp_.Write("data/secret/g1/2.in", "1");
  auto r = LoadTestData(Config(true));
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::vector<std::string> names;
  for (const auto& t : r->tests) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"sample/1", "secret/a", "secret/g1/2", "secret/g1/deep/1"}));
  std::vector<std::string> paths;
  for (const auto& g : r->groups) paths.push_back(g.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"data", "data/sample", "data/secret", "data/secret/g1",
                                             "data/secret/g1/deep"}));
  EXPECT_TRUE(r->has_group_files);
  const TestGroupConfig& root = r->groups[0];
  EXPECT_FALSE(root.on_reject_break);
  EXPECT_TRUE(root.grader.ignore_sample);
  EXPECT_EQ(root.range_max, 100);
  const TestGroupConfig& deep = r->groups[4];
  EXPECT_EQ(deep.parent, 3);
  EXPECT_TRUE(deep.on_reject_break);
  EXPECT_EQ(deep.grader.score, GraderFlags::ScoreMode::kMin);
  EXPECT_EQ(deep.grader.verdict, GraderFlags::VerdictMode::kFirstError);
  EXPECT_EQ(deep.accept_score, 25);
  EXPECT_EQ(deep.output_validator_flags, (std::vector<std::string>{"float_tolerance", "1e-3"}));
  EXPECT_EQ(deep.input_validator_flags.at(""), (std::vector<std::string>{"--n", "5"}));
  EXPECT_EQ(r->tests[3].group_index, 4);
  EXPECT_EQ(r->tests[3].group, "g1");
}

TEST_F(TestDataTest, BadTestdataYamlErrorsTogether) {
  tmp_.Write("data/secret/1.in", "1");
  tmp_.Write("data/secret/testdata.yaml", "on_reject: maybe\ngrader_flags: sum ignore_sample bogus\n"
                                          "accept_score: 3\ngrading: sometimes\n");
  auto r = LoadTestData(Config(false));
  ASSERT_FALSE(r.ok());
  const std::string f = tmp_.path() + "/data/secret/testdata.yaml: ";
  EXPECT_EQ(r.status().message(),
            f + "on_reject: expected break or continue, found \"maybe\"\n" + f +
                "grading: expected default or custom, found \"sometimes\"");
}

// What problemtools ignores is a note: unknown flags and keys, scores in a pass-fail
// problem. A custom grader needs its program.
TEST_F(TestDataTest, LenientGroupFilesAndCustomGraders) {
  tmp_.Write("data/secret/1.in", "1");
  tmp_.Write("data/secret/testdata.yaml", "grader_flags: sum bogus\naccept_score: 3\noutput_visualizer_args: x\n");
  auto r = LoadTestData(Config(false));
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::string notes;
  for (const auto& n : r->notes) notes += n + "\n";
  const std::string f = tmp_.path() + "/data/secret/testdata.yaml: ";
  EXPECT_NE(notes.find(f + "grader_flags: unknown flag \"bogus\" ignored"), std::string::npos) << notes;
  EXPECT_NE(notes.find(f + "accept_score: \"3\" ignored in a pass-fail problem"), std::string::npos) << notes;
  EXPECT_NE(notes.find(f + "output_visualizer_args: unknown key, ignored"), std::string::npos) << notes;
  tmp_.Write("data/secret/testdata.yaml", "grading: custom\n");
  r = LoadTestData(Config(false));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("grading: custom: expected a grader program in graders/, found none"),
            std::string::npos) << r.status().message();
}

TEST_F(TestDataTest, LinksAreFollowedInsideThePackageOnly) {
  tmp_.Write("data/sample/1.in", "1");
  tmp_.Write("data/sample/1.ans", "2");
  ASSERT_EQ(symlink("../sample/1.in", (tmp_.path() + "/data/secret-1.in").c_str()), 0);
  tmp_.Write("data/secret/keep", "");
  ASSERT_EQ(symlink("../sample/1.in", (tmp_.path() + "/data/secret/same.in").c_str()), 0);
  ASSERT_EQ(symlink("../sample/1.ans", (tmp_.path() + "/data/secret/same.ans").c_str()), 0);
  auto r = LoadTestData(Config());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_EQ(r->tests[1].name, "secret/same");
  // The runs open test files without following links: the paths are the targets.
  char real[4096];
  ASSERT_NE(realpath((tmp_.path() + "/data/sample/1.ans").c_str(), real), nullptr);
  EXPECT_EQ(r->tests[1].answer_path, std::string(real));
  ASSERT_NE(realpath((tmp_.path() + "/data/sample/1.in").c_str(), real), nullptr);
  EXPECT_EQ(r->tests[1].input_path, std::string(real));
  TempDir outside;
  outside.Write("x.in", "1");
  ASSERT_EQ(symlink((outside.path() + "/x.in").c_str(), (tmp_.path() + "/data/secret/out.in").c_str()), 0);
  auto bad = LoadTestData(Config());
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), tmp_.path() + "/data/secret/out.in: expected a file or folder inside the "
                                                  "package, found a link leading out of it (or to nothing)");
}

TEST_F(TestDataTest, InteractionSamplesAreListedNotRun) {
  tmp_.Write("data/sample/1.interaction", ">1\n<2\n");
  tmp_.Write("data/sample/2.in", "x");
  tmp_.Write("data/secret/1.in", "x");
  auto r = LoadTestData(Config());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->tests.size(), 2u);
  EXPECT_EQ(r->interaction_files, std::vector<std::string>{tmp_.path() + "/data/sample/1.interaction"});
}

TEST_F(TestDataTest, OurGroupsCountTheTestsDirectlyInSecret) {
  tmp_.Write("data/secret/loose.in", "1");
  tmp_.Write("data/secret/small/1.in", "1");
  ProblemConfig c = Config();
  c.groups = {{"small", 100}};
  auto undeclared = LoadTestData(c);
  ASSERT_FALSE(undeclared.ok());
  EXPECT_EQ(undeclared.status().message(),
            tmp_.path() + "/data/secret/loose.in: expected every secret test in a group declared in problem.yaml "
                          "groups (small), found a test directly in data/secret (declare a group named secret for "
                          "them, or move them into a group folder)");
  c.groups = {{"secret", 20}, {"small", 80}};
  auto declared = LoadTestData(c);
  ASSERT_TRUE(declared.ok()) << declared.status().message();
  EXPECT_EQ(declared->tests[0].group, "secret");
  EXPECT_EQ(declared->tests[1].group, "small");
}

}  // namespace
}  // namespace judge
