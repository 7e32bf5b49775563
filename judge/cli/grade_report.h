// Printing judged submissions: the human report (one line per test, a summary) and
// DESIGN.md's `grade --json` object. Shared by grade, rejudge and verify; defined in
// cmd_grade.cc.
#ifndef JUDGE_CLI_GRADE_REPORT_H_
#define JUDGE_CLI_GRADE_REPORT_H_

#include <memory>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "judge/grader.h"
#include "judge/judging.h"
#include "judge/sandbox.h"
#include "judge/store.h"

namespace judge::cli {

// The grade --json object of one judged file.
nlohmann::json ReportJson(const SubmissionReport& report);

// "AC" coloured for a terminal when colour is true.
std::string ColouredVerdict(Verdict v, bool colour);

// One test line: name, verdict, CPU ms, wall ms, KiB, message.
void PrintTestLine(std::ostream& out, const TestOutcome& t, bool colour);

// The header line (file, language, toolchain) and, at the end, the summary; the test
// lines in between only when with_tests (grade prints them live instead).
void PrintReportHeader(std::ostream& out, const SubmissionReport& report);
void PrintReportBody(std::ostream& out, const SubmissionReport& report, bool with_tests, bool colour);

// Draws "[3/200] secret/003" on one terminal line, replaced by the next and cleared
// before test lines are printed. Does nothing when disabled.
class ProgressObserver : public GradeObserver {
 public:
  ProgressObserver(std::ostream& out, bool live_lines, bool progress, bool colour)
      : out_(out), live_lines_(live_lines), progress_(progress), colour_(colour) {}
  void OnTestStarting(std::size_t index, std::size_t count, const TestCase& test) override;
  Status OnTestFinished(std::size_t index, const TestOutcome& outcome) override;
  void Clear();

 private:
  std::ostream& out_;
  bool live_lines_;
  bool progress_;
  bool colour_;
  bool drawn_ = false;
};

// The store for --db PATH (its directory is created), else the default path; null
// when no_db. Errors are the store's one-line errors (not SQLite, newer schema,
// read-only).
Result<std::unique_ptr<Store>> OpenGradingStore(const std::string& db, bool no_db);

// One sandbox (a job's), the best this host supports.
Result<std::unique_ptr<Sandbox>> OpenSandbox();

}  // namespace judge::cli

#endif  // JUDGE_CLI_GRADE_REPORT_H_
