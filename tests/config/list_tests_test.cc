// ListTests: samples first, then secret tests and groups, each in byte-wise name order.
#include <gtest/gtest.h>

#include "judge/config/problem.h"
#include "support/temp_dir.h"

namespace judge {
namespace {

using testing_support::TempDir;

class ListTestsTest : public ::testing::Test {
 protected:
  ProblemConfig Config() const {
    ProblemConfig c;
    c.dir = tmp_.path();
    c.id = "pkg";
    return c;
  }
  std::vector<std::string> Names(const std::vector<TestCase>& tests) {
    std::vector<std::string> names;
    for (const auto& t : tests) names.push_back(t.name);
    return names;
  }
  TempDir tmp_;
};

TEST_F(ListTestsTest, SamplesFirstThenSecretInByteOrder) {
  for (const char* f : {"data/sample/2.in", "data/sample/10.in", "data/sample/1.in", "data/secret/b.in",
                        "data/secret/B.in", "data/secret/a.in", "data/secret/c/2.in", "data/secret/c/1.in",
                        "data/secret/a-b/1.in", "data/secret/a/9.in", "data/secret/d.in"})
    tmp_.Write(f, "x");
  auto r = ListTests(Config());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(Names(*r), (std::vector<std::string>{"sample/1", "sample/10", "sample/2", "secret/B", "secret/a",
                                                 "secret/a/9", "secret/a-b/1", "secret/b", "secret/c/1",
                                                 "secret/c/2", "secret/d"}));
}

TEST_F(ListTestsTest, PathsGroupsAndAnswers) {
  tmp_.Write("data/sample/1.in", "1");
  tmp_.Write("data/sample/1.ans", "2");
  tmp_.Write("data/secret/x.in", "3");  // no answer
  tmp_.Write("data/secret/small/01.in", "4");
  tmp_.Write("data/secret/small/01.ans", "5");
  // Not tests: answers without inputs, other files.
  tmp_.Write("data/secret/orphan.ans", "");
  tmp_.Write("data/secret/notes.txt", "");
  tmp_.Write("data/sample/1.in.bak", "");
  tmp_.Write("data/generators.txt", "");
  auto r = ListTests(Config());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->size(), 3u);
  const std::string d = tmp_.path() + "/data/";
  EXPECT_EQ((*r)[0].name, "sample/1");
  EXPECT_EQ((*r)[0].group, "sample");
  EXPECT_EQ((*r)[0].input_path, d + "sample/1.in");
  EXPECT_EQ((*r)[0].answer_path, d + "sample/1.ans");
  EXPECT_EQ((*r)[1].name, "secret/small/01");
  EXPECT_EQ((*r)[1].group, "small");
  EXPECT_EQ((*r)[1].input_path, d + "secret/small/01.in");
  EXPECT_EQ((*r)[1].answer_path, d + "secret/small/01.ans");
  EXPECT_EQ((*r)[2].name, "secret/x");
  EXPECT_EQ((*r)[2].group, "secret");
  EXPECT_EQ((*r)[2].answer_path, "");
}

// An answer without its input is no test, and one line names it: its author most
// likely misnamed or forgot the input. An interactive
// sample's answer beside its .interaction file is no such mistake.
TEST_F(ListTestsTest, AnAnswerWithoutItsInputIsIgnoredWithAWarning) {
  tmp_.Write("data/sample/1.in", "1");
  tmp_.Write("data/sample/1.ans", "2");
  tmp_.Write("data/sample/2.interaction", "<1\n>2\n");
  tmp_.Write("data/sample/2.ans", "2");
  tmp_.Write("data/secret/foo.ans", "3");
  tmp_.Write("data/secret/foo.in.txt", "3");
  tmp_.Write("data/secret/group1/02.in", "4");
  tmp_.Write("data/secret/group1/02.ans", "4");
  tmp_.Write("data/secret/group1/03.ans", "5");
  auto r = LoadTestData(Config());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(Names(r->tests), (std::vector<std::string>{"sample/1", "secret/group1/02"}));
  EXPECT_EQ(r->warnings, (std::vector<std::string>{
                             "data/secret/foo.ans: answer without an input data/secret/foo.in; ignored",
                             "data/secret/group1/03.ans: answer without an input data/secret/group1/03.in; ignored"}));
  EXPECT_TRUE(r->notes.empty());
}

TEST_F(ListTestsTest, MissingDataIsAnError) {
  auto r = ListTests(Config());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(r.status().message(), tmp_.path() + "/data: expected the package's test data folder, found none");
}

TEST_F(ListTestsTest, OnlySamplesOrOnlySecretIsFine) {
  tmp_.Write("data/secret/1.in", "x");
  auto r = ListTests(Config());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(Names(*r), std::vector<std::string>{"secret/1"});
}

TEST_F(ListTestsTest, FoldersNestAtAnyDepth) {
  // Kattis test data groups nest; a test's group is still the first folder under secret.
  tmp_.Write("data/sample/deeper/1.in", "x");
  tmp_.Write("data/secret/g/h/1.in", "x");
  auto r = ListTests(Config());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(Names(*r), (std::vector<std::string>{"sample/deeper/1", "secret/g/h/1"}));
  EXPECT_EQ((*r)[0].group, "sample");
  EXPECT_EQ((*r)[1].group, "g");
}

TEST_F(ListTestsTest, DeclaredGroupsMustMatchTheFolders) {
  tmp_.Write("data/secret/small/1.in", "x");
  tmp_.Write("data/secret/large/1.in", "x");
  ProblemConfig c = Config();
  c.groups = {{"small", 40}, {"large", 60}};
  auto ok = ListTests(c);
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ(Names(*ok), (std::vector<std::string>{"secret/large/1", "secret/small/1"}));

  c.groups = {{"small", 40}};
  auto undeclared = ListTests(c);
  ASSERT_FALSE(undeclared.ok());
  EXPECT_EQ(undeclared.status().message(),
            tmp_.path() + "/data/secret/large: expected a group declared in problem.yaml groups (small), found an "
                          "undeclared folder");

  c.groups = {{"small", 40}, {"large", 30}, {"huge", 30}};
  auto missing = ListTests(c);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(), tmp_.path() +
                                            "/data/secret/huge: expected the tests of group 'huge' declared in "
                                            "problem.yaml, found none");
}

}  // namespace
}  // namespace judge
