// judge serve [--listen 127.0.0.1:8080] [--problems DIR] [--db PATH | --queue postgresql://...]
//             [--workers N] [--token-file F] [--languages F] [--rate N] [--burst N]
//             [--lease-ms N] [--all] [--max-connections N] [--admin-connections N]
//             [--connections-per-address N] [--streams-per-user N] [--streams-per-address N]
//             [--queued-per-user N] [--stream-lifetime-ms N] [--header-deadline-ms N] [--allow-host NAME]...
// The HTTP API and the web page (docs/service.md). Prints "judge serve: listening on
// http://ADDR/" on stdout once the port is bound, logs problems on stderr, and runs
// until SIGINT/SIGTERM/SIGHUP: then running judgings are cancelled and go back to the
// queue. Exit: 0 after a signal, 3 when it cannot start (one line on stderr), 64 for a
// bad command line.
#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/interrupt.h"
#include "judge/service/service.h"

namespace judge::cli {
namespace {

int RunServe(ServeOptions o) {
  if (o.problems_dir.empty()) o.problems_dir = DefaultProblemsDir();
  if (o.workers > 0) o.workers = JobsForHost("serve", o.workers, "--workers");
  InterruptHandler interrupt;
  Status st = Serve(
      o, interrupt.flag(),
      [](const std::string& address) {
        std::cout << "judge serve: listening on http://" << address << "/" << std::endl;
      },
      [](const std::string& line) { LogLine("serve", line); });
  if (!st.ok()) return ReportError("serve", st);
  LogLine("serve", "stopped (signal " + std::to_string(interrupt.signal()) + ")");
  return kExitOk;
}

// What one client may hold (docs/service.md, "What the server defends against").
void AddClientLimits(CLI::App* cmd, ServeOptions* o) {
  cmd->add_option("--max-connections", o->max_connections, "connections open at once (default 256; beyond: 503)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--admin-connections", o->admin_connections,
                  "of --max-connections, how many only connections that showed an admin's token may use (default 16)")
      ->check(CLI::Range(0, 99999));
  cmd->add_option("--connections-per-address", o->connections_per_address,
                  "connections open at once from one client address or IPv6 /64 (default 32; 0: no limit)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--streams-per-user", o->streams_per_user,
                  "open event streams of one contestant, or of one address without tokens (default 8; 0: no limit)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--streams-per-address", o->streams_per_address,
                  "open event streams from one address, admins' aside (default 16; 0: no limit)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--queued-per-user", o->queued_per_user,
                  "a contestant's submissions waiting or being judged at once (default 10; beyond: 429; 0: no limit)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--submissions-per-minute", o->submissions_per_minute,
                  "a contestant's submissions a minute, judged ones included (default 10; beyond: 429; 0: no limit)")
      ->check(CLI::Range(0, 100000));
  cmd->add_option("--storage-per-user", o->storage_per_user_bytes,
                  "bytes of sources one contestant may hand in, in all (default 67108864, 64 MiB; beyond: 429; "
                  "0: no limit)")
      ->check(CLI::Range(int64_t{0}, int64_t{1} << 50));
  cmd->add_option("--stream-lifetime-ms", o->stream_lifetime_ms,
                  "an event stream is closed after this long (default 600000; 0: never)")
      ->check(CLI::Range(int64_t{0}, int64_t{86400000}));
  cmd->add_option("--header-deadline-ms", o->header_deadline_ms,
                  "a request's line and headers must arrive within this (default 5000)")
      ->check(CLI::Range(int64_t{100}, int64_t{600000}));
  cmd->add_option("--allow-host", o->allowed_hosts,
                  "a Host name accepted besides the server's address (repeatable; without --token-file)");
}

}  // namespace

void RegisterServe(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Serve the HTTP API and the web page, and judge what is submitted");
  cmd->add_option("--listen", o->listen, "host:port to listen on (default 127.0.0.1:8080; port 0: any free port)");
  cmd->add_option("--problems", o->problems_dir, "directory of problem packages (default: ./problems)");
  auto* db = cmd->add_option("--db", o->db_path,
                             kDbOptionHelp);
  cmd->add_option("--queue", o->queue_url, "postgresql://... : queue and results in PostgreSQL (judge hosts)")
      ->excludes(db);
  cmd->add_option("--workers", o->workers, "submissions judged at once in this process (default 1; 0: none)")
      ->check(CLI::Range(0, 64));
  cmd->add_option("--token-file", o->token_file,
                  "tokens, one per line: token [name [contestant|admin]]; without a role, a contestant");
  cmd->add_option("--languages", o->languages_file, "an extra languages.yaml");
  cmd->add_option("--rate", o->rate_per_second,
                  "requests per second per client, page files included (default 20; 0: no limit)")
      ->check(CLI::Range(0.0, 100000.0));
  cmd->add_option("--burst", o->rate_burst, "requests a client may make at once (default 60)")
      ->check(CLI::Range(1.0, 100000.0));
  cmd->add_option("--lease-ms", o->lease_ms, "how long a claim lives without renewal (default 30000)")
      ->check(CLI::Range(int64_t{500}, int64_t{3600000}));
  cmd->add_flag("--all", o->run_all, "run every test (default: stop at the first failure)");
  AddClientLimits(cmd, o.get());
  cmd->callback([o, exit_code] { *exit_code = RunServe(*o); });
}

}  // namespace judge::cli
