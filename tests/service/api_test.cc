// The API's logic, called directly (no sockets, no workers): every refusal, roles,
// the rate limit with a clock the test moves, the event stream over a judging the test
// drives through the real SQLite queue; and the token file, the rate limiter and
// target parsing on their own.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>

#include "api.h"
#include "claimed_store.h"
#include "judge/base/clock.h"
#include "open_quota.h"
#include "origin_policy.h"
#include "queue_contract.h"
#include "service_util.h"
#include "submission_events.h"
#include "url_parse.h"

namespace judge::servicetest {
namespace {

using service::AccessTokens;
using service::Api;
using service::ApiConfig;
using service::HttpRequest;
using service::HttpResponse;

class ManualClock final : public Clock {
 public:
  int64_t NowUnixMs() override { return ms_; }
  int64_t NowSteadyMs() override { return ms_; }
  std::atomic<int64_t> ms_{1700000000000};
};

constexpr const char* kTokens =
    "# token name role\n"
    "admin-token-0123456789 root admin\n"
    "alice-token-0123456789 alice contestant\n"
    "bob-token-012345678901 bob contestant\n";

class ApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("JUDGE_LANGUAGES", JUDGE_LANGUAGES_FILE, 1);
    MakeSumPackage(dir_.Path("problems/sum"), 2);
    auto catalog = service::ProblemCatalog::Open(dir_.Path("problems"), PackageLoader(&loading_, {}));
    ASSERT_TRUE(catalog.ok()) << catalog.status().message();
    catalog_ = std::move(catalog).value();
    ASSERT_TRUE(catalog_->Reload(true).errors.empty());
    auto languages = LoadLanguages("");
    ASSERT_TRUE(languages.ok()) << languages.status().message();
    languages_ = std::move(languages).value();
    auto queue = OpenSqliteQueue(dir_.Path("db.sqlite"), &clock_);
    ASSERT_TRUE(queue.ok()) << queue.status().message();
    queue_ = std::move(queue).value();
    auto tokens = AccessTokens::Parse(kTokens, "tokens.txt");
    ASSERT_TRUE(tokens.ok()) << tokens.status().message();
    tokens_ = std::move(tokens).value();
  }

  std::unique_ptr<Api> MakeApi(bool with_tokens, service::RateLimiter* limiter = nullptr) {
    ApiConfig c;
    c.queue = queue_.get();
    c.catalog = catalog_.get();
    c.languages = &languages_;
    c.language_ids = {"cpp20", "python3"};
    c.tokens = with_tokens ? &*tokens_ : nullptr;
    c.limiter = limiter;
    c.hub = &hub_;
    return std::make_unique<Api>(c);
  }

  static HttpRequest Req(const std::string& method, const std::string& target, const std::string& body = "",
                         const std::string& token = "") {
    HttpRequest r;
    r.method = method;
    Result<service::RequestTarget> parsed = service::ParseRequestTarget(target);
    EXPECT_TRUE(parsed.ok()) << parsed.status().message();
    if (parsed.ok()) {
      r.path = parsed->path;
      r.query = parsed->query;
    }
    r.body = body;
    r.peer = "127.0.0.1";
    r.local_address = "127.0.0.1";
    r.local_port = 8080;
    if (method == "POST") r.content_type = "application/json";
    if (!token.empty()) r.authorization = "Bearer " + token;
    return r;
  }

  // The refusal is exactly {"error": "<one line>"} with the status.
  static std::string ErrorOf(const HttpResponse& r, int status) {
    EXPECT_EQ(r.status, status) << r.body;
    json j = json::parse(r.body, nullptr, false);
    EXPECT_TRUE(j.is_object() && j.size() == 1 && j.contains("error") && j["error"].is_string()) << r.body;
    std::string e = j.is_object() && j.contains("error") ? j["error"].get<std::string>() : "";
    EXPECT_EQ(e.find('\n'), std::string::npos);
    return e;
  }

  int64_t SubmitOk(Api& api, const std::string& token = "") {
    HttpResponse r = api.Handle(Req("POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumOk), token));
    EXPECT_EQ(r.status, 201) << r.body;
    json j = json::parse(r.body, nullptr, false);
    return j.is_object() ? j.value("id", int64_t{0}) : 0;
  }

  TempDir dir_;
  ManualClock clock_;
  Pipeline loading_{PipelineOptions{}};  // the catalog's (its packages give their limits)
  std::unique_ptr<service::ProblemCatalog> catalog_;
  LanguageSet languages_;
  std::unique_ptr<JobQueue> queue_;
  std::optional<AccessTokens> tokens_;
  service::EventHub hub_;
};

TEST_F(ApiTest, SubmitQueuesAndAnswers201) {
  auto api = MakeApi(false);
  HttpResponse r = api->Handle(Req("POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumOk)));
  ASSERT_EQ(r.status, 201) << r.body;
  json j = json::parse(r.body);
  EXPECT_EQ(j["status"], "queued");
  EXPECT_EQ(j["language"], "cpp20") << "the answer names the server's choice";
  int64_t id = j["id"];
  auto e = queue_->Get(id);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->submission.language_id, "cpp20");
  EXPECT_EQ(e->submission.file_name, "a.cpp");
  EXPECT_EQ(e->submitter, "anonymous");
  HttpResponse got = api->Handle(Req("GET", "/api/v1/submissions/" + std::to_string(id)));
  ASSERT_EQ(got.status, 200);
  json d = json::parse(got.body);
  EXPECT_EQ(d["status"], "queued");
  EXPECT_EQ(d["problem"], "sum");
  EXPECT_TRUE(d["verdict"].is_null());
  HttpResponse src = api->Handle(Req("GET", "/api/v1/submissions/" + std::to_string(id) + "/source"));
  EXPECT_EQ(src.status, 200);
  EXPECT_EQ(src.body, kSumOk);
}

TEST_F(ApiTest, EveryBadSubmissionIsOneClearError) {
  auto api = MakeApi(false);
  auto post = [&](const std::string& body) { return api->Handle(Req("POST", "/api/v1/submissions", body)); };
  EXPECT_EQ(ErrorOf(post("{not json"), 400), "request body: expected a JSON document, found text that does not parse");
  EXPECT_EQ(ErrorOf(post("[1,2]"), 400), "request body: expected a JSON object, found an array");
  EXPECT_EQ(ErrorOf(post(R"({"problem": 5, "filename": "a.cpp", "source": "x"})"), 400),
            "\"problem\": expected a string, found a number");
  EXPECT_EQ(ErrorOf(post(R"({"problem": "sum", "filename": "a.cpp"})"), 400),
            "\"source\": expected a string, found no such field");
  EXPECT_EQ(ErrorOf(post(R"({"problem": "sum", "filename": "a.cpp", "source": "x", "user": "eve"})"), 400),
            "request body: unknown field \"user\" (expected problem, language, filename, source)");
  EXPECT_EQ(ErrorOf(post(SubmitBody("nope", "a.cpp", "x")), 400), "\"problem\": no problem 'nope' on this server");
  EXPECT_NE(ErrorOf(post(SubmitBody("sum", "a.zz", "x")), 400).find("unknown language"), std::string::npos);
  EXPECT_EQ(ErrorOf(post(R"({"problem": "sum", "language": "cobol", "filename": "a.cpp", "source": "x"})"), 400),
            "\"language\": expected one of cpp20, python3, found 'cobol'");
  // The one language rule (language_choice.h): the #! line and the ELF magic count,
  // not the extension alone.
  EXPECT_EQ(ErrorOf(post(SubmitBody("sum", "old.py", "#!/usr/bin/env python2\nprint 1\n")), 400),
            "\"filename\": old.py: Python 2 (its #! line names python2), which this judge does not offer");
  EXPECT_EQ(ErrorOf(post(SubmitBody("sum", "a.out", std::string("\x7f" "ELF\x02\x01", 6))), 400),
            "\"filename\": 'a.out' is judged as binary, which this server does not offer; name one with "
            "\"language\" (cpp20, python3)");
  EXPECT_NE(ErrorOf(post(SubmitBody("sum", "../etc/passwd", "x")), 400).find("a path"), std::string::npos);
  EXPECT_EQ(ErrorOf(post(SubmitBody("sum", "a.cpp", "")), 400), "\"source\": expected the program, found an empty string");
  EXPECT_EQ(ErrorOf(post(SubmitBody("sum", "a.cpp", std::string((1 << 20) + 1, 'x'))), 413),
            "\"source\": expected at most 1048576 bytes (1 MiB), found 1048577");
  HttpResponse exactly = post(SubmitBody("sum", "a.cpp", std::string(1 << 20, 'x')));
  EXPECT_EQ(exactly.status, 201) << "1 MiB itself is allowed";
  auto list = queue_->List({});
  ASSERT_TRUE(list.ok());
  EXPECT_EQ(list->size(), 1u) << "nothing refused was stored";
}

TEST_F(ApiTest, BadPathsIdsAndMethods) {
  auto api = MakeApi(false);
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions/abc")), 400),
            "submission id: expected a positive integer, found 'abc'");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions/0")), 400),
            "submission id: expected a positive integer, found '0'");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions/-3")), 400),
            "submission id: expected a positive integer, found '-3'");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions/99999999999999999999")), 400),
            "submission id: expected a positive integer, found '99999999999999999999'");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions/77")), 404), "no submission 77");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions/77/bogus")), 404),
            "no such endpoint: /api/v1/submissions/77/bogus");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v2/problems")), 404),
            "no such endpoint: /api/v2/problems (the API is /api/v1/)");
  HttpResponse del = api->Handle(Req("DELETE", "/api/v1/submissions"));
  EXPECT_EQ(ErrorOf(del, 405), "DELETE /api/v1/submissions: method not allowed (use GET, POST)");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions?limit=0")), 400),
            "limit: expected an integer from 1 to 1000, found '0'");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/submissions?limit=abc")), 400),
            "limit: expected an integer from 1 to 1000, found 'abc'");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/nope.html")), 404), "no such page: /nope.html");
}

TEST_F(ApiTest, TokensRolesAndPrivacy) {
  auto api = MakeApi(true);
  HttpResponse none = api->Handle(Req("GET", "/api/v1/problems"));
  EXPECT_EQ(ErrorOf(none, 401), "authentication required: send 'Authorization: Bearer <token>'");
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", "/api/v1/problems", "", "wrong-token-0123456789")), 401),
            "unknown token: the Authorization header names no token of this server");
  EXPECT_EQ(api->Handle(Req("GET", "/")).status, 200) << "the page itself needs no token";

  int64_t alices = SubmitOk(*api, "alice-token-0123456789");
  int64_t bobs = SubmitOk(*api, "bob-token-012345678901");
  ASSERT_GT(alices, 0);
  ASSERT_GT(bobs, 0);
  json mine = json::parse(api->Handle(Req("GET", "/api/v1/submissions", "", "alice-token-0123456789")).body);
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0]["id"], alices);
  EXPECT_EQ(mine[0]["submitter"], "alice");
  for (const std::string path : {"", "/source", "/events"}) {
    HttpResponse other =
        api->Handle(Req("GET", "/api/v1/submissions/" + std::to_string(bobs) + path, "", "alice-token-0123456789"));
    EXPECT_EQ(ErrorOf(other, 404), "no submission " + std::to_string(bobs)) << "exactly as one that does not exist";
  }
  EXPECT_EQ(ErrorOf(api->Handle(Req("POST", "/api/v1/submissions/" + std::to_string(alices) + "/rejudge", "",
                                    "alice-token-0123456789")),
                    403),
            "'alice' is a contestant: only an admin may rejudge");
  EXPECT_EQ(ErrorOf(api->Handle(Req("POST", "/api/v1/problems/reload", "", "alice-token-0123456789")), 403),
            "'alice' is a contestant: only an admin may reload the problems");
  json all = json::parse(api->Handle(Req("GET", "/api/v1/submissions", "", "admin-token-0123456789")).body);
  EXPECT_EQ(all.size(), 2u);
  json who = json::parse(api->Handle(Req("GET", "/api/v1/whoami", "", "bob-token-012345678901")).body);
  EXPECT_EQ(who, (json{{"name", "bob"}, {"role", "contestant"}}));
  HttpResponse rejudge = api->Handle(
      Req("POST", "/api/v1/submissions/" + std::to_string(alices) + "/rejudge", "", "admin-token-0123456789"));
  EXPECT_EQ(rejudge.status, 202) << rejudge.body;
}

TEST_F(ApiTest, RateLimitPerClientWithRetryAfter) {
  service::RateLimiter limiter(/*per_second=*/1, /*burst=*/3, &clock_);
  auto api = MakeApi(true, &limiter);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(api->Handle(Req("GET", "/api/v1/problems", "", "alice-token-0123456789")).status, 200);
  HttpResponse limited = api->Handle(Req("GET", "/api/v1/problems", "", "alice-token-0123456789"));
  EXPECT_EQ(ErrorOf(limited, 429), "too many requests from token alice: try again in 1000 ms");
  bool retry_after = false;
  for (const auto& [k, v] : limited.headers) retry_after = retry_after || (k == "Retry-After" && v == "1");
  EXPECT_TRUE(retry_after);
  EXPECT_EQ(api->Handle(Req("GET", "/api/v1/problems", "", "bob-token-012345678901")).status, 200)
      << "another client has its own bucket";
  clock_.ms_ += 1000;
  EXPECT_EQ(api->Handle(Req("GET", "/api/v1/problems", "", "alice-token-0123456789")).status, 200);
  for (int i = 0; i < 3; ++i) api->Handle(Req("GET", "/api/v1/problems", "", "guess-" + std::to_string(i) + "-0123456789"));
  EXPECT_EQ(api->Handle(Req("GET", "/api/v1/problems", "", "guess-9-0123456789")).status, 429)
      << "guessing tokens is limited per address";
}

TEST_F(ApiTest, ProblemsLanguagesAndPage) {
  auto api = MakeApi(false);
  json problems = json::parse(api->Handle(Req("GET", "/api/v1/problems")).body);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0]["id"], "sum");
  EXPECT_EQ(problems[0]["name"], "Sum");
  EXPECT_EQ(problems[0]["languages"], (json{"cpp20", "python3"}));
  json languages = json::parse(api->Handle(Req("GET", "/api/v1/languages")).body);
  ASSERT_EQ(languages.size(), 2u);
  EXPECT_EQ(languages[0]["id"], "cpp20");
  HttpResponse page = api->Handle(Req("GET", "/"));
  EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
  EXPECT_NE(page.body.find("<script src=\"/app.js\""), std::string::npos);
  EXPECT_EQ(page.body.find("http://"), std::string::npos) << "nothing from another server";
  EXPECT_EQ(api->Handle(Req("GET", "/app.js")).content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(api->Handle(Req("GET", "/app.css")).status, 200);
}

// A rejudge of a submission still waiting changes nothing (202); of one being judged,
// the queue's kBeingJudged outcome, a conflict (409) that names it.
TEST_F(ApiTest, RejudgeOfARunningSubmissionIsAConflict) {
  auto api = MakeApi(false);
  int64_t id = SubmitOk(*api);
  EXPECT_EQ(api->Handle(Req("POST", "/api/v1/submissions/" + std::to_string(id) + "/rejudge")).status, 202);
  auto c = queue_->ClaimNext(Worker("w"), 60000);
  ASSERT_TRUE(c.ok() && c->has_value());
  EXPECT_EQ(ErrorOf(api->Handle(Req("POST", "/api/v1/submissions/" + std::to_string(id) + "/rejudge")), 409),
            "submission " + std::to_string(id) + " is being judged; rejudge it when it is done");
}

TEST_F(ApiTest, EventStreamSendsEachTestThenTheResult) {
  auto api = MakeApi(false);
  int64_t id = SubmitOk(*api);
  HttpResponse r = api->Handle(Req("GET", "/api/v1/submissions/" + std::to_string(id) + "/events"));
  ASSERT_EQ(r.status, 200);
  ASSERT_TRUE(r.events);
  int woken = 0;
  auto unsubscribe = r.events->Subscribe([&] { ++woken; });
  bool finished = false;
  auto text = r.events->Poll(&finished);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*text, "") << "queued: nothing to say yet";
  EXPECT_FALSE(finished);

  auto c = queue_->ClaimNext(Worker("w"), 60000);
  ASSERT_TRUE(c.ok() && c->has_value());
  service::ClaimedStore store(queue_.get(), **c);
  auto jid = store.StartJudging(SampleJudging(id, "host-w"));
  ASSERT_TRUE(jid.ok());
  ASSERT_TRUE(store.AddTestResult(*jid, SampleTest("secret/01")).ok());
  hub_.Notify(id);
  EXPECT_EQ(woken, 1);
  text = r.events->Poll(&finished);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(text->rfind("event: test\ndata: {", 0), 0u) << *text;
  EXPECT_NE(text->find("\"index\":0"), std::string::npos);
  EXPECT_NE(text->find("\"name\":\"secret/01\""), std::string::npos);
  EXPECT_FALSE(finished);
  EXPECT_EQ(*r.events->Poll(&finished), "") << "nothing twice";

  ASSERT_TRUE(store.AddTestResult(*jid, SampleTest("secret/02")).ok());
  Judging outcome;
  outcome.verdict = Verdict::kAccepted;
  outcome.score = 1;
  ASSERT_TRUE(store.FinishJudging(*jid, outcome).ok());
  ASSERT_TRUE(queue_->Complete(**c).ok());
  text = r.events->Poll(&finished);
  ASSERT_TRUE(text.ok());
  EXPECT_TRUE(finished);
  const std::size_t done = text->find("event: done\ndata: ");
  ASSERT_NE(done, std::string::npos) << *text;
  EXPECT_NE(text->find("\"index\":1"), std::string::npos);
  EXPECT_LT(text->find("\"index\":1"), done) << "the last test comes before the result";
  json result = json::parse(text->substr(done + 18));
  EXPECT_EQ(result["status"], "done");
  EXPECT_EQ(result["verdict"], "AC");
  EXPECT_EQ(result["tests"].size(), 2u);
  unsubscribe();
  hub_.Notify(id);
  EXPECT_EQ(woken, 1);
}

// Hole 4 of issue 23: a contestant's own submission shows the checker's message, exit
// code and stderr of the samples only; a secret test is its name and verdict (the
// checker's message may name the hidden input, the exit code may carry a byte of it).
// An admin sees everything.
TEST_F(ApiTest, ContestantsSeeDetailsOfSampleTestsOnly) {
  auto api = MakeApi(true);
  int64_t id = SubmitOk(*api, "alice-token-0123456789");
  auto c = queue_->ClaimNext(Worker("w"), 60000);
  ASSERT_TRUE(c.ok() && c->has_value());
  service::ClaimedStore store(queue_.get(), **c);
  auto jid = store.StartJudging(SampleJudging(id, "host-w"));
  ASSERT_TRUE(jid.ok());
  TestResult sample = SampleTest("sample/1");
  sample.group = "sample";
  sample.message = "expected 5, found 5";
  TestResult secret = SampleTest("secret/1");
  secret.verdict = Verdict::kRuntimeError;
  secret.message = "the hidden board is 1 2 3 x 4 6 7 5 8";
  secret.exit_code = 49;
  secret.stderr_tail = "read 1 2 3 x 4";
  ASSERT_TRUE(store.AddTestResult(*jid, sample).ok());
  ASSERT_TRUE(store.AddTestResult(*jid, secret).ok());
  Judging outcome;
  outcome.verdict = Verdict::kRuntimeError;
  ASSERT_TRUE(store.FinishJudging(*jid, outcome).ok());
  ASSERT_TRUE(queue_->Complete(**c).ok());

  const std::string path = "/api/v1/submissions/" + std::to_string(id);
  json mine = json::parse(api->Handle(Req("GET", path, "", "alice-token-0123456789")).body);
  ASSERT_EQ(mine["tests"].size(), 2u) << mine.dump();
  EXPECT_EQ(mine["tests"][0]["message"], "expected 5, found 5");
  EXPECT_EQ(mine["tests"][1], (json{{"name", "secret/1"}, {"verdict", "RE"}}));
  EXPECT_EQ(mine.dump().find("hidden board"), std::string::npos) << mine.dump();
  EXPECT_EQ(mine.dump().find("read 1 2 3"), std::string::npos) << mine.dump();
  json all = json::parse(api->Handle(Req("GET", path, "", "admin-token-0123456789")).body);
  EXPECT_EQ(all["tests"][1]["message"], "the hidden board is 1 2 3 x 4 6 7 5 8");
  EXPECT_EQ(all["tests"][1]["exit_code"], 49);
  EXPECT_EQ(all["tests"][1]["stderr"], "read 1 2 3 x 4");
}

// Hole 2 of issue 23, in the API: a contestant's open streams are counted, and a
// stream's place is free again when it is destroyed (its connection ended).
TEST_F(ApiTest, EventStreamsAreCountedPerUser) {
  auto api = MakeApi(true);
  const int64_t id = SubmitOk(*api, "alice-token-0123456789");
  const std::string events = "/api/v1/submissions/" + std::to_string(id) + "/events";
  std::vector<HttpResponse> open;
  for (int i = 0; i < 8; ++i) {
    open.push_back(api->Handle(Req("GET", events, "", "alice-token-0123456789")));
    ASSERT_EQ(open.back().status, 200) << i;
  }
  EXPECT_EQ(ErrorOf(api->Handle(Req("GET", events, "", "alice-token-0123456789")), 429),
            "too many open event streams of 'alice' (at most 8 at once): close one first");
  EXPECT_EQ(api->Handle(Req("GET", events, "", "admin-token-0123456789")).status, 200) << "admins are not counted";
  open.pop_back();
  EXPECT_EQ(api->Handle(Req("GET", events, "", "alice-token-0123456789")).status, 200);
}

// Hole 6 of issue 23, in the API: a contestant's submissions not yet judged are
// capped (default 10); beyond, 429 with one line; admins are not capped.
TEST_F(ApiTest, QueuedSubmissionsPerContestantAreCapped) {
  auto api = MakeApi(true);
  for (int i = 0; i < 10; ++i) ASSERT_GT(SubmitOk(*api, "alice-token-0123456789"), 0) << i;
  HttpResponse over =
      api->Handle(Req("POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumOk), "alice-token-0123456789"));
  EXPECT_EQ(ErrorOf(over, 429),
            "'alice' has 10 submissions waiting to be judged (at most 10 at once): submit again when one of them is "
            "judged");
  bool retry_after = false;
  for (const auto& [k, v] : over.headers) retry_after = retry_after || k == "Retry-After";
  EXPECT_TRUE(retry_after);
  EXPECT_GT(SubmitOk(*api, "bob-token-012345678901"), 0) << "bob has his own";
  for (int i = 0; i < 12; ++i) EXPECT_GT(SubmitOk(*api, "admin-token-0123456789"), 0) << "admins are not capped";
}

TEST_F(ApiTest, PostedJsonMustSayItIsJson) {
  auto api = MakeApi(false);
  HttpRequest form = Req("POST", "/api/v1/submissions", SubmitBody("sum", "a.cpp", kSumOk));
  form.content_type = "text/plain;charset=UTF-8";
  EXPECT_EQ(ErrorOf(api->Handle(form), 415), "Content-Type: expected application/json, found 'text/plain;charset=UTF-8'");
  form.content_type = "Application/JSON; charset=utf-8";
  EXPECT_EQ(api->Handle(form).status, 201);
}

TEST(OriginPolicyTest, HostMustNameThisServer) {
  HttpRequest r;
  r.local_address = "127.0.0.1";
  r.local_port = 8080;
  const std::vector<std::string> none, proxy = {"Judge.Example"};
  for (const char* ok : {"", "127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"}) {
    r.host = ok;
    EXPECT_TRUE(service::CheckHostAndOrigin(r, none).ok()) << ok;
  }
  for (const char* bad : {"evil.example", "evil.example:8080", "127.0.0.1", "127.0.0.1:8081", "localhost.evil:8080",
                          "[::1", "127.0.0.1:80x", "::1:8080"}) {
    r.host = bad;
    EXPECT_FALSE(service::CheckHostAndOrigin(r, none).ok()) << bad;
  }
  r.host = "evil.example:8080";
  EXPECT_EQ(service::CheckHostAndOrigin(r, none).message(),
            "Host 'evil.example:8080': expected this server's address (127.0.0.1:8080, localhost:8080) or a name "
            "given with --allow-host");
  r.host = "judge.example";
  EXPECT_TRUE(service::CheckHostAndOrigin(r, proxy).ok());
  // On a wildcard address the connection came in on one of the host's addresses.
  r.local_address = "::ffff:10.1.2.3";
  r.host = "10.1.2.3:8080";
  EXPECT_TRUE(service::CheckHostAndOrigin(r, none).ok());
}

TEST(OriginPolicyTest, OriginMustBeThisServers) {
  HttpRequest r;
  r.local_address = "127.0.0.1";
  r.local_port = 8080;
  r.host = "127.0.0.1:8080";
  const std::vector<std::string> proxy = {"judge.example"};
  for (const char* ok : {"", "http://127.0.0.1:8080", "http://localhost:8080", "https://judge.example"}) {
    r.origin = ok;
    EXPECT_TRUE(service::CheckHostAndOrigin(r, proxy).ok()) << ok;
  }
  for (const char* bad : {"null", "http://evil.example", "http://127.0.0.1:9999", "http://127.0.0.1",
                          "file://", "http://127.0.0.1:8080/x", "ftp://127.0.0.1:8080"}) {
    r.origin = bad;
    EXPECT_FALSE(service::CheckHostAndOrigin(r, proxy).ok()) << bad;
  }
}

TEST(OpenQuotaTest, CountsWhileSlotsLive) {
  service::OpenQuota quota;
  std::optional<service::OpenQuota::Slot> a = quota.TryOpen("x", 2);
  std::optional<service::OpenQuota::Slot> b = quota.TryOpen("x", 2);
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(quota.TryOpen("x", 2).has_value());
  EXPECT_TRUE(quota.TryOpen("y", 2).has_value()) << "another key has its own count (released at once)";
  EXPECT_EQ(quota.open("y"), 0);
  service::OpenQuota::Slot moved = std::move(*a);
  a.reset();
  EXPECT_EQ(quota.open("x"), 2) << "a moved slot still counts once";
  { service::OpenQuota::Slot gone = std::move(moved); }
  EXPECT_EQ(quota.open("x"), 1);
  EXPECT_TRUE(quota.TryOpen("x", 0).has_value()) << "0: no limit";
}

TEST(AccessTokensTest, FileErrorsNameTheLine) {
  EXPECT_EQ(AccessTokens::Parse("short admin\n", "t").status().message(),
            "t:1: expected a token of at least 16 characters, found 5");
  EXPECT_EQ(AccessTokens::Parse("0123456789abcdefgh al boss\n", "t").status().message(),
            "t:1: role: expected 'admin' or 'contestant', found 'boss'");
  EXPECT_EQ(AccessTokens::Parse("\n# c\n0123456789abcdefgh a\n0123456789abcdefgh b\n", "t").status().message(),
            "t:4: the token of 'b' is already given to 'a'");
  EXPECT_EQ(AccessTokens::Parse("0123456789abcdefgh a admin extra\n", "t").status().message(),
            "t:1: expected 'token [name [role]]', found 4 fields");
  EXPECT_EQ(AccessTokens::Parse("# nothing\n", "t").status().message(), "t: expected at least one token, found none");
  auto ok = AccessTokens::Parse("0123456789abcdefgh\n", "t");
  ASSERT_TRUE(ok.ok());
  auto who = ok->Authenticate("bearer 0123456789abcdefgh");
  ASSERT_TRUE(who.has_value());
  EXPECT_EQ(who->name, "user1");
  EXPECT_EQ(who->role, service::Role::kContestant) << "a line without a role is a contestant";
  EXPECT_FALSE(ok->Authenticate("Basic 0123456789abcdefgh").has_value());
  EXPECT_FALSE(ok->Authenticate("Bearer 0123456789abcdefg").has_value());
}

TEST(RateLimiterTest, RefillsAtTheRate) {
  ManualClock clock;
  service::RateLimiter limiter(/*per_second=*/2, /*burst=*/2, &clock);
  int64_t retry = 0;
  EXPECT_TRUE(limiter.Allow("a", &retry));
  EXPECT_TRUE(limiter.Allow("a", &retry));
  EXPECT_FALSE(limiter.Allow("a", &retry));
  EXPECT_EQ(retry, 500);
  clock.ms_ += 499;
  EXPECT_FALSE(limiter.Allow("a", &retry));
  clock.ms_ += 1;
  EXPECT_TRUE(limiter.Allow("a", &retry));
  service::RateLimiter unlimited(0, 1, &clock);
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(unlimited.Allow("a", &retry));
}

TEST(UrlParseTest, TargetsAreDecoded) {
  Result<service::RequestTarget> t = service::ParseRequestTarget("/api/v1/sub%6Dissions?problem=a+b&limit=5&&x&x2=%41");
  ASSERT_TRUE(t.ok()) << t.status().message();
  EXPECT_EQ(t->path, "/api/v1/submissions");
  EXPECT_EQ(t->query["problem"], "a b");
  EXPECT_EQ(t->query["limit"], "5");
  EXPECT_EQ(t->query["x"], "");
  EXPECT_EQ(t->query["x2"], "A");
  EXPECT_EQ(t->query.size(), 4u) << "the empty pair is skipped";
  Result<service::RequestTarget> last = service::ParseRequestTarget("/?limit=1&limit=2");
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(last->query["limit"], "2") << "of a repeated key the last wins";
}

// What is not a path and a query is refused, never guessed at.
TEST(UrlParseTest, TargetsThatAreNotAPathAndQueryAreRefused) {
  for (const char* bad : {"/x?bad=%zz", "/a%2", "", "*", "http://evil.example/api/v1/problems", "api/v1/problems",
                          "/a b", "/a#frag", "/\x01"}) {
    Result<service::RequestTarget> t = service::ParseRequestTarget(bad);
    EXPECT_EQ(t.status().code(), StatusCode::kInvalidArgument) << bad;
  }
  EXPECT_EQ(service::ParseRequestTarget("/x?bad=%zz").status().message().rfind("request target '/x?bad=%zz': ", 0), 0u);
}

TEST(UrlParseTest, HostAndOriginAuthorities) {
  auto host = [](const char* text, int port = 80) { return service::ParseHostHeader(text, port); };
  ASSERT_TRUE(host("LocalHost:8080"));
  EXPECT_EQ(host("LocalHost:8080")->name, "localhost");
  EXPECT_EQ(host("LocalHost:8080")->port, 8080);
  EXPECT_EQ(host("example.org")->port, 80);
  EXPECT_EQ(host("[0:0:0:0:0:0:0:1]:81")->name, "::1") << "an IPv6 address in its canonical text";
  for (const char* bad : {"", ":8080", "[::1", "::1:8080", "a:80x", "a:99999", "user@a:80", "%6cocalhost:80", "[v1.x]"})
    EXPECT_FALSE(host(bad)) << bad;
  ASSERT_TRUE(service::ParseOrigin("HTTPS://Judge.Example"));
  EXPECT_EQ(service::ParseOrigin("HTTPS://Judge.Example")->name, "judge.example");
  EXPECT_EQ(service::ParseOrigin("HTTPS://Judge.Example")->port, 443);
  EXPECT_EQ(service::ParseOrigin("http://127.0.0.1:8080")->port, 8080);
  for (const char* bad : {"null", "file://", "ftp://a:21", "http://a/", "http://a?x", "http://u@a", "http:a", "http://"})
    EXPECT_FALSE(service::ParseOrigin(bad)) << bad;
}

}  // namespace
}  // namespace judge::servicetest
