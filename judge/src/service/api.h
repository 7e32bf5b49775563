// The HTTP API of `judge serve` (its contract and manual: docs/service.md) and the
// web page's files, as one HttpHandler.
//
//   GET  /                                   the web page (also /app.js, /app.css)
//   GET  /api/v1/whoami                      {"name", "role"}
//   GET  /api/v1/problems                    [{"id", "name", "languages", ...}]
//   POST /api/v1/problems/reload             admin: load every package again
//   GET  /api/v1/languages                   [{"id", "name", "extensions"}]
//   GET  /api/v1/submissions?problem=&limit= newest first
//   POST /api/v1/submissions                 -> 201 {"id", "status": "queued", "language"}
//   GET  /api/v1/submissions/{id}            the detail document (submission_json.h)
//   GET  /api/v1/submissions/{id}/source     the source bytes, text/plain
//   GET  /api/v1/submissions/{id}/events     Server-Sent Events (submission_events.h)
//   POST /api/v1/submissions/{id}/rejudge    admin: queue it again
//
// Without tokens, every request first passes the Host and Origin check
// (origin_policy.h; 403). Every request, the page's files included, then passes the
// rate limit (429 with Retry-After; per token name, or per client - address, or IPv6
// /64 - for requests without a known token, so guessing tokens is limited too); every
// request but the page's files then passes, in order: authentication when
// there are tokens (401), a JSON Content-Type where the body is JSON (415) - all
// decided from the request's head in Admit, before its body is read - then the
// route (404, 405), the role (403), the input (400, 413; 409 for a rejudge of a
// submission being judged), for a submission the contestant's submissions not yet
// judged (429 at queued_per_user; admins are not limited: the jury submits and
// rejudges in bulk), and for an event stream the open streams of its user
// and its address (429; admins with a token are not limited). Every refusal is {"error": "..."} naming
// what was wrong. A contestant sees only its own submissions: another's is "no
// submission N" (404), exactly as one that does not exist. A judge failure behind a
// request is 500 with the reason; the handler never throws.
//
// Thread-safe (called from the server's threads at once).
#ifndef JUDGE_SRC_SERVICE_API_H_
#define JUDGE_SRC_SERVICE_API_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "access_tokens.h"
#include "event_hub.h"
#include "http_types.h"
#include "judge/config/language.h"
#include "judge/store/job_queue.h"
#include "open_quota.h"
#include "problem_catalog.h"
#include "rate_limiter.h"

namespace judge::service {

// Borrowed pointers outlive the Api.
struct ApiConfig {
  JobQueue* queue = nullptr;
  ProblemCatalog* catalog = nullptr;
  const LanguageSet* languages = nullptr;
  std::vector<std::string> language_ids;   // the languages offered (submissions in others: 400)
  const AccessTokens* tokens = nullptr;    // null: no authentication, everyone is admin
  RateLimiter* limiter = nullptr;          // null: no limit
  EventHub* hub = nullptr;                 // wakes workers on a new submission
  int64_t max_source_bytes = 1 << 20;
  std::vector<std::string> allowed_hosts;  // Host names accepted besides the server's own (--allow-host)
  int streams_per_user = 8;      // open event streams of one contestant (without tokens: one address); 0: no limit
  int streams_per_address = 16;  // open event streams from one address but an admin's; 0: no limit
  int queued_per_user = 10;      // a contestant's submissions not yet judged; beyond: 429. 0: no limit
  // A contestant's submissions, counted when they are taken in, however fast they are
  // judged (a compile error from the cache takes milliseconds); null: no limit.
  RateLimiter* submit_limiter = nullptr;
  int submissions_per_minute = 0;               // what submit_limiter allows (for its message)
  int64_t storage_per_user_bytes = 64 << 20;    // a contestant's sources in all; beyond: 429. 0: no limit
  std::function<void(const std::string&)> log;  // judge failures; may be empty
};

class Api final : public HttpHandler {
 public:
  explicit Api(ApiConfig config) : cfg_(std::move(config)) {}
  Admission Admit(const HttpRequest& head) override;
  HttpResponse Respond(const HttpRequest& request) override;

 private:
  // Who sent the request: the token's principal, everyone's "anonymous" admin without
  // tokens, nullopt for a missing or unknown token.
  std::optional<Principal> Identify(const HttpRequest& request) const;
  std::optional<HttpResponse> OverRate(const HttpRequest& head, const std::optional<Principal>& who);
  std::optional<HttpResponse> AdmitApi(const HttpRequest& head, const std::optional<Principal>& who);
  HttpResponse Route(const HttpRequest& request, const Principal& who);
  HttpResponse SubmissionRoute(const HttpRequest& request, const Principal& who, const std::string& rest);
  HttpResponse ListProblems();
  HttpResponse Reload(const Principal& who);
  HttpResponse ListLanguages();
  HttpResponse ListSubmissions(const HttpRequest& request, const Principal& who);
  HttpResponse Submit(const HttpRequest& request, const Principal& who);
  HttpResponse GetSubmission(int64_t id, const Principal& who);
  HttpResponse GetSource(int64_t id, const Principal& who);
  HttpResponse Events(const HttpRequest& request, int64_t id, const Principal& who);
  // Counts one more event stream of `who` from the request's address into *slots
  // (held as long as the stream), or returns the 429 when one is at its limit.
  std::optional<HttpResponse> OpenStream(const HttpRequest& request, const Principal& who,
                                         std::vector<OpenQuota::Slot>* slots);
  HttpResponse Rejudge(int64_t id, const Principal& who);
  // The entry when `who` may see it; else "no submission N" (404).
  Result<QueueEntry> Visible(int64_t id, const Principal& who);
  // The profile that judges a submission: ChooseLanguageFor's rule, limited to the
  // offered languages; InvalidArgument (400) naming the field otherwise.
  Result<LanguageProfile> ChooseLanguage(const std::string& requested, const std::string& filename,
                                         const std::string& source) const;
  HttpResponse Failure(const Status& status);

  ApiConfig cfg_;
  OpenQuota streams_per_user_;     // keyed by user name (without tokens: by address)
  OpenQuota streams_per_address_;  // keyed by address
};

// Status -> response: InvalidArgument 400, NotFound 404, ResourceExhausted 429 (with
// Retry-After), anything else 500 ("the judge failed: ...").
HttpResponse StatusResponse(const Status& status);

// A path segment that is a submission id (judge/store/submission_id.h's rule): 1 ..
// 2^53, else InvalidArgument (400).
Result<int64_t> PathSubmissionId(const std::string& text);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_API_H_
