// A Polygon package's problem.xml (judge/config/polygon.h): limits and I/O from
// <judging>, the tests by the testset's path patterns with their samples, what the
// judge must make (generated tests, answers) and the commands it refuses, the
// checker's and validator's own tests, the checker
// (a testlib source, or a standard one as a built-in rule), the solutions and what
// their tags expect, and a one-line error for bad XML, a missing test file, an element
// or a tag the judge does not know.
#include <gtest/gtest.h>

#include <filesystem>

#include "judge/config/polygon.h"
#include "judge/config/problem.h"
#include "support/temp_dir.h"

namespace judge {
namespace {

using testing_support::TempDir;

// A problem.xml with `testset` inside <judging ...> and `assets` as <assets>' content.
std::string ProblemXml(const std::string& judging_attributes, const std::string& testset, const std::string& assets) {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<problem short-name=\"p\">\n"
         "  <names><name language=\"russian\" value=\"Zadacha\"/><name language=\"english\" value=\"Task\"/></names>\n"
         "  <judging " + judging_attributes + ">\n" + testset + "  </judging>\n"
         "  <assets>\n" + assets + "  </assets>\n</problem>\n";
}

const char* kTestset = R"(    <testset name="tests">
      <time-limit>2500</time-limit>
      <memory-limit>67108864</memory-limit>
      <test-count>3</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true"/>
        <test method="manual"/>
        <test cmd="gen 5" method="generated"/>
      </tests>
    </testset>
)";

const char* kChecker = R"(    <checker name="check.cpp" type="testlib">
      <source path="files/check.cpp" type="cpp.g++17"/>
      <binary path="check.exe" type="exe.win32"/>
    </checker>
)";

class PolygonConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* t : {"01", "02", "03"}) {
      tmp_.Write(std::string("pkg/tests/") + t, "1\n");
      tmp_.Write(std::string("pkg/tests/") + t + ".a", "1\n");
    }
    tmp_.Write("pkg/files/check.cpp", "int main() {}\n");
  }
  void WriteXml(const std::string& xml) { tmp_.Write("pkg/problem.xml", xml); }
  Result<ProblemConfig> Load(const std::string& xml) {
    WriteXml(xml);
    return LoadProblemConfig(Dir());
  }
  std::string Dir() const { return tmp_.path() + "/pkg"; }
  std::string File() const { return Dir() + "/problem.xml"; }
  TempDir tmp_;
};

TEST_F(PolygonConfigTest, LimitsIoCheckerAndTests) {
  auto r = Load(ProblemXml("input-file=\"\" output-file=\"\"", kTestset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(IsPolygonPackage(Dir()));
  EXPECT_EQ(r->format_version, kPolygonFormat);
  EXPECT_EQ(r->name, "Task");  // the English name, though another comes first
  EXPECT_EQ(r->id, "pkg");
  EXPECT_EQ(r->limits.time_ms, 2500);
  EXPECT_EQ(r->limits.memory_kib, 65536);  // 64 MiB given in bytes
  EXPECT_EQ(r->io_mode, IoMode::kStdio);
  EXPECT_EQ(r->checker, CheckerKind::kTestlib);
  ASSERT_TRUE(r->checker_program.has_value());
  EXPECT_EQ(r->checker_program->name, "check.cpp");
  EXPECT_EQ(r->checker_program->path, Dir() + "/files/check.cpp");
  EXPECT_FALSE(r->interactive);

  auto data = LoadTestData(*r);
  ASSERT_TRUE(data.ok()) << data.status().message();
  ASSERT_EQ(data->tests.size(), 3u);
  EXPECT_EQ(data->tests[0].name, "tests/01");
  EXPECT_EQ(data->tests[0].group, "sample");
  EXPECT_EQ(data->tests[0].input_path, Dir() + "/tests/01");
  EXPECT_EQ(data->tests[0].answer_path, Dir() + "/tests/01.a");
  EXPECT_EQ(data->tests[1].group, "secret");
  EXPECT_EQ(data->tests[2].name, "tests/03");
}

TEST_F(PolygonConfigTest, FileInputOutput) {
  auto r = Load(ProblemXml("input-file=\"divisor.in\" output-file=\"divisor.out\"", kTestset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->io_mode, IoMode::kFile);
  EXPECT_EQ(r->input_file, "divisor.in");
  EXPECT_EQ(r->output_file, "divisor.out");
  auto one = Load(ProblemXml("input-file=\"divisor.in\" output-file=\"\"", kTestset, kChecker));
  ASSERT_FALSE(one.ok());
  EXPECT_NE(one.status().message().find("expected both input-file and output-file"), std::string::npos)
      << one.status().message();
}

TEST_F(PolygonConfigTest, BadXmlIsOneLineNamingTheFileAndLine) {
  auto r = Load("<problem>\n  <judging>\n</problem>\n");
  ASSERT_FALSE(r.ok());
  const std::string& m = r.status().message();
  EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  EXPECT_EQ(m.rfind(File() + ":3: expected well-formed XML, found ", 0), 0u) << m;
}

TEST_F(PolygonConfigTest, DoctypeIsRefused) {
  auto r = Load("<?xml version=\"1.0\"?>\n<!DOCTYPE problem [<!ENTITY a \"aaaa\">]>\n<problem/>\n");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("expected well-formed XML, found a DOCTYPE declaration"), std::string::npos)
      << r.status().message();
}

TEST_F(PolygonConfigTest, MissingTestFileNamesIt) {
  auto r = Load(ProblemXml("", kTestset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::filesystem::remove(Dir() + "/tests/03");
  auto data = LoadTestData(*r);
  ASSERT_FALSE(data.ok());
  const std::string& m = data.status().message();
  EXPECT_EQ(m.find('\n'), std::string::npos) << m;
  EXPECT_NE(m.find(File() + ":14: <test>: test 3: expected its input " + Dir() + "/tests/03, found no such file"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("\"gen 5\""), std::string::npos) << m;  // a generated test says how it is made

  std::filesystem::remove(Dir() + "/tests/02.a");
  data = LoadTestData(*r);
  ASSERT_FALSE(data.ok());
  EXPECT_NE(data.status().message().find("test 2: expected its answer " + Dir() + "/tests/02.a, found no such file"),
            std::string::npos)
      << data.status().message();
}

// problem.xml with <files><executables> holding files/gen.cpp (and a script) and the
// third test's cmd replaced by `cmd`.
std::string GeneratedXml(const std::string& cmd, const std::string& extra_attributes = "") {
  std::string testset = kTestset;
  const std::string old = "<test cmd=\"gen 5\"";
  testset.replace(testset.find(old), old.size(), "<test cmd=\"" + cmd + "\"" + extra_attributes);
  std::string xml = ProblemXml("", testset,
                               kChecker + std::string("    <solutions><solution tag=\"main\">"
                                                      "<source path=\"solutions/main.py\" type=\"python.3\"/>"
                                                      "</solution></solutions>\n"));
  xml.replace(xml.find("  <assets>"), 0,
              "  <files><executables>\n"
              "    <executable><source path=\"files/gen.cpp\" type=\"cpp.g++17\"/>"
              "<binary path=\"files/gen.exe\" type=\"exe.win32\"/></executable>\n"
              "    <executable><source path=\"files/doall.sh\"/></executable>\n"
              "    <executable><binary path=\"files/win.exe\" type=\"exe.win32\"/></executable>\n"
              "  </executables></files>\n");
  return xml;
}

TEST_F(PolygonConfigTest, PlanSaysWhatToMakeAndHow) {
  tmp_.Write("pkg/files/gen.cpp", "int main() {}\n");
  tmp_.Write("pkg/files/doall.sh", "echo\n");
  tmp_.Write("pkg/solutions/main.py", "print(1)\n");
  std::filesystem::remove(Dir() + "/tests/03");
  std::filesystem::remove(Dir() + "/tests/03.a");
  std::filesystem::remove(Dir() + "/tests/01.a");
  auto r = Load(GeneratedXml("  gen\t7  -n=13 "));
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto plan = LoadPolygonTestPlan(*r);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  ASSERT_EQ(plan->tests.size(), 2u);  // test 2 lacks nothing
  EXPECT_EQ(plan->tests[0].number, 1);
  EXPECT_FALSE(plan->tests[0].make_input);
  EXPECT_TRUE(plan->tests[0].make_answer);
  EXPECT_EQ(plan->tests[0].answer_rel, "tests/01.a");
  const PolygonTestToMake& gen = plan->tests[1];
  EXPECT_TRUE(gen.make_input && gen.make_answer);
  EXPECT_EQ(gen.input_rel, "tests/03");
  EXPECT_EQ(gen.generator, "gen");
  EXPECT_EQ(gen.args, (std::vector<std::string>{"7", "-n=13"}));
  ASSERT_EQ(plan->generators.size(), 1u);  // only those the commands use
  EXPECT_EQ(plan->generators.at("gen").path, Dir() + "/files/gen.cpp");
  EXPECT_EQ(plan->generators.at("gen").language, "cpp17-x87");
  ASSERT_TRUE(plan->main.has_value());
  EXPECT_EQ(plan->main->rel, "solutions/main.py");

  // The made files are found where the judge put them.
  tmp_.Write("made/tests/03", "91\n");
  tmp_.Write("made/tests/03.a", "7\n");
  tmp_.Write("made/tests/01.a", "1\n");
  r->made_tests_dir = tmp_.path() + "/made";
  auto data = LoadTestData(*r);
  ASSERT_TRUE(data.ok()) << data.status().message();
  EXPECT_EQ(data->tests[2].input_path, tmp_.path() + "/made/tests/03");
  EXPECT_EQ(data->tests[2].name, "tests/03");
  EXPECT_EQ(data->tests[1].input_path, Dir() + "/tests/02");
}

TEST_F(PolygonConfigTest, ResourcesGoWithEveryProgram) {
  tmp_.Write("pkg/files/gen.cpp", "int main() {}\n");
  tmp_.Write("pkg/files/val.cpp", "int main() {}\n");
  tmp_.Write("pkg/files/rand.h", "\n");
  tmp_.Write("pkg/files/shared/pairs.cpp", "\n");
  std::filesystem::remove(Dir() + "/tests/03");
  const std::string resources =
      "  <files><resources>\n"
      "    <file path=\"files/rand.h\" type=\"h.g++\"/><file path=\"files/shared/pairs.cpp\" type=\"cpp.g++\"/>\n"
      "    <file path=\"files/olymp.sty\"/>\n"  // listed, not in the package: left out
      "  </resources><executables>\n"
      "    <executable><source path=\"files/gen.cpp\" type=\"cpp.g++17\"/></executable>\n"
      "  </executables></files>\n";
  const std::string validators =
      "    <validators><validator><source path=\"files/val.cpp\"/></validator></validators>\n";
  std::string xml = ProblemXml("", kTestset, kChecker + validators);
  xml.replace(xml.find("  <assets>"), 0, resources);
  auto r = Load(xml);
  ASSERT_TRUE(r.ok()) << r.status().message();
  const std::vector<std::string> expected = {Dir() + "/files/rand.h", Dir() + "/files/shared/pairs.cpp"};
  ASSERT_TRUE(r->checker_program.has_value());
  EXPECT_EQ(r->checker_program->resources, expected);
  ASSERT_EQ(r->testlib_validators.size(), 1u);
  EXPECT_EQ(r->testlib_validators[0].resources, expected);
  auto plan = LoadPolygonTestPlan(*r);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  EXPECT_EQ(plan->generators.at("gen").resources, expected);
  // A resource outside the package is refused, naming it.
  std::string out = xml;
  out.replace(out.find("files/rand.h"), 12, "../secret.h");
  auto bad = Load(out);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("<file>: expected a path inside the package, found path=\"../secret.h\""),
            std::string::npos)
      << bad.status().message();
}

TEST_F(PolygonConfigTest, FromFileNamesTheFileOfTheGeneratorsRun) {
  tmp_.Write("pkg/files/gen.cpp", "int main() {}\n");
  tmp_.Write("pkg/files/doall.sh", "echo\n");
  tmp_.Write("pkg/solutions/main.py", "print(1)\n");
  std::filesystem::remove(Dir() + "/tests/03");
  auto r = Load(GeneratedXml("gen 4 9", " from-file=\"12\""));
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto plan = LoadPolygonTestPlan(*r);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  ASSERT_EQ(plan->tests.size(), 1u);  // the others lack nothing
  EXPECT_EQ(plan->tests[0].number, 3);
  EXPECT_EQ(plan->tests[0].from_file, "12");
  EXPECT_EQ(plan->tests[0].generator, "gen");
  EXPECT_EQ(plan->tests[0].args, (std::vector<std::string>{"4", "9"}));
}

TEST_F(PolygonConfigTest, CommandsNotRunAreRefusedNamingTheTest) {
  tmp_.Write("pkg/files/gen.cpp", "int main() {}\n");
  tmp_.Write("pkg/files/doall.sh", "echo\n");
  tmp_.Write("pkg/solutions/main.py", "print(1)\n");
  std::filesystem::remove(Dir() + "/tests/03");
  struct Case {
    std::string cmd, attributes, says;
  };
  for (const Case& c : std::vector<Case>{
           {"doall.sh", "", "test 3: expected a command naming an executable of <files><executables> (doall, gen)"},
           {"doall 1", "", "found the script " + Dir() + "/files/doall.sh"},
           {"win 1", "", "(doall, gen), found \"win 1\""},  // a binary alone is not run
           {"gen 1 &gt; {3-5}", "", "(shell syntax is never run)"},
           {"gen 1", " from-file=\"../2\"", "test 3: expected from-file= to name a file the generator writes (1, 2, "
                                            "...), found \"../2\""},
           {"gen 1", " from-file=\"\"", "found \"\""},
           {"gen 1 | tee x", "", "(shell syntax is never run)"},
           {"gen $HOME", "", "(shell syntax is never run)"},
           {"", "", "test 3: expected the generator's command in cmd=, found none"},
       }) {
    auto r = Load(GeneratedXml(c.cmd, c.attributes));
    ASSERT_TRUE(r.ok()) << r.status().message();
    auto plan = LoadPolygonTestPlan(*r);
    ASSERT_FALSE(plan.ok()) << c.cmd;
    const std::string& m = plan.status().message();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.rfind(File() + ":", 0), 0u) << m;
    EXPECT_NE(m.find(c.says), std::string::npos) << c.cmd << ": " << m;
  }
  // A missing answer without a main solution to make it.
  std::filesystem::remove(Dir() + "/tests/02.a");
  auto r = Load(ProblemXml("", kTestset, kChecker));
  ASSERT_TRUE(r.ok());
  tmp_.Write("pkg/tests/03", "1\n");
  auto plan = LoadPolygonTestPlan(*r);
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.status().message().find("test 2: expected its answer " + Dir() +
                                         "/tests/02.a, found no such file and no solution tagged main"),
            std::string::npos)
      << plan.status().message();
}

TEST_F(PolygonConfigTest, CheckerAndValidatorTestsAreListed) {
  tmp_.Write("pkg/files/val.cpp", "int main() {}\n");
  for (const char* f : {"c/01", "c/01.o", "c/01.a", "c/02", "c/02.o", "c/02.a", "v/01"})
    tmp_.Write(std::string("pkg/") + f, "1\n");
  std::string checker = kChecker;
  checker.replace(checker.find("    </checker>"), 0,
                  "      <testset><test-count>2</test-count><input-path-pattern>c/%02d</input-path-pattern>"
                  "<output-path-pattern>c/%02d.o</output-path-pattern><answer-path-pattern>c/%02d.a"
                  "</answer-path-pattern><tests><test verdict=\"ok\"/><test verdict=\"wrong-answer\"/></tests>"
                  "</testset>\n");
  const std::string validators =
      "    <validators><validator><source path=\"files/val.cpp\" type=\"cpp.g++17\"/><testset>"
      "<test-count>1</test-count><input-path-pattern>v/%02d</input-path-pattern><tests><test verdict=\"invalid\"/>"
      "</tests></testset></validator></validators>\n";
  WriteXml(ProblemXml("", kTestset, checker + validators));
  auto tests = LoadPolygonToolTests(Dir());
  ASSERT_TRUE(tests.ok()) << tests.status().message();
  ASSERT_EQ(tests->checker.size(), 2u);
  EXPECT_EQ(tests->checker[1].name, "c/02");
  EXPECT_EQ(tests->checker[1].output_path, Dir() + "/c/02.o");
  EXPECT_EQ(tests->checker[1].answer_path, Dir() + "/c/02.a");
  EXPECT_EQ(tests->checker[1].verdict, "wrong-answer");
  ASSERT_EQ(tests->validators.size(), 1u);
  ASSERT_EQ(tests->validators[0].size(), 1u);
  EXPECT_EQ(tests->validators[0][0].input_path, Dir() + "/v/01");
  EXPECT_EQ(tests->validators[0][0].verdict, "invalid");
  std::filesystem::remove(Dir() + "/c/02.o");
  tests = LoadPolygonToolTests(Dir());
  ASSERT_FALSE(tests.ok());
  EXPECT_NE(tests.status().message().find("expected the file " + Dir() + "/c/02.o, found no such file"),
            std::string::npos)
      << tests.status().message();
}

TEST_F(PolygonConfigTest, UnknownElementIsAnErrorNamingIt) {
  std::string testset = kTestset;
  testset.insert(testset.find("<test-count>"), "<time-limits>1</time-limits>\n      ");
  auto r = Load(ProblemXml("", testset, kChecker));
  ASSERT_FALSE(r.ok());
  const std::string& m = r.status().message();
  EXPECT_EQ(m.rfind(File() + ":8: <time-limits>: expected an element of <testset> this judge reads (", 0), 0u) << m;
  EXPECT_NE(m.find("found an unknown one"), std::string::npos) << m;

  auto assets = Load(ProblemXml("", kTestset, "<grader/>\n"));
  ASSERT_FALSE(assets.ok());
  EXPECT_NE(assets.status().message().find("<grader>: expected an element of <assets>"), std::string::npos)
      << assets.status().message();
}

TEST_F(PolygonConfigTest, LimitsMustBePositiveNumbers) {
  std::string testset = kTestset;
  testset.replace(testset.find("2500"), 4, "2.5s");
  auto r = Load(ProblemXml("", testset, kChecker));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            File() + ":6: <time-limit>: expected a positive whole number (ms), found \"2.5s\"");
}

TEST_F(PolygonConfigTest, TestCountMustMatchTheTests) {
  std::string testset = kTestset;
  testset.replace(testset.find("<test-count>3"), 13, "<test-count>4");
  auto r = Load(ProblemXml("", testset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto data = LoadTestData(*r);
  ASSERT_FALSE(data.ok());
  EXPECT_NE(data.status().message().find("<test-count>: expected the number of <test> elements (3), found \"4\""),
            std::string::npos)
      << data.status().message();
}

TEST_F(PolygonConfigTest, PathPatterns) {
  std::string testset = kTestset;
  testset.replace(testset.find("tests/%02d<"), 10, "t/%03d.in");
  testset.replace(testset.find("tests/%02d.a"), 12, "t/100%%-%d");
  for (const char* f : {"t/001.in", "t/002.in", "t/003.in", "t/100%-1", "t/100%-2", "t/100%-3"})
    tmp_.Write(std::string("pkg/") + f, "1\n");
  auto r = Load(ProblemXml("", testset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto data = LoadTestData(*r);
  ASSERT_TRUE(data.ok()) << data.status().message();
  EXPECT_EQ(data->tests[1].input_path, Dir() + "/t/002.in");
  EXPECT_EQ(data->tests[1].answer_path, Dir() + "/t/100%-2");

  std::string bad = kTestset;
  bad.replace(bad.find("tests/%02d<"), 10, "tests/%s");
  r = Load(ProblemXml("", bad, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  data = LoadTestData(*r);
  ASSERT_FALSE(data.ok());
  EXPECT_NE(data.status().message().find(
                "<input-path-pattern>: expected a path pattern with one %d (such as tests/%02d), found \"tests/%s\""),
            std::string::npos)
      << data.status().message();
}

TEST_F(PolygonConfigTest, StandardCheckersWithoutSourceAreBuiltInRules) {
  auto r = Load(ProblemXml("", kTestset, "<checker name=\"std::rcmp6.cpp\" type=\"testlib\"/>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->checker, CheckerKind::kFloat);
  EXPECT_DOUBLE_EQ(r->float_absolute_tolerance, 1e-6);
  EXPECT_DOUBLE_EQ(r->float_relative_tolerance, 1e-6);
  EXPECT_FALSE(r->checker_program.has_value());

  r = Load(ProblemXml("", kTestset, "<checker name=\"std::rcmp9.cpp\"/>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_DOUBLE_EQ(r->float_absolute_tolerance, 1e-9);
  r = Load(ProblemXml("", kTestset, "<checker name=\"std::wcmp.cpp\"/>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->checker, CheckerKind::kTokens);
  r = Load(ProblemXml("", kTestset, "<checker name=\"std::lcmp.cpp\"/>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->checker, CheckerKind::kLines);
  r = Load(ProblemXml("", kTestset, "<checker name=\"std::yesno.cpp\"/>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->checker, CheckerKind::kDefault);

  // The package ships the standard checker's source: it is built, as Polygon does.
  r = Load(ProblemXml("", kTestset,
                      "<checker name=\"std::ncmp.cpp\" type=\"testlib\">"
                      "<source path=\"files/check.cpp\"/></checker>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->checker, CheckerKind::kTestlib);

  r = Load(ProblemXml("", kTestset, "<checker name=\"std::uncmp.cpp\"/>\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("found name=\"std::uncmp.cpp\" and no source"), std::string::npos)
      << r.status().message();
  r = Load(ProblemXml("", kTestset, "<checker><source path=\"files/gone.cpp\"/></checker>\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("<source>: expected the file " + Dir() + "/files/gone.cpp, found no such file"),
            std::string::npos)
      << r.status().message();
}

TEST_F(PolygonConfigTest, Interactor) {
  tmp_.Write("pkg/files/interactor.cpp", "int main() {}\n");
  auto r = Load(ProblemXml("", kTestset,
                           std::string(kChecker) + "<interactor><source path=\"files/interactor.cpp\" "
                                                   "type=\"cpp.g++17\"/></interactor>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->interactive);
  EXPECT_EQ(r->interactor, InteractorKind::kTestlib);
  ASSERT_TRUE(r->interactor_program.has_value());
  EXPECT_EQ(r->interactor_program->name, "interactor.cpp");
  EXPECT_EQ(r->checker, CheckerKind::kTestlib);
}

const char* kGroupedTestset = R"(    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test group="samples" method="manual" points="0" sample="true"/>
        <test group="g1" method="manual" points="12.5"/>
        <test group="g2" method="manual" points="30"/>
      </tests>
      <groups>
        <group feedback-policy="complete" name="samples" points="0" points-policy="complete-group"/>
        <group feedback-policy="points" name="g1" points-policy="each-test"/>
        <group feedback-policy="icpc" name="g2" points-policy="complete-group">
          <dependencies><dependency group="samples"/><dependency group="g1"/></dependencies>
        </group>
      </groups>
    </testset>
)";

TEST_F(PolygonConfigTest, GroupsPointsAndDependencies) {
  auto r = Load(ProblemXml("", kGroupedTestset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->groups.size(), 3u);
  EXPECT_EQ(r->groups[0].name, "samples");
  EXPECT_FALSE(r->groups[0].each_test);
  EXPECT_TRUE(r->groups[1].each_test);
  EXPECT_EQ(r->groups[2].name, "g2");
  EXPECT_DOUBLE_EQ(r->groups[2].points, 30);  // no points attribute: its tests' sum
  EXPECT_EQ(r->groups[2].dependencies, (std::vector<std::string>{"samples", "g1"}));
  auto data = LoadTestData(*r);
  ASSERT_TRUE(data.ok()) << data.status().message();
  ASSERT_EQ(data->tests.size(), 3u);
  EXPECT_EQ(data->tests[0].group, "samples");
  EXPECT_EQ(data->tests[1].group, "g1");
  EXPECT_DOUBLE_EQ(data->tests[1].points, 12.5);

  std::string bad = kGroupedTestset;
  bad.replace(bad.find("group=\"g1\"/>"), 10, "group=\"g9\"");
  r = Load(ProblemXml("", bad, kChecker));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(
                ":18: <group>: expected dependencies on groups of the testset, found group=\"g9\""),
            std::string::npos)
      << r.status().message();

  bad = kGroupedTestset;
  bad.replace(bad.find("\"each-test\""), 11, "\"per-test\"");
  r = Load(ProblemXml("", bad, kChecker));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("expected points-policy=\"complete-group\" or \"each-test\", found \"per-test\""),
            std::string::npos)
      << r.status().message();

  bad = kGroupedTestset;
  bad.replace(bad.find("group=\"g2\" method"), 10, "group=\"g7\"");
  r = Load(ProblemXml("", bad, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  data = LoadTestData(*r);
  ASSERT_FALSE(data.ok());
  EXPECT_NE(data.status().message().find("test 3: expected group=\"<a group of the testset>\", found \"g7\""),
            std::string::npos)
      << data.status().message();
}

TEST_F(PolygonConfigTest, PointsWithoutGroupsAreOneEachTestGroup) {
  std::string testset = kTestset;
  testset.replace(testset.find("<test method=\"manual\"/>"), 23, "<test method=\"manual\" points=\"5\"/>");
  auto r = Load(ProblemXml("", testset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->groups.size(), 1u);
  EXPECT_EQ(r->groups[0].name, "tests");
  EXPECT_TRUE(r->groups[0].each_test);
  auto data = LoadTestData(*r);
  ASSERT_TRUE(data.ok()) << data.status().message();
  EXPECT_EQ(data->tests[0].group, "tests");
  EXPECT_DOUBLE_EQ(data->tests[1].points, 5);
  EXPECT_DOUBLE_EQ(data->tests[0].points, 0);

  // points="0.0" on every test (as Polygon writes for a problem without points): not scored.
  testset.replace(testset.find("points=\"5\""), 10, "points=\"0.0\"");
  r = Load(ProblemXml("", testset, kChecker));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->groups.empty());
}

TEST_F(PolygonConfigTest, Validators) {
  tmp_.Write("pkg/files/v1.cpp", "int main() {}\n");
  tmp_.Write("pkg/files/v2.cpp", "int main() {}\n");
  // Current packages list them in <validators>; older ones put one <validator> in <assets>.
  auto r = Load(ProblemXml("", kTestset,
                           std::string(kChecker) +
                               "<validators><validator><source path=\"files/v1.cpp\" type=\"cpp.g++17\"/>"
                               "<binary path=\"files/v1.exe\" type=\"exe.win32\"/></validator></validators>\n"
                               "<validator><source path=\"files/v2.cpp\"/></validator>\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->testlib_validators.size(), 2u);
  EXPECT_EQ(r->testlib_validators[0].name, "v1.cpp");
  EXPECT_EQ(r->testlib_validators[0].path, Dir() + "/files/v1.cpp");
  EXPECT_EQ(r->testlib_validators[1].name, "v2.cpp");

  r = Load(ProblemXml("", kTestset, "<validators><validator/></validators>\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("<validator>: expected the validator's <source>, found none"),
            std::string::npos)
      << r.status().message();
}

TEST_F(PolygonConfigTest, SolutionsAndTags) {
  tmp_.Write("pkg/solutions/a.cpp", "");
  tmp_.Write("pkg/solutions/b.py", "");
  WriteXml(ProblemXml("", kTestset,
                      std::string(kChecker) +
                          "<solutions>\n"
                          "<solution tag=\"main\"><source path=\"solutions/a.cpp\" type=\"cpp.g++17\"/></solution>\n"
                          "<solution tag=\"wrong-answer\"><source path=\"solutions/b.py\" type=\"python.3\"/>"
                          "</solution>\n"
                          "</solutions>\n"));
  auto s = LoadPolygonSolutions(Dir());
  ASSERT_TRUE(s.ok()) << s.status().message();
  ASSERT_EQ(s->size(), 2u);
  EXPECT_EQ((*s)[0].rel, "solutions/a.cpp");
  EXPECT_EQ((*s)[0].path, Dir() + "/solutions/a.cpp");
  EXPECT_EQ((*s)[0].tag, "main");
  EXPECT_EQ((*s)[0].allowed, std::set<Verdict>{Verdict::kAccepted});
  EXPECT_EQ((*s)[1].type, "python.3");
  EXPECT_EQ((*s)[1].allowed, std::set<Verdict>{Verdict::kWrongAnswer});

  WriteXml(ProblemXml("", kTestset,
                      "<solutions>\n<solution tag=\"slow\"><source path=\"solutions/a.cpp\"/></solution>\n"
                      "</solutions>\n"));
  s = LoadPolygonSolutions(Dir());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message().find('\n'), std::string::npos);
  EXPECT_NE(s.status().message().find(File() + ":20: <solution>: expected a tag Polygon defines (main, "),
            std::string::npos)
      << s.status().message();
  EXPECT_NE(s.status().message().find("found tag=\"slow\""), std::string::npos);

  // A source outside the package (a file that exists there), or reached through a link
  // leading out of it, is refused, naming it.
  tmp_.Write("outside.cpp", "int main() {}\n");
  std::filesystem::create_symlink(tmp_.path() + "/outside.cpp", Dir() + "/solutions/link.cpp");
  for (const std::string& path :
       std::vector<std::string>{"../outside.cpp", "solutions/../../outside.cpp", "solutions/link.cpp"}) {
    WriteXml(ProblemXml("", kTestset,
                        "<solutions>\n<solution tag=\"main\"><source path=\"" + path +
                            "\" type=\"cpp.g++17\"/></solution>\n</solutions>\n"));
    s = LoadPolygonSolutions(Dir());
    ASSERT_FALSE(s.ok()) << path;
    EXPECT_NE(s.status().message().find("<source>: expected a file inside the package, found path=\"" + path + "\""),
              std::string::npos)
        << s.status().message();
  }
}

TEST(PolygonTags, EachTagsVerdicts) {
  using V = Verdict;
  const std::set<V> rejected = {V::kWrongAnswer,         V::kPresentationError,   V::kTimeLimitExceeded,
                                V::kMemoryLimitExceeded, V::kOutputLimitExceeded, V::kRuntimeError,
                                V::kCompileError};
  const std::vector<std::pair<std::string, std::set<V>>> expected = {
      {"main", {V::kAccepted}},
      {"accepted", {V::kAccepted}},
      {"wrong-answer", {V::kWrongAnswer}},
      {"presentation-error", {V::kPresentationError}},
      {"time-limit-exceeded", {V::kTimeLimitExceeded}},
      {"memory-limit-exceeded", {V::kMemoryLimitExceeded}},
      {"time-limit-exceeded-or-accepted", {V::kAccepted, V::kTimeLimitExceeded}},
      {"time-limit-exceeded-or-memory-limit-exceeded", {V::kTimeLimitExceeded, V::kMemoryLimitExceeded}},
      {"rejected", rejected},
      {"failed", rejected},
  };
  for (const auto& [tag, verdicts] : expected) {
    auto got = PolygonTagVerdicts(tag);
    ASSERT_TRUE(got.has_value()) << tag;
    EXPECT_EQ(*got, verdicts) << tag;
  }
  EXPECT_FALSE(PolygonTagVerdicts("Main").has_value());
  EXPECT_FALSE(PolygonTagVerdicts("ok").has_value());
}

TEST(PolygonTags, LanguageTypes) {
  // Polygon's 32-bit gcc (no "64" in the type) computes with the x87 unit.
  EXPECT_EQ(PolygonLanguage("cpp.g++17"), "cpp17-x87");
  EXPECT_EQ(PolygonLanguage("cpp.g++11"), "cpp11-x87");
  EXPECT_EQ(PolygonLanguage("cpp.g++14"), "cpp14-x87");
  EXPECT_EQ(PolygonLanguage("c.gcc"), "c11-x87");
  // Its 64-bit ones keep SSE.
  EXPECT_EQ(PolygonLanguage("cpp.msys2-mingw64-9-g++17"), "cpp17");
  EXPECT_EQ(PolygonLanguage("cpp.gcc13-64-winlibs-g++20"), "cpp20");
  EXPECT_EQ(PolygonLanguage("cpp.gcc14-64-msys2-g++23"), "cpp20");
  // Codeforces' "GNU C++" (G++ 5.1.0, no -std: gnu++98), 32-bit; "GNU C++0x" is C++11's draft.
  EXPECT_EQ(PolygonLanguage("cpp.g++"), "cpp98-x87");
  EXPECT_EQ(PolygonLanguage("cpp.g++0x"), "cpp11-x87");
  EXPECT_EQ(PolygonLanguage("cpp.ms2017"), "");
  EXPECT_EQ(PolygonLanguage("cpp.g++98"), "");
  EXPECT_EQ(PolygonLanguage("java11"), "java");
  EXPECT_EQ(PolygonLanguage("python.3"), "python3");
  EXPECT_EQ(PolygonLanguage("python.pypy3"), "pypy3");
  EXPECT_EQ(PolygonLanguage("python.2"), "");
  EXPECT_EQ(PolygonLanguage("pascal.fpc"), "pascal");
}

// The solution a file given to `grade` is: the same file, by identity, whatever the
// spelling of its path; never a copy, a link to a solution, or a file outside the
// package (a solution's path leading out of it, by ".." or a link, is refused when
// the package loads: PolygonConfigTest.SolutionsAndTags).
TEST(PolygonSolutionFile, TheSameFileInsideThePackageOnly) {
  TempDir tmp;
  tmp.Write("pkg/tests/01", "1\n");
  tmp.Write("pkg/solutions/main.cpp", "int main() {}\n");
  tmp.Write("pkg/solutions/old.cpp", "int main() {}\n");
  tmp.Write("outside/up.cpp", "int main() {}\n");
  tmp.Write("outside/linked/far.cpp", "int main() {}\n");
  std::filesystem::create_directory_symlink(tmp.Path("outside/linked"), tmp.Path("pkg/linked"));
  std::filesystem::create_symlink(tmp.Path("pkg/solutions/main.cpp"), tmp.Path("outside/to-main.cpp"));
  std::filesystem::copy_file(tmp.Path("pkg/solutions/main.cpp"), tmp.Path("outside/copy.cpp"));
  const std::string solutions =
      "    <solutions>\n"
      "      <solution tag=\"main\"><source path=\"solutions/main.cpp\" type=\"cpp.g++17\"/></solution>\n"
      "      <solution tag=\"accepted\"><source path=\"solutions/old.cpp\" type=\"cpp.g++\"/></solution>\n"
      "    </solutions>\n";
  tmp.Write("pkg/problem.xml", ProblemXml("", kTestset, solutions));
  const std::string pkg = tmp.Path("pkg");
  auto language = [&](const std::string& file) -> std::string {
    Result<std::optional<PolygonSolution>> s = FindPolygonSolution(pkg, file);
    EXPECT_TRUE(s.ok()) << s.status().message();
    if (!s.ok()) return "error";
    return *s ? (*s)->rel + " " + PolygonLanguage((*s)->type) : "none";
  };
  EXPECT_EQ(language(pkg + "/solutions/main.cpp"), "solutions/main.cpp cpp17-x87");
  EXPECT_EQ(language(pkg + "/tests/../solutions/./main.cpp"), "solutions/main.cpp cpp17-x87");
  EXPECT_EQ(language(pkg + "/solutions/old.cpp"), "solutions/old.cpp cpp98-x87");
  EXPECT_EQ(language(tmp.Path("outside/copy.cpp")), "none");
  EXPECT_EQ(language(tmp.Path("outside/to-main.cpp")), "none");
  EXPECT_EQ(language(tmp.Path("outside/up.cpp")), "none");
  EXPECT_EQ(language(tmp.Path("outside/linked/far.cpp")), "none");
  EXPECT_EQ(language(pkg + "/linked/far.cpp"), "none");
  EXPECT_EQ(language(pkg + "/solutions/missing.cpp"), "none");
  EXPECT_EQ(language(pkg + "/solutions"), "none");
  // A folder that is no Polygon package has no solutions.
  Result<std::optional<PolygonSolution>> kattis = FindPolygonSolution(tmp.Path("outside"), tmp.Path("outside/up.cpp"));
  ASSERT_TRUE(kattis.ok());
  EXPECT_FALSE(kattis->has_value());
  // A malformed <solutions> is the package's error, as verify reports it.
  tmp.Write("pkg/problem.xml", ProblemXml("", kTestset,
                                          "    <solutions><solution tag=\"ok\"><source path=\"solutions/main.cpp\" "
                                          "type=\"cpp.g++17\"/></solution></solutions>\n"));
  Result<std::optional<PolygonSolution>> bad = FindPolygonSolution(pkg, pkg + "/solutions/main.cpp");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("tag=\"ok\""), std::string::npos) << bad.status().message();
}

TEST(PolygonPackageKind, ProblemYamlWins) {
  TempDir tmp;
  tmp.Write("pkg/problem.xml", "<problem/>");
  EXPECT_TRUE(IsPolygonPackage(tmp.path() + "/pkg"));
  tmp.Write("pkg/problem.yaml", "name: Kattis\nlimits:\n  time_ms: 1000\n");
  EXPECT_FALSE(IsPolygonPackage(tmp.path() + "/pkg"));
  auto r = LoadProblemConfig(tmp.path() + "/pkg");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->name, "Kattis");
  EXPECT_NE(r->format_version, kPolygonFormat);
}

}  // namespace
}  // namespace judge
