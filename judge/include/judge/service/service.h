// The judge as a service: `judge serve` (the HTTP API, the web page, and workers in
// its own process) and `judge worker` (workers on any host, PostgreSQL queue). Both
// are front ends of the one pipeline (pipeline.h): a worker claims a submission from
// the queue (job_queue.h) and judges it with Pipeline::Judge as a stored submission.
// docs/service.md describes the API, the roles, the queue, leases, and what a crash
// loses.
//
// The threads live here (judge/src/service): the HTTP server's, the workers', the
// lease keeper's and the problem reloader's. The calls block until *stop becomes true
// (a signal handler's flag), then stop accepting, cancel the running judgings (their
// submissions go back to the queue), join every thread and return.
#ifndef JUDGE_SERVICE_H_
#define JUDGE_SERVICE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "judge/base/status.h"

namespace judge {

// One line per event worth an operator's attention (a judge failure, a claim taken
// over, a package that failed to load). Called from any thread; may be empty.
using ServiceLog = std::function<void(const std::string& line)>;

struct ServeOptions {
  std::string listen = "127.0.0.1:8080";  // host:port; [v6]:port; port 0: any free port
  std::string problems_dir;               // every package in it is offered
  std::string db_path;                    // SQLite (when queue_url is empty)
  std::string queue_url;                  // postgresql://...: queue and results in PostgreSQL
  int workers = 1;                        // in-process workers (0: none, e.g. only remote ones)
  std::string token_file;                 // empty: no authentication (everyone is admin)
  std::string languages_file;             // an extra languages.yaml
  double rate_per_second = 20;            // per client; 0: no limit
  double rate_burst = 60;
  int64_t lease_ms = 30000;
  bool run_all = false;                   // run every test (default: stop at the first failure)
  int http_threads = 4;
  int64_t reload_check_ms = 2000;         // how often packages are checked for changes
  int64_t event_poll_ms = 500;            // event streams poll the store at least this often
  int pg_connections = 8;
  // What one client may hold (docs/service.md, "What the server defends against").
  int max_connections = 256;              // open at once; beyond: 503
  int admin_connections = 16;             // of max_connections, kept for connections that showed an admin token
  int connections_per_address = 32;      // open at once from one client (address, IPv6 /64); 0: no limit
  int streams_per_user = 8;               // open event streams of one contestant; 0: no limit
  int streams_per_address = 16;           // open event streams from one address (admins aside); 0: no limit
  int queued_per_user = 10;               // a contestant's submissions not yet judged; beyond: 429. 0: no limit
  int submissions_per_minute = 10;        // a contestant's submissions, judged or not; beyond: 429. 0: no limit
  int64_t storage_per_user_bytes = 64 << 20;  // a contestant's sources in all; beyond: 429. 0: no limit
  int64_t stream_lifetime_ms = 600000;    // an event stream is closed after this long; 0: never
  int64_t header_deadline_ms = 5000;      // a request's line and headers must arrive within this
  std::vector<std::string> allowed_hosts; // Host names accepted besides the server's address (no tokens)
};

// Runs the server until *stop. on_listening(address) is called once the socket is
// bound ("127.0.0.1:8080", the real port), from the calling thread. Errors (bad
// options, a database or a port that cannot be used) are returned before anything
// runs; once running, failures are logged and the server goes on. *stop is the cancel
// flag of everything it judges, the time limits it infers while loading the packages
// included: set then, it returns (OK) before listening.
Status Serve(const ServeOptions& options, const std::atomic<bool>* stop,
             const std::function<void(const std::string& address)>& on_listening, const ServiceLog& log);

struct WorkerOptions {
  std::string queue_url;       // postgresql://...
  std::string problems_dir;    // the packages this host offers
  int jobs = 1;                // submissions judged at once, one sandbox each
  std::string languages_file;
  std::string name;            // shown as the claims' worker; default "<host>/<pid>"
  int64_t lease_ms = 30000;
  int64_t poll_ms = 500;       // how often an idle worker asks the queue
  bool run_all = false;
  int64_t reload_check_ms = 2000;
};

// Runs `jobs` workers on the PostgreSQL queue until *stop. on_ready(summary) is called
// once the queue is open and the packages are loaded.
Status RunWorkerProcess(const WorkerOptions& options, const std::atomic<bool>* stop,
                  const std::function<void(const std::string& summary)>& on_ready, const ServiceLog& log);

}  // namespace judge

#endif  // JUDGE_SERVICE_H_
