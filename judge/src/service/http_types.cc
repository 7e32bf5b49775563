#include "http_types.h"

#include "judge/judging/json.h"

namespace judge::service {

HttpResponse HttpHandler::Handle(const HttpRequest& request) {
  Admission admission = Admit(request);
  if (admission.refusal) return std::move(*admission.refusal);
  return Respond(request);
}

HttpResponse ErrorResponse(int status, const std::string& message) {
  HttpResponse r;
  r.status = status;
  r.body = DumpJson(Json{{"error", message}}, -1) + "\n";
  return r;
}

}  // namespace judge::service
