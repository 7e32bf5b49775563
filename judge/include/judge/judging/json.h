// JSON for everything the judge prints or serves: nlohmann-json is used through this
// header only. The documents of the result model (judge/config/records.h) are built here, so
// `grade --json`, `show --json` and the HTTP API say the same facts the same way.
// Fields only ever grow (scripts and the HTTP API rely on them): never rename or
// remove one. docs/grading.md documents them.
//
// Pure functions; thread-safe.
#ifndef JUDGE_JSON_H_
#define JUDGE_JSON_H_

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "judge/config/records.h"
#include "judge/store/store.h"

namespace judge {

using Json = nlohmann::json;

// The document as text: indented (indent >= 0) or compact (-1). Invalid UTF-8
// (contestant output in messages) is replaced, never a throw.
std::string DumpJson(const Json& doc, int indent = 2);

// Parses text; a syntax error is InvalidArgument naming `what` and the position.
Result<Json> ParseJson(std::string_view text, std::string_view what);

// "2026-11-24 13:05:00" in local time; "-" for 0.
std::string FormatLocalTime(int64_t unix_ms);

// The `grade --json` object, exactly as docs/grading.md states it: submission, problem,
// language, verdict, score, time_ms (the largest test CPU time), memory_kib, compile
// {ok, log}, tests [{name, verdict, time_ms (CPU), wall_ms, memory_kib, exit_code,
// signal, message}].
Json GradeReportJson(const JudgedSubmission& judged);

// `show --json`: the submission (without its source) and one judging with its tests.
Json SubmissionJson(const Submission& submission);
Json JudgingJson(const Judging& judging);
// One test as `show --json` prints it (every stored field).
Json TestJson(const TestResult& test);
// One line of `history --json`: the submission and its latest judging's outcome.
Json HistoryEntryJson(const HistoryEntry& entry);

}  // namespace judge

#endif  // JUDGE_JSON_H_
