// A real `judge serve` on a free port with SQLite and in-process workers, spoken to
// over raw sockets: submissions judged end to end, the event stream, every kind of bad
// request (the server answers one JSON error and goes on serving), slow and silent
// clients, and a server killed with SIGKILL mid-judging and started again.
#include <gtest/gtest.h>

#include <algorithm>

#include "service_util.h"

namespace judge::servicetest {
namespace {

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    MakeSumPackage(dir_.Path("problems/sum"), 3);
    MakeSumPackage(dir_.Path("problems/slow"), 4, /*time_ms=*/5000);
  }
  Server Start(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"--problems", dir_.Path("problems"), "--db", dir_.Path("judge.sqlite")};
    if (std::find(extra.begin(), extra.end(), "--rate") == extra.end()) extra.insert(extra.end(), {"--rate", "0"});
    args.insert(args.end(), extra.begin(), extra.end());
    Server s = StartServe(args);
    EXPECT_FALSE(s.address.empty()) << "the server did not start: " << (s.child ? s.child->output() : "");
    return s;
  }
  int64_t Submit(const Server& s, const std::string& problem, const std::string& source,
                 const std::string& file = "sol.cpp", const std::string& token = "") {
    HttpReply r = Http(s.address, "POST", "/api/v1/submissions", SubmitBody(problem, file, source), token);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.Json().value("id", int64_t{0});
  }
  // Still serving: a plain request gets a plain answer.
  static void ExpectServing(const Server& s) {
    HttpReply r = Http(s.address, "GET", "/api/v1/problems");
    EXPECT_EQ(r.status, 200) << r.body;
  }
  TempDir dir_;
};

TEST_F(ServerTest, JudgesSubmissionsEndToEnd) {
  Server s = Start({"--workers", "2"});
  int64_t ok = Submit(s, "sum", kSumOk);
  int64_t wrong = Submit(s, "sum", kSumWrong);
  int64_t ce = Submit(s, "sum", kSumCompileError);
  json a = WaitDone(s.address, ok);
  EXPECT_EQ(a["status"], "done") << a.dump();
  EXPECT_EQ(a["verdict"], "AC");
  EXPECT_EQ(a["tests"].size(), 3u);
  EXPECT_EQ(a["compile"]["ok"], true);
  // The toolchain that built it is recorded, as for `judge grade` (issue 25, item 2).
  EXPECT_EQ(a.value("compiler_version", "").rfind("g++", 0), 0u) << a.dump();
  for (const char* key : {"submission", "problem", "language", "verdict", "score", "time_ms", "memory_kib",
                          "compile", "tests"})
    EXPECT_TRUE(a.contains(key)) << "grade --json's field " << key;
  json w = WaitDone(s.address, wrong);
  EXPECT_EQ(w["verdict"], "WA");
  EXPECT_FALSE(w["tests"][0]["message"].get<std::string>().empty()) << "the checker's message is there";
  json c = WaitDone(s.address, ce);
  EXPECT_EQ(c["verdict"], "CE");
  EXPECT_NE(c["compile"]["log"].get<std::string>().find("error"), std::string::npos);
  json list = Http(s.address, "GET", "/api/v1/submissions?limit=2").Json();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["id"], ce) << "newest first";
  EXPECT_EQ(list[1]["verdict"], "WA");
}

// The whole stream, read as a client reads it: a test event per test, then done.
TEST_F(ServerTest, EventStreamFollowsTheJudging) {
  Server s = Start({"--workers", "1"});
  int64_t id = Submit(s, "slow", SumSlow(150));
  int fd = Connect(s.address);
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(SendAll(fd, "GET /api/v1/submissions/" + std::to_string(id) +
                              "/events HTTP/1.1\r\nHost: " + s.address + "\r\nAccept: text/event-stream\r\n\r\n"));
  HttpReply r = ReadReply(fd);  // close-delimited: returns when the stream ends
  close(fd);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.headers["content-type"], "text/event-stream");
  std::vector<json> tests;
  json done;
  std::size_t pos = 0;
  while (true) {
    std::size_t end = r.body.find("\n\n", pos);
    if (end == std::string::npos) break;
    std::string block = r.body.substr(pos, end - pos);
    pos = end + 2;
    if (block.rfind("event: test\ndata: ", 0) == 0) tests.push_back(json::parse(block.substr(18)));
    if (block.rfind("event: done\ndata: ", 0) == 0) done = json::parse(block.substr(18));
  }
  ASSERT_EQ(tests.size(), 4u) << r.body;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    EXPECT_EQ(tests[i]["index"], i);
    EXPECT_EQ(tests[i]["tests_total"], 4);
    EXPECT_EQ(tests[i]["test"]["verdict"], "AC");
  }
  EXPECT_EQ(done["status"], "done");
  EXPECT_EQ(done["verdict"], "AC");
}

TEST_F(ServerTest, BadRequestsGetOneJsonErrorAndTheServerGoesOn) {
  Server s = Start({"--workers", "0"});
  auto expect_error = [&](const HttpReply& r, int status) {
    EXPECT_EQ(r.status, status) << r.body;
    json j = r.Json();
    EXPECT_TRUE(j.is_object() && j.contains("error") && j.size() == 1) << r.body;
    EXPECT_EQ(r.headers.at("content-type"), "application/json");
  };
  expect_error(Http(s.address, "POST", "/api/v1/submissions", "{\"problem\": "), 400);
  expect_error(Http(s.address, "POST", "/api/v1/submissions", "{\"problem\": [], \"filename\": 1, \"source\": 2}"),
               400);
  expect_error(Http(s.address, "POST", "/api/v1/submissions", SubmitBody("nope", "a.cpp", "x")), 400);
  expect_error(Http(s.address, "GET", "/api/v1/submissions/x1"), 400);
  // A target that is not a path and a query (url_parse.h).
  expect_error(Http(s.address, "GET", "/api/v1/submissions?limit=%zz"), 400);
  expect_error(Http(s.address, "GET", "http://evil.example/api/v1/problems"), 400);
  expect_error(Http(s.address, "GET", "/api/v1/submissions/123456"), 404);
  expect_error(Http(s.address, "PUT", "/api/v1/problems"), 405);
  expect_error(Http(s.address, "POST", "/api/v1/submissions",
                    SubmitBody("sum", "a.cpp", std::string((1 << 20) + 10, 'a'))),
               413);
  // A body bigger than the server reads at all: refused from the header alone.
  {
    int fd = Connect(s.address);
    ASSERT_TRUE(SendAll(fd, "POST /api/v1/submissions HTTP/1.1\r\nHost: " + s.address +
                                "\r\nContent-Length: 100000000\r\n\r\n"));
    expect_error(ReadReply(fd), 413);
    close(fd);
  }
  // Headers far over the limit.
  expect_error(Http(s.address, "GET", "/api/v1/problems", "", "", "X-Big: " + std::string(64 * 1024, 'b') + "\r\n"),
               431);
  // Not HTTP at all.
  {
    int fd = Connect(s.address);
    ASSERT_TRUE(SendAll(fd, "HELLO THERE\r\n\r\n"));
    expect_error(ReadReply(fd), 400);
    close(fd);
  }
  // Binary garbage, then silence.
  {
    int fd = Connect(s.address);
    ASSERT_TRUE(SendAll(fd, std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11)));
    HttpReply r = ReadReply(fd);
    EXPECT_TRUE(r.status == 400 || r.status == 408 || r.status == 0) << r.status;
    close(fd);
  }
  ExpectServing(s);
  EXPECT_EQ(Http(s.address, "GET", "/").status, 200);
}

// One language rule for the command line and the API: a Python 2 file that
// `judge grade` refuses is refused over HTTP with the same reason, not judged as
// Python 3 because of its extension.
TEST_F(ServerTest, APythonTwoFileIsRefusedAsGradeRefusesIt) {
  const std::string source = "#!/usr/bin/env python2\nprint 1 + 2\n";
  WriteFile(dir_.Path("old.py"), source);
  const std::string reason = "old.py: Python 2 (its #! line names python2), which this judge does not offer";
  Child grade({JUDGE_EXE, "grade", dir_.Path("problems/sum"), dir_.Path("old.py"), "--db", dir_.Path("grade.sqlite")});
  EXPECT_EQ(grade.Wait(), 3);
  EXPECT_NE(grade.output().find(reason), std::string::npos) << grade.output();
  Server s = Start({"--workers", "0"});
  HttpReply r = Http(s.address, "POST", "/api/v1/submissions", SubmitBody("sum", "old.py", source));
  EXPECT_EQ(r.status, 400) << r.body;
  EXPECT_EQ(r.Json().value("error", ""), "\"filename\": " + reason);
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/submissions").Json().size(), 0u) << "nothing was queued";
}

// Clients that send half a request and wait hold a connection each, not the server.
TEST_F(ServerTest, SlowClientsDoNotStopOthers) {
  Server s = Start({"--workers", "0"});
  std::vector<int> slow;
  for (int i = 0; i < 20; ++i) {
    int fd = Connect(s.address);
    ASSERT_GE(fd, 0);
    ASSERT_TRUE(SendAll(fd, "GET /api/v1/problems HTTP/1.1\r\nHost: " + s.address + "\r\nX-Slow: "));
    slow.push_back(fd);
  }
  for (int i = 0; i < 5; ++i) ExpectServing(s);
  // A keep-alive client: two requests on one connection.
  int fd = Connect(s.address);
  ASSERT_TRUE(SendAll(fd, "GET /api/v1/problems HTTP/1.1\r\nHost: " + s.address + "\r\n\r\n"));
  EXPECT_EQ(ReadReply(fd).status, 200);
  ASSERT_TRUE(SendAll(fd, "GET /api/v1/languages HTTP/1.1\r\nHost: " + s.address + "\r\nConnection: close\r\n\r\n"));
  EXPECT_EQ(ReadReply(fd).status, 200);
  close(fd);
  for (int f : slow) close(f);
  ExpectServing(s);
}

TEST_F(ServerTest, RateLimitAnswers429) {
  Server s = Start({"--workers", "0", "--rate", "1", "--burst", "5"});
  int limited = 0, ok = 0;
  for (int i = 0; i < 12; ++i) {
    int status = Http(s.address, "GET", "/api/v1/problems").status;
    ok += status == 200;
    limited += status == 429;
  }
  EXPECT_GE(ok, 5);
  EXPECT_GE(limited, 1);
  EXPECT_EQ(ok + limited, 12);
}

TEST_F(ServerTest, TokensFromTheFile) {
  WriteFile(dir_.Path("tokens"), "admin-token-0123456789 root admin\nalice-token-0123456789 alice contestant\n");
  Server s = Start({"--workers", "1", "--token-file", dir_.Path("tokens")});
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/problems").status, 401);
  int64_t id = Submit(s, "sum", kSumOk, "sol.cpp", "alice-token-0123456789");
  json done = WaitDone(s.address, id, "alice-token-0123456789");
  EXPECT_EQ(done["verdict"], "AC");
  EXPECT_EQ(done["submitter"], "alice");
  EXPECT_EQ(Http(s.address, "POST", "/api/v1/submissions/" + std::to_string(id) + "/rejudge", "",
                 "alice-token-0123456789")
                .status,
            403);
  EXPECT_EQ(Http(s.address, "POST", "/api/v1/submissions/" + std::to_string(id) + "/rejudge", "",
                 "admin-token-0123456789")
                .status,
            202);
  json again = WaitDone(s.address, id, "admin-token-0123456789");
  EXPECT_EQ(again["verdict"], "AC");
  EXPECT_EQ(again["judgings"], 2);
}

// Hole 7 of issue 34: a token line that names no role gives a contestant's rights
// only; the admin role is always written out.
TEST_F(ServerTest, TokenLineWithoutARoleIsAContestant) {
  WriteFile(dir_.Path("tokens"), "admin-token-0123456789 root admin\ncarol-token-0123456789 carol\n"
                             "dave-token-01234567890\n");
  Server s = Start({"--workers", "1", "--token-file", dir_.Path("tokens")});
  EXPECT_EQ(json::parse(Http(s.address, "GET", "/api/v1/whoami", "", "carol-token-0123456789").body),
            (json{{"name", "carol"}, {"role", "contestant"}}));
  EXPECT_EQ(json::parse(Http(s.address, "GET", "/api/v1/whoami", "", "dave-token-01234567890").body),
            (json{{"name", "user3"}, {"role", "contestant"}}));
  int64_t admins = Submit(s, "sum", kSumOk, "sol.cpp", "admin-token-0123456789");
  const std::string path = "/api/v1/submissions/" + std::to_string(admins);
  EXPECT_EQ(Http(s.address, "GET", path, "", "carol-token-0123456789").status, 404) << "another's submission";
  EXPECT_EQ(Http(s.address, "POST", "/api/v1/problems/reload", "", "carol-token-0123456789").status, 403);
  EXPECT_EQ(Http(s.address, "POST", path + "/rejudge", "", "carol-token-0123456789").status, 403);
}

// A Kattis package without a time limit (inferred from its accepted submission, as
// verify and grade infer it) and a DOMjudge package with only its ini file are served,
// and judged with that limit, not refused or judged with none.
TEST_F(ServerTest, ServesPackagesWhoseTimeLimitIsInferred) {
  const std::string kattis = dir_.Path("problems/inferred");
  WriteFile(kattis + "/problem.yaml", "name: Sum without a limit\n");
  WriteFile(kattis + "/data/secret/1.in", "2 3\n");
  WriteFile(kattis + "/data/secret/1.ans", "5\n");
  WriteFile(kattis + "/submissions/accepted/sum.cpp", kSumOk);
  const std::string dj = dir_.Path("problems/dj");
  WriteFile(dj + "/domjudge-problem.ini", "timelimit = 3\nname = Sum\n");
  WriteFile(dj + "/data/secret/1.in", "2 3\n");
  WriteFile(dj + "/data/secret/1.ans", "5\n");
  Server s = Start({"--workers", "1"});
  json problems = Http(s.address, "GET", "/api/v1/problems").Json();
  EXPECT_NE(problems.dump().find("\"inferred\""), std::string::npos) << problems.dump();
  EXPECT_NE(problems.dump().find("\"dj\""), std::string::npos) << problems.dump();
  for (const char* id : {"inferred", "dj"}) {
    json a = WaitDone(s.address, Submit(s, id, kSumOk));
    EXPECT_EQ(a["verdict"], "AC") << id << ": " << a.dump();
  }
}

// The catalog infers with the server's own cancel flag: SIGTERM while a package's time
// limit is being inferred (its accepted submission burning ~3 s of CPU on each of four
// tests) stops the inference and the server at once, before it listens.
TEST_F(ServerTest, ASignalStopsATimeLimitInferenceBeforeListening) {
  const std::string slow = dir_.Path("problems/inferred");
  WriteFile(slow + "/problem.yaml", "name: Sum without a limit\n");
  for (int i = 1; i <= 4; ++i) {
    WriteFile(slow + "/data/secret/" + std::to_string(i) + ".in", "2 3\n");
    WriteFile(slow + "/data/secret/" + std::to_string(i) + ".ans", "5\n");
  }
  WriteFile(slow + "/submissions/accepted/sum.cpp", SumSlow(3000));
  const std::string scratch = dir_.Path("scratch");
  std::filesystem::create_directories(scratch);
  // A cache of its own: the limit is inferred, never read from an earlier run's cache.
  Child serve({JUDGE_EXE, "serve", "--listen", "127.0.0.1:0", "--problems", dir_.Path("problems"), "--db",
               dir_.Path("judge.sqlite"), "--workers", "0"},
              {"JUDGE_SCRATCH_DIR=" + scratch, "XDG_CACHE_HOME=" + dir_.Path("cache")});
  bool inferring = false;
  for (int i = 0; i < 1200 && !inferring; ++i) {
    std::error_code ec;
    inferring = !std::filesystem::is_empty(scratch, ec) && !ec;
    if (!inferring) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(inferring) << "the inference never started: " << serve.output();
  const auto sent = SteadyClock::now();
  serve.Signal(SIGTERM);
  EXPECT_EQ(serve.Wait(), 0) << serve.output();
  const double seconds = std::chrono::duration<double>(SteadyClock::now() - sent).count();
  EXPECT_LT(seconds, 5.0) << "the inference (~12 s of CPU) must stop, not run to its end";
  const std::string& out = serve.output();
  EXPECT_EQ(out.find("listening on"), std::string::npos) << out;
  EXPECT_NE(out.find("problem not loaded"), std::string::npos) << out;
  EXPECT_NE(out.find("inferring the time limit"), std::string::npos) << out;
}

// The problems directory is watched: a new package appears without a restart.
TEST_F(ServerTest, NewPackageIsPickedUp) {
  Server s = Start({"--workers", "0"});
  MakeSumPackage(dir_.Path("problems/added"), 1);
  json reloaded = Http(s.address, "POST", "/api/v1/problems/reload").Json();
  EXPECT_NE(reloaded["problems"].dump().find("added"), std::string::npos) << reloaded.dump();
  json problems = Http(s.address, "GET", "/api/v1/problems").Json();
  EXPECT_EQ(problems.size(), 3u);
}

// A Polygon package in the problems folder is served as a Kattis one is (one package
// loader): its tests from problem.xml, its testlib checker, its limits.
TEST_F(ServerTest, ServesAPolygonPackage) {
  const std::string package = std::string(JUDGE_TEST_PACKAGES_DIR) + "/polygon";
  std::filesystem::copy(package, dir_.Path("problems/polygon"), std::filesystem::copy_options::recursive);
  Server s = Start({"--workers", "1"});
  int64_t ok = Submit(s, "polygon", ReadFile(package + "/solutions/smallest.cpp"));
  int64_t wrong = Submit(s, "polygon", ReadFile(package + "/solutions/only-two.cpp"));
  json a = WaitDone(s.address, ok);
  EXPECT_EQ(a["verdict"], "AC") << a.dump();
  EXPECT_EQ(a["tests"].size(), 4u) << a.dump();
  EXPECT_EQ(WaitDone(s.address, wrong)["verdict"], "WA");
}

// SIGKILL mid-judging, then the same command again: the queue is in the file, the
// killed judging is recorded incomplete, and every submission ends judged once.
TEST_F(ServerTest, KilledServerResumesItsQueueAfterRestart) {
  std::vector<int64_t> ids;
  {
    Server s = Start({"--workers", "1"});
    ids.push_back(Submit(s, "slow", SumSlow(400)));
    ids.push_back(Submit(s, "sum", kSumOk));
    ids.push_back(Submit(s, "sum", kSumWrong));
    // Wait until the slow one has a finished test, then kill the server outright.
    const auto deadline = SteadyClock::now() + std::chrono::seconds(120);
    while (SteadyClock::now() < deadline) {
      json j = Http(s.address, "GET", "/api/v1/submissions/" + std::to_string(ids[0])).Json();
      if (j.contains("tests") && !j["tests"].empty()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    s.child->Signal(SIGKILL);
    s.child->Wait();
  }
  Server again = Start({"--workers", "1"});
  json slow = WaitDone(again.address, ids[0]);
  EXPECT_EQ(slow["status"], "done") << slow.dump();
  EXPECT_EQ(slow["verdict"], "AC");
  EXPECT_EQ(slow["tests"].size(), 4u);
  EXPECT_EQ(slow["judgings"], 2) << "the killed judging stays as history";
  EXPECT_EQ(slow["attempts"], 2);
  EXPECT_EQ(WaitDone(again.address, ids[1])["verdict"], "AC");
  EXPECT_EQ(WaitDone(again.address, ids[2])["verdict"], "WA");
  // The killed judging reads incomplete with its finished tests (judge show --json).
  Child show({JUDGE_EXE, "show", std::to_string(ids[0]), "--json", "--db", dir_.Path("judge.sqlite")});
  show.Wait();
  json shown = json::parse(show.output(), nullptr, false);
  ASSERT_TRUE(shown.is_object()) << show.output();
  ASSERT_EQ(shown["judgings"].size(), 2u);
  EXPECT_EQ(shown["judgings"][0]["status"], "incomplete");
  EXPECT_GE(shown["judgings"][0]["tests"].size(), 1u);
  EXPECT_EQ(shown["judgings"][1]["status"], "done");
}

TEST_F(ServerTest, StopsCleanlyOnSigterm) {
  Server s = Start({"--workers", "1"});
  int64_t id = Submit(s, "slow", SumSlow(300));
  const auto deadline = SteadyClock::now() + std::chrono::seconds(120);
  while (SteadyClock::now() < deadline) {
    json j = Http(s.address, "GET", "/api/v1/submissions/" + std::to_string(id)).Json();
    if (j.value("status", "") == "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  s.child->Signal(SIGTERM);
  EXPECT_EQ(s.child->Wait(), 0) << s.child->output();
  Server again = Start({"--workers", "1"});
  json done = WaitDone(again.address, id);
  EXPECT_EQ(done["verdict"], "AC");
  EXPECT_EQ(done["attempts"], 1) << "an interrupted claim is given back, not counted";
}

TEST_F(ServerTest, RefusesToStartWithOneLine) {
  Child c({JUDGE_EXE, "serve", "--listen", "nonsense", "--problems", dir_.Path("problems"), "--db", dir_.Path("x.sqlite")});
  EXPECT_EQ(c.Wait(), 3);
  EXPECT_EQ(c.output(), "judge serve: --listen: expected host:port (e.g. 127.0.0.1:8080), found 'nonsense'\n");
  Child d({JUDGE_EXE, "serve", "--listen", "127.0.0.1:0", "--problems", dir_.Path("none"), "--db", dir_.Path("x.sqlite")});
  EXPECT_EQ(d.Wait(), 3);
  EXPECT_NE(d.output().find("no such directory"), std::string::npos) << d.output();
}

}  // namespace
}  // namespace judge::servicetest
