#include "http_types.h"

#include "judge/judging/json.h"

namespace judge::service {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string Decode(std::string_view s, bool plus_is_space) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+' && plus_is_space) {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && HexValue(s[i + 1]) >= 0 && HexValue(s[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(s[i + 1]) * 16 + HexValue(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

void ParseTarget(const std::string& target, std::string* path, std::map<std::string, std::string>* query) {
  const std::size_t q = target.find('?');
  *path = Decode(std::string_view(target).substr(0, q), false);
  query->clear();
  if (q == std::string::npos) return;
  std::string_view rest = std::string_view(target).substr(q + 1);
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    std::string key = Decode(pair.substr(0, eq), true);
    std::string value = eq == std::string_view::npos ? "" : Decode(pair.substr(eq + 1), true);
    (*query)[key] = value;
  }
}

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
