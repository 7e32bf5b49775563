// The API's JSON documents of a submission, built from the queue's view of it and the
// result model (json.h), so the API says what `grade --json` and `show --json` say,
// with the same names. Fields only grow (docs/service.md lists them).
//
// Pure functions; thread-safe.
#ifndef JUDGE_SRC_SERVICE_SUBMISSION_JSON_H_
#define JUDGE_SRC_SERVICE_SUBMISSION_JSON_H_

#include <optional>

#include "judge/judging/json.h"
#include "judge/store/job_queue.h"

namespace judge::service {

// One line of the list: id, status, problem, language, filename, submitter,
// created_unix_ms, attempts, judgings, message; with a finished judging also
// verdict, score, and with full_details (an admin's view) time_ms (largest test CPU)
// and memory_kib: a contestant's summary has neither, since they may come from a
// secret test.
Json SubmissionSummaryJson(const QueueEntry& entry, bool full_details = true);

// The summary, and with `judging` (the claim's judging with its tests): tests so far
// (grade --json's test objects), tests_total, judging_status, judging_message, and
// once done every field of `grade --json` (submission, verdict, score, time_ms,
// memory_kib, compile {ok, log}, tests). Without full_details (a contestant's view, as
// DOMjudge and Kattis show it) a secret test is its name and verdict only: no checker
// message (it may name jury data), exit code, signal, stderr, time or memory, and
// the submission's time_ms and memory_kib are the largest of its sample tests (0
// without one): no figure a contestant sees is derived from a secret test.
Json SubmissionDetailJson(const QueueEntry& entry, const std::optional<Judging>& judging, bool full_details = true);

// The test objects of `grade --json` for a judging's tests (full_details as above).
Json GradeTestsJson(const Submission& submission, const Judging& judging, bool full_details = true);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_SUBMISSION_JSON_H_
