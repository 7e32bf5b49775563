#include "api.h"

#include <algorithm>
#include <cctype>

#include "judge/grading/language_choice.h"
#include "judge/judging/json.h"
#include "judge/judging/pipeline.h"
#include "judge/store/submission_id.h"
#include "origin_policy.h"
#include "submission_events.h"
#include "submission_json.h"
#include "submission_request.h"
#include "web_assets.h"

namespace judge::service {
namespace {

constexpr const char* kPrefix = "/api/v1/";

HttpResponse JsonResponse(int status, const Json& doc) {
  HttpResponse r;
  r.status = status;
  r.body = DumpJson(doc, -1) + "\n";
  r.headers.emplace_back("Cache-Control", "no-store");
  return r;
}

HttpResponse MethodNotAllowed(const HttpRequest& req, const std::string& allowed) {
  HttpResponse r = ErrorResponse(405, req.method + " " + req.path + ": method not allowed (use " + allowed + ")");
  r.headers.emplace_back("Allow", allowed);
  return r;
}

HttpResponse Forbidden(const Principal& who, const std::string& what) {
  return ErrorResponse(403, "'" + who.name + "' is a contestant: only an admin may " + what);
}

// "application/json", with any parameters ("; charset=utf-8"), in any case.
bool IsJson(const std::string& content_type) {
  std::string type = content_type.substr(0, content_type.find(';'));
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.pop_back();
  if (type.size() != 16) return false;
  for (auto& c : type) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return type == "application/json";
}

const std::string& ClientOf(const HttpRequest& req) { return req.client.empty() ? req.peer : req.client; }

HttpResponse Asset(const HttpRequest& req) {
  const WebAsset* asset = FindWebAsset(req.path);
  if (!asset) return ErrorResponse(404, "no such page: " + req.path);
  if (req.method != "GET") return MethodNotAllowed(req, "GET");
  HttpResponse r;
  r.content_type = std::string(asset->content_type);
  r.body = std::string(asset->body);
  // The page's scripts and styles come from this server only: no inline code, no CDN.
  r.headers.emplace_back("Content-Security-Policy",
                         "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'");
  r.headers.emplace_back("Cache-Control", "no-cache");
  return r;
}

}  // namespace

HttpResponse StatusResponse(const Status& status) {
  switch (status.code()) {
    case StatusCode::kInvalidArgument: return ErrorResponse(400, status.message());
    case StatusCode::kNotFound: return ErrorResponse(404, status.message());
    case StatusCode::kResourceExhausted: {
      HttpResponse r = ErrorResponse(429, status.message());
      r.headers.emplace_back("Retry-After", "5");
      return r;
    }
    default: return ErrorResponse(500, "the judge failed: " + status.message());
  }
}

// The id of a path segment: ParseSubmissionId's rule; the ids no submission can have
// (0, negative, beyond 2^53) are refused here as the malformed ones are.
Result<int64_t> PathSubmissionId(const std::string& text) {
  Result<int64_t> id = ParseSubmissionId(text);
  if (!id.ok() || *id == 0)
    return Status::InvalidArgument("submission id: expected a positive integer, found '" + text.substr(0, 40) + "'");
  return id;
}

HttpResponse Api::Failure(const Status& status) {
  const StatusCode code = status.code();
  const bool callers_fault = code == StatusCode::kInvalidArgument || code == StatusCode::kNotFound ||
                             code == StatusCode::kResourceExhausted;
  if (!callers_fault && cfg_.log)
    cfg_.log("request failed: " + status.message());
  return StatusResponse(status);
}

std::optional<Principal> Api::Identify(const HttpRequest& req) const {
  if (!cfg_.tokens) return Principal{"anonymous", Role::kAdmin};
  return cfg_.tokens->Authenticate(req.authorization);
}

Admission Api::Admit(const HttpRequest& head) {
  Admission a;
  // With tokens a foreign page cannot act for anyone (it has no token to send), so
  // the check matters only without them, where any request is an admin's.
  if (!cfg_.tokens) {
    Status same_site = CheckHostAndOrigin(head, cfg_.allowed_hosts);
    if (!same_site.ok()) {
      a.refusal = ErrorResponse(403, same_site.message());
      return a;
    }
  }
  std::optional<Principal> who = Identify(head);
  a.may_use_reserved = who && who->role == Role::kAdmin;
  // The page's files are counted like the API's requests: fetched in a loop they would
  // keep connections busy for nothing.
  a.refusal = OverRate(head, who);
  if (a.refusal || head.path.rfind("/api/", 0) != 0) return a;
  a.refusal = AdmitApi(head, who);
  return a;
}

std::optional<HttpResponse> Api::OverRate(const HttpRequest& head, const std::optional<Principal>& who) {
  // A known token is limited as its name (wherever it comes from); anything else as
  // its client (address, or IPv6 /64), so guessing tokens is limited too.
  const std::string client = cfg_.tokens && who ? "token " + who->name : "address " + ClientOf(head);
  int64_t retry_ms = 0;
  if (!cfg_.limiter || cfg_.limiter->Allow(client, &retry_ms)) return std::nullopt;
  HttpResponse r = ErrorResponse(429, "too many requests from " + client + ": try again in " +
                                          std::to_string(retry_ms) + " ms");
  r.headers.emplace_back("Retry-After", std::to_string((retry_ms + 999) / 1000));
  return r;
}

std::optional<HttpResponse> Api::AdmitApi(const HttpRequest& head, const std::optional<Principal>& who) {
  if (!who) {
    HttpResponse r = ErrorResponse(401, head.authorization.empty()
                                            ? "authentication required: send 'Authorization: Bearer <token>'"
                                            : "unknown token: the Authorization header names no token of this server");
    r.headers.emplace_back("WWW-Authenticate", "Bearer");
    return r;
  }
  // A form of another site can post text/plain or form data without asking; only a
  // page of this site's own can post JSON.
  if (head.method == "POST" && head.path == std::string(kPrefix) + "submissions" && !IsJson(head.content_type))
    return ErrorResponse(415, "Content-Type: expected application/json, found '" + head.content_type.substr(0, 100) +
                                  "'");
  return std::nullopt;
}

HttpResponse Api::Respond(const HttpRequest& req) {
  if (req.path.rfind("/api/", 0) != 0) return Asset(req);
  std::optional<Principal> who = Identify(req);
  if (!who) return ErrorResponse(401, "authentication required: send 'Authorization: Bearer <token>'");
  return Route(req, *who);
}

HttpResponse Api::Route(const HttpRequest& req, const Principal& who) {
  if (req.path.rfind(kPrefix, 0) != 0) return ErrorResponse(404, "no such endpoint: " + req.path + " (the API is /api/v1/)");
  const std::string rest = req.path.substr(std::string(kPrefix).size());
  const bool get = req.method == "GET", post = req.method == "POST";
  if (rest == "whoami") {
    if (!get) return MethodNotAllowed(req, "GET");
    return JsonResponse(200, {{"name", who.name}, {"role", RoleName(who.role)}});
  }
  if (rest == "problems") return get ? ListProblems() : MethodNotAllowed(req, "GET");
  if (rest == "problems/reload") return post ? Reload(who) : MethodNotAllowed(req, "POST");
  if (rest == "languages") return get ? ListLanguages() : MethodNotAllowed(req, "GET");
  if (rest == "submissions") {
    if (get) return ListSubmissions(req, who);
    if (post) return Submit(req, who);
    return MethodNotAllowed(req, "GET, POST");
  }
  if (rest.rfind("submissions/", 0) == 0) return SubmissionRoute(req, who, rest.substr(12));
  return ErrorResponse(404, "no such endpoint: " + req.path);
}

HttpResponse Api::SubmissionRoute(const HttpRequest& req, const Principal& who, const std::string& rest) {
  const std::size_t slash = rest.find('/');
  Result<int64_t> id = PathSubmissionId(rest.substr(0, slash));
  if (!id.ok()) return StatusResponse(id.status());
  const std::string action = slash == std::string::npos ? "" : rest.substr(slash + 1);
  const bool get = req.method == "GET";
  if (action.empty()) return get ? GetSubmission(*id, who) : MethodNotAllowed(req, "GET");
  if (action == "source") return get ? GetSource(*id, who) : MethodNotAllowed(req, "GET");
  if (action == "events") return get ? Events(req, *id, who) : MethodNotAllowed(req, "GET");
  if (action == "rejudge") return req.method == "POST" ? Rejudge(*id, who) : MethodNotAllowed(req, "POST");
  return ErrorResponse(404, "no such endpoint: " + req.path);
}

HttpResponse Api::ListProblems() {
  Json list = Json::array();
  for (const auto& p : cfg_.catalog->List()) {
    list.push_back({{"id", p->problem.id},
                    {"name", p->problem.name},
                    {"languages", cfg_.language_ids},
                    {"time_ms", p->problem.limits.time_ms},
                    {"memory_kib", p->problem.limits.memory_kib},
                    {"tests", p->tests.size()}});
  }
  return JsonResponse(200, list);
}

HttpResponse Api::Reload(const Principal& who) {
  if (who.role != Role::kAdmin) return Forbidden(who, "reload the problems");
  ReloadReport report = cfg_.catalog->Reload(/*force=*/true);
  return JsonResponse(200, {{"loaded", report.loaded}, {"removed", report.removed}, {"errors", report.errors},
                            {"problems", cfg_.catalog->Ids()}});
}

HttpResponse Api::ListLanguages() {
  Json list = Json::array();
  for (const auto& id : cfg_.language_ids) {
    const LanguageProfile* p = cfg_.languages->Find(id);
    if (p) list.push_back({{"id", p->id}, {"name", p->name}, {"extensions", p->extensions}});
  }
  return JsonResponse(200, list);
}

HttpResponse Api::ListSubmissions(const HttpRequest& req, const Principal& who) {
  QueueFilter filter;
  if (auto it = req.query.find("problem"); it != req.query.end()) filter.problem_id = it->second;
  if (auto it = req.query.find("limit"); it != req.query.end()) {
    const std::string& v = it->second;
    bool digits = !v.empty() && v.size() <= 4 && v.find_first_not_of("0123456789") == std::string::npos;
    filter.limit = digits ? std::stoll(v) : 0;
    if (filter.limit < 1 || filter.limit > 1000)
      return ErrorResponse(400, "limit: expected an integer from 1 to 1000, found '" + v.substr(0, 40) + "'");
  }
  if (who.role == Role::kContestant) filter.submitter = who.name;
  Result<std::vector<QueueEntry>> entries = cfg_.queue->List(filter);
  if (!entries.ok()) return Failure(entries.status());
  Json list = Json::array();
  for (const auto& e : *entries) list.push_back(SubmissionSummaryJson(e, who.role == Role::kAdmin));
  return JsonResponse(200, list);
}

// The one language rule (language_choice.h), then this server's offer.
Result<LanguageProfile> Api::ChooseLanguage(const std::string& requested, const std::string& filename,
                                            const std::string& source) const {
  std::string offered;
  for (const auto& l : cfg_.language_ids) offered += (offered.empty() ? "" : ", ") + l;
  auto is_offered = [&](const std::string& id) {
    return std::find(cfg_.language_ids.begin(), cfg_.language_ids.end(), id) != cfg_.language_ids.end();
  };
  if (!requested.empty() && !is_offered(requested))
    return Status::InvalidArgument("\"language\": expected one of " + offered + ", found '" + requested + "'");
  Result<LanguageProfile> p =
      ChooseLanguageFor(*cfg_.languages, filename, source, requested, LanguageAsker::kHttpApi);
  if (!p.ok()) return Status::InvalidArgument("\"filename\": " + p.status().message());
  if (!is_offered(p->id))
    return Status::InvalidArgument("\"filename\": '" + filename + "' is judged as " + p->id +
                                   ", which this server does not offer; name one with \"language\" (" + offered + ")");
  return p;
}

HttpResponse Api::Submit(const HttpRequest& req, const Principal& who) {
  Result<ParsedSubmission> parsed = ParseSubmissionRequest(req.body, cfg_.max_source_bytes);
  if (!parsed.ok()) return StatusResponse(parsed.status());
  const SubmissionRequest& r = parsed->request;
  if (parsed->too_large)
    return ErrorResponse(413, "\"source\": expected at most " + std::to_string(cfg_.max_source_bytes) +
                                  " bytes (1 MiB), found " + std::to_string(r.source.size()));
  std::shared_ptr<const Package> package = cfg_.catalog->Find(r.problem);
  if (!package) return ErrorResponse(400, "\"problem\": no problem '" + r.problem.substr(0, 100) + "' on this server");
  Result<LanguageProfile> profile = ChooseLanguage(r.language, r.filename, r.source);
  if (!profile.ok()) return StatusResponse(profile.status());
  const Submission s = NewSubmissionRecord(*package, NewSubmission{r.filename, r.filename, r.source, *profile});
  // Only contestants are capped: an admin (the jury, or everyone without a token file)
  // submits reference solutions in bulk.
  const bool capped = who.role == Role::kContestant;
  int64_t retry_ms = 0;
  if (capped && cfg_.submit_limiter && !cfg_.submit_limiter->Allow(who.name, &retry_ms)) {
    HttpResponse over = ErrorResponse(429, "too many submissions from '" + who.name + "': at most " +
                                               std::to_string(cfg_.submissions_per_minute) +
                                               " a minute, judged ones included; try again in " +
                                               std::to_string(retry_ms) + " ms");
    over.headers.emplace_back("Retry-After", std::to_string((retry_ms + 999) / 1000));
    return over;
  }
  SubmitCaps caps;
  if (capped) caps = SubmitCaps{cfg_.queued_per_user, cfg_.storage_per_user_bytes};
  Result<int64_t> id = cfg_.queue->Submit(s, who.name, caps);
  if (!id.ok()) return Failure(id.status());
  if (cfg_.hub) cfg_.hub->Notify(EventHub::kQueueKey);
  HttpResponse res = JsonResponse(201, {{"id", *id}, {"status", "queued"}, {"language", profile->id}});
  res.headers.emplace_back("Location", std::string(kPrefix) + "submissions/" + std::to_string(*id));
  return res;
}

Result<QueueEntry> Api::Visible(int64_t id, const Principal& who) {
  JUDGE_ASSIGN_OR_RETURN(QueueEntry e, cfg_.queue->Get(id));
  if (who.role == Role::kContestant && e.submitter != who.name)
    return Status::NotFound("no submission " + std::to_string(id));
  return e;
}

HttpResponse Api::GetSubmission(int64_t id, const Principal& who) {
  Result<QueueEntry> e = Visible(id, who);
  if (!e.ok()) return Failure(e.status());
  std::optional<Judging> judging;
  if (e->judging_id != 0) {
    Result<Judging> j = cfg_.queue->store()->GetJudging(e->judging_id);
    if (!j.ok()) return Failure(j.status());
    judging = std::move(j).value();
  }
  return JsonResponse(200, SubmissionDetailJson(*e, judging, who.role == Role::kAdmin));
}

HttpResponse Api::GetSource(int64_t id, const Principal& who) {
  Result<QueueEntry> e = Visible(id, who);
  if (!e.ok()) return Failure(e.status());
  Result<Submission> s = cfg_.queue->store()->GetSubmission(id);
  if (!s.ok()) return Failure(s.status());
  HttpResponse r;
  r.content_type = "text/plain; charset=utf-8";
  r.body = s->source;
  r.headers.emplace_back("Cache-Control", "no-store");
  return r;
}

HttpResponse Api::Events(const HttpRequest& req, int64_t id, const Principal& who) {
  Result<QueueEntry> e = Visible(id, who);
  if (!e.ok()) return Failure(e.status());
  std::vector<OpenQuota::Slot> slots;
  if (std::optional<HttpResponse> refusal = OpenStream(req, who, &slots)) return std::move(*refusal);
  auto events = std::make_shared<SubmissionEvents>(cfg_.queue, cfg_.hub, id, who.role == Role::kAdmin);
  events->Hold(std::move(slots));
  HttpResponse r;
  r.events = std::move(events);
  return r;
}

std::optional<HttpResponse> Api::OpenStream(const HttpRequest& req, const Principal& who,
                                            std::vector<OpenQuota::Slot>* slots) {
  if (cfg_.tokens && who.role == Role::kAdmin) return std::nullopt;  // trusted, and may watch many
  // Without tokens everyone is "anonymous": the address is the only user there is.
  const std::string user = cfg_.tokens ? who.name : ClientOf(req);
  const auto refuse = [](const std::string& whose, int limit) {
    HttpResponse r = ErrorResponse(429, "too many open event streams " + whose + " (at most " + std::to_string(limit) +
                                            " at once): close one first");
    r.headers.emplace_back("Retry-After", "1");
    return r;
  };
  std::optional<OpenQuota::Slot> by_user = streams_per_user_.TryOpen(user, cfg_.streams_per_user);
  if (!by_user) return refuse("of '" + user + "'", cfg_.streams_per_user);
  std::optional<OpenQuota::Slot> by_address = streams_per_address_.TryOpen(ClientOf(req), cfg_.streams_per_address);
  if (!by_address) return refuse("from " + ClientOf(req), cfg_.streams_per_address);
  slots->push_back(std::move(*by_user));
  slots->push_back(std::move(*by_address));
  return std::nullopt;
}

HttpResponse Api::Rejudge(int64_t id, const Principal& who) {
  if (who.role != Role::kAdmin) return Forbidden(who, "rejudge");
  Result<RequeueOutcome> requeued = cfg_.queue->Requeue(id);
  if (!requeued.ok()) return Failure(requeued.status());
  if (*requeued == RequeueOutcome::kBeingJudged)
    return ErrorResponse(409, "submission " + std::to_string(id) + " is being judged; rejudge it when it is done");
  if (cfg_.hub) cfg_.hub->Notify(EventHub::kQueueKey);
  if (cfg_.hub) cfg_.hub->Notify(id);
  return JsonResponse(202, {{"id", id}, {"status", "queued"}});
}

}  // namespace judge::service
