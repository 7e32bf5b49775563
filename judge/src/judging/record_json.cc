// The JSON documents of the result model (see judge/judging/json.h).
#include <time.h>

#include "judge/judging/json.h"

namespace judge {
namespace {

Json OrNull(const std::optional<int64_t>& v) { return v ? Json(*v) : Json(nullptr); }

Json LimitsJson(const ProblemLimits& l) {
  return {{"time_ms", l.time_ms},
          {"total_time_ms", OrNull(l.total_time_ms)},
          {"wall_ms", l.wall_ms},
          {"memory_kib", l.memory_kib},
          {"output_kib", l.output_kib}};
}

// What one test's run was, under the same names in the grade report and in a stored
// judging's document (the keys are sorted on output, so the order here is free).
Json TestRunJson(const TestResult& t) {
  return {{"name", t.name},       {"verdict", VerdictCode(t.verdict)}, {"message", t.message},
          {"time_ms", t.cpu_ms},   {"wall_ms", t.wall_ms},              {"memory_kib", t.memory_kib},
          {"signal", t.signal},    {"exit_code", t.exit_code},          {"stderr", t.stderr_tail}};
}

}  // namespace

std::string DumpJson(const Json& doc, int indent) {
  return doc.dump(indent, ' ', false, Json::error_handler_t::replace);
}

Result<Json> ParseJson(std::string_view text, std::string_view what) {
  Json doc = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded())
    return Status::InvalidArgument(std::string(what) + ": expected a JSON document, found text that does not parse");
  return doc;
}

std::string FormatLocalTime(int64_t unix_ms) {
  if (unix_ms == 0) return "-";
  time_t seconds = static_cast<time_t>(unix_ms / 1000);
  struct tm tm {};
  localtime_r(&seconds, &tm);
  char buf[32];
  strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

Json GradeReportJson(const JudgedSubmission& judged) {
  const Judging& j = judged.judging;
  Json tests = Json::array();
  for (const auto& t : j.tests) {
    Json test = TestRunJson(t);
    test.update({{"time_clock", t.time_clock}, {"attempts", t.attempts}, {"host_load", t.host_load}});
    tests.push_back(std::move(test));
  }
  Json doc;
  doc["submission"] = judged.display_name;
  doc["problem"] = judged.submission.problem_id;
  doc["language"] = judged.submission.language_id;
  doc["verdict"] = std::string(VerdictCode(j.verdict.value_or(Verdict::kJudgeError)));
  doc["score"] = j.score;
  doc["time_ms"] = j.max_time_ms;
  doc["memory_kib"] = j.memory_kib;
  doc["compile"] = {{"ok", j.compiled()}, {"log", j.compile_log}, {"attempts", j.compile_attempts}};
  doc["tests"] = tests;
  return doc;
}

Json SubmissionJson(const Submission& s) {
  return {{"id", s.id},
          {"problem", s.problem_id},
          {"package_hash", s.package_hash},
          {"file", s.file_name},
          {"language", s.language_id},
          {"compiler_version", s.compiler_version},
          {"created", FormatLocalTime(s.created_unix_ms)},
          {"created_unix_ms", s.created_unix_ms},
          {"source_sha256", s.source_sha256},
          {"source_bytes", s.source.size()}};
}

Json TestJson(const TestResult& t) {
  Json doc = TestRunJson(t);
  doc.update({{"group", t.group},
              {"score", t.score},
              {"output_sha256", t.output_sha256},
              {"output_bytes", t.output_bytes},
              {"time_method", t.time_method},
              {"memory_method", t.memory_method}});
  return doc;
}

Json JudgingJson(const Judging& j) {
  Json tests = Json::array();
  for (const TestResult& t : j.tests) tests.push_back(TestJson(t));
  bool done = j.status == JudgingStatus::kDone && j.verdict;
  return {{"id", j.id},
          {"status", JudgingStatusName(j.status)},
          {"verdict", done ? Json(VerdictCode(*j.verdict)) : Json(nullptr)},
          {"score", j.score},
          {"max_score", j.max_score},
          {"time_ms", j.total_time_ms},  // the total CPU time, as stored since schema 1
          {"max_time_ms", j.max_time_ms},
          {"total_time_ms", j.total_time_ms},
          {"memory_kib", j.memory_kib},
          {"tests_total", j.tests_total},
          {"started", FormatLocalTime(j.started_unix_ms)},
          {"started_unix_ms", j.started_unix_ms},
          {"finished_unix_ms", j.finished_unix_ms},
          {"message", j.message},
          {"compile_log", j.compile_log},
          {"plugin", j.plugin_id},
          {"plugin_version", j.plugin_version},
          {"plugin_sha256", j.plugin_hash},
          {"checker", j.checker},
          {"limits", LimitsJson(j.limits)},
          {"sandbox_method", j.sandbox_method},
          {"judge_version", j.judge_version},
          {"host", j.owner.host},
          {"pid", j.owner.pid},
          {"tests", tests}};
}

Json HistoryEntryJson(const HistoryEntry& e) {
  Json j;
  const Submission& s = e.submission;
  j["submission"] = s.id;
  j["created_unix_ms"] = s.created_unix_ms;
  j["created"] = FormatLocalTime(s.created_unix_ms);
  j["problem"] = s.problem_id;
  j["language"] = s.language_id;
  j["file"] = s.file_name;
  j["source_sha256"] = s.source_sha256;
  j["judgings"] = e.judging_count;
  j["judging"] = nullptr;
  j["status"] = nullptr;
  j["verdict"] = nullptr;
  if (e.latest) {
    const Judging& l = *e.latest;
    j["judging"] = l.id;
    j["status"] = JudgingStatusName(l.status);
    if (l.verdict && l.status == JudgingStatus::kDone) j["verdict"] = VerdictCode(*l.verdict);
    j["score"] = l.score;
    j["time_ms"] = l.total_time_ms;  // the total CPU time, as stored since schema 1
    j["max_time_ms"] = l.max_time_ms;
    j["memory_kib"] = l.memory_kib;
  }
  return j;
}

}  // namespace judge
