// judge history [--problem ID] [--limit N] [--db PATH] [--json]: the stored
// submissions, newest first, one line each with the latest judging's outcome. A
// judging whose judge process is gone reads "incomplete". Exit 0; 3 when the database
// cannot be used (not SQLite, newer schema, read-only path). A database file that
// does not exist yet is an empty history (and is not created).
#include <time.h>

#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "cli_util.h"
#include "commands.h"
#include "judge/store.h"

namespace judge::cli {
namespace {

struct HistoryOptions {
  std::string problem;
  int64_t limit = 0;
  std::string db;
  bool json = false;
};

std::string LocalTime(int64_t unix_ms) {
  time_t seconds = static_cast<time_t>(unix_ms / 1000);
  struct tm tm {};
  localtime_r(&seconds, &tm);
  char buf[32];
  strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

// What the latest judging says, in one word: the verdict when done, else the status.
std::string Outcome(const HistoryEntry& e) {
  if (!e.latest) return "-";
  if (e.latest->status == JudgingStatus::kDone && e.latest->verdict) {
    return std::string(VerdictCode(*e.latest->verdict));
  }
  return std::string(JudgingStatusName(e.latest->status));
}

std::string Colour(const std::string& text, const HistoryEntry& e, bool colour) {
  if (!colour || !e.latest) return text;
  const char* code = "33";  // running, incomplete: yellow
  if (e.latest->status == JudgingStatus::kDone && e.latest->verdict) {
    Verdict v = *e.latest->verdict;
    code = v == Verdict::kAccepted ? "32" : v == Verdict::kJudgeError ? "35" : "31";
  }
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

nlohmann::json EntryJson(const HistoryEntry& e) {
  nlohmann::json j;
  const Submission& s = e.submission;
  j["submission"] = s.id;
  j["created_unix_ms"] = s.created_unix_ms;
  j["created"] = LocalTime(s.created_unix_ms);
  j["problem"] = s.problem_id;
  j["language"] = s.language_id;
  j["file"] = s.file_name;
  j["source_sha256"] = s.source_sha256;
  j["judgings"] = e.judging_count;
  if (e.latest) {
    j["judging"] = e.latest->id;
    j["status"] = JudgingStatusName(e.latest->status);
    j["verdict"] = e.latest->verdict && e.latest->status == JudgingStatus::kDone
                       ? nlohmann::json(VerdictCode(*e.latest->verdict))
                       : nlohmann::json(nullptr);
    j["score"] = e.latest->score;
    j["time_ms"] = e.latest->time_ms;
    j["memory_kib"] = e.latest->memory_kib;
  } else {
    j["judging"] = nullptr;
    j["status"] = nullptr;
    j["verdict"] = nullptr;
  }
  return j;
}

int RunHistory(const HistoryOptions& o) {
  if (o.limit < 0) {
    ReportError("history", Status::InvalidArgument("--limit: expected a count >= 0, found " +
                                                   std::to_string(o.limit)));
    return kExitUsage;
  }
  auto path = ResolveStorePath(o.db);
  if (!path.ok()) return ReportError("history", path.status());
  std::vector<HistoryEntry> entries;
  std::error_code ec;
  if (std::filesystem::exists(*path, ec)) {
    auto store = OpenStore(*path);
    if (!store.ok()) return ReportError("history", store.status());
    HistoryFilter filter;
    filter.problem_id = o.problem;
    filter.limit = o.limit;
    auto listed = (*store)->ListHistory(filter);
    if (!listed.ok()) return ReportError("history", listed.status());
    entries = std::move(*listed);
  }

  if (o.json) {
    nlohmann::json doc;
    doc["database"] = *path;
    doc["history"] = nlohmann::json::array();
    for (const HistoryEntry& e : entries) doc["history"].push_back(EntryJson(e));
    PrintJson(doc);
    return kExitOk;
  }
  if (entries.empty()) {
    std::cerr << "judge history: no submissions" << (o.problem.empty() ? "" : " for " + o.problem)
              << " in " << *path << "\n";
    return kExitOk;
  }
  const bool colour = StdoutIsTerminal();
  std::cout << fmt::format("{:>5}  {:<19}  {:<12}  {:<8}  {:<20}  {:<10}  {:>7}  {:>8}  {:>9}\n",
                           "ID", "SUBMITTED", "PROBLEM", "LANG", "FILE", "VERDICT", "SCORE",
                           "TIME", "MEMORY");
  for (const HistoryEntry& e : entries) {
    const Submission& s = e.submission;
    const bool done = e.latest && e.latest->status == JudgingStatus::kDone;
    std::string outcome = Outcome(e);
    // Pad before colouring so the escape codes do not break the columns.
    std::string padded = fmt::format("{:<10}", outcome);
    std::cout << fmt::format(
        "{:>5}  {:<19}  {:<12}  {:<8}  {:<20}  {}  {:>7}  {:>8}  {:>9}", s.id,
        LocalTime(s.created_unix_ms), s.problem_id, s.language_id, s.file_name,
        Colour(padded, e, colour), done ? fmt::format("{:g}", e.latest->score) : "-",
        done ? fmt::format("{}ms", e.latest->time_ms) : "-",
        done ? fmt::format("{}KiB", e.latest->memory_kib) : "-");
    if (e.judging_count > 1) std::cout << fmt::format("  ({} judgings)", e.judging_count);
    std::cout << "\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterHistory(CLI::App& app, int* exit_code) {
  auto opts = std::make_shared<HistoryOptions>();
  auto* cmd = app.add_subcommand("history", "List stored submissions, newest first");
  cmd->add_option("--problem", opts->problem, "Only submissions for this problem id");
  cmd->add_option("--limit", opts->limit, "At most this many submissions (0: all)");
  cmd->add_option("--db", opts->db,
                  "Database file (default: $JUDGE_DB, else $XDG_DATA_HOME/judge/judge.sqlite, "
                  "else ~/.local/share/judge/judge.sqlite)");
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, exit_code] { *exit_code = RunHistory(*opts); });
}

}  // namespace judge::cli
