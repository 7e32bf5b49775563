// judge history / judge show end to end: a database written through the store, read
// back by the judge executable, human and --json output, exit codes and refusals.
#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "run_judge.h"
#include "schema.h"
#include "test_util.h"

namespace judge::store_test {
namespace {

using testing_support::Env;
using testing_support::JudgeRun;

JudgeRun Judge(const std::vector<std::string>& args, const Env& env = {}) {
  return testing_support::RunJudge(JUDGE_EXE, args, env);
}

class HistoryShowCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = dir_.Path("judge.sqlite");
    auto opened = OpenStore(db_);
    ASSERT_TRUE(opened.ok()) << opened.status().message();
    Store& store = **opened;

    // 1: accepted, then rejudged as WA (two judgings).
    Submission a = SampleSubmission("eight", "fast.cpp");
    ac_id_ = *store.AddSubmission(a);
    int64_t j1 = *store.StartJudging(SampleJudging(ac_id_));
    TestResult t = SampleTest("sample/1");
    t.cpu_ms = 321;
    t.message = "optimal\nsecond line of the message";
    ASSERT_TRUE(store.AddTestResult(j1, t).ok());
    Judging ac;
    ac.verdict = Verdict::kAccepted;
    ac.score = 100;
    ac.total_time_ms = 321;
    ac.memory_kib = 4321;
    ASSERT_TRUE(store.FinishJudging(j1, ac).ok());
    int64_t j2 = *store.StartJudging(SampleJudging(ac_id_));
    ASSERT_TRUE(store.AddTestResult(j2, SampleTest("sample/1", Verdict::kWrongAnswer)).ok());
    Judging wa;
    wa.verdict = Verdict::kWrongAnswer;
    wa.total_time_ms = 11;
    wa.memory_kib = 1111;
    ASSERT_TRUE(store.FinishJudging(j2, wa).ok());

    // 2: a judging whose process died mid-way.
    crashed_id_ = *store.AddSubmission(SampleSubmission("rotation", "crashed.py"));
    Judging nj = SampleJudging(crashed_id_);
    nj.owner = CurrentProcessOwner();
    nj.owner.pid = ReapedChildPid();
    int64_t j3 = *store.StartJudging(nj);
    ASSERT_TRUE(store.AddTestResult(j3, SampleTest("secret/01")).ok());
  }

  TempDir dir_;
  std::string db_;
  int64_t ac_id_ = 0;
  int64_t crashed_id_ = 0;
};

TEST_F(HistoryShowCliTest, HistoryJsonListsNewestFirstWithLatestJudging) {
  JudgeRun r = Judge({"history", "--db", db_, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["history"].size(), 2u);
  const auto& crashed = doc["history"][0];
  EXPECT_EQ(crashed["submission"], crashed_id_);
  EXPECT_EQ(crashed["problem"], "rotation");
  EXPECT_EQ(crashed["file"], "crashed.py");
  EXPECT_EQ(crashed["status"], "incomplete");
  EXPECT_TRUE(crashed["verdict"].is_null());
  const auto& rejudged = doc["history"][1];
  EXPECT_EQ(rejudged["submission"], ac_id_);
  EXPECT_EQ(rejudged["judgings"], 2);
  EXPECT_EQ(rejudged["verdict"], "WA");
  EXPECT_EQ(rejudged["time_ms"], 11);
  EXPECT_EQ(rejudged["memory_kib"], 1111);
  EXPECT_EQ(rejudged["language"], "cpp20");

  JudgeRun filtered = Judge({"history", "--db", db_, "--json", "--problem", "eight"});
  ASSERT_EQ(filtered.exit_code, 0);
  auto fdoc = nlohmann::json::parse(filtered.out);
  ASSERT_EQ(fdoc["history"].size(), 1u);
  EXPECT_EQ(fdoc["history"][0]["submission"], ac_id_);
  JudgeRun limited = Judge({"history", "--db", db_, "--json", "--limit", "1"});
  ASSERT_EQ(nlohmann::json::parse(limited.out)["history"].size(), 1u);
}

TEST_F(HistoryShowCliTest, HistoryHumanLinesShowVerdictsAndIncomplete) {
  JudgeRun r = Judge({"history", "--db", db_});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Header + one line per submission.
  size_t lines = std::count(r.out.begin(), r.out.end(), '\n');
  EXPECT_EQ(lines, 3u) << r.out;
  EXPECT_NE(r.out.find("crashed.py"), std::string::npos);
  EXPECT_NE(r.out.find("incomplete"), std::string::npos);
  EXPECT_NE(r.out.find("fast.cpp"), std::string::npos);
  EXPECT_NE(r.out.find("WA"), std::string::npos);
  EXPECT_NE(r.out.find("11ms"), std::string::npos);
  EXPECT_NE(r.out.find("1111KiB"), std::string::npos);
  EXPECT_NE(r.out.find("(2 judgings)"), std::string::npos);
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos) << "no colour when not a terminal";
}

TEST_F(HistoryShowCliTest, ShowJsonHasEveryJudgingAndTest) {
  JudgeRun r = Judge({"show", std::to_string(ac_id_), "--db", db_, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["submission"]["id"], ac_id_);
  EXPECT_EQ(doc["submission"]["source_sha256"], Sha256Hex(SampleSubmission().source));
  EXPECT_EQ(doc["submission"]["compiler_version"], SampleSubmission().compiler_version);
  ASSERT_EQ(doc["judgings"].size(), 2u);
  const auto& first = doc["judgings"][0];
  EXPECT_EQ(first["verdict"], "AC");
  EXPECT_EQ(first["score"], 100.0);
  EXPECT_EQ(first["plugin"], "eight");
  EXPECT_EQ(first["plugin_sha256"], Sha256Hex("plugin bytes"));
  EXPECT_EQ(first["limits"]["time_ms"], 2000);
  EXPECT_TRUE(first["limits"]["total_time_ms"].is_null());
  ASSERT_EQ(first["tests"].size(), 1u);
  const auto& test = first["tests"][0];
  EXPECT_EQ(test["name"], "sample/1");
  EXPECT_EQ(test["verdict"], "AC");
  EXPECT_EQ(test["time_ms"], 321);
  EXPECT_EQ(test["wall_ms"], 15);
  EXPECT_EQ(test["memory_kib"], 3000);
  EXPECT_EQ(test["exit_code"], 0);
  EXPECT_EQ(test["signal"], 0);
  EXPECT_EQ(test["message"], "optimal\nsecond line of the message");
  EXPECT_EQ(test["time_method"], "cgroup-v2");
  EXPECT_EQ(doc["judgings"][1]["verdict"], "WA");
}

TEST_F(HistoryShowCliTest, ShowHumanPrintsTestsAndMessages) {
  JudgeRun r = Judge({"show", std::to_string(crashed_id_), "--db", db_});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("crashed.py"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("incomplete"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("secret/01"), std::string::npos) << r.out;
  JudgeRun multi = Judge({"show", std::to_string(ac_id_), "--db", db_});
  ASSERT_EQ(multi.exit_code, 0);
  EXPECT_NE(multi.out.find("second line of the message"), std::string::npos) << multi.out;
  EXPECT_NE(multi.out.find("(latest)"), std::string::npos);
}

TEST_F(HistoryShowCliTest, ShowSourcePrintsTheExactBytes) {
  JudgeRun r = Judge({"show", std::to_string(ac_id_), "--db", db_, "--source"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, SampleSubmission().source);
}

TEST_F(HistoryShowCliTest, UnknownIdExitsOne) {
  JudgeRun r = Judge({"show", "999", "--db", db_});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "judge show: no submission 999 in " + db_ + "\n");
  EXPECT_TRUE(r.out.empty());
}

TEST(HistoryShowCliErrors, BadDatabasesExitThreeWithOneLine) {
  TempDir dir;
  const std::string notdb = dir.Path("notes.txt");
  WriteFile(notdb, std::string(4096, 'x'));
  JudgeRun r = Judge({"history", "--db", notdb});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err, "judge history: " + notdb +
                       ": not a judge database: file is not SQLite (file is not a database)\n");
  JudgeRun s = Judge({"show", "1", "--db", notdb});
  EXPECT_EQ(s.exit_code, 3);
  EXPECT_EQ(std::count(s.err.begin(), s.err.end(), '\n'), 1);
  EXPECT_EQ(ReadFile(notdb), std::string(4096, 'x'));

  const std::string newer = dir.Path("newer.sqlite");
  ASSERT_TRUE(OpenStore(newer).ok());
  RawExec(newer, "PRAGMA user_version = 99;");
  JudgeRun n = Judge({"history", "--db", newer});
  EXPECT_EQ(n.exit_code, 3);
  EXPECT_EQ(n.err, "judge history: " + newer + ": database schema version 99 is newer than this judge supports (" +
                       std::to_string(store_internal::SchemaMigrations().back().version) +
                       "); use a newer judge\n");
}

TEST(HistoryShowCliErrors, MissingDatabaseIsEmptyAndNotCreated) {
  TempDir dir;
  const std::string db = dir.Path("none/judge.sqlite");
  JudgeRun r = Judge({"history", "--db", db, "--json"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(r.out)["history"].size(), 0u);
  JudgeRun s = Judge({"show", "1", "--db", db});
  EXPECT_EQ(s.exit_code, 1);
  EXPECT_FALSE(std::filesystem::exists(dir.Path("none")));
}

TEST(HistoryShowCliErrors, DefaultPathComesFromJudgeDb) {
  TempDir dir;
  const std::string db = dir.Path("env.sqlite");
  {
    auto store = OpenStore(db);
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE((*store)->AddSubmission(SampleSubmission("eight", "via-env.cpp")).ok());
  }
  JudgeRun e = Judge({"history", "--json"}, {{"JUDGE_DB", db}});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  auto doc = nlohmann::json::parse(e.out);
  EXPECT_EQ(doc["database"], db);
  ASSERT_EQ(doc["history"].size(), 1u);
  EXPECT_EQ(doc["history"][0]["file"], "via-env.cpp");
}

}  // namespace
}  // namespace judge::store_test
