// The HTTP server on Boost.Beast (the theory of operation is in http_server.h). The
// only file that includes Beast or Asio.
#include "http_server.h"

#include <algorithm>
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
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "judge/base/clock.h"
#include "judge/judging/json.h"
#include "open_quota.h"
#include "url_parse.h"

namespace judge::service {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using std::chrono::milliseconds;

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

// The client as the limits count it: an IPv4 address (also when it comes mapped into
// IPv6), or an IPv6 address's /64, which is one network's and is handed out whole to
// one machine or hall, so its 2^64 addresses are one client, not 2^64.
std::string ClientOf(const net::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  net::ip::address_v6 v6 = address.to_v6();
  if (v6.is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, v6).to_string();
  net::ip::address_v6::bytes_type bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return net::ip::address_v6(bytes).to_string() + "/64";
}

class Session;

}  // namespace

struct HttpServer::Impl {
  HttpServerOptions opt;
  HttpHandler* handler = nullptr;
  // Before ioc: sessions still queued in ioc are destroyed with it and count down.
  std::atomic<int> connections{0};
  OpenQuota per_address;  // sessions hold slots: before ioc too
  bool stopped = false;
  // Connections waiting for a request (idle after a response, or new, or trickling a
  // header) that have never shown an admin's token, oldest wait first: when every
  // place but the admins' is taken, the oldest is closed for the newcomer.
  std::mutex idle_mu;
  std::map<uint64_t, std::weak_ptr<Session>> idle;  // by the order they began to wait
  uint64_t idle_seq = 0;
  std::atomic<int> evicting{0};  // closed for a newcomer, not yet gone: no longer counted
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::vector<std::thread> threads;

  void Log(const std::string& line) const {
    if (opt.log) opt.log(line);
  }
  void Accept();
  Entry Classify(bool address_slot);
  uint64_t MarkIdle(const std::shared_ptr<Session>& session);
  void ClearIdle(uint64_t seq);
  bool EvictIdle();
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
    const tcp::endpoint remote = stream_.socket().remote_endpoint(ignored);
    peer_ = AddressOf(remote);
    client_ = ClientOf(remote.address());
    const tcp::endpoint local = stream_.socket().local_endpoint(ignored);
    local_address_ = AddressOf(local);
    local_port_ = local.port();
  }
  ~Session() {
    if (unsubscribe_) unsubscribe_();
    if (evicted_.exchange(false)) --server_->evicting;
    --server_->connections;
  }

  // Called by the accepting thread with the idle list's lock held: this connection is
  // closed for a newcomer if it still waits for the request it waited for then (wait
  // `seq`); if a request came first, it stays and is counted again. False when it is
  // being closed for another newcomer already.
  bool Evict(uint64_t seq) {
    if (evicted_.exchange(true)) return false;
    ++server_->evicting;
    net::post(stream_.get_executor(), [self = shared_from_this(), seq] {
      if (self->idle_seq_ == seq) return self->Close();
      self->evicted_ = false;
      --self->server_->evicting;
    });
    return true;
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
    if (!shown_admin_) idle_seq_ = server_->MarkIdle(shared_from_this());
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
    ClearIdle();
    if (ec) return ReadFailed(ec, opt().header_deadline_ms, "request line and headers");
    Result<HttpRequest> head = Head(parser_->get());
    if (!head.ok()) return Send(ErrorResponse(400, head.status().message()), false);
    request_ = std::move(head).value();
    Admission admission = Admit();
    // A connection that has shown an admin's token is the admin's: its later requests
    // (the page's files, which a browser sends without the token) may use it too.
    if (!admission.refusal && admission.may_use_reserved) shown_admin_ = true;
    if (!admission.refusal && entry_ == Entry::kAdminsOnly && !shown_admin_) {
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

  // The request's head; InvalidArgument for a target that is not a path and query.
  Result<HttpRequest> Head(const http::request<http::string_body>& req) const {
    HttpRequest r;
    r.method = std::string(req.method_string());
    JUDGE_ASSIGN_OR_RETURN(RequestTarget target, ParseRequestTarget(std::string_view(req.target())));
    r.path = std::move(target.path);
    r.query = std::move(target.query);
    r.authorization = std::string(req[http::field::authorization]);
    r.host = std::string(req[http::field::host]);
    r.origin = std::string(req[http::field::origin]);
    r.content_type = std::string(req[http::field::content_type]);
    r.peer = peer_;
    r.client = client_;
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
    stream_started_ms_ = SystemClock()->NowSteadyMs();
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
    if (pending_.empty() && SystemClock()->NowSteadyMs() - last_write_ms_ >= opt().event_heartbeat_ms)
      pending_ = ": keep-alive\n\n";
    if (!pending_.empty()) return WriteEvents(finished);
    if (finished) return Close();
    Wait();
  }

  bool StreamExpired() const {
    return opt().stream_lifetime_ms > 0 &&
           SystemClock()->NowSteadyMs() - stream_started_ms_ >= opt().stream_lifetime_ms;
  }

  void WriteEvents(bool finished) {
    stream_.expires_after(milliseconds(opt().write_timeout_ms));
    net::async_write(stream_, net::buffer(pending_),
                     [self = shared_from_this(), finished](beast::error_code ec, std::size_t) {
                       self->last_write_ms_ = SystemClock()->NowSteadyMs();
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

  void ClearIdle() {
    if (idle_seq_ == 0) return;
    server_->ClearIdle(idle_seq_);
    idle_seq_ = 0;
  }

  void Close() {
    ClearIdle();
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
  std::string peer_, client_, local_address_;
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
  bool shown_admin_ = false;          // a request of this connection was admitted as an admin's
  uint64_t idle_seq_ = 0;             // its place in the idle list while it waits for a request; 0: none
  std::atomic<bool> evicted_{false};  // closed for a newcomer (counted in evicting until it is gone)
};

}  // namespace

void HttpServer::Impl::Accept() {
  acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
    if (ec) {
      Log("accepting a connection: " + ec.message());
    } else {
      beast::error_code ignored;
      const std::string client = ClientOf(socket.remote_endpoint(ignored).address());
      std::optional<OpenQuota::Slot> slot = per_address.TryOpen(client, opt.connections_per_address);
      const Entry entry = Classify(slot.has_value());
      std::make_shared<Session>(std::move(socket), this, entry, std::move(slot))->Start();
    }
    Accept();
  });
}

// Accepts run one at a time (one async_accept is pending), so the count read here is
// not raced by another accept; connections that close meanwhile only make it lower.
// When every place but the admins' is taken, the connection that has waited longest
// for a request (and never showed an admin's token) is closed, and the newcomer takes
// its place: idle keep-alive connections cannot shut out a client that has something
// to ask.
Entry HttpServer::Impl::Classify(bool address_slot) {
  int open = connections.load() - evicting.load();
  if (!address_slot) return open >= opt.max_connections ? Entry::kServerFull : Entry::kAddressFull;
  if (open >= opt.max_connections - opt.admin_connections && EvictIdle()) --open;
  if (open >= opt.max_connections) return Entry::kServerFull;
  if (open >= opt.max_connections - opt.admin_connections) return Entry::kAdminsOnly;
  return Entry::kOpen;
}

uint64_t HttpServer::Impl::MarkIdle(const std::shared_ptr<Session>& session) {
  std::lock_guard<std::mutex> lock(idle_mu);
  const uint64_t seq = ++idle_seq;
  idle.emplace(seq, session);
  return seq;
}

void HttpServer::Impl::ClearIdle(uint64_t seq) {
  std::lock_guard<std::mutex> lock(idle_mu);
  idle.erase(seq);
}

bool HttpServer::Impl::EvictIdle() {
  std::lock_guard<std::mutex> lock(idle_mu);
  while (!idle.empty()) {
    auto oldest = idle.begin();
    const uint64_t seq = oldest->first;
    std::shared_ptr<Session> session = oldest->second.lock();
    idle.erase(oldest);
    if (session && session->Evict(seq)) return true;  // else going away already
  }
  return false;
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
