// judge worker --queue postgresql://... [--problems DIR] [--jobs N] [--name NAME]
//              [--languages F] [--lease-ms N] [--poll-ms N] [--all]
// A judge host: claims submissions from the PostgreSQL queue of `judge serve --queue`
// (the problems it has and the languages it can run), judges them in the sandbox and
// stores the results there (docs/service.md). Prints "judge worker: ready: ..." on
// stdout once it takes work; runs until SIGINT/SIGTERM/SIGHUP, when its running
// judgings go back to the queue. Exit: 0 after a signal, 3 when it cannot start.
#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/interrupt.h"
#include "judge/service/service.h"

namespace judge::cli {
namespace {

int RunWorker(WorkerOptions o) {
  if (o.problems_dir.empty()) o.problems_dir = DefaultProblemsDir();
  o.jobs = JobsForHost("worker", o.jobs, "--jobs");
  InterruptHandler interrupt;
  Status st = RunWorkerProcess(
      o, interrupt.flag(),
      [](const std::string& summary) { std::cout << "judge worker: ready: " << summary << std::endl; },
      [](const std::string& line) { LogLine("worker", line); });
  if (!st.ok()) return ReportError("worker", st);
  LogLine("worker", "stopped (signal " + std::to_string(interrupt.signal()) + ")");
  return kExitOk;
}

}  // namespace

void RegisterWorker(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<WorkerOptions>();
  auto* cmd = app.add_subcommand("worker", "Judge submissions from a PostgreSQL queue (a judge host)");
  cmd->add_option("--queue", o->queue_url, "postgresql://... URL of the queue")->required();
  cmd->add_option("--problems", o->problems_dir, "directory of problem packages (default: ./problems)");
  cmd->add_option("--jobs,-j", o->jobs, "submissions judged at once, one sandbox each (default 1)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--name", o->name, "the worker's name in the queue (default: host/pid)");
  cmd->add_option("--languages", o->languages_file, "an extra languages.yaml");
  cmd->add_option("--lease-ms", o->lease_ms, "how long a claim lives without renewal (default 30000)")
      ->check(CLI::Range(int64_t{500}, int64_t{3600000}));
  cmd->add_option("--poll-ms", o->poll_ms, "how often an idle worker asks the queue (default 500)")
      ->check(CLI::Range(int64_t{10}, int64_t{60000}));
  cmd->add_flag("--all", o->run_all, "run every test (default: stop at the first failure)");
  cmd->callback([o, exit_code] { *exit_code = RunWorker(*o); });
}

}  // namespace judge::cli
