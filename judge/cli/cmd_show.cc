// judge show <id> [--db PATH] [--json] [--source]: one stored submission and every
// judging of it (oldest first), each test with its figures and messages, plus what
// is needed to reproduce the verdict (hashes, versions, limits, sandbox methods).
// --source prints the stored source bytes alone. Exit 0; 1 when there is no such
// submission; 3 when the database cannot be used.
#include <time.h>

#include <iostream>
#include <sstream>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/files.h"
#include "judge/base/terminal.h"
#include "judge/store/store.h"
#include "judge/store/submission_id.h"

namespace judge::cli {
namespace {

struct ShowOptions {
  std::string id;  // as typed (ParseSubmissionId)
  std::string db;
  bool json = false;
  bool source = false;
};

// Multi-line text indented under its label (none: no label line); a stored message may
// hold newlines and control characters.
void PrintBlock(std::ostream& out, const std::string& label, const std::string& text) {
  if (text.empty()) return;
  if (!label.empty()) out << "  " << label << ":\n";
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) out << "    " << EscapeForTerminal(line) << "\n";
}

std::string VerdictText(const Judging& j) {
  if (j.status == JudgingStatus::kDone && j.verdict) return std::string(VerdictCode(*j.verdict));
  return std::string(JudgingStatusName(j.status));
}

Style JudgingStyle(const Judging& j) {
  return j.status == JudgingStatus::kDone && j.verdict ? VerdictStyle(*j.verdict) : Style::kLimit;
}

void PrintJudgingHeader(std::ostream& out, const Judging& j, bool latest, bool colour) {
  out << "judging " << j.id << (latest ? " (latest)" : "") << ": " << Styled(VerdictText(j), JudgingStyle(j), colour);
  if (j.status == JudgingStatus::kDone)
    out << ", score " << j.score << ", " << j.total_time_ms << " ms, " << j.memory_kib << " KiB";
  out << ", " << j.tests.size() << " test" << (j.tests.size() == 1 ? "" : "s") << "\n";
  out << "  started " << FormatLocalTime(j.started_unix_ms) << ", finished " << FormatLocalTime(j.finished_unix_ms)
      << ", on " << (j.owner.host.empty() ? "?" : j.owner.host) << " (pid " << j.owner.pid << ")"
      << (j.judge_version.empty() ? "" : ", " + j.judge_version) << "\n";
  out << "  checker " << (j.checker.empty() ? "-" : j.checker);
  if (!j.plugin_id.empty()) {
    out << ", plugin " << j.plugin_id << " " << j.plugin_version;
    if (!j.plugin_hash.empty()) out << " (sha256 " << j.plugin_hash << ")";
  }
  out << ", sandbox " << (j.sandbox_method.empty() ? "-" : j.sandbox_method) << "\n";
  out << "  limits: time " << j.limits.time_ms << " ms, total "
      << (j.limits.total_time_ms ? std::to_string(*j.limits.total_time_ms) + " ms" : "-") << ", wall "
      << j.limits.wall_ms << " ms, memory " << j.limits.memory_kib << " KiB, output " << j.limits.output_kib
      << " KiB\n";
}

void PrintTests(std::ostream& out, const Judging& j, bool colour) {
  Table table({{"#", 4, Table::Align::kRight}, {"test", 24}, {"verdict", 7}, {"cpu ms", 7, Table::Align::kRight},
               {"wall ms", 7, Table::Align::kRight}, {"KiB", 9, Table::Align::kRight},
               {"exit", 4, Table::Align::kRight}, {"sig", 3, Table::Align::kRight}, {"message"}});
  table.PrintHeader(out, colour);
  for (const TestResult& t : j.tests) {
    // The first line of the message on the row; further lines indented below it.
    std::string first = t.message, rest;
    if (size_t nl = t.message.find('\n'); nl != std::string::npos) {
      first = t.message.substr(0, nl);
      rest = t.message.substr(nl + 1);
    }
    table.PrintRow(out,
                   {std::to_string(t.ordinal + 1), t.name, Table::Cell(std::string(VerdictCode(t.verdict)), VerdictStyle(t.verdict)),
                    std::to_string(t.cpu_ms), std::to_string(t.wall_ms), std::to_string(t.memory_kib),
                    std::to_string(t.exit_code), std::to_string(t.signal), first},
                   colour);
    PrintBlock(out, "", rest);
    if (!t.stderr_tail.empty()) {
      out << "        stderr (last " << kStderrTailBytes << " bytes at most):\n";
      std::istringstream lines(t.stderr_tail);
      std::string line;
      while (std::getline(lines, line)) out << "          " << EscapeForTerminal(line) << "\n";
    }
    if (!t.time_method.empty() || !t.memory_method.empty() || !t.output_sha256.empty())
      out << "        measured by " << (t.time_method.empty() ? "-" : t.time_method) << " (time), "
          << (t.memory_method.empty() ? "-" : t.memory_method) << " (memory)"
          << (t.output_sha256.empty() ? "" : "; output sha256 " + t.output_sha256) << "\n";
  }
}

void PrintJudging(std::ostream& out, const Judging& j, bool latest, bool colour) {
  PrintJudgingHeader(out, j, latest, colour);
  PrintBlock(out, "message", j.message);
  PrintBlock(out, "compile log", j.compile_log);
  if (!j.tests.empty()) PrintTests(out, j, colour);
}

int RunShow(const ShowOptions& o) {
  auto path = ResolveStorePath(o.db);
  if (!path.ok()) return ReportError("show", path.status());
  Result<int64_t> id = ParseSubmissionId(o.id);
  if (!id.ok()) return ReportError("show", id.status());
  const Status missing = Status::NotFound("no submission " + o.id + " in " + *path);
  if (!fs::Exists(*path)) {
    ReportError("show", missing);
    return kExitNegative;
  }
  auto store = OpenStore(*path);
  if (!store.ok()) return ReportError("show", store.status());
  auto submission = (*store)->GetSubmission(*id);
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
  auto judgings = (*store)->ListJudgings(*id);
  if (!judgings.ok()) return ReportError("show", judgings.status());

  if (o.json) {
    Json doc;
    doc["submission"] = SubmissionJson(*submission);
    doc["judgings"] = Json::array();
    for (const Judging& j : *judgings) doc["judgings"].push_back(JudgingJson(j));
    PrintJson(doc);
    return kExitOk;
  }
  const Submission& s = *submission;
  const bool colour = StdoutIsTerminal();
  std::cout << "submission " << s.id << ": " << EscapeForTerminal(s.file_name) << " for problem "
            << EscapeForTerminal(s.problem_id) << ", language " << EscapeForTerminal(s.language_id) << "\n";
  std::cout << "  submitted " << FormatLocalTime(s.created_unix_ms) << ", " << s.source.size() << " bytes, sha256 "
            << s.source_sha256 << "\n";
  if (!s.compiler_version.empty()) std::cout << "  compiler: " << EscapeForTerminal(s.compiler_version) << "\n";
  if (!s.package_hash.empty()) std::cout << "  package: " << EscapeForTerminal(s.package_hash) << "\n";
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
                  kDbOptionHelp);
  cmd->add_flag("--json", opts->json, "Print one JSON object");
  cmd->add_flag("--source", opts->source, "Print the stored source bytes only");
  cmd->callback([opts, exit_code] { *exit_code = RunShow(*opts); });
}

}  // namespace judge::cli
