// What one client cannot do to a real `judge serve` (docs/service.md, "What the
// server defends against"): hold every connection with event streams or half-sent
// requests, make the server read a body it will refuse, or act through a browser
// from another site. Each flood is small and bounded in count and time, against a
// server with small limits on 127.0.0.1; a second client address is 127.0.0.2
// (every 127.x.y.z reaches a server on 127.0.0.1).
#include <gtest/gtest.h>

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "service_util.h"

namespace judge::servicetest {
namespace {

constexpr const char* kAdmin = "admin-token-0123456789";
constexpr const char* kAlice = "alice-token-0123456789";
constexpr const char* kBob = "bob-token-012345678901";

// A response that may go on (an event stream): its status and the connection.
struct Opened {
  int fd = -1;
  HttpReply head;
};

class DefenceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    MakeSumPackage(dir_.Path("problems/sum"), 2);
    WriteFile(dir_.Path("tokens"), std::string(kAdmin) + " root admin\n" + kAlice + " alice contestant\n" + kBob +
                                   " bob contestant\n");
  }
  ~DefenceTest() override {
    for (int fd : open_) close(fd);
  }
  // No workers: submissions stay queued, so their event streams stay open.
  Server Start(std::vector<std::string> extra, bool tokens) {
    std::vector<std::string> args = {"--problems", dir_.Path("problems"), "--db", dir_.Path("judge.sqlite"), "--rate", "0",
                                     "--workers", "0"};
    if (tokens) args.insert(args.end(), {"--token-file", dir_.Path("tokens")});
    args.insert(args.end(), extra.begin(), extra.end());
    Server s = StartServe(args);
    EXPECT_FALSE(s.address.empty()) << "the server did not start: " << (s.child ? s.child->output() : "");
    return s;
  }
  int64_t Submit(const Server& s, const std::string& token) {
    HttpReply r = Http(s.address, "POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumOk), token);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.Json().value("id", int64_t{0});
  }
  // Opens submission id's event stream; the connection stays open (closed with the test).
  Opened OpenStream(const Server& s, int64_t id, const std::string& token) {
    Opened o;
    o.fd = Connect(s.address);
    if (o.fd < 0) return o;
    open_.push_back(o.fd);
    std::string req = "GET /api/v1/submissions/" + std::to_string(id) + "/events HTTP/1.1\r\nHost: " + s.address +
                      "\r\nAccept: text/event-stream\r\n";
    if (!token.empty()) req += "Authorization: Bearer " + token + "\r\n";
    if (SendAll(o.fd, req + "\r\n")) o.head = ReadHead(o.fd);
    return o;
  }
  void CloseStream(const Opened& o) {
    open_.erase(std::remove(open_.begin(), open_.end(), o.fd), open_.end());
    close(o.fd);
  }
  TempDir dir_;
  std::vector<int> open_;
};

// Issue 23, hole 2: one contestant's streams on her own queued submission took every
// connection. Now a contestant has a few; others and admins are not affected.
TEST_F(DefenceTest, EventStreamsPerUserAreBounded) {
  Server s = Start({"--streams-per-user", "3"}, true);
  const int64_t alices = Submit(s, kAlice), bobs = Submit(s, kBob);
  std::vector<Opened> streams;
  for (int i = 0; i < 3; ++i) {
    streams.push_back(OpenStream(s, alices, kAlice));
    ASSERT_EQ(streams.back().head.status, 200) << "stream " << i;
  }
  Opened fourth = OpenStream(s, alices, kAlice);
  EXPECT_EQ(fourth.head.status, 429) << "alice's fourth stream";
  EXPECT_EQ(OpenStream(s, bobs, kBob).head.status, 200) << "bob has his own";
  EXPECT_EQ(OpenStream(s, alices, kAdmin).head.status, 200) << "admins are not limited";
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/problems", "", kAdmin).status, 200);
  // A stream whose client leaves frees its place at once, not at the next heartbeat.
  CloseStream(streams[0]);
  int status = 0;
  for (int i = 0; i < 50 && status != 200; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    Opened again = OpenStream(s, alices, kAlice);
    status = again.head.status;
    if (status != 200) CloseStream(again);
  }
  EXPECT_EQ(status, 200) << "alice's closed stream still counts";
}

// Hole 2: connections kept for admins. Contestants' streams fill what is theirs; an
// admin's request still gets through, a contestant's is refused.
TEST_F(DefenceTest, ConnectionsKeptForAdminsAreNotTakenByContestants) {
  Server s = Start({"--max-connections", "10", "--admin-connections", "4", "--connections-per-address", "0",
                    "--streams-per-user", "0", "--streams-per-address", "0"},
                   true);
  const int64_t alices = Submit(s, kAlice);
  int opened = 0;
  Opened refused;
  for (int i = 0; i < 12; ++i) {
    Opened o = OpenStream(s, alices, kAlice);
    if (o.head.status != 200) {
      refused = o;
      break;
    }
    ++opened;
  }
  EXPECT_GE(opened, 5) << "10 connections, 4 kept for admins";
  EXPECT_LE(opened, 6);
  ASSERT_EQ(refused.head.status, 503);
  bool closed = false;
  EXPECT_NE((refused.head.body + ReadUntilClosed(refused.fd, 10000, &closed)).find("kept for admins"),
            std::string::npos);
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/problems", "", kAlice).status, 503);
  // One admin request after another: the server frees a connection's place when it has
  // seen the close, which on a loaded host may come after the client has its answer,
  // so a request may wait (at most 2 s) for the place the previous one held.
  for (int i = 0; i < 5; ++i) {
    int status = 0;
    for (int tries = 0; tries < 40 && status != 200; ++tries) {
      if (tries > 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
      status = Http(s.address, "GET", "/api/v1/problems", "", kAdmin).status;
    }
    EXPECT_EQ(status, 200) << i;
  }
  EXPECT_EQ(OpenStream(s, alices, kAdmin).head.status, 200) << "an admin follows a submission";
  // Issue 34, hole 1: the page's files, which need no token, got the admins' places,
  // so a room kept every connection with them. Only a connection that has shown an
  // admin's token may use those places, for the page's files too.
  EXPECT_EQ(Http(s.address, "GET", "/app.css", "", "").status, 503) << "no token shown on this connection";
  // The place the previous request held may still be taken (as above).
  const std::string head = " HTTP/1.1\r\nHost: " + s.address + "\r\n";
  int fd = -1;
  int status = 0;
  for (int tries = 0; tries < 40 && status != 200; ++tries) {
    if (tries > 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    fd = Connect(s.address);
    ASSERT_GE(fd, 0);
    open_.push_back(fd);
    ASSERT_TRUE(SendAll(fd, "GET /api/v1/whoami" + head + "Authorization: Bearer " + kAdmin + "\r\n\r\n"));
    status = ReadReply(fd).status;
  }
  EXPECT_EQ(status, 200);
  ASSERT_TRUE(SendAll(fd, "GET /app.css" + head + "\r\n"));
  EXPECT_EQ(ReadReply(fd).status, 200) << "the admin's connection serves the page's files";
}

// Issue 34, hole 1: the page's files were never rate limited (600 requests in 0.87 s,
// all 200); they are counted like the API's requests, per address without a token.
TEST_F(DefenceTest, PageFilesAreRateLimited) {
  Server s = StartServe({"--problems", dir_.Path("problems"), "--db", dir_.Path("judge.sqlite"), "--rate", "1", "--burst",
                         "5", "--workers", "0", "--token-file", dir_.Path("tokens")});
  ASSERT_FALSE(s.address.empty());
  const int fd = Connect(s.address);
  ASSERT_GE(fd, 0);
  open_.push_back(fd);
  int ok = 0, limited = 0;
  for (int i = 0; i < 30; ++i) {
    ASSERT_TRUE(SendAll(fd, "GET /app.css HTTP/1.1\r\nHost: " + s.address + "\r\n\r\n"));
    const int status = ReadReply(fd).status;
    ok += status == 200;
    limited += status == 429;
  }
  EXPECT_EQ(ok + limited, 30);
  EXPECT_GE(limited, 20) << "a burst of 5 and one a second";
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/whoami", "", kAdmin).status, 200) << "others are not limited";
}

// Issue 34, hole 1: connections kept alive between requests (a GET every few seconds)
// held every place but the admins', so another contestant got 503. When those places
// run out, the connection that has waited longest for its next request is closed for
// the newcomer.
TEST_F(DefenceTest, IdleKeepAliveConnectionsAreClosedFirst) {
  Server s = StartServe({"--problems", dir_.Path("problems"), "--db", dir_.Path("judge.sqlite"), "--rate", "0", "--workers",
                         "0", "--token-file", dir_.Path("tokens"), "--max-connections", "8", "--admin-connections", "2",
                         "--connections-per-address", "0", "--header-deadline-ms", "60000"});
  ASSERT_FALSE(s.address.empty());
  std::vector<int> idle;
  for (int i = 0; i < 6; ++i) {  // every place but the admins'
    const int fd = Connect(s.address);
    ASSERT_GE(fd, 0);
    open_.push_back(fd);
    ASSERT_TRUE(SendAll(fd, "GET /api/v1/whoami HTTP/1.1\r\nHost: " + s.address + "\r\nAuthorization: Bearer " +
                                kAlice + "\r\n\r\n"));
    ASSERT_EQ(ReadReply(fd).status, 200) << i;
    idle.push_back(fd);
  }
  for (int i = 0; i < 3; ++i) {
    HttpReply r = Http(s.address, "GET", "/api/v1/problems", "", kBob);
    EXPECT_EQ(r.status, 200) << "bob's request " << i << ": " << r.body;
  }
  // Which one was idle the longest depends on when the server saw each answer sent
  // (a loaded host reorders them), so any of them will do.
  bool closed = false;
  for (int round = 0; round < 50 && !closed; ++round)
    for (int fd : idle)
      if (!closed) ReadUntilClosed(fd, 40, &closed);
  EXPECT_TRUE(closed) << "no idle connection was closed for bob";
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/problems", "", kAdmin).status, 200);
}


// Hole 6: one contestant's many submissions do not delay another's: with the queue
// filled while no worker runs, the server started again with one worker judges bob's
// one submission second, between alice's first and second (round robin between
// submitters); alice's submissions beyond --queued-per-user are refused with 429.
TEST_F(DefenceTest, QueueIsFairBetweenSubmittersAndCappedPerUser) {
  std::vector<int64_t> alices;
  int64_t bobs = 0;
  {
    Server s = Start({"--queued-per-user", "5"}, true);
    for (int i = 0; i < 5; ++i) alices.push_back(Submit(s, kAlice));
    HttpReply over = Http(s.address, "POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumOk), kAlice);
    EXPECT_EQ(over.status, 429) << over.body;
    EXPECT_NE(over.body.find("at most 5 at once"), std::string::npos) << over.body;
    bobs = Submit(s, kBob);
    s.child->Signal(SIGTERM);
    s.child->Wait();
  }
  Server s = StartServe({"--problems", dir_.Path("problems"), "--db", dir_.Path("judge.sqlite"), "--rate", "0", "--workers",
                         "1", "--token-file", dir_.Path("tokens")});
  ASSERT_FALSE(s.address.empty());
  std::vector<std::pair<int64_t, int64_t>> judged;  // (judging id, submission id): the order of claims
  alices.push_back(bobs);
  for (int64_t id : alices) {
    json done = WaitDone(s.address, id, kAdmin);
    EXPECT_EQ(done.value("verdict", ""), "AC") << done.dump();
    judged.emplace_back(done.value("judging", int64_t{0}), id);
  }
  std::sort(judged.begin(), judged.end());
  ASSERT_EQ(judged.size(), 6u);
  EXPECT_EQ(judged[0].second, alices[0]);
  EXPECT_EQ(judged[1].second, bobs) << "bob's one submission waited for all of alice's";
}

// Hole 2: a stream on a submission that is never judged ends after its lifetime.
TEST_F(DefenceTest, EventStreamsEndAfterTheirLifetime) {
  Server s = Start({"--stream-lifetime-ms", "1500"}, false);
  const int64_t id = Submit(s, "");
  Opened o = OpenStream(s, id, "");
  ASSERT_EQ(o.head.status, 200);
  bool closed = false;
  const std::string rest = ReadUntilClosed(o.fd, 30000, &closed);
  EXPECT_TRUE(closed) << "the stream of a queued submission is still open after 30 s";
  EXPECT_NE((o.head.body + rest).find("connect again"), std::string::npos) << o.head.body + rest;
}

// Hole 3: a trickled header is cut off at the header deadline, whatever it sends; a
// body has its own, longer deadline.
TEST_F(DefenceTest, HeadersMustArriveWithinTheHeaderDeadline) {
  Server s = Start({"--header-deadline-ms", "1000"}, false);
  int fd = Connect(s.address);
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(SendAll(fd, "GET /api/v1/problems HTTP/1.1\r\nHost: " + s.address + "\r\nX-Slow: "));
  const auto start = SteadyClock::now();
  std::string answer;
  bool closed = false;
  while (answer.empty() && SteadyClock::now() - start < std::chrono::seconds(20)) {
    answer += ReadUntilClosed(fd, 250, &closed);
    if (answer.empty() && !SendAll(fd, "x")) break;  // a byte every 250 ms: an idle timeout would not fire
  }
  answer += ReadUntilClosed(fd, 5000, &closed);
  close(fd);
  const auto took_ms = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
  EXPECT_NE(answer.find(" 408 "), std::string::npos) << answer;
  EXPECT_NE(answer.find("request line and headers did not arrive within 1000 ms"), std::string::npos) << answer;
  EXPECT_LT(took_ms, 8000) << "cut off after 1 s, not at the 10 s body deadline";

  // A slow body is not a slow header: half of it, a pause past the header deadline,
  // the rest.
  const std::string body = SubmitBody("sum", "a.cpp", kSumOk);
  fd = Connect(s.address);
  ASSERT_TRUE(SendAll(fd, "POST /api/v1/submissions HTTP/1.1\r\nHost: " + s.address +
                              "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                              std::to_string(body.size()) + "\r\n\r\n" + body.substr(0, body.size() / 2)));
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  ASSERT_TRUE(SendAll(fd, body.substr(body.size() / 2)));
  EXPECT_EQ(ReadReply(fd).status, 201);
  close(fd);
}

// Hole 3: half-sent requests without a token from one address hold at most that
// address's connections; the rest are refused at once and an admin elsewhere is served.
TEST_F(DefenceTest, HalfSentRequestsFromOneAddressAreBounded) {
  Server s = Start({"--connections-per-address", "8", "--header-deadline-ms", "60000"}, true);
  const std::string half = "GET /api/v1/problems HTTP/1.1\r\nHost: " + s.address + "\r\nX-Slow: ";
  for (int i = 0; i < 8; ++i) {
    int fd = Connect(s.address, "127.0.0.2");
    ASSERT_GE(fd, 0) << "cannot connect from 127.0.0.2";
    open_.push_back(fd);
    ASSERT_TRUE(SendAll(fd, half));
  }
  for (int i = 0; i < 22; ++i) {
    int fd = Connect(s.address, "127.0.0.2");
    ASSERT_GE(fd, 0);
    open_.push_back(fd);
    SendAll(fd, half);
    HttpReply r = ReadHead(fd, 20000);
    ASSERT_EQ(r.status, 429) << "connection " << 8 + i << " from 127.0.0.2";
  }
  for (int i = 0; i < 20; ++i) EXPECT_EQ(Http(s.address, "GET", "/api/v1/problems", "", kAdmin).status, 200) << i;
}

// Hole 8: a request refused for its token costs no body: the 401 comes from the
// header alone, while the 8 MB it announces were never sent.
TEST_F(DefenceTest, TokenIsCheckedBeforeTheBodyIsRead) {
  Server s = Start({}, true);
  const std::string head = "POST /api/v1/submissions HTTP/1.1\r\nHost: " + s.address +
                           "\r\nContent-Type: application/json\r\nContent-Length: 8000000\r\n";
  int fd = Connect(s.address);
  ASSERT_TRUE(SendAll(fd, head + "\r\n"));
  EXPECT_EQ(ReadHead(fd, 20000).status, 401);
  close(fd);
  fd = Connect(s.address);
  ASSERT_TRUE(SendAll(fd, head + "Authorization: Bearer not-a-token-0123456789\r\n\r\n"));
  EXPECT_EQ(ReadHead(fd, 20000).status, 401);
  close(fd);
  // A client that asks first ("Expect: 100-continue", as curl does for large bodies)
  // is told to send it only when the header was accepted.
  const std::string body = SubmitBody("sum", "a.cpp", kSumOk);
  fd = Connect(s.address);
  ASSERT_TRUE(SendAll(fd, "POST /api/v1/submissions HTTP/1.1\r\nHost: " + s.address + "\r\nAuthorization: Bearer " +
                              kAlice + "\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
                              "Connection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n"));
  HttpReply go_on = ReadHead(fd, 20000);
  EXPECT_EQ(go_on.status, 100);
  ASSERT_TRUE(SendAll(fd, body));
  HttpReply created = ReadReply(fd);
  close(fd);
  EXPECT_EQ(created.status, 201) << created.body;
}

// Hole 5: without tokens, a page of another site cannot post (CSRF) nor reach the
// server through a name of its own (DNS rebinding); curl, which sends no Origin, can.
TEST_F(DefenceTest, ForeignOriginAndHostAreRefusedWithoutTokens) {
  Server s = Start({"--allow-host", "judge.example"}, false);
  const std::string port = s.address.substr(s.address.rfind(':') + 1);
  const std::string body = SubmitBody("sum", "a.cpp", kSumOk);
  auto post = [&](const std::string& host, const std::string& headers) {
    return Raw(s.address, "POST /api/v1/submissions HTTP/1.1\r\nHost: " + host + "\r\n" + headers +
                              "Connection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  };
  auto get = [&](const std::string& host, const std::string& path) {
    return Raw(s.address, "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
  };
  // What a foreign page's form or fetch sends.
  HttpReply csrf = post(s.address, "Origin: http://evil.example\r\nContent-Type: text/plain\r\n");
  EXPECT_EQ(csrf.status, 403) << csrf.body;
  EXPECT_NE(csrf.body.find("Origin 'http://evil.example'"), std::string::npos) << csrf.body;
  EXPECT_EQ(post(s.address, "Origin: http://evil.example\r\nContent-Type: application/json\r\n").status, 403);
  EXPECT_EQ(post(s.address, "Origin: null\r\nContent-Type: application/json\r\n").status, 403);
  EXPECT_EQ(post(s.address, "Content-Type: text/plain\r\n").status, 415) << "JSON is posted as JSON";
  EXPECT_EQ(post(s.address, "Content-Type: application/x-www-form-urlencoded\r\n").status, 415);
  // DNS rebinding: the browser names the attacker's host.
  for (const std::string& host : std::vector<std::string>{"evil.example", "evil.example:" + port, "127.0.0.1:1"}) {
    HttpReply r = get(host, "/api/v1/submissions");
    EXPECT_EQ(r.status, 403) << host << ": " << r.body;
    EXPECT_EQ(get(host, "/").status, 403) << host;
  }
  EXPECT_EQ(post("evil.example:" + port, "Content-Type: application/json\r\n").status, 403);
  json none = Http(s.address, "GET", "/api/v1/submissions").Json();
  EXPECT_TRUE(none.is_array() && none.empty()) << "no refused request made a submission: " << none.dump();
  // This server's own names and origin, and curl without Origin.
  EXPECT_EQ(post(s.address, "Origin: http://" + s.address + "\r\nContent-Type: application/json\r\n").status, 201);
  EXPECT_EQ(post("localhost:" + port, "Origin: http://localhost:" + port +
                                          "\r\nContent-Type: application/json; charset=utf-8\r\n")
                .status,
            201);
  EXPECT_EQ(post(s.address, "Content-Type: application/json\r\n").status, 201);
  EXPECT_EQ(get("[::1]:" + port, "/api/v1/problems").status, 200);
  // A name given with --allow-host (a reverse proxy's), on any port.
  EXPECT_EQ(get("judge.example", "/api/v1/problems").status, 200);
  EXPECT_EQ(post("judge.example", "Origin: https://judge.example\r\nContent-Type: application/json\r\n").status, 201);
}

// Issue 34, hole 3: a contestant's sources in all are bounded by a quota
// (--storage-per-user); identical sources are stored once; others are not affected.
TEST_F(DefenceTest, StorageQuotaPerContestantAndSourcesStoredOnce) {
  Server s = Start({"--storage-per-user", "5000", "--queued-per-user", "0", "--submissions-per-minute", "0"}, true);
  auto source = [](int n, std::size_t bytes) {
    std::string text = "// " + std::to_string(n) + "\n" + kSumOk;
    return text + std::string(bytes - text.size(), ' ');
  };
  auto post = [&](const std::string& text, const char* token) {
    return Http(s.address, "POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", text), token);
  };
  EXPECT_EQ(post(source(1, 2000), kAlice).status, 201);
  EXPECT_EQ(post(source(1, 2000), kAlice).status, 201) << "the same source again";
  HttpReply over = post(source(2, 2000), kAlice);
  EXPECT_EQ(over.status, 429) << over.body;
  EXPECT_NE(over.body.find("storage quota of 5000 bytes"), std::string::npos) << over.body;
  EXPECT_EQ(post(source(3, 1000), kAlice).status, 201) << "what is left of the quota";
  EXPECT_EQ(post(source(4, 2000), kBob).status, 201) << "bob has his own quota";
  // Admins are not limited; 20 copies of a 256 KiB source take the room of one.
  const std::string big = source(5, 256 << 10);
  int64_t first = 0, last = 0;
  for (int i = 0; i < 20; ++i) {
    HttpReply r = post(big, kAdmin);
    ASSERT_EQ(r.status, 201) << r.body;
    (i == 0 ? first : last) = r.Json().value("id", int64_t{0});
  }
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/submissions/" + std::to_string(first) + "/source", "", kAdmin).body, big);
  EXPECT_EQ(Http(s.address, "GET", "/api/v1/submissions/" + std::to_string(last) + "/source", "", kAdmin).body, big);
  auto size = [](const std::string& path) {
    std::error_code ec;
    const uintmax_t bytes = std::filesystem::file_size(path, ec);
    return ec ? uintmax_t{0} : bytes;
  };
  const uintmax_t stored = size(dir_.Path("judge.sqlite")) + size(dir_.Path("judge.sqlite-wal"));
  EXPECT_LT(stored, 2u << 20) << "20 copies of 256 KiB stored as one (the file and its log: " << stored << " bytes)";
}

// Issue 34, hole 3: a compile error from the cache is judged in milliseconds, so the
// cap on waiting submissions never binds; a contestant's submissions are also counted
// a minute at a time, judged ones included.
TEST_F(DefenceTest, SubmissionsJudgedFromTheCacheAreCounted) {
  Server s = StartServe({"--problems", dir_.Path("problems"), "--db", dir_.Path("judge.sqlite"), "--rate", "0", "--workers",
                         "1", "--token-file", dir_.Path("tokens"), "--submissions-per-minute", "3"});
  ASSERT_FALSE(s.address.empty());
  int accepted = 0;
  HttpReply refused;
  for (int i = 0; i < 6 && refused.status == 0; ++i) {
    HttpReply r = Http(s.address, "POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumCompileError), kAlice);
    if (r.status != 201) {
      refused = r;
      break;
    }
    ++accepted;
    json done = WaitDone(s.address, r.Json().value("id", int64_t{0}), kAlice);
    EXPECT_EQ(done.value("verdict", json()), "CE") << done.dump();
  }
  EXPECT_EQ(accepted, 3);
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_NE(refused.body.find("at most 3 a minute, judged ones included"), std::string::npos) << refused.body;
  EXPECT_EQ(Http(s.address, "POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumCompileError), kBob).status,
            201);
}

// A TCP connection from IPv6 address `source` to "[host]:port"; -1 when it cannot be made.
int Connect6(const std::string& address, const std::string& source) {
  const std::size_t colon = address.rfind(':');
  sockaddr_in6 to{}, from{};
  to.sin6_family = from.sin6_family = AF_INET6;
  to.sin6_port = htons(static_cast<uint16_t>(std::stoi(address.substr(colon + 1))));
  if (inet_pton(AF_INET6, address.substr(1, colon - 2).c_str(), &to.sin6_addr) != 1) return -1;
  if (inet_pton(AF_INET6, source.c_str(), &from.sin6_addr) != 1) return -1;
  const int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0 ||
      connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0) {
    close(fd);
    return -1;
  }
  timeval tv{30, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return fd;
}

// Issue 34, hole 1: one IPv6 /64 (a machine's or a hall's network) has 2^64
// addresses; counted per address, it took every connection. Its addresses are one
// client. The server and its clients run in a network namespace of their own (this
// test's thread and its children), whose loopback has addresses of two /64s.
TEST_F(DefenceTest, OneIPv6Slash64IsOneClient) {
  std::thread in_namespace([&] {
    ASSERT_EQ(unshare(CLONE_NEWNET), 0) << "unshare(CLONE_NEWNET): " << std::strerror(errno);
    std::string setup = "ip link set lo up";
    for (const char* a : {"fd00:34::1", "fd00:34::2", "fd00:34::3", "fd00:34::4", "fd00:34::5", "fd00:35::1"})
      setup += std::string(" && ip -6 addr add ") + a + "/128 dev lo nodad";
    ASSERT_EQ(std::system(setup.c_str()), 0) << setup;
    Server s;  // StartServe listens on 127.0.0.1
    s.child = std::make_unique<Child>(std::vector<std::string>{
        JUDGE_EXE, "serve", "--listen", "[fd00:34::1]:0", "--problems", dir_.Path("problems"), "--db",
        dir_.Path("judge.sqlite"), "--rate", "0", "--workers", "0", "--token-file", dir_.Path("tokens"),
        "--connections-per-address", "3"});
    const std::string kListening = "judge serve: listening on http://";
    const std::string line = s.child->WaitForLine(kListening);
    ASSERT_FALSE(line.empty()) << s.child->output();
    s.address = line.substr(kListening.size());
    if (!s.address.empty() && s.address.back() == '/') s.address.pop_back();
    std::vector<int> fds;
    for (const char* from : {"fd00:34::2", "fd00:34::3", "fd00:34::4"}) {
      fds.push_back(Connect6(s.address, from));
      ASSERT_GE(fds.back(), 0) << from;
    }
    // Three connections of the /64 are open (waiting for a request): the fourth,
    // from yet another of its addresses, is refused at once.
    const int fourth = Connect6(s.address, "fd00:34::5");
    ASSERT_GE(fourth, 0);
    fds.push_back(fourth);
    HttpReply refused = ReadHead(fourth, 10000);
    EXPECT_EQ(refused.status, 429) << "a fourth connection of one /64";
    const int other = Connect6(s.address, "fd00:35::1");
    ASSERT_GE(other, 0);
    fds.push_back(other);
    ASSERT_TRUE(SendAll(other, "GET /api/v1/whoami HTTP/1.1\r\nHost: " + s.address + "\r\nAuthorization: Bearer " +
                                   kBob + "\r\nConnection: close\r\n\r\n"));
    EXPECT_EQ(ReadReply(other).status, 200) << "another /64 is another client";
    for (int fd : fds) close(fd);
  });
  in_namespace.join();
}

// Issue 34, hole 2: a program that spells hidden data in its memory use (or time) on a
// secret test could read it back from the submission's largest figures. A contestant
// sees figures of the sample tests only, in the document, the list and the event
// stream; an admin sees the real maxima.
TEST_F(DefenceTest, ContestantsSeeNoFigureOfASecretTest) {
  WriteFile(dir_.Path("problems/sum/data/sample/1.in"), "1 2\n");
  WriteFile(dir_.Path("problems/sum/data/sample/1.ans"), "3\n");
  // 40 MiB touched on a secret test (its first number is at least 1), little on the sample.
  const std::string program =
      "#include <cstdio>\n#include <cstdlib>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b);\n"
      "if (b >= 10) { volatile char* p = (volatile char*)malloc(40 << 20);\n"
      "  for (long i = 0; i < (40 << 20); i += 4096) p[i] = 1; }\n"
      "printf(\"%ld\\n\", a + b);}\n";
  Server s = StartServe({"--problems", dir_.Path("problems"), "--db", dir_.Path("judge.sqlite"), "--rate", "0", "--workers",
                         "1", "--token-file", dir_.Path("tokens")});
  ASSERT_FALSE(s.address.empty());
  HttpReply posted = Http(s.address, "POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", program), kAlice);
  ASSERT_EQ(posted.status, 201) << posted.body;
  const int64_t id = posted.Json().value("id", int64_t{0});
  json admins = WaitDone(s.address, id, kAdmin);
  ASSERT_EQ(admins.value("verdict", json()), "AC") << admins.dump();
  ASSERT_EQ(admins["tests"].size(), 3u) << admins.dump();
  EXPECT_GE(admins["memory_kib"].get<int64_t>(), 40 * 1024) << "an admin sees the largest test";

  json mine = Http(s.address, "GET", "/api/v1/submissions/" + std::to_string(id), "", kAlice).Json();
  ASSERT_EQ(mine["tests"][0]["name"], "sample/1") << mine.dump();
  EXPECT_EQ(mine["memory_kib"], mine["tests"][0]["memory_kib"]) << mine.dump();
  EXPECT_EQ(mine["time_ms"], mine["tests"][0]["time_ms"]) << mine.dump();
  EXPECT_LT(mine["memory_kib"].get<int64_t>(), 40 * 1024) << mine.dump();

  json list = Http(s.address, "GET", "/api/v1/submissions", "", kAlice).Json();
  ASSERT_EQ(list.size(), 1u) << list.dump();
  EXPECT_FALSE(list[0].contains("memory_kib")) << list.dump();
  EXPECT_FALSE(list[0].contains("time_ms")) << list.dump();
  EXPECT_TRUE(Http(s.address, "GET", "/api/v1/submissions", "", kAdmin).Json()[0].contains("memory_kib"));

  Opened stream = OpenStream(s, id, kAlice);
  ASSERT_EQ(stream.head.status, 200);
  bool closed = false;
  const std::string events = stream.head.body + ReadUntilClosed(stream.fd, 20000, &closed);
  const std::size_t done = events.find("event: done\ndata: ");
  ASSERT_NE(done, std::string::npos) << events;
  const std::size_t data = done + std::string("event: done\ndata: ").size();
  json last = json::parse(events.substr(data, events.find('\n', data) - data));
  EXPECT_EQ(last["memory_kib"], mine["memory_kib"]) << last.dump();
  EXPECT_EQ(last["time_ms"], mine["time_ms"]) << last.dump();
}

}  // namespace
}  // namespace judge::servicetest
