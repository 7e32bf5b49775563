// How the records of judge/config/records.h are laid out in the database's rows: the column
// lists and the readers, shared by the SQLite and the PostgreSQL store so a column
// is read one way. A Row is anything with IsNull(col), Int(col), Real(col) and
// Text(col) for column indexes from 0: the SQLite Query, the PostgreSQL row.
#ifndef JUDGE_SRC_STORE_RECORD_ROWS_H_
#define JUDGE_SRC_STORE_RECORD_ROWS_H_

#include <optional>
#include <string>
#include <type_traits>

#include "judge/config/records.h"
#include "judge/store/job_queue.h"

namespace judge::store_internal {

#define JUDGE_SUBMISSION_COLUMNS_NO_SOURCE                                             \
  "id, problem_id, package_hash, file_name, source_sha256, language_id, compiler_version, " \
  "created_unix_ms"

// A submission's bytes (FROM submissions, not aliased): in `sources` under its
// SHA-256 (schema 6), else, for a row stored before, its own column.
#define JUDGE_SUBMISSION_SOURCE_SQL \
  "coalesce((SELECT src.source FROM sources src WHERE src.sha256 = submissions.source_sha256), submissions.source)"

#define JUDGE_JUDGING_COLUMNS                                                              \
  "id, submission_id, status, started_unix_ms, finished_unix_ms, verdict, score, time_ms, " \
  "memory_kib, compile_log, message, plugin_id, plugin_version, plugin_hash, checker, "     \
  "time_limit_ms, total_time_limit_ms, wall_limit_ms, memory_limit_kib, output_limit_kib, " \
  "sandbox_method, judge_version, owner_pid, owner_host, owner_boot_id, owner_start_ticks, " \
  "max_time_ms, max_score, tests_total"

#define JUDGE_TEST_COLUMNS                                                                 \
  "ordinal, name, group_name, verdict, score, cpu_ms, wall_ms, memory_kib, exit_code, "     \
  "signal, message, output_sha256, time_method, memory_method, output_bytes, stderr_tail"

// Reads consecutive columns from `col` on into the fields given, each by its type:
// integers and enums from Int, double from Real, strings from Text, an optional
// left empty for NULL. One line per record, so a column is read one way.
template <typename Row>
class ColumnReader {
 public:
  ColumnReader(const Row& row, int col) : row_(row), col_(col) {}

  template <typename... Fields>
  void Read(Fields&... fields) { (Get(col_++, fields), ...); }

 private:
  void Get(int c, std::string& out) const { out = row_.Text(c); }
  void Get(int c, double& out) const { out = row_.Real(c); }
  template <typename T>
  void Get(int c, std::optional<T>& out) const {
    if (row_.IsNull(c)) return;
    T v{};
    Get(c, v);
    out = v;
  }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
  void Get(int c, T& out) const { out = static_cast<T>(row_.Int(c)); }

  const Row& row_;
  int col_;
};

template <typename Row, typename... Fields>
void ReadColumns(const Row& row, int first_col, Fields&... fields) {
  ColumnReader<Row>(row, first_col).Read(fields...);
}

// Columns 0..7 of JUDGE_SUBMISSION_COLUMNS_NO_SOURCE.
template <typename Row>
Submission ReadSubmissionRow(const Row& q) {
  Submission s;
  ReadColumns(q, 0, s.id, s.problem_id, s.package_hash, s.file_name, s.source_sha256, s.language_id,
              s.compiler_version, s.created_unix_ms);
  return s;
}

// Columns of JUDGE_JUDGING_COLUMNS, status as stored.
template <typename Row>
Judging ReadJudgingRow(const Row& q) {
  Judging j;
  ReadColumns(q, 0, j.id, j.submission_id, j.status, j.started_unix_ms, j.finished_unix_ms, j.verdict, j.score,
              j.total_time_ms, j.memory_kib, j.compile_log, j.message, j.plugin_id, j.plugin_version,
              j.plugin_hash, j.checker, j.limits.time_ms, j.limits.total_time_ms, j.limits.wall_ms,
              j.limits.memory_kib, j.limits.output_kib, j.sandbox_method, j.judge_version, j.owner.pid,
              j.owner.host, j.owner.boot_id, j.owner.start_ticks, j.max_time_ms, j.max_score, j.tests_total);
  return j;
}

// Columns of JUDGE_TEST_COLUMNS.
template <typename Row>
TestResult ReadTestRow(const Row& q) {
  TestResult t;
  ReadColumns(q, 0, t.ordinal, t.name, t.group, t.verdict, t.score, t.cpu_ms, t.wall_ms, t.memory_kib,
              t.exit_code, t.signal, t.message, t.output_sha256, t.time_method, t.memory_method,
              t.output_bytes, t.stderr_tail);
  return t;
}

// A queue row joined with its submission (s) for JobQueue::Get and List.
#define JUDGE_QUEUE_ENTRY_COLUMNS                                                              \
  "s.id, s.problem_id, s.package_hash, s.file_name, s.source_sha256, s.language_id, "        \
  "s.compiler_version, s.created_unix_ms, q.state, q.submitter, q.attempts, q.worker, q.message, " \
  "q.enqueued_unix_ms, q.judging_id"

template <typename Row>
QueueEntry ReadQueueEntryRow(const Row& q) {
  QueueEntry e;
  e.submission = ReadSubmissionRow(q);
  std::optional<int64_t> judging_id;
  ReadColumns(q, 8, e.state, e.submitter, e.attempts, e.worker, e.message, e.enqueued_unix_ms, judging_id);
  e.judging_id = judging_id.value_or(0);
  return e;
}

// A row a claim may take, as the claim step reads it.
#define JUDGE_QUEUE_CANDIDATE_COLUMNS "submission_id, state, problem_id, language_id, worker, attempts, judging_id"

struct QueueCandidate {
  int64_t submission_id = 0;
  QueueState state = QueueState::kQueued;
  std::string problem_id, language_id, worker;
  int64_t attempts = 0;
  std::optional<int64_t> judging_id;
};

template <typename Row>
QueueCandidate ReadQueueCandidateRow(const Row& q) {
  QueueCandidate c;
  ReadColumns(q, 0, c.submission_id, c.state, c.problem_id, c.language_id, c.worker, c.attempts, c.judging_id);
  return c;
}

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_RECORD_ROWS_H_
