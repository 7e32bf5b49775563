// judge history [--problem ID] [--limit N] [--db PATH] [--json]: the stored
// submissions, newest first, one line each with the latest judging's outcome. A
// judging whose judge process is gone reads "incomplete". Exit 0; 3 when the database
// cannot be used (not SQLite, newer schema, read-only path). A database file that
// does not exist yet is an empty history (and is not created).
#include <cstdio>
#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/files.h"
#include "judge/base/terminal.h"
#include "judge/store/store.h"

namespace judge::cli {
namespace {

struct HistoryOptions {
  std::string problem;
  int64_t limit = 0;
  std::string db;
  bool json = false;
};

// What the latest judging says, in one word: the verdict when done, else the status.
Table::Cell Outcome(const HistoryEntry& e) {
  if (!e.latest) return "-";
  if (e.latest->status == JudgingStatus::kDone && e.latest->verdict) {
    Verdict v = *e.latest->verdict;
    return Table::Cell(std::string(VerdictCode(v)), VerdictStyle(v));
  }
  return Table::Cell(std::string(JudgingStatusName(e.latest->status)), Style::kLimit);
}

void PrintEntries(const std::vector<HistoryEntry>& entries, bool colour) {
  Table table({{"id", 5, Table::Align::kRight}, {"submitted", 19}, {"problem", 12}, {"lang", 8}, {"file", 20},
               {"verdict", 10}, {"score", 7, Table::Align::kRight}, {"time", 8, Table::Align::kRight},
               {"memory", 9, Table::Align::kRight}, {""}});
  for (const HistoryEntry& e : entries) {
    const Submission& s = e.submission;
    const bool done = e.latest && e.latest->status == JudgingStatus::kDone;
    char score[32];
    std::snprintf(score, sizeof score, "%g", done ? e.latest->score : 0.0);
    table.AddRow({std::to_string(s.id), FormatLocalTime(s.created_unix_ms), s.problem_id, s.language_id,
                  s.file_name, Outcome(e), done ? score : "-",
                  done ? std::to_string(e.latest->total_time_ms) + "ms" : "-",
                  done ? std::to_string(e.latest->memory_kib) + "KiB" : "-",
                  e.judging_count > 1 ? "(" + std::to_string(e.judging_count) + " judgings)" : ""});
  }
  table.Print(std::cout, colour);
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
  if (fs::Exists(*path)) {
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
    Json doc;
    doc["database"] = *path;
    doc["history"] = Json::array();
    for (const HistoryEntry& e : entries) doc["history"].push_back(HistoryEntryJson(e));
    PrintJson(doc);
    return kExitOk;
  }
  if (entries.empty()) {
    std::cerr << "judge history: no submissions" << (o.problem.empty() ? "" : " for " + o.problem)
              << " in " << *path << "\n";
    return kExitOk;
  }
  PrintEntries(entries, StdoutIsTerminal());
  return kExitOk;
}

}  // namespace

void RegisterHistory(CLI::App& app, int* exit_code) {
  auto opts = std::make_shared<HistoryOptions>();
  auto* cmd = app.add_subcommand("history", "List stored submissions, newest first");
  cmd->add_option("--problem", opts->problem, "Only submissions for this problem id");
  cmd->add_option("--limit", opts->limit, "At most this many submissions (0: all)");
  cmd->add_option("--db", opts->db,
                  kDbOptionHelp);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->callback([opts, exit_code] { *exit_code = RunHistory(*opts); });
}

}  // namespace judge::cli
