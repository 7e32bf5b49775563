#include "submission_json.h"

#include <algorithm>

namespace judge::service {
namespace {

JudgedSubmission AsJudged(const Submission& submission, const Judging& judging) {
  JudgedSubmission j;
  j.display_name = submission.file_name;
  j.submission = submission;
  j.judging = judging;
  return j;
}

bool IsSample(const std::string& test_name) { return test_name.rfind("sample/", 0) == 0; }

// A contestant sees per-test details of the samples only.
Json Redacted(Json tests) {
  for (auto& t : tests) {
    const std::string name = t.value("name", std::string());
    if (IsSample(name)) continue;
    t = Json{{"name", name}, {"verdict", t.value("verdict", std::string())}};
  }
  return tests;
}

// The submission's figures as a contestant may see them: the largest CPU time and
// memory of the sample tests, so no figure is derived from a secret test (a program
// could spell hidden data in its memory use on one). 0 when no sample was run.
void VisibleMaxima(const Judging& judging, Json* doc) {
  int64_t time_ms = 0, memory_kib = 0;
  for (const auto& t : judging.tests) {
    if (!IsSample(t.name)) continue;
    time_ms = std::max<int64_t>(time_ms, t.cpu_ms);
    memory_kib = std::max<int64_t>(memory_kib, t.memory_kib);
  }
  (*doc)["time_ms"] = time_ms;
  (*doc)["memory_kib"] = memory_kib;
}

}  // namespace

Json SubmissionSummaryJson(const QueueEntry& e, bool full_details) {
  const Submission& s = e.submission;
  Json doc = {{"id", s.id},
              {"status", QueueStateName(e.state)},
              {"problem", s.problem_id},
              {"language", s.language_id},
              {"filename", s.file_name},
              {"submitter", e.submitter},
              {"created_unix_ms", s.created_unix_ms},
              {"attempts", e.attempts},
              {"judgings", e.judging_count},
              {"message", e.message},
              {"verdict", nullptr}};
  if (e.state == QueueState::kDone && e.latest && e.latest->verdict) {
    doc["verdict"] = VerdictCode(*e.latest->verdict);
    doc["score"] = e.latest->score;
    if (full_details) {  // the summary has no tests to take a contestant's figures from
      doc["time_ms"] = e.latest->max_time_ms;
      doc["memory_kib"] = e.latest->memory_kib;
    }
  }
  return doc;
}

Json GradeTestsJson(const Submission& submission, const Judging& judging, bool full_details) {
  Json tests = GradeReportJson(AsJudged(submission, judging))["tests"];
  return full_details ? tests : Redacted(std::move(tests));
}

Json SubmissionDetailJson(const QueueEntry& e, const std::optional<Judging>& judging, bool full_details) {
  Json doc = SubmissionSummaryJson(e, full_details);
  doc["compiler_version"] = e.submission.compiler_version;  // of the host that took it in
  if (!judging) return doc;
  const bool done = e.state == QueueState::kDone && judging->status == JudgingStatus::kDone;
  if (done) {
    doc.update(GradeReportJson(AsJudged(e.submission, *judging)));
    if (!full_details) VisibleMaxima(*judging, &doc);
  }
  doc["tests"] = GradeTestsJson(e.submission, *judging, full_details);
  doc["judging"] = judging->id;
  doc["tests_total"] = judging->tests_total;
  doc["judging_status"] = JudgingStatusName(judging->status);
  doc["judging_message"] = judging->message;
  return doc;
}

}  // namespace judge::service
