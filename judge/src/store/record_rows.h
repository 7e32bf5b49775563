// How the records of judge/records.h are laid out in the database's rows: the column
// lists and the readers, shared by the SQLite and the PostgreSQL store so a column
// is read one way. A Row is anything with IsNull(col), Int(col), Real(col) and
// Text(col) for column indexes from 0: the SQLite Query, the PostgreSQL row.
#ifndef JUDGE_SRC_STORE_RECORD_ROWS_H_
#define JUDGE_SRC_STORE_RECORD_ROWS_H_

#include "judge/job_queue.h"
#include "judge/records.h"

namespace judge::store_internal {

#define JUDGE_SUBMISSION_COLUMNS_NO_SOURCE                                             \
  "id, problem_id, package_hash, file_name, source_sha256, language_id, compiler_version, " \
  "created_unix_ms"

#define JUDGE_JUDGING_COLUMNS                                                              \
  "id, submission_id, status, started_unix_ms, finished_unix_ms, verdict, score, time_ms, " \
  "memory_kib, compile_log, message, plugin_id, plugin_version, plugin_hash, checker, "     \
  "time_limit_ms, total_time_limit_ms, wall_limit_ms, memory_limit_kib, output_limit_kib, " \
  "sandbox_method, judge_version, owner_pid, owner_host, owner_boot_id, owner_start_ticks, " \
  "max_time_ms, max_score, tests_total"

#define JUDGE_TEST_COLUMNS                                                                 \
  "ordinal, name, group_name, verdict, score, cpu_ms, wall_ms, memory_kib, exit_code, "     \
  "signal, message, output_sha256, time_method, memory_method, output_bytes"

// Columns 0..7 of JUDGE_SUBMISSION_COLUMNS_NO_SOURCE.
template <typename Row>
Submission ReadSubmissionRow(const Row& q) {
  Submission s;
  s.id = q.Int(0);
  s.problem_id = q.Text(1);
  s.package_hash = q.Text(2);
  s.file_name = q.Text(3);
  s.source_sha256 = q.Text(4);
  s.language_id = q.Text(5);
  s.compiler_version = q.Text(6);
  s.created_unix_ms = q.Int(7);
  return s;
}

// Columns of JUDGE_JUDGING_COLUMNS, status as stored.
template <typename Row>
Judging ReadJudgingRow(const Row& q) {
  Judging j;
  j.id = q.Int(0);
  j.submission_id = q.Int(1);
  j.status = static_cast<JudgingStatus>(q.Int(2));
  j.started_unix_ms = q.Int(3);
  j.finished_unix_ms = q.Int(4);
  if (!q.IsNull(5)) j.verdict = static_cast<Verdict>(q.Int(5));
  j.score = q.Real(6);
  j.total_time_ms = q.Int(7);
  j.memory_kib = q.Int(8);
  j.compile_log = q.Text(9);
  j.message = q.Text(10);
  j.plugin_id = q.Text(11);
  j.plugin_version = q.Text(12);
  j.plugin_hash = q.Text(13);
  j.checker = q.Text(14);
  j.limits.time_ms = q.Int(15);
  if (!q.IsNull(16)) j.limits.total_time_ms = q.Int(16);
  j.limits.wall_ms = q.Int(17);
  j.limits.memory_kib = q.Int(18);
  j.limits.output_kib = q.Int(19);
  j.sandbox_method = q.Text(20);
  j.judge_version = q.Text(21);
  j.owner.pid = q.Int(22);
  j.owner.host = q.Text(23);
  j.owner.boot_id = q.Text(24);
  j.owner.start_ticks = q.Int(25);
  j.max_time_ms = q.Int(26);
  j.max_score = q.Real(27);
  j.tests_total = q.Int(28);
  return j;
}

template <typename Row>
TestResult ReadTestRow(const Row& q) {
  TestResult t;
  t.ordinal = static_cast<int32_t>(q.Int(0));
  t.name = q.Text(1);
  t.group = q.Text(2);
  t.verdict = static_cast<Verdict>(q.Int(3));
  t.score = q.Real(4);
  t.cpu_ms = q.Int(5);
  t.wall_ms = q.Int(6);
  t.memory_kib = q.Int(7);
  t.exit_code = static_cast<int32_t>(q.Int(8));
  t.signal = static_cast<int32_t>(q.Int(9));
  t.message = q.Text(10);
  t.output_sha256 = q.Text(11);
  t.time_method = q.Text(12);
  t.memory_method = q.Text(13);
  t.output_bytes = q.Int(14);
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
  e.state = static_cast<QueueState>(q.Int(8));
  e.submitter = q.Text(9);
  e.attempts = q.Int(10);
  e.worker = q.Text(11);
  e.message = q.Text(12);
  e.enqueued_unix_ms = q.Int(13);
  e.judging_id = q.IsNull(14) ? 0 : q.Int(14);
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
  c.submission_id = q.Int(0);
  c.state = static_cast<QueueState>(q.Int(1));
  c.problem_id = q.Text(2);
  c.language_id = q.Text(3);
  c.worker = q.Text(4);
  c.attempts = q.Int(5);
  if (!q.IsNull(6)) c.judging_id = q.Int(6);
  return c;
}

}  // namespace judge::store_internal

#endif  // JUDGE_SRC_STORE_RECORD_ROWS_H_
