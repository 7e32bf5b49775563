#include "submission_json.h"

namespace judge::service {
namespace {

JudgedSubmission AsJudged(const Submission& submission, const Judging& judging) {
  JudgedSubmission j;
  j.display_name = submission.file_name;
  j.submission = submission;
  j.judging = judging;
  return j;
}

// A contestant sees per-test details of the samples only.
Json Redacted(Json tests) {
  for (auto& t : tests) {
    const std::string name = t.value("name", std::string());
    if (name.rfind("sample/", 0) == 0) continue;
    t = Json{{"name", name}, {"verdict", t.value("verdict", std::string())}};
  }
  return tests;
}

}  // namespace

Json SubmissionSummaryJson(const QueueEntry& e) {
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
    doc["time_ms"] = e.latest->max_time_ms;
    doc["memory_kib"] = e.latest->memory_kib;
  }
  return doc;
}

Json GradeTestsJson(const Submission& submission, const Judging& judging, bool full_details) {
  Json tests = GradeReportJson(AsJudged(submission, judging))["tests"];
  return full_details ? tests : Redacted(std::move(tests));
}

Json SubmissionDetailJson(const QueueEntry& e, const std::optional<Judging>& judging, bool full_details) {
  Json doc = SubmissionSummaryJson(e);
  doc["compiler_version"] = e.submission.compiler_version;  // of the host that took it in
  if (!judging) return doc;
  const bool done = e.state == QueueState::kDone && judging->status == JudgingStatus::kDone;
  if (done) doc.update(GradeReportJson(AsJudged(e.submission, *judging)));
  doc["tests"] = GradeTestsJson(e.submission, *judging, full_details);
  doc["judging"] = judging->id;
  doc["tests_total"] = judging->tests_total;
  doc["judging_status"] = JudgingStatusName(judging->status);
  doc["judging_message"] = judging->message;
  return doc;
}

}  // namespace judge::service
