// The HTTP/1.1 server under `judge serve`: Boost.Beast on Boost.Asio, used here only
// (http_server.cc). It parses requests into HttpRequest values, hands them to one
// HttpHandler and writes back its responses, including Server-Sent Event streams.
//
// Theory of operation
// -------------------
// One io_context runs on `threads` threads; every connection is a session on its own
// strand, so a session's steps never run at once. A request must arrive whole within
// request_timeout_ms (headers and body: a client that trickles bytes is cut off), its
// header within header_limit_bytes (else 431) and its body within body_limit_bytes
// (else 413); a request Beast cannot parse gets 400. Every such error is one JSON
// object {"error": ...} and the connection is closed; the server keeps serving.
// Connections beyond max_connections get 503 at once. The handler runs on the
// session's thread (it may block briefly on the database).
//
// An event stream is written as it comes: the server polls the stream when it is
// woken (EventSource::Subscribe) or every event_poll_ms, sends a comment line when
// nothing was sent for event_heartbeat_ms (which also finds clients that went
// away), and closes the connection when the stream is finished.
//
// Thread safety: Start, address and Stop are called from one thread (the owner's).
#ifndef JUDGE_SRC_SERVICE_HTTP_SERVER_H_
#define JUDGE_SRC_SERVICE_HTTP_SERVER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "http_types.h"
#include "judge/status.h"

namespace judge::service {

struct HttpServerOptions {
  std::string host = "127.0.0.1";  // an IP address (v4 or v6)
  int port = 8080;                 // 0: any free port (see address())
  int threads = 4;
  int64_t header_limit_bytes = 16 * 1024;
  int64_t body_limit_bytes = 8 << 20;
  int64_t request_timeout_ms = 10000;  // a whole request, and an idle keep-alive connection
  int64_t write_timeout_ms = 30000;    // a response (or one event) must be taken by then
  int max_connections = 256;
  int64_t event_poll_ms = 500;
  int64_t event_heartbeat_ms = 15000;
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
