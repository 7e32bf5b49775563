// The body of POST /api/v1/submissions, checked field by field:
//   {"problem": "eight", "language": "cpp20" (optional), "filename": "sol.cpp",
//    "source": "..."}
// Every mistake is one message naming the field, what was expected and what was
// found; a source over the limit is kTooLarge (the API answers 413).
//
// Pure; thread-safe.
#ifndef JUDGE_SRC_SERVICE_SUBMISSION_REQUEST_H_
#define JUDGE_SRC_SERVICE_SUBMISSION_REQUEST_H_

#include <cstdint>
#include <string>

#include "judge/base/status.h"

namespace judge::service {

struct SubmissionRequest {
  std::string problem;
  std::string language;  // empty: chosen by the file name's extension
  std::string filename;  // a base name: no '/', not "." or ".."
  std::string source;
};

struct ParsedSubmission {
  bool too_large = false;  // the source is over max_source_bytes (413)
  SubmissionRequest request;
};

// InvalidArgument for a body that is not a JSON object, a missing or mistyped field,
// an unknown field, a bad file name or an empty source.
Result<ParsedSubmission> ParseSubmissionRequest(const std::string& body, int64_t max_source_bytes);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_SUBMISSION_REQUEST_H_
