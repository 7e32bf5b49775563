// `judge serve` and `judge worker` put together from the service's parts (the
// theory of each is in its header): the queue (SQLite or PostgreSQL), the problem
// catalog, the workers, the API and the HTTP server.
#include "judge/service/service.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "access_tokens.h"
#include "api.h"
#include "event_hub.h"
#include "http_server.h"
#include "judge/config/language.h"
#include "judge/grading/compiler.h"
#include "judge/store/job_queue.h"
#include "judge/store/store.h"
#include "problem_catalog.h"
#include "rate_limiter.h"
#include "worker_host.h"

namespace judge {
namespace {

using namespace service;

struct ListenAddress {
  std::string host;
  int port = 0;
};

// "127.0.0.1:8080", "[::1]:8080", "localhost:8080".
Result<ListenAddress> ParseListen(const std::string& text) {
  const auto bad = [&] {
    return Status::InvalidArgument("--listen: expected host:port (e.g. 127.0.0.1:8080), found '" + text + "'");
  };
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) return bad();
  ListenAddress a;
  a.host = text.substr(0, colon);
  if (a.host.front() == '[' && a.host.back() == ']') a.host = a.host.substr(1, a.host.size() - 2);
  if (a.host == "localhost") a.host = "127.0.0.1";
  const std::string port = text.substr(colon + 1);
  if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return bad();
  a.port = std::stoi(port);
  if (a.port > 65535) return bad();
  return a;
}

// The bounds the command line checks too, for callers of Serve that bypass it.
Status CheckConnectionLimits(const ServeOptions& o) {
  if (o.max_connections < 1)
    return Status::InvalidArgument("--max-connections: expected at least 1, found " + std::to_string(o.max_connections));
  if (o.admin_connections < 0 || o.admin_connections >= o.max_connections)
    return Status::InvalidArgument("--admin-connections: expected 0 to " + std::to_string(o.max_connections - 1) +
                                   " (fewer than --max-connections), found " + std::to_string(o.admin_connections));
  if (o.header_deadline_ms < 100)
    return Status::InvalidArgument("--header-deadline-ms: expected at least 100, found " +
                                   std::to_string(o.header_deadline_ms));
  return Status::Ok();
}

bool IsLoopback(const std::string& host) { return host.rfind("127.", 0) == 0 || host == "::1"; }

// What both commands load first: the languages, the one judging context (languages,
// cache, the stop flag as cancel flag), the pipeline the catalog infers time limits
// with, and the packages. Each part behind a pointer: the context points into it.
struct Loaded {
  std::unique_ptr<const LanguageSet> languages;
  JudgingContext context;
  std::unique_ptr<Pipeline> loading;  // the catalog's: infers, stores nothing
  std::unique_ptr<ProblemCatalog> catalog;
};

Result<Loaded> LoadProblemsAndLanguages(const std::string& problems_dir, const std::string& languages_file,
                                        const std::atomic<bool>* stop, const ServiceLog& log) {
  Loaded l;
  JUDGE_ASSIGN_OR_RETURN(LanguageSet languages, LoadLanguages(languages_file));
  l.languages = std::make_unique<const LanguageSet>(std::move(languages));
  if (problems_dir.empty()) return Status::InvalidArgument("--problems: expected a directory of problem packages");
  l.context.languages = l.languages.get();
  l.context.cache_dir = DefaultCacheDir();  // where verify and grade keep inferred time limits
  l.context.cancel = stop;                  // stopping stops an inference under way
  PipelineOptions loading;
  loading.context = l.context;
  l.loading = std::make_unique<Pipeline>(loading);
  JUDGE_ASSIGN_OR_RETURN(l.catalog, ProblemCatalog::Open(problems_dir, PackageLoader(l.loading.get(), {})));
  ReloadReport report = l.catalog->Reload(/*force=*/true);
  for (const auto& e : report.errors)
    if (log) log("problem not loaded: " + e);
  if (report.loaded.empty() && log) log("warning: no problem package loaded from " + problems_dir);
  return l;
}

Result<std::unique_ptr<JobQueue>> OpenQueue(const ServeOptions& o) {
  if (!o.queue_url.empty()) return OpenPostgresQueue(o.queue_url, o.pg_connections);
  JUDGE_ASSIGN_OR_RETURN(std::string path, ResolveStorePath(o.db_path));
  return OpenSqliteQueue(path, SystemClock());
}

std::string HostPrefix() {
  char host[256] = {};
  gethostname(host, sizeof(host) - 1);
  return std::string(host) + "/" + std::to_string(getpid());
}

WorkerContext MakeWorkerContext(JobQueue* queue, Loaded* loaded, EventHub* hub, const ServiceLog& log) {
  WorkerContext ctx;
  ctx.queue = queue;
  ctx.catalog = loaded->catalog.get();
  ctx.language_ids = AvailableLanguageIds(*loaded->languages);
  ctx.hub = hub;
  ctx.pipeline.context = loaded->context;  // each claim judged with its own store and cancel flag
  ctx.name_prefix = HostPrefix();
  ctx.log = log;
  return ctx;
}

// The --token-file's tokens, or none (everyone is admin: a warning when the server can
// be reached from other machines).
Result<std::optional<AccessTokens>> LoadTokens(const ServeOptions& o, const ListenAddress& listen,
                                               const ServiceLog& log) {
  if (!o.token_file.empty()) {
    JUDGE_ASSIGN_OR_RETURN(AccessTokens tokens, AccessTokens::Load(o.token_file));
    return std::optional<AccessTokens>(std::move(tokens));
  }
  if (!IsLoopback(listen.host) && log)
    log("warning: listening on " + o.listen + " without --token-file: whoever reaches it is an admin");
  return std::optional<AccessTokens>();
}

void WaitForStop(const std::atomic<bool>* stop) {
  while (!stop->load()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

}  // namespace

Status Serve(const ServeOptions& o, const std::atomic<bool>* stop,
             const std::function<void(const std::string&)>& on_listening, const ServiceLog& log) {
  JUDGE_ASSIGN_OR_RETURN(ListenAddress listen, ParseListen(o.listen));
  if (o.workers < 0 || o.workers > 64)
    return Status::InvalidArgument("--workers: expected 0 to 64, found " + std::to_string(o.workers));
  JUDGE_RETURN_IF_ERROR(CheckConnectionLimits(o));
  JUDGE_ASSIGN_OR_RETURN(Loaded loaded, LoadProblemsAndLanguages(o.problems_dir, o.languages_file, stop, log));
  if (stop->load()) return Status::Ok();  // told to stop while loading: nothing to serve
  JUDGE_ASSIGN_OR_RETURN(std::optional<AccessTokens> tokens, LoadTokens(o, listen, log));
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<JobQueue> queue, OpenQueue(o));
  EventHub hub;  // outlives the server and the workers (declared before them)
  RateLimiter limiter(o.rate_per_second, o.rate_burst, SystemClock());
  // A bucket of a minute's submissions, refilled evenly over the minute.
  RateLimiter submit_limiter(o.submissions_per_minute / 60.0, std::max(1, o.submissions_per_minute), SystemClock());
  WorkerContext ctx = MakeWorkerContext(queue.get(), &loaded, &hub, log);
  ctx.lease_ms = o.lease_ms;
  ctx.run_all = o.run_all;
  ctx.idle_poll_ms = o.queue_url.empty() ? 2000 : o.event_poll_ms;

  ApiConfig api;
  api.queue = queue.get();
  api.catalog = loaded.catalog.get();
  api.languages = loaded.languages.get();
  // With PostgreSQL the workers are elsewhere: every profile may have a worker.
  if (o.queue_url.empty()) api.language_ids = ctx.language_ids;
  else for (const auto& p : loaded.languages->profiles()) api.language_ids.push_back(p.id);
  api.tokens = tokens ? &*tokens : nullptr;
  api.limiter = &limiter;
  api.hub = &hub;
  api.log = log;
  api.allowed_hosts = o.allowed_hosts;
  api.streams_per_user = o.streams_per_user;
  api.streams_per_address = o.streams_per_address;
  api.queued_per_user = o.queued_per_user;
  api.submit_limiter = &submit_limiter;
  api.submissions_per_minute = o.submissions_per_minute;
  api.storage_per_user_bytes = o.storage_per_user_bytes;
  Api handler(api);

  const HttpServerOptions http{.host = listen.host,
                               .port = listen.port,
                               .threads = o.http_threads,
                               .header_deadline_ms = o.header_deadline_ms,
                               .max_connections = o.max_connections,
                               .admin_connections = o.admin_connections,
                               .connections_per_address = o.connections_per_address,
                               .event_poll_ms = o.event_poll_ms,
                               .stream_lifetime_ms = o.stream_lifetime_ms,
                               .log = log};
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<HttpServer> server, HttpServer::Start(http, &handler));
  WorkerHost workers(ctx, o.workers, o.reload_check_ms);
  workers.Start();
  on_listening(server->address());
  WaitForStop(stop);
  server->Stop();   // no new requests; open event streams end
  workers.Stop();   // running judgings cancelled and queued again
  return Status::Ok();
}

Status RunWorkerProcess(const WorkerOptions& o, const std::atomic<bool>* stop,
                        const std::function<void(const std::string&)>& on_ready, const ServiceLog& log) {
  if (o.queue_url.empty()) return Status::InvalidArgument("--queue: expected a postgresql:// URL");
  if (o.jobs < 1 || o.jobs > 64) return Status::InvalidArgument("--jobs: expected 1 to 64, found " + std::to_string(o.jobs));
  JUDGE_ASSIGN_OR_RETURN(Loaded loaded, LoadProblemsAndLanguages(o.problems_dir, o.languages_file, stop, log));
  if (stop->load()) return Status::Ok();  // told to stop while loading
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<JobQueue> queue, OpenPostgresQueue(o.queue_url, o.jobs + 1));
  EventHub hub;
  WorkerContext ctx = MakeWorkerContext(queue.get(), &loaded, &hub, log);
  if (!o.name.empty()) ctx.name_prefix = o.name;
  ctx.lease_ms = o.lease_ms;
  ctx.idle_poll_ms = o.poll_ms;
  ctx.run_all = o.run_all;
  std::string summary = "worker " + ctx.name_prefix + ": " + std::to_string(o.jobs) + " jobs; problems:";
  for (const auto& id : loaded.catalog->Ids()) summary += " " + id;
  summary += "; languages:";
  for (const auto& id : ctx.language_ids) summary += " " + id;
  WorkerHost workers(ctx, o.jobs, o.reload_check_ms);
  workers.Start();
  on_ready(summary);
  WaitForStop(stop);
  workers.Stop();
  return Status::Ok();
}

}  // namespace judge
