// What the HTTP server hands to the service and takes back: a parsed request, a
// response, and a live event stream (Server-Sent Events). Plain values, so the API's
// logic is tested by calling it, without sockets; the server (http_server.h) is the
// only code that knows about Beast.
#ifndef JUDGE_SRC_SERVICE_HTTP_TYPES_H_
#define JUDGE_SRC_SERVICE_HTTP_TYPES_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "judge/base/status.h"

namespace judge::service {

struct HttpRequest {
  std::string method;                         // "GET", "POST", ...
  std::string path;                           // decoded path, without the query (url_parse.h)
  std::map<std::string, std::string> query;   // decoded ?k=v pairs (the last wins)
  std::string authorization;                  // the Authorization header, or empty
  std::string host;                           // the Host header, or empty
  std::string origin;                         // the Origin header, or empty
  std::string content_type;                   // the Content-Type header, or empty
  std::string body;                           // empty in HttpHandler::Admit (not read yet)
  std::string peer;                           // the client's address, e.g. "127.0.0.1"
  std::string client;                         // who the limits count: the IPv4 address, or the
                                              // IPv6 /64 ("2001:db8:1:2::/64"); empty: peer
  std::string local_address;                  // the address the connection came in on
  int local_port = 0;                         // and its port
};

// A stream of Server-Sent Events. The server calls Poll on one of its threads, never
// two calls at once for one stream, and Subscribe once before the first Poll.
class EventSource {
 public:
  virtual ~EventSource() = default;
  // The event text ("event: ...\ndata: ...\n\n"...) that is new since the last call,
  // possibly empty; *finished when nothing more will come (the stream then closes).
  // An error ends the stream.
  virtual Result<std::string> Poll(bool* finished) = 0;
  // wake() is called (from any thread, possibly after the stream ended: it must only
  // post work) when there may be something new. Returns an unsubscribe function the
  // server calls when the stream ends.
  virtual std::function<void()> Subscribe(std::function<void()> wake) = 0;
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers
  std::shared_ptr<EventSource> events;  // set: the body is this event stream
};

// What the handler decides from a request's head, before its body is read.
struct Admission {
  std::optional<HttpResponse> refusal;  // set: answered with this; the body is never read
  // An admin's request (its token shown): may use the connections kept for admins, and
  // makes its connection the admin's, so the page's files asked for on it later (a
  // browser sends them without the token) may too.
  bool may_use_reserved = false;
};

// The service's side: turns a request into a response, in two steps so that a
// request that will be refused costs no body (an 8 MiB upload without a token is
// answered 401 from its header). Called from several server threads at once:
// implementations are thread-safe.
class HttpHandler {
 public:
  virtual ~HttpHandler() = default;
  // Decides from the head alone (every field but body). Called once per request.
  virtual Admission Admit(const HttpRequest& head) = 0;
  // Answers a request Admit let in, body included.
  virtual HttpResponse Respond(const HttpRequest& request) = 0;
  // Admit, then Respond unless refused: the whole of one request (tests call this).
  HttpResponse Handle(const HttpRequest& request);
};

// {"error": message} with the status.
HttpResponse ErrorResponse(int status, const std::string& message);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_HTTP_TYPES_H_
