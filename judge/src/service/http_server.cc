// The HTTP server on Boost.Beast (the theory of operation is in http_server.h). The
// only file that includes Beast or Asio.
#include "http_server.h"

#include <array>
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include "judge/judging/json.h"
#include "open_quota.h"

namespace judge::service {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using std::chrono::milliseconds;

int64_t SteadyMs() {
  return std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// What a Beast read error means to the client: the status and the message, or 0 when
// the connection is just closed (the client left). `deadline_ms` and `what` name the
// deadline that was running (the header's or the body's).
std::pair<int, std::string> ReadErrorResponse(const beast::error_code& ec, const HttpServerOptions& opt,
                                              int64_t deadline_ms, const std::string& what) {
  if (ec == http::error::end_of_stream || ec == net::error::eof || ec == net::error::connection_reset ||
      ec == net::error::operation_aborted)
    return {0, ""};
  if (ec == beast::error::timeout)
    return {408, "the request's " + what + " did not arrive within " + std::to_string(deadline_ms) + " ms"};
  if (ec == http::error::header_limit)
    return {431, "the request's header is over " + std::to_string(opt.header_limit_bytes) + " bytes"};
  if (ec == http::error::body_limit)
    return {413, "the request's body is over " + std::to_string(opt.body_limit_bytes) + " bytes"};
  return {400, "malformed HTTP request: " + ec.message()};
}

// What a connection may do, decided when it is accepted.
enum class Entry {
  kOpen,           // anything
  kAdminsOnly,     // one of the connections kept for admins: only admins' requests
  kServerFull,     // 503 at once
  kAddressFull,    // 429 at once: too many from this client's address
};

std::string AddressOf(const tcp::endpoint& endpoint) { return endpoint.address().to_string(); }

}  // namespace

struct HttpServer::Impl {
  HttpServerOptions opt;
  HttpHandler* handler = nullptr;
  // Before ioc: sessions still queued in ioc are destroyed with it and count down.
  std::atomic<int> connections{0};
  OpenQuota per_address;  // sessions hold slots: before ioc too
  bool stopped = false;
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::vector<std::thread> threads;

  void Log(const std::string& line) const {
    if (opt.log) opt.log(line);
  }
  void Accept();
  Entry Classify(bool address_slot) const;
};

namespace {

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, HttpServer::Impl* server, Entry entry, std::optional<OpenQuota::Slot> address_slot)
      : stream_(std::move(socket)),
        timer_(stream_.get_executor()),
        server_(server),
        entry_(entry),
        address_slot_(std::move(address_slot)) {
    ++server_->connections;
    beast::error_code ignored;
    peer_ = AddressOf(stream_.socket().remote_endpoint(ignored));
    const tcp::endpoint local = stream_.socket().local_endpoint(ignored);
    local_address_ = AddressOf(local);
    local_port_ = local.port();
  }
  ~Session() {
    if (unsubscribe_) unsubscribe_();
    --server_->connections;
  }

  void Start() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
      const HttpServerOptions& opt = self->opt();
      if (self->entry_ == Entry::kServerFull) {
        return self->Send(ErrorResponse(503, "the server has too many connections (" +
                                                 std::to_string(opt.max_connections) + "); try again"),
                          false);
      }
      if (self->entry_ == Entry::kAddressFull) {
        HttpResponse r = ErrorResponse(429, "too many connections from " + self->peer_ + " (at most " +
                                                std::to_string(opt.connections_per_address) +
                                                " at once): close one first");
        r.headers.emplace_back("Retry-After", "1");
        return self->Send(std::move(r), false);
      }
      self->ReadHeader();
    });
  }

 private:
  const HttpServerOptions& opt() const { return server_->opt; }

  // The request line and headers, under the header deadline.
  void ReadHeader() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(opt().header_limit_bytes));
    parser_->body_limit(static_cast<std::uint64_t>(opt().body_limit_bytes));
    StartDeadline(opt().header_deadline_ms);
    http::async_read_header(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->OnHeader(self->StopDeadline(ec));
    });
  }

  // A read's deadline is this timer, not the stream's expiry: an expired stream is
  // closed by Beast at once, and the client would never learn why (408).
  void StartDeadline(int64_t deadline_ms) {
    const uint64_t generation = ++deadline_generation_;
    timed_out_ = false;
    stream_.expires_never();
    timer_.expires_after(milliseconds(deadline_ms));
    timer_.async_wait([self = shared_from_this(), generation](beast::error_code ec) {
      if (ec || generation != self->deadline_generation_) return;  // the read ended first
      self->timed_out_ = true;
      beast::error_code ignored;
      self->stream_.socket().cancel(ignored);
    });
  }

  // Ends the running deadline; the read's error, a timeout when the deadline ended it.
  beast::error_code StopDeadline(beast::error_code ec) {
    ++deadline_generation_;
    timer_.cancel();
    if (timed_out_ && ec == net::error::operation_aborted) return beast::error::timeout;
    return ec;
  }

  void OnHeader(beast::error_code ec) {
    if (ec) return ReadFailed(ec, opt().header_deadline_ms, "request line and headers");
    request_ = Head(parser_->get());
    Admission admission = Admit();
    if (!admission.refusal && entry_ == Entry::kAdminsOnly && !admission.may_use_reserved) {
      admission.refusal = ErrorResponse(503, "the server has too many connections: the last " +
                                                 std::to_string(opt().admin_connections) + " of " +
                                                 std::to_string(opt().max_connections) +
                                                 " are kept for admins; try again");
    }
    if (admission.refusal) {
      // Refused with its body unread: the connection cannot carry another request.
      const bool reusable = parser_->is_done() && entry_ == Entry::kOpen && parser_->get().keep_alive();
      return Send(std::move(*admission.refusal), reusable);
    }
    if (parser_->is_done()) return Respond();
    if (beast::iequals(parser_->get()[http::field::expect], "100-continue")) return SendContinue();
    ReadBody();
  }

  // The client waits for this before it sends the body (curl does for large ones).
  void SendContinue() {
    static const std::string kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
    stream_.expires_after(milliseconds(opt().write_timeout_ms));
    net::async_write(stream_, net::buffer(kContinue), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->Close();
      self->ReadBody();
    });
  }

  // The body of an admitted request, under the body deadline.
  void ReadBody() {
    StartDeadline(opt().body_deadline_ms);
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      ec = self->StopDeadline(ec);
      if (ec) return self->ReadFailed(ec, self->opt().body_deadline_ms, "body");
      self->Respond();
    });
  }

  void ReadFailed(const beast::error_code& ec, int64_t deadline_ms, const std::string& what) {
    auto [status, message] = ReadErrorResponse(ec, opt(), deadline_ms, what);
    if (status == 0) return Close();
    Send(ErrorResponse(status, message), false);
  }

  HttpRequest Head(const http::request<http::string_body>& req) const {
    HttpRequest r;
    r.method = std::string(req.method_string());
    ParseTarget(std::string(req.target()), &r.path, &r.query);
    r.authorization = std::string(req[http::field::authorization]);
    r.host = std::string(req[http::field::host]);
    r.origin = std::string(req[http::field::origin]);
    r.content_type = std::string(req[http::field::content_type]);
    r.peer = peer_;
    r.local_address = local_address_;
    r.local_port = local_port_;
    return r;
  }

  Admission Admit() {
    try {
      return server_->handler->Admit(request_);
    } catch (const std::exception& e) {
      server_->Log("request " + request_.method + " " + request_.path + " threw: " + e.what());
      return Admission{ErrorResponse(500, std::string("the judge failed: ") + e.what()), false};
    }
  }

  void Respond() {
    request_.body = std::move(parser_->get().body());
    const bool keep_alive = parser_->get().keep_alive();
    HttpResponse res;
    try {
      res = server_->handler->Respond(request_);
    } catch (const std::exception& e) {
      server_->Log("request " + request_.method + " " + request_.path + " threw: " + e.what());
      res = ErrorResponse(500, std::string("the judge failed: ") + e.what());
    }
    request_ = HttpRequest();
    if (res.events) return StartEvents(std::move(res));
    Send(std::move(res), keep_alive);
  }

  void Send(HttpResponse res, bool keep_alive) {
    auto out = std::make_shared<http::response<http::string_body>>();
    out->version(11);
    out->result(static_cast<unsigned>(res.status));
    out->set(http::field::server, "judge");
    out->set(http::field::content_type, res.content_type);
    out->set("X-Content-Type-Options", "nosniff");
    for (const auto& [name, value] : res.headers) out->set(name, value);
    out->body() = std::move(res.body);
    out->keep_alive(keep_alive);
    out->prepare_payload();
    stream_.expires_after(milliseconds(opt().write_timeout_ms));
    http::async_write(stream_, *out, [self = shared_from_this(), out](beast::error_code ec, std::size_t) {
      if (ec) return self->Close();
      if (!out->keep_alive()) return self->Linger();
      self->ReadHeader();
    });
  }

  // After the last response: closing a socket with unread bytes from the client (a
  // body we refused, the rest of a trickled header) sends a reset, which can destroy
  // the response before the client reads it. So stop sending, read and drop what
  // still comes for a moment (at most kLingerMs and kLingerBytes), then close.
  void Linger() {
    static constexpr int64_t kLingerMs = 1000;
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(milliseconds(kLingerMs));
    Drain();
  }

  void Drain() {
    static constexpr std::size_t kLingerBytes = 1 << 20;
    stream_.async_read_some(net::buffer(hang_up_buffer_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              self->drained_bytes_ += n;
                              if (ec || self->drained_bytes_ > kLingerBytes) return self->Close();
                              self->Drain();
                            });
  }

  // The event stream: a close-delimited body written as events come.
  void StartEvents(HttpResponse res) {
    events_ = std::move(res.events);
    stream_started_ms_ = SteadyMs();
    std::string head =
        "HTTP/1.1 200 OK\r\nServer: judge\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
        "X-Content-Type-Options: nosniff\r\nConnection: close\r\n";
    for (const auto& [name, value] : res.headers) head += name + ": " + value + "\r\n";
    pending_ = head + "\r\n";
    std::weak_ptr<Session> weak = weak_from_this();
    unsubscribe_ = events_->Subscribe([weak] {
      if (auto self = weak.lock()) {
        net::post(self->stream_.get_executor(), [self] {
          self->woken_ = true;
          self->timer_.cancel();
        });
      }
    });
    WatchForHangUp();
    WriteEvents(false);
  }

  // A stream's client sends nothing more; a read that ends means it has gone. Found
  // at once so its connection (and its place in the limits) is free at once, not at
  // the next heartbeat's failed write.
  void WatchForHangUp() {
    stream_.socket().async_read_some(net::buffer(hang_up_buffer_),
                                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                       if (ec) return self->Close();
                                       self->WatchForHangUp();  // bytes after the request: ignored
                                     });
  }

  void PollEvents() {
    if (closed_) return;
    bool finished = false;
    Result<std::string> text = events_->Poll(&finished);
    if (!text.ok()) {
      server_->Log("event stream: " + text.status().message());
      pending_ = "event: error\ndata: " + DumpJson(Json{{"error", text.status().message()}}, -1) + "\n\n";
      return WriteEvents(true);
    }
    pending_ = std::move(text).value();
    if (!finished && StreamExpired()) {
      // Bounded, so a stream on a submission that waits long holds its connection no
      // longer than this; the client connects again if it still cares.
      pending_ += ": this stream was open " + std::to_string(opt().stream_lifetime_ms) +
                  " ms, its longest: connect again to follow\n\n";
      return WriteEvents(true);
    }
    if (pending_.empty() && SteadyMs() - last_write_ms_ >= opt().event_heartbeat_ms) pending_ = ": keep-alive\n\n";
    if (!pending_.empty()) return WriteEvents(finished);
    if (finished) return Close();
    Wait();
  }

  bool StreamExpired() const {
    return opt().stream_lifetime_ms > 0 && SteadyMs() - stream_started_ms_ >= opt().stream_lifetime_ms;
  }

  void WriteEvents(bool finished) {
    stream_.expires_after(milliseconds(opt().write_timeout_ms));
    net::async_write(stream_, net::buffer(pending_),
                     [self = shared_from_this(), finished](beast::error_code ec, std::size_t) {
                       self->last_write_ms_ = SteadyMs();
                       if (ec || finished) return self->Close();
                       self->Wait();
                     });
  }

  void Wait() {
    if (closed_) return;
    if (woken_) {
      woken_ = false;
      return PollEvents();
    }
    timer_.expires_after(milliseconds(opt().event_poll_ms));
    timer_.async_wait([self = shared_from_this()](beast::error_code) {
      self->woken_ = false;
      self->PollEvents();
    });
  }

  void Close() {
    closed_ = true;
    timer_.cancel();
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.socket().close(ignored);
  }

  beast::tcp_stream stream_;
  net::steady_timer timer_;
  HttpServer::Impl* server_;
  const Entry entry_;
  std::optional<OpenQuota::Slot> address_slot_;  // counts this connection against its address
  std::string peer_, local_address_;
  int local_port_ = 0;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  HttpRequest request_;  // the request being read (its head once the header is in)
  std::shared_ptr<EventSource> events_;
  std::function<void()> unsubscribe_;
  std::string pending_;
  bool woken_ = false;
  int64_t last_write_ms_ = 0;
  int64_t stream_started_ms_ = 0;
  bool closed_ = false;
  uint64_t deadline_generation_ = 0;  // the running read deadline's; a stale timer does nothing
  bool timed_out_ = false;            // the running read was ended by its deadline
  std::size_t drained_bytes_ = 0;
  std::array<char, 4096> hang_up_buffer_{};
};

}  // namespace

void HttpServer::Impl::Accept() {
  acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
    if (ec) {
      Log("accepting a connection: " + ec.message());
    } else {
      beast::error_code ignored;
      const std::string peer = AddressOf(socket.remote_endpoint(ignored));
      std::optional<OpenQuota::Slot> slot = per_address.TryOpen(peer, opt.connections_per_address);
      const Entry entry = Classify(slot.has_value());
      std::make_shared<Session>(std::move(socket), this, entry, std::move(slot))->Start();
    }
    Accept();
  });
}

// Accepts run one at a time (one async_accept is pending), so the count read here is
// not raced by another accept; connections that close meanwhile only make it lower.
Entry HttpServer::Impl::Classify(bool address_slot) const {
  const int open = connections.load();
  if (open >= opt.max_connections) return Entry::kServerFull;
  if (!address_slot) return Entry::kAddressFull;
  if (open >= opt.max_connections - opt.admin_connections) return Entry::kAdminsOnly;
  return Entry::kOpen;
}

HttpServer::HttpServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

HttpServer::~HttpServer() { Stop(); }

Result<std::unique_ptr<HttpServer>> HttpServer::Start(const HttpServerOptions& options, HttpHandler* handler) {
  auto impl = std::make_unique<Impl>();
  impl->opt = options;
  impl->handler = handler;
  const std::string where = "cannot listen on " + options.host + ":" + std::to_string(options.port);
  beast::error_code ec;
  auto address = net::ip::make_address(options.host, ec);
  if (ec) return Status::InvalidArgument(where + ": '" + options.host + "' is not an IP address");
  tcp::endpoint endpoint(address, static_cast<unsigned short>(options.port));
  impl->acceptor.open(endpoint.protocol(), ec);
  if (!ec) impl->acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) impl->acceptor.bind(endpoint, ec);
  if (!ec) impl->acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return Status::IoError(where + ": " + ec.message());
  impl->Accept();
  for (int i = 0; i < std::max(1, options.threads); ++i) {
    Impl* raw = impl.get();
    impl->threads.emplace_back([raw] { raw->ioc.run(); });
  }
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(impl)));
}

std::string HttpServer::address() const {
  beast::error_code ec;
  auto endpoint = impl_->acceptor.local_endpoint(ec);
  if (ec) return "";
  std::string host = endpoint.address().to_string();
  if (endpoint.address().is_v6()) host = "[" + host + "]";
  return host + ":" + std::to_string(endpoint.port());
}

void HttpServer::Stop() {
  if (!impl_ || impl_->stopped) return;
  impl_->stopped = true;
  net::post(impl_->ioc, [impl = impl_.get()] {
    beast::error_code ignored;
    impl->acceptor.close(ignored);
  });
  impl_->ioc.stop();
  for (auto& t : impl_->threads) t.join();
  impl_->threads.clear();
}

}  // namespace judge::service
