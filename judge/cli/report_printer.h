// Printing judged submissions for humans: one test line per test, a summary line, the
// compile log on CE, and the observer that draws a grading as it happens. Used by
// grade and rejudge; verify and stress print their own checks with the same Table.
// Not thread-safe by itself: the pipeline serializes observer calls.
#ifndef JUDGE_CLI_REPORT_PRINTER_H_
#define JUDGE_CLI_REPORT_PRINTER_H_

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "judge/base/terminal.h"
#include "judge/config/records.h"
#include "judge/judging/pipeline.h"
#include "judge/store/store.h"

namespace judge::cli {

// The columns of a test line: name, verdict, CPU ms, wall ms, KiB, message.
const Table& TestTable();
void PrintTestLine(std::ostream& out, const TestResult& t, bool colour);

// "<file> (<language>, <compiler>) on <problem>".
void PrintHeader(std::ostream& out, const std::string& display_name, const Submission& s);
// The compile error and log on CE, the test lines when with_tests, the summary.
void PrintBody(std::ostream& out, const JudgedSubmission& r, bool with_tests, bool colour);

// Draws a grading on stdout. Live (one submission at a time, not --json): the header
// when it starts, "[3/200] name" on a terminal while a test runs, each test line as
// it finishes, the summary at the end. Batch (several jobs): each whole report when
// it is done. JSON: nothing (the caller prints the document). Errors go to stderr.
class ReportObserver : public JudgeObserver {
 public:
  enum class Mode { kLive, kBatch, kJson };
  ReportObserver(std::string command, Mode mode, bool colour, bool progress);
  void OnJudgingStarted(std::size_t task, const JudgedSubmission& so_far) override;
  void OnTestStarted(std::size_t task, std::size_t index, std::size_t count, const TestCase& test) override;
  void OnTestFinished(std::size_t task, std::size_t index, std::size_t count, const TestResult& result) override;
  void OnJudgingDone(std::size_t task, const Result<JudgedSubmission>& result) override;

 private:
  std::string command_;
  Mode mode_;
  bool colour_;
  ProgressLine progress_;
};

// The store for --db PATH (its directory is created), else the default path; null
// when no_db. Errors are the store's one-line errors (not SQLite, newer schema,
// read-only).
Result<std::unique_ptr<Store>> OpenGradingStore(const std::string& db, bool no_db);

}  // namespace judge::cli

#endif  // JUDGE_CLI_REPORT_PRINTER_H_
