// The HTTP server on Boost.Beast (the theory of operation is in http_server.h). The
// only file that includes Beast or Asio.
#include "http_server.h"

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

#include "judge/json.h"

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
// the connection is just closed (the client left, or was too slow to answer).
std::pair<int, std::string> ReadErrorResponse(const beast::error_code& ec, const HttpServerOptions& opt) {
  if (ec == http::error::end_of_stream || ec == net::error::eof || ec == net::error::connection_reset ||
      ec == net::error::operation_aborted)
    return {0, ""};
  if (ec == beast::error::timeout)
    return {408, "the request did not arrive within " + std::to_string(opt.request_timeout_ms) + " ms"};
  if (ec == http::error::header_limit)
    return {431, "the request's header is over " + std::to_string(opt.header_limit_bytes) + " bytes"};
  if (ec == http::error::body_limit)
    return {413, "the request's body is over " + std::to_string(opt.body_limit_bytes) + " bytes"};
  return {400, "malformed HTTP request: " + ec.message()};
}

}  // namespace

struct HttpServer::Impl {
  HttpServerOptions opt;
  HttpHandler* handler = nullptr;
  // Before ioc: sessions still queued in ioc are destroyed with it and count down.
  std::atomic<int> connections{0};
  bool stopped = false;
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::vector<std::thread> threads;

  void Log(const std::string& line) const {
    if (opt.log) opt.log(line);
  }
  void Accept();
};

namespace {

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, HttpServer::Impl* server)
      : stream_(std::move(socket)), timer_(stream_.get_executor()), server_(server) {
    ++server_->connections;
  }
  ~Session() {
    if (unsubscribe_) unsubscribe_();
    --server_->connections;
  }

  void Start(bool reject) {
    net::dispatch(stream_.get_executor(), [self = shared_from_this(), reject] {
      if (reject) {
        self->Send(ErrorResponse(503, "the server has too many connections (" +
                                          std::to_string(self->server_->opt.max_connections) + "); try again"),
                   false);
      } else {
        self->Read();
      }
    });
  }

 private:
  const HttpServerOptions& opt() const { return server_->opt; }

  void Read() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(opt().header_limit_bytes));
    parser_->body_limit(static_cast<std::uint64_t>(opt().body_limit_bytes));
    stream_.expires_after(milliseconds(opt().request_timeout_ms));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->OnRead(ec); });
  }

  void OnRead(beast::error_code ec) {
    if (ec) {
      auto [status, message] = ReadErrorResponse(ec, opt());
      if (status == 0) return Close();
      return Send(ErrorResponse(status, message), false);
    }
    http::request<http::string_body> req = parser_->release();
    HttpRequest r;
    r.method = std::string(req.method_string());
    ParseTarget(std::string(req.target()), &r.path, &r.query);
    r.authorization = std::string(req[http::field::authorization]);
    r.body = std::move(req.body());
    beast::error_code ignored;
    auto peer = stream_.socket().remote_endpoint(ignored);
    r.peer = ignored ? "" : peer.address().to_string();
    HttpResponse res;
    try {
      res = server_->handler->Handle(r);
    } catch (const std::exception& e) {
      server_->Log(std::string("request ") + r.method + " " + r.path + " threw: " + e.what());
      res = ErrorResponse(500, std::string("the judge failed: ") + e.what());
    }
    if (res.events) return StartEvents(std::move(res));
    Send(std::move(res), req.keep_alive());
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
      if (ec || !out->keep_alive()) return self->Close();
      self->Read();
    });
  }

  // The event stream: a close-delimited body written as events come.
  void StartEvents(HttpResponse res) {
    events_ = std::move(res.events);
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
    WriteEvents(false);
  }

  void PollEvents() {
    bool finished = false;
    Result<std::string> text = events_->Poll(&finished);
    if (!text.ok()) {
      server_->Log("event stream: " + text.status().message());
      pending_ = "event: error\ndata: " + DumpJson(Json{{"error", text.status().message()}}, -1) + "\n\n";
      return WriteEvents(true);
    }
    pending_ = std::move(text).value();
    if (pending_.empty() && SteadyMs() - last_write_ms_ >= opt().event_heartbeat_ms) pending_ = ": keep-alive\n\n";
    if (!pending_.empty()) return WriteEvents(finished);
    if (finished) return Close();
    Wait();
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
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.socket().close(ignored);
  }

  beast::tcp_stream stream_;
  net::steady_timer timer_;
  HttpServer::Impl* server_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<EventSource> events_;
  std::function<void()> unsubscribe_;
  std::string pending_;
  bool woken_ = false;
  int64_t last_write_ms_ = 0;
};

}  // namespace

void HttpServer::Impl::Accept() {
  acceptor.async_accept(net::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
    if (ec) {
      Log("accepting a connection: " + ec.message());
    } else {
      const bool reject = connections.load() >= opt.max_connections;
      std::make_shared<Session>(std::move(socket), this)->Start(reject);
    }
    Accept();
  });
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
