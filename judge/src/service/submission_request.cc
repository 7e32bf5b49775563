#include "submission_request.h"

#include "judge/judging/json.h"

namespace judge::service {
namespace {

std::string TypeName(const Json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

// The string field `key`; missing is an error unless optional.
Status ReadString(const Json& doc, const char* key, bool optional, std::string* out) {
  auto it = doc.find(key);
  if (it == doc.end()) {
    if (optional) return Status::Ok();
    return Status::InvalidArgument(std::string("\"") + key + "\": expected a string, found no such field");
  }
  if (!it->is_string())
    return Status::InvalidArgument(std::string("\"") + key + "\": expected a string, found " + TypeName(*it));
  *out = it->get<std::string>();
  return Status::Ok();
}

Status CheckFilename(const std::string& name) {
  const std::string what = "\"filename\": expected a file name such as sol.cpp, found ";
  if (name.empty()) return Status::InvalidArgument(what + "an empty string");
  if (name.size() > 255) return Status::InvalidArgument(what + "a name of " + std::to_string(name.size()) + " bytes");
  if (name == "." || name == "..") return Status::InvalidArgument(what + "'" + name + "'");
  for (char c : name) {
    if (c == '/' || c == '\\') return Status::InvalidArgument(what + "a path ('" + name + "')");
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      return Status::InvalidArgument(what + "a name with a control character");
  }
  return Status::Ok();
}

}  // namespace

Result<ParsedSubmission> ParseSubmissionRequest(const std::string& body, int64_t max_source_bytes) {
  JUDGE_ASSIGN_OR_RETURN(Json doc, ParseJson(body, "request body"));
  if (!doc.is_object())
    return Status::InvalidArgument("request body: expected a JSON object, found " + TypeName(doc));
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    const std::string& k = it.key();
    if (k != "problem" && k != "language" && k != "filename" && k != "source")
      return Status::InvalidArgument("request body: unknown field \"" + k +
                                     "\" (expected problem, language, filename, source)");
  }
  ParsedSubmission out;
  SubmissionRequest& r = out.request;
  JUDGE_RETURN_IF_ERROR(ReadString(doc, "problem", false, &r.problem));
  JUDGE_RETURN_IF_ERROR(ReadString(doc, "language", true, &r.language));
  JUDGE_RETURN_IF_ERROR(ReadString(doc, "filename", false, &r.filename));
  JUDGE_RETURN_IF_ERROR(ReadString(doc, "source", false, &r.source));
  if (r.problem.empty()) return Status::InvalidArgument("\"problem\": expected a problem id, found an empty string");
  JUDGE_RETURN_IF_ERROR(CheckFilename(r.filename));
  if (r.source.empty()) return Status::InvalidArgument("\"source\": expected the program, found an empty string");
  out.too_large = static_cast<int64_t>(r.source.size()) > max_source_bytes;
  return out;
}

}  // namespace judge::service
