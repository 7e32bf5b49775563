// The JSON of the result model: the fields of the grade --json object (docs/grading.md), and
// show's documents, from the same records.
#include "judge/judging/json.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace judge {
namespace {

JudgedSubmission Sample() {
  JudgedSubmission r;
  r.display_name = "dir/sol.cpp";
  r.submission.id = 4;
  r.submission.problem_id = "eight";
  r.submission.language_id = "cpp20";
  r.submission.file_name = "sol.cpp";
  r.submission.source = "int main(){}";
  r.judging.id = 9;
  r.judging.verdict = Verdict::kWrongAnswer;
  r.judging.status = JudgingStatus::kDone;
  r.judging.max_time_ms = 30;
  r.judging.total_time_ms = 45;
  r.judging.memory_kib = 1234;
  r.judging.tests_total = 5;
  TestResult t;
  t.name = "secret/1";
  t.verdict = Verdict::kWrongAnswer;
  t.cpu_ms = 30;
  t.wall_ms = 31;
  t.memory_kib = 1234;
  t.exit_code = 0;
  t.message = "bad \xff byte";  // invalid UTF-8 from a contestant's output
  r.judging.tests.push_back(t);
  return r;
}

TEST(RecordJson, GradeObjectHasTheContractFields) {
  Json doc = GradeReportJson(Sample());
  EXPECT_EQ(doc["submission"], "dir/sol.cpp");
  EXPECT_EQ(doc["problem"], "eight");
  EXPECT_EQ(doc["language"], "cpp20");
  EXPECT_EQ(doc["verdict"], "WA");
  EXPECT_EQ(doc["time_ms"], 30);  // the largest test CPU time
  EXPECT_EQ(doc["memory_kib"], 1234);
  EXPECT_EQ(doc["compile"]["ok"], true);
  ASSERT_EQ(doc["tests"].size(), 1u);
  for (const char* key : {"name", "verdict", "time_ms", "wall_ms", "memory_kib", "exit_code", "signal", "message"})
    EXPECT_TRUE(doc["tests"][0].contains(key)) << key;
  // Never throws on bad UTF-8: replaced.
  std::string text = DumpJson(doc);
  EXPECT_NE(text.find("bad \xef\xbf\xbd byte"), std::string::npos);
}

TEST(RecordJson, CompileErrorsSayWhy) {
  JudgedSubmission r = Sample();
  r.judging.verdict = Verdict::kCompileError;
  r.judging.message = "exit code 1";
  r.judging.compile_log = "a.cpp:1: error";
  r.judging.tests.clear();
  Json doc = GradeReportJson(r);
  EXPECT_EQ(doc["verdict"], "CE");
  EXPECT_EQ(doc["compile"]["ok"], false);
  EXPECT_EQ(doc["compile"]["log"], "a.cpp:1: error");
}

TEST(RecordJson, ShowDocumentsKeepStoredMeanings) {
  JudgedSubmission r = Sample();
  Json j = JudgingJson(r.judging);
  EXPECT_EQ(j["time_ms"], 45);  // total CPU time: its stored meaning since schema 1
  EXPECT_EQ(j["max_time_ms"], 30);
  EXPECT_EQ(j["verdict"], "WA");
  r.judging.status = JudgingStatus::kIncomplete;
  EXPECT_TRUE(JudgingJson(r.judging)["verdict"].is_null());
  Json s = SubmissionJson(r.submission);
  EXPECT_EQ(s["source_bytes"], 12);
  EXPECT_FALSE(s.contains("source"));
}

// The keys of a test in both documents, exactly (docs/grading.md and docs/cli.md's
// show), and the figures they share say the same thing.
TEST(RecordJson, ATestsKeysAreExactlyTheContractsInBothDocuments) {
  JudgedSubmission r = Sample();
  TestResult& t = r.judging.tests[0];
  t.signal = 9;
  t.stderr_tail = "trace";
  t.time_clock = "wall";
  t.attempts = 2;
  t.group = "secret";
  t.output_bytes = 7;
  auto keys = [](const Json& object) {
    std::set<std::string> out;
    for (const auto& [key, value] : object.items()) out.insert(key);
    return out;
  };
  const Json graded = GradeReportJson(r)["tests"][0];
  const Json shown = JudgingJson(r.judging)["tests"][0];
  EXPECT_EQ(keys(graded), (std::set<std::string>{"name", "verdict", "time_ms", "wall_ms", "memory_kib", "exit_code",
                                                 "signal", "message", "stderr", "time_clock", "attempts", "host_load"}));
  EXPECT_EQ(keys(shown), (std::set<std::string>{"name", "group", "verdict", "score", "time_ms", "wall_ms",
                                                "memory_kib", "exit_code", "signal", "message", "output_sha256",
                                                "output_bytes", "time_method", "memory_method", "stderr"}));
  for (const char* key : {"name", "verdict", "time_ms", "wall_ms", "memory_kib", "exit_code", "signal", "message", "stderr"})
    EXPECT_EQ(graded[key], shown[key]) << key;
  EXPECT_EQ(graded["verdict"], "WA");
  EXPECT_EQ(graded["time_ms"], 30);
  EXPECT_EQ(graded["stderr"], "trace");
  EXPECT_EQ(graded["time_clock"], "wall");
  EXPECT_EQ(graded["attempts"], 2);
  EXPECT_EQ(shown["group"], "secret");
  EXPECT_EQ(shown["output_bytes"], 7);
}

TEST(RecordJson, ParseRejectsGarbageWithAName) {
  EXPECT_TRUE(ParseJson("{\"a\": 1}", "request").ok());
  auto bad = ParseJson("{\"a\": ", "request body");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message().rfind("request body: ", 0), 0u);
}

}  // namespace
}  // namespace judge
