// The service on PostgreSQL, against a throwaway cluster this test makes itself
// (initdb and pg_ctl of Debian's postgresql-15 in a temporary directory, a Unix
// socket only, removed at the end): the queue contract; `judge worker` hosts that take
// only what they can run; a worker killed with SIGKILL mid-run whose submission
// another worker judges, once; a server killed and started again without losing its
// queue.
//
// PostgreSQL is required, not optional: without it the test fails and says how to get
// it (tools/setup installs it).
#include <gtest/gtest.h>

#include "pg_cluster.h"
#include "queue_contract.h"
#include "service_util.h"

namespace judge::servicetest {
namespace {

#define REQUIRE_CLUSTER() ASSERT_TRUE(cluster->error().empty()) << cluster->error()

class PgQueueTest : public QueueContract {
 protected:
  QueueUnderTest Make() override {
    QueueUnderTest q;
    if (!cluster->error().empty()) {
      ADD_FAILURE() << cluster->error();
      return q;
    }
    url_ = cluster->NewDatabase();
    auto opened = OpenPostgresQueue(url_, 4);
    EXPECT_TRUE(opened.ok()) << opened.status().message();
    if (opened.ok()) q.queue = std::move(opened).value();
    // The database's clock: time passes for real.
    q.advance = [](int64_t ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms + 20)); };
    q.open_another = [this] {
      auto o = OpenPostgresQueue(url_, 2);
      return o.ok() ? std::move(o).value() : nullptr;
    };
    return q;
  }
  void SetUp() override {
    QueueContract::SetUp();
    ASSERT_NE(q_.queue, nullptr);
  }
  std::string url_;
};

JUDGE_QUEUE_CONTRACT_TESTS(PgQueueTest)

TEST_F(PgQueueTest, SourceBytesAndOddTextSurvive) {
  Submission s = SampleSubmission();
  s.source = std::string("\0\x01\xff\xfe binary\n", 13);
  s.file_name = "na\xffme.cpp";
  auto id = queue()->Submit(s, "m\xc3\xa9lanie");
  ASSERT_TRUE(id.ok()) << id.status().message();
  auto got = queue()->store()->GetSubmission(*id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->source, s.source);
  EXPECT_EQ(got->source_sha256, Sha256Hex(s.source));
  EXPECT_EQ(got->file_name, "na\xef\xbf\xbdme.cpp") << "invalid UTF-8 in text is replaced, not refused";
  auto e = queue()->Get(*id);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->submitter, "m\xc3\xa9lanie");
}

TEST(PgSchemaTest, RefusesAnotherProgramsDatabaseUntouched) {
  REQUIRE_CLUSTER();
  std::string url = cluster->NewDatabase();
  {
    auto q = OpenPostgresQueue(url, 1);
    ASSERT_TRUE(q.ok()) << q.status().message();
  }
  auto again = OpenPostgresQueue(url, 1);
  EXPECT_TRUE(again.ok()) << "opening twice migrates once: " << again.status().message();
  std::string other = cluster->NewDatabase();
  Child psql({std::string(kPgBin) + "/psql", other, "-c", "CREATE TABLE contacts (name text)"});
  ASSERT_EQ(psql.Wait(), 0) << psql.output();
  auto refused = OpenPostgresQueue(other, 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("not a judge database: it holds another program's tables (e.g. 'contacts')"),
            std::string::npos)
      << refused.status().message();
  EXPECT_EQ(OpenPostgresQueue("mysql://x", 1).status().message(),
            "--queue: expected a postgresql:// URL, found 'mysql://x'");
}

// --- judge serve --queue and judge worker processes -------------------------------

class PgServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    REQUIRE_CLUSTER();
    url_ = cluster->NewDatabase();
    MakeSumPackage(dir_.Path("problems/sum"), 2);
    MakeSumPackage(dir_.Path("problems/slow"), 5, /*time_ms=*/5000);
  }
  Server StartServer() {
    Server s = StartServe({"--queue", url_, "--problems", dir_.Path("problems"), "--workers", "0", "--rate", "0"});
    EXPECT_FALSE(s.address.empty()) << (s.child ? s.child->output() : "");
    return s;
  }
  // A judge host. `host`: run it in its own UTS namespace under that host name, as if
  // on another machine (its process cannot be seen from here: only its lease tells).
  std::unique_ptr<Child> StartWorker(const std::string& name, const std::string& host = "",
                                     std::vector<std::string> extra = {}) {
    std::vector<std::string> argv;
    if (!host.empty()) argv = {"unshare", "--uts", "sh", "-c", "hostname " + host + " && exec \"$0\" \"$@\""};
    std::vector<std::string> rest = {JUDGE_EXE, "worker", "--queue", url_, "--problems", dir_.Path("problems"),
                                     "--name", name, "--lease-ms", "2000", "--poll-ms", "100"};
    rest.insert(rest.end(), extra.begin(), extra.end());
    argv.insert(argv.end(), rest.begin(), rest.end());
    auto c = std::make_unique<Child>(argv);
    EXPECT_NE(c->WaitForLine("judge worker: ready:"), "") << c->output();
    return c;
  }
  int64_t Submit(const Server& s, const std::string& problem, const std::string& source,
                 const std::string& body_override = "") {
    HttpReply r = Http(s.address, "POST", "/api/v1/submissions",
                       body_override.empty() ? SubmitBody(problem, "sol.cpp", source) : body_override);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.Json().value("id", int64_t{0});
  }
  std::unique_ptr<JobQueue> OpenQueue() {
    auto q = OpenPostgresQueue(url_, 1);
    EXPECT_TRUE(q.ok()) << q.status().message();
    return q.ok() ? std::move(q).value() : nullptr;
  }
  TempDir dir_;
  std::string url_;
};

TEST_F(PgServiceTest, WorkersJudgeWhatTheServerQueues) {
  Server s = StartServer();
  auto w1 = StartWorker("w1");
  auto w2 = StartWorker("w2");
  std::vector<int64_t> ids;
  // The accepted ones take a while (2 tests of 300 ms), so while one host is busy with
  // one, the other, asking every 100 ms, takes the next.
  for (int i = 0; i < 6; ++i) ids.push_back(Submit(s, "sum", i % 2 ? kSumWrong : SumSlow(300)));
  std::set<std::string> workers;
  auto q = OpenQueue();
  ASSERT_NE(q, nullptr);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    json d = WaitDone(s.address, ids[i]);
    EXPECT_EQ(d["verdict"], i % 2 ? "WA" : "AC") << d.dump();
    auto e = q->Get(ids[i]);
    ASSERT_TRUE(e.ok());
    workers.insert(e->worker.substr(0, 2));
    EXPECT_EQ(e->judging_count, 1);
  }
  EXPECT_EQ(workers.size(), 2u) << "both hosts took work";
}

// A worker takes only the languages it can run: a profile whose compiler this host
// lacks stays queued until a worker that has it comes.
TEST_F(PgServiceTest, WorkersTakeOnlyLanguagesTheyCanRun) {
  WriteFile(dir_.Path("langs.yaml"),
            "languages:\n  - id: exotic\n    name: Exotic\n    extensions: [.exo]\n    source: main.exo\n"
            "    compile: [no-such-compiler-here, \"{source}\"]\n    run: [\"./{binary}\"]\n");
  Server s = StartServe({"--queue", url_, "--problems", dir_.Path("problems"), "--workers", "0", "--rate", "0",
                         "--languages", dir_.Path("langs.yaml")});
  ASSERT_FALSE(s.address.empty()) << s.child->output();
  auto w = StartWorker("w1", "", {"--languages", dir_.Path("langs.yaml")});
  int64_t exotic = Submit(s, "", "", SubmitBody("sum", "prog.exo", "anything"));
  int64_t cpp = Submit(s, "sum", kSumOk);
  EXPECT_EQ(WaitDone(s.address, cpp)["verdict"], "AC");
  json e = Http(s.address, "GET", "/api/v1/submissions/" + std::to_string(exotic)).Json();
  EXPECT_EQ(e["status"], "queued") << e.dump();
  EXPECT_EQ(e["attempts"], 0);
}

// The fault the queue exists for: a judge host dies mid-run (SIGKILL, so it cannot
// say anything). Its lease runs out, another host judges the submission again from
// its stored source, and exactly one judging of it finishes.
TEST_F(PgServiceTest, WorkerKilledMidRunLosesNothing) {
  Server s = StartServer();
  auto doomed = StartWorker("doomed", "host-a");
  int64_t id = Submit(s, "slow", SumSlow(500));
  const auto deadline = SteadyClock::now() + std::chrono::seconds(120);
  json seen;
  while (SteadyClock::now() < deadline) {
    seen = Http(s.address, "GET", "/api/v1/submissions/" + std::to_string(id)).Json();
    if (seen.contains("tests") && seen["tests"].size() >= 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_GE(seen["tests"].size(), 1u) << "the first worker never finished a test: " << doomed->output();
  ASSERT_NE(seen["status"], "done");
  doomed->Signal(SIGKILL);
  doomed->Wait();
  // Nothing happens while the lease lives; then another host takes over.
  auto rescuer = StartWorker("rescuer", "host-b");
  json done = WaitDone(s.address, id);
  EXPECT_EQ(done["status"], "done") << done.dump();
  EXPECT_EQ(done["verdict"], "AC");
  EXPECT_EQ(done["tests"].size(), 5u);
  EXPECT_EQ(done["attempts"], 2);
  auto q = OpenQueue();
  ASSERT_NE(q, nullptr);
  auto judgings = q->store()->ListJudgings(id);
  ASSERT_TRUE(judgings.ok()) << judgings.status().message();
  ASSERT_EQ(judgings->size(), 2u);
  int finished = 0;
  for (const auto& j : *judgings) finished += j.status == JudgingStatus::kDone;
  EXPECT_EQ(finished, 1) << "the result is stored once";
  EXPECT_EQ((*judgings)[0].status, JudgingStatus::kIncomplete);
  EXPECT_NE((*judgings)[0].message.find("abandoned: worker doomed/0"), std::string::npos) << (*judgings)[0].message;
  EXPECT_GE((*judgings)[0].tests.size(), 1u) << "what the dead worker finished stays as history";
  EXPECT_EQ((*judgings)[0].owner.host, "host-a");
  EXPECT_EQ((*judgings)[1].owner.host, "host-b");
  EXPECT_EQ((*judgings)[1].tests.size(), 5u);
}

// The server holds nothing the database does not: killed and started again, it
// serves the same queue, and the submissions it took before are judged.
TEST_F(PgServiceTest, ServerRestartLosesNoQueue) {
  std::vector<int64_t> ids;
  {
    Server s = StartServer();
    for (int i = 0; i < 3; ++i) ids.push_back(Submit(s, "sum", kSumOk));
    s.child->Signal(SIGKILL);
    s.child->Wait();
  }
  Server again = StartServer();
  json list = Http(again.address, "GET", "/api/v1/submissions").Json();
  ASSERT_EQ(list.size(), 3u) << list.dump();
  for (const auto& e : list) EXPECT_EQ(e["status"], "queued");
  auto w = StartWorker("w1");
  for (int64_t id : ids) EXPECT_EQ(WaitDone(again.address, id)["verdict"], "AC");
}

}  // namespace
}  // namespace judge::servicetest

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  judge::servicetest::cluster = new judge::servicetest::Cluster();
  ::testing::AddGlobalTestEnvironment(judge::servicetest::cluster);
  return RUN_ALL_TESTS();
}
