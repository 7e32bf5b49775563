// judge show <id> [--db PATH] [--json] [--source]: one stored submission and every
// judging of it (oldest first), each test with its figures and messages, plus what
// is needed to reproduce the verdict (hashes, versions, limits, sandbox methods).
// --source prints the stored source bytes alone. Exit 0; 1 when there is no such
// submission; 3 when the database cannot be used.
#include <time.h>

#include <filesystem>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "cli_util.h"
#include "commands.h"
#include "judge/store.h"

namespace judge::cli {
namespace {

struct ShowOptions {
  int64_t id = 0;
  std::string db;
  bool json = false;
  bool source = false;
};

std::string LocalTime(int64_t unix_ms) {
  if (unix_ms == 0) return "-";
  time_t seconds = static_cast<time_t>(unix_ms / 1000);
  struct tm tm {};
  localtime_r(&seconds, &tm);
  char buf[32];
  strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

std::string VerdictText(const Judging& j) {
  if (j.status == JudgingStatus::kDone && j.verdict) return std::string(VerdictCode(*j.verdict));
  return std::string(JudgingStatusName(j.status));
}

std::string Coloured(const std::string& padded, std::optional<Verdict> v, bool colour) {
  if (!colour) return padded;
  const char* code = !v ? "33" : *v == Verdict::kAccepted ? "32" : *v == Verdict::kJudgeError ? "35" : "31";
  return fmt::format("\x1b[{}m{}\x1b[0m", code, padded);
}

// Multi-line text indented under its label; a stored message may hold newlines.
void PrintBlock(std::ostream& out, const std::string& label, const std::string& text) {
  if (text.empty()) return;
  out << "  " << label << ":\n";
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) out << "    " << line << "\n";
}

nlohmann::json SubmissionJson(const Submission& s) {
  return {{"id", s.id},
          {"problem", s.problem_id},
          {"package_hash", s.package_hash},
          {"file", s.file_name},
          {"language", s.language_id},
          {"compiler_version", s.compiler_version},
          {"created", LocalTime(s.created_unix_ms)},
          {"created_unix_ms", s.created_unix_ms},
          {"source_sha256", s.source_sha256},
          {"source_bytes", s.source.size()}};
}

nlohmann::json JudgingJson(const Judging& j) {
  nlohmann::json tests = nlohmann::json::array();
  for (const TestRecord& t : j.tests) {
    tests.push_back({{"name", t.name},
                     {"group", t.group},
                     {"verdict", VerdictCode(t.verdict)},
                     {"score", t.score},
                     {"time_ms", t.cpu_ms},
                     {"wall_ms", t.wall_ms},
                     {"memory_kib", t.memory_kib},
                     {"exit_code", t.exit_code},
                     {"signal", t.signal},
                     {"message", t.message},
                     {"output_sha256", t.output_sha256},
                     {"time_method", t.time_method},
                     {"memory_method", t.memory_method}});
  }
  nlohmann::json limits = {{"time_ms", j.limits.time_ms},
                           {"total_time_ms", j.limits.total_time_ms
                                                 ? nlohmann::json(*j.limits.total_time_ms)
                                                 : nlohmann::json(nullptr)},
                           {"wall_ms", j.limits.wall_ms},
                           {"memory_kib", j.limits.memory_kib},
                           {"output_kib", j.limits.output_kib}};
  return {{"id", j.id},
          {"status", JudgingStatusName(j.status)},
          {"verdict", j.status == JudgingStatus::kDone && j.verdict
                          ? nlohmann::json(VerdictCode(*j.verdict))
                          : nlohmann::json(nullptr)},
          {"score", j.score},
          {"time_ms", j.time_ms},
          {"memory_kib", j.memory_kib},
          {"started", LocalTime(j.started_unix_ms)},
          {"started_unix_ms", j.started_unix_ms},
          {"finished_unix_ms", j.finished_unix_ms},
          {"message", j.message},
          {"compile_log", j.compile_log},
          {"plugin", j.plugin_id},
          {"plugin_version", j.plugin_version},
          {"plugin_sha256", j.plugin_hash},
          {"checker", j.checker},
          {"limits", limits},
          {"sandbox_method", j.sandbox_method},
          {"judge_version", j.judge_version},
          {"host", j.owner.host},
          {"pid", j.owner.pid},
          {"tests", tests}};
}

void PrintJudging(std::ostream& out, const Judging& j, bool latest, bool colour) {
  const bool done = j.status == JudgingStatus::kDone;
  out << fmt::format("judging {}{}: {}", j.id, latest ? " (latest)" : "",
                     Coloured(VerdictText(j), done ? j.verdict : std::nullopt, colour));
  if (done) {
    out << fmt::format(", score {:g}, {} ms, {} KiB", j.score, j.time_ms, j.memory_kib);
  }
  out << fmt::format(", {} test{}\n", j.tests.size(), j.tests.size() == 1 ? "" : "s");
  out << fmt::format("  started {}, finished {}, on {} (pid {}){}\n", LocalTime(j.started_unix_ms),
                     LocalTime(j.finished_unix_ms), j.owner.host.empty() ? "?" : j.owner.host,
                     j.owner.pid, j.judge_version.empty() ? "" : ", " + j.judge_version);
  out << fmt::format("  checker {}", j.checker.empty() ? "-" : j.checker);
  if (!j.plugin_id.empty()) {
    out << fmt::format(", plugin {} {}", j.plugin_id, j.plugin_version);
    if (!j.plugin_hash.empty()) out << fmt::format(" (sha256 {})", j.plugin_hash);
  }
  out << fmt::format(", sandbox {}\n", j.sandbox_method.empty() ? "-" : j.sandbox_method);
  out << fmt::format("  limits: time {} ms, total {}, wall {} ms, memory {} KiB, output {} KiB\n",
                     j.limits.time_ms,
                     j.limits.total_time_ms ? fmt::format("{} ms", *j.limits.total_time_ms) : "-",
                     j.limits.wall_ms, j.limits.memory_kib, j.limits.output_kib);
  PrintBlock(out, "message", j.message);
  PrintBlock(out, "compile log", j.compile_log);
  if (j.tests.empty()) return;
  out << fmt::format("  {:>4}  {:<24}  {:<7}  {:>7}  {:>7}  {:>9}  {:>4}  {:>3}  {}\n", "#", "TEST",
                     "VERDICT", "CPU ms", "WALL ms", "KiB", "EXIT", "SIG", "MESSAGE");
  for (const TestRecord& t : j.tests) {
    // The first line of the message on the row; further lines indented below it.
    std::string first = t.message, rest;
    if (size_t nl = t.message.find('\n'); nl != std::string::npos) {
      first = t.message.substr(0, nl);
      rest = t.message.substr(nl + 1);
    }
    out << fmt::format("  {:>4}  {:<24}  {}  {:>7}  {:>7}  {:>9}  {:>4}  {:>3}  {}\n",
                       t.ordinal + 1, t.name,
                       Coloured(fmt::format("{:<7}", VerdictCode(t.verdict)), t.verdict, colour),
                       t.cpu_ms, t.wall_ms, t.memory_kib, t.exit_code, t.signal, first);
    std::istringstream lines(rest);
    std::string line;
    // Continuation lines start under the MESSAGE column (83 characters in).
    while (std::getline(lines, line)) out << std::string(83, ' ') << line << "\n";
    if (!t.time_method.empty() || !t.memory_method.empty() || !t.output_sha256.empty()) {
      out << fmt::format("  {:>6}measured by {} (time), {} (memory){}\n", "",
                         t.time_method.empty() ? "-" : t.time_method,
                         t.memory_method.empty() ? "-" : t.memory_method,
                         t.output_sha256.empty() ? "" : "; output sha256 " + t.output_sha256);
    }
  }
}

int RunShow(const ShowOptions& o) {
  auto path = ResolveStorePath(o.db);
  if (!path.ok()) return ReportError("show", path.status());
  const Status missing = Status::NotFound("no submission " + std::to_string(o.id) + " in " + *path);
  std::error_code ec;
  if (!std::filesystem::exists(*path, ec)) {
    ReportError("show", missing);
    return kExitNegative;
  }
  auto store = OpenStore(*path);
  if (!store.ok()) return ReportError("show", store.status());
  auto submission = (*store)->GetSubmission(o.id);
  if (!submission.ok()) {
    if (submission.status().code() == StatusCode::kNotFound) {
      ReportError("show", missing);
      return kExitNegative;
    }
    return ReportError("show", submission.status());
  }
  if (o.source) {
    std::cout << submission->source;
    std::cout.flush();
    return kExitOk;
  }
  auto judgings = (*store)->ListJudgings(o.id);
  if (!judgings.ok()) return ReportError("show", judgings.status());

  if (o.json) {
    nlohmann::json doc;
    doc["submission"] = SubmissionJson(*submission);
    doc["judgings"] = nlohmann::json::array();
    for (const Judging& j : *judgings) doc["judgings"].push_back(JudgingJson(j));
    PrintJson(doc);
    return kExitOk;
  }
  const Submission& s = *submission;
  const bool colour = StdoutIsTerminal();
  std::cout << fmt::format("submission {}: {} for problem {}, language {}\n", s.id, s.file_name,
                           s.problem_id, s.language_id);
  std::cout << fmt::format("  submitted {}, {} bytes, sha256 {}\n", LocalTime(s.created_unix_ms),
                           s.source.size(), s.source_sha256);
  if (!s.compiler_version.empty()) std::cout << "  compiler: " << s.compiler_version << "\n";
  if (!s.package_hash.empty()) std::cout << "  package: " << s.package_hash << "\n";
  if (judgings->empty()) {
    std::cout << "no judging\n";
    return kExitOk;
  }
  for (size_t i = 0; i < judgings->size(); ++i) {
    std::cout << "\n";
    PrintJudging(std::cout, (*judgings)[i], i + 1 == judgings->size(), colour);
  }
  return kExitOk;
}

}  // namespace

void RegisterShow(CLI::App& app, int* exit_code) {
  auto opts = std::make_shared<ShowOptions>();
  auto* cmd = app.add_subcommand("show", "Show a stored submission, its judgings and every test");
  cmd->add_option("id", opts->id, "Submission id (see judge history)")->required();
  cmd->add_option("--db", opts->db,
                  "Database file (default: $JUDGE_DB, else $XDG_DATA_HOME/judge/judge.sqlite, "
                  "else ~/.local/share/judge/judge.sqlite)");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_flag("--source", opts->source, "Print the stored source bytes only");
  cmd->callback([opts, exit_code] { *exit_code = RunShow(*opts); });
}

}  // namespace judge::cli
