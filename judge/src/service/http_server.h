// The HTTP/1.1 server under `judge serve`: Boost.Beast on Boost.Asio, used here only
// (http_server.cc). It parses requests into HttpRequest values, hands them to one
// HttpHandler and writes back its responses, including Server-Sent Event streams.
//
// Theory of operation
// -------------------
// One io_context runs on `threads` threads; every connection is a session on its own
// strand, so a session's steps never run at once. A request is read in two steps:
// its request line and headers must arrive within header_deadline_ms (also the
// longest an idle keep-alive connection waits for its next request; a client that
// trickles a header is cut off with 408) and within header_limit_bytes (else 431);
// then the handler's Admit decides from the head alone, and only a request it lets
// in has its body read, within body_deadline_ms and body_limit_bytes (else 408,
// 413). So a refused request (no token, a foreign Origin) never costs its body; a
// client that sent "Expect: 100-continue" is told to send it only once admitted. A
// request Beast cannot parse gets 400. Every such error is one JSON object
// {"error": ...} and the connection is closed; the server keeps serving.
//
// Connections are limited when accepted, before anything is read: beyond
// max_connections, 503 at once; beyond connections_per_address from one client (an
// IPv4 address, or an IPv6 /64: HttpRequest::client), 429 at once; and the last
// admin_connections of max_connections serve only a connection on which the handler
// admitted a request as may_use_reserved, an admin's (others get 503), so no crowd of
// contestants or strangers can take them all. When a connection arrives and only
// those are left, the connection that has waited longest for a request (idle
// between requests, new, or trickling its header) and never showed an admin's token
// is closed, and the newcomer takes its place. The handler runs on the session's
// thread (it may block briefly on the database).
//
// An event stream is written as it comes: the server polls the stream when it is
// woken (EventSource::Subscribe) or every event_poll_ms, sends a comment line when
// nothing was sent for event_heartbeat_ms (which also finds clients that went
// away), and closes the connection when the stream is finished, or when it has been
// open stream_lifetime_ms (a comment says so; the client may connect again).
//
// Thread safety: Start, address and Stop are called from one thread (the owner's).
#ifndef JUDGE_SRC_SERVICE_HTTP_SERVER_H_
#define JUDGE_SRC_SERVICE_HTTP_SERVER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "http_types.h"
#include "judge/base/status.h"

namespace judge::service {

struct HttpServerOptions {
  std::string host = "127.0.0.1";  // an IP address (v4 or v6)
  int port = 8080;                 // 0: any free port (see address())
  int threads = 4;
  int64_t header_limit_bytes = 16 * 1024;
  int64_t body_limit_bytes = 8 << 20;
  int64_t header_deadline_ms = 5000;   // request line and headers (and a keep-alive connection's idle wait)
  int64_t body_deadline_ms = 10000;    // the body, counted from the end of its header
  int64_t write_timeout_ms = 30000;    // a response (or one event) must be taken by then
  int max_connections = 256;
  int admin_connections = 16;          // of max_connections: only for admins' connections (Admission)
  int connections_per_address = 32;    // at once from one client (IPv4 address, IPv6 /64); 0: no limit
  int64_t event_poll_ms = 500;
  int64_t event_heartbeat_ms = 15000;
  int64_t stream_lifetime_ms = 600000;  // an event stream is closed after this long; 0: never
  std::function<void(const std::string&)> log;  // one line per server-side problem; may be empty
};

class HttpServer {
 public:
  // Binds, listens and starts the threads. `handler` is borrowed and must outlive the
  // server. Error: "cannot listen on 127.0.0.1:8080: Address already in use".
  static Result<std::unique_ptr<HttpServer>> Start(const HttpServerOptions& options, HttpHandler* handler);
  ~HttpServer();  // Stop()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // The bound address, "127.0.0.1:8080" ("[::1]:8080" for IPv6), with the real port.
  std::string address() const;

  // Stops accepting, closes every connection and joins the threads. Idempotent.
  void Stop();

  struct Impl;  // the server's state (http_server.cc; its sessions reach it)

 private:
  explicit HttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_HTTP_SERVER_H_
