#include "report_printer.h"

#include <iostream>
#include <sstream>
#include <vector>

#include "cli_util.h"

namespace judge::cli {

const Table& TestTable() {
  static const Table kTable({{"test", 24},
                             {"verdict", 4},
                             {"cpu", 10, Table::Align::kRight},
                             {"wall", 10, Table::Align::kRight},
                             {"memory", 13, Table::Align::kRight},
                             {"message"}});
  return kTable;
}

void PrintTestLine(std::ostream& out, const TestResult& t, bool colour) {
  std::string verdict(VerdictCode(t.verdict));
  TestTable().PrintRow(out,
                       {t.name, Table::Cell(verdict, VerdictStyle(t.verdict)), std::to_string(t.cpu_ms) + " ms",
                        std::to_string(t.wall_ms) + " ms", std::to_string(t.memory_kib) + " KiB", t.message},
                       colour);
  // Why the run failed, as the program said it (a traceback's last lines).
  if (!t.stderr_tail.empty()) {
    std::istringstream lines(t.stderr_tail);
    std::vector<std::string> all;
    for (std::string line; std::getline(lines, line);) all.push_back(line);
    const std::size_t from = all.size() > 6 ? all.size() - 6 : 0;
    for (std::size_t i = from; i < all.size(); ++i) out << "      stderr| " << EscapeForTerminal(all[i]) << "\n";
  }
}

void PrintHeader(std::ostream& out, const std::string& display_name, const Submission& s) {
  out << EscapeForTerminal(display_name) << " (" << s.language_id;
  if (!s.compiler_version.empty()) out << ", " << s.compiler_version;
  out << ") on " << s.problem_id << "\n";
}

void PrintCompileError(std::ostream& out, const Judging& j) {
  out << "  compile error: " << EscapeForTerminal(j.message) << "\n";
  std::istringstream log(j.compile_log);
  std::string line;
  for (int shown = 0; shown < 40 && std::getline(log, line); ++shown) out << "    | " << EscapeForTerminal(line) << "\n";
  if (std::getline(log, line)) out << "    | ... (the whole log is stored with the judging)\n";
}

void PrintBody(std::ostream& out, const JudgedSubmission& r, bool with_tests, bool colour) {
  const Judging& j = r.judging;
  if (!j.compiled()) PrintCompileError(out, j);
  if (with_tests)
    for (const auto& t : j.tests) PrintTestLine(out, t, colour);
  Verdict v = j.verdict.value_or(Verdict::kJudgeError);
  std::ostringstream s;
  s << "  verdict " << Styled(VerdictCode(v), VerdictStyle(v), colour);
  if (j.max_score != 1.0) s << "  score " << j.score << "/" << j.max_score;
  s << "  time " << j.max_time_ms << " ms  memory " << j.memory_kib << " KiB  (" << j.tests.size() << " of "
    << j.tests_total << " tests run)";
  if (j.compile_cached) s << "  [cached build]";
  if (j.id) s << "  submission " << r.submission.id << ", judging " << j.id;
  out << s.str() << "\n";
}

ReportObserver::ReportObserver(std::string command, Mode mode, bool colour, bool progress)
    : command_(std::move(command)), mode_(mode), colour_(colour), progress_(std::cout, progress && mode == Mode::kLive) {}

void ReportObserver::OnJudgingStarted(std::size_t, const JudgedSubmission& so_far) {
  if (mode_ != Mode::kLive) return;
  PrintHeader(std::cout, so_far.display_name, so_far.submission);
  std::cout.flush();
}

void ReportObserver::OnTestStarted(std::size_t, std::size_t index, std::size_t count, const TestCase& test) {
  progress_.Show("[" + std::to_string(index + 1) + "/" + std::to_string(count) + "] " + test.name);
}

void ReportObserver::OnTestFinished(std::size_t, std::size_t, std::size_t, const TestResult& result) {
  progress_.Clear();
  if (mode_ != Mode::kLive) return;
  PrintTestLine(std::cout, result, colour_);
  std::cout.flush();
}

void ReportObserver::OnJudgingDone(std::size_t, const Result<JudgedSubmission>& r) {
  progress_.Clear();
  if (!r.ok()) {
    if (mode_ != Mode::kJson) ReportError(command_, r.status());
    return;
  }
  if (!r->note.empty() && mode_ != Mode::kJson) std::cerr << "judge " << command_ << ": note: " << EscapeForTerminal(r->note) << "\n";
  if (mode_ == Mode::kLive) PrintBody(std::cout, *r, false, colour_);
  if (mode_ == Mode::kBatch) {
    PrintHeader(std::cout, r->display_name, r->submission);
    PrintBody(std::cout, *r, true, colour_);
  }
  std::cout.flush();
}

Result<std::unique_ptr<Store>> OpenGradingStore(const std::string& db, bool no_db) {
  if (no_db) return std::unique_ptr<Store>();
  JUDGE_ASSIGN_OR_RETURN(std::string path, ResolveStorePath(db));
  return OpenStore(path);
}

}  // namespace judge::cli
