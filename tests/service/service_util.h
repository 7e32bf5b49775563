// Helpers for the service's end-to-end tests: a child process whose stdout is read
// line by line (judge serve, judge worker), a tiny HTTP/1.1 client over a raw socket
// (so tests can also send what no proper client would), and small problem packages.
#ifndef JUDGE_TESTS_SERVICE_SERVICE_UTIL_H_
#define JUDGE_TESTS_SERVICE_SERVICE_UTIL_H_

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "judge/base/process.h"
#include "support/files.h"
#include "support/temp_dir.h"

namespace judge::servicetest {

using nlohmann::json;
using SteadyClock = std::chrono::steady_clock;

using testing_support::ReadFile;
using testing_support::TempDir;
using testing_support::WriteFile;

// a b -> a+b with `tests` secret tests; each test's input also tells the solution how
// many milliseconds of CPU to burn (for tests that need a judging to take a while).
inline void MakeSumPackage(const std::string& dir, int tests, int time_ms = 2000) {
  WriteFile(dir + "/problem.yaml", "name: Sum\nlimits:\n  time_ms: " + std::to_string(time_ms) +
                                       "\n  memory_kib: 65536\nchecker:\n  type: tokens\n");
  for (int i = 1; i <= tests; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "%02d", i);
    WriteFile(dir + "/data/secret/" + name + ".in", std::to_string(i) + " " + std::to_string(10 * i) + "\n");
    WriteFile(dir + "/data/secret/" + name + ".ans", std::to_string(11 * i) + "\n");
  }
}

inline const char* kSumOk =
    "#include <cstdio>\nint main(){long a,b; if(scanf(\"%ld %ld\",&a,&b)!=2) return 1; printf(\"%ld\\n\",a+b);}\n";
inline const char* kSumWrong = "#include <cstdio>\nint main(){long a,b; scanf(\"%ld %ld\",&a,&b); printf(\"%ld\\n\",a-b);}\n";
inline const char* kSumCompileError = "int main() { this is not C++; }\n";
// Right answers, after burning about `ms` of CPU per test.
inline std::string SumSlow(int ms) {
  return "#include <cstdio>\n#include <ctime>\nint main(){long a,b; if(scanf(\"%ld %ld\",&a,&b)!=2) return 1;\n"
         "clock_t end = clock() + " + std::to_string(ms) + " * (CLOCKS_PER_SEC / 1000);\n"
         "volatile unsigned long x = 0; while (clock() < end) x = x + 1;\nprintf(\"%ld\\n\",a+b);}\n";
}

// A child process with stdout (and stderr, merged) read through a pipe.
class Child {
 public:
  // argv[0] a path or a name in PATH; env_extra "NAME=value" entries set for the
  // child only. A child that cannot start has pid() -1 and output() saying why.
  explicit Child(const std::vector<std::string>& argv, const std::vector<std::string>& env_extra = {}) {
    ProcessSpec spec;
    spec.argv = argv;
    for (const auto& e : env_extra) {
      const auto eq = e.find('=');
      spec.env.emplace_back(e.substr(0, eq), eq == std::string::npos ? "" : e.substr(eq + 1));
    }
    Result<std::unique_ptr<ChildProcess>> started = ChildProcess::Start(spec);
    if (started.ok()) process_ = std::move(started).value();
    else output_ = started.status().message();
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  pid_t pid() const { return process_ ? process_->pid() : -1; }

  // Reads output until a line starting with `prefix` (returned whole), EOF or timeout
  // (""). Everything read is kept in output().
  std::string WaitForLine(const std::string& prefix, int timeout_ms = 60000) {
    const auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      std::size_t start = 0;
      while (true) {
        std::size_t nl = output_.find('\n', start);
        if (nl == std::string::npos) break;
        std::string line = output_.substr(start, nl - start);
        if (line.rfind(prefix, 0) == 0 && seen_lines_.insert(start).second) return line;
        start = nl + 1;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
      if (left <= 0 || !ReadSome(static_cast<int>(left))) return "";
    }
  }
  // Reads whatever output is there now (without waiting long).
  const std::string& output() {
    while (ReadSome(0)) {
    }
    return output_;
  }

  void Signal(int sig) {
    if (process_) process_->Signal(sig);
  }
  // Waits for the exit; the exit code, or 128 + signal (-1: it never started).
  int Wait() { return process_ ? process_->Wait() : -1; }

 private:
  bool ReadSome(int timeout_ms) {
    if (!process_) return false;
    pollfd p{process_->output_fd(), POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return false;
    char buf[4096];
    ssize_t n = read(p.fd, buf, sizeof buf);
    if (n <= 0) return false;
    output_.append(buf, static_cast<std::size_t>(n));
    return true;
  }
  std::unique_ptr<ChildProcess> process_;  // owns the child: killed and reaped at the end
  std::string output_;
  std::set<std::size_t> seen_lines_;
};

struct HttpReply {
  int status = 0;  // 0: no answer (connection failed or closed)
  std::map<std::string, std::string> headers;  // lower-case names
  std::string body;
  json Json() const {
    try {
      return json::parse(body);
    } catch (...) {
      return json();
    }
  }
};

// A TCP connection to "host:port" (IPv4), from `source` when given: any 127.x.y.z
// reaches a server on 127.0.0.1, so a test can be several clients' addresses.
inline int Connect(const std::string& address, const std::string& source = "") {
  const std::size_t colon = address.rfind(':');
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(static_cast<uint16_t>(std::stoi(address.substr(colon + 1))));
  inet_pton(AF_INET, address.substr(0, colon).c_str(), &sa.sin_addr);
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (!source.empty()) {
    sockaddr_in from{};
    from.sin_family = AF_INET;
    inet_pton(AF_INET, source.c_str(), &from.sin_addr);
    if (bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      close(fd);
      return -1;
    }
  }
  if (connect(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
    close(fd);
    return -1;
  }
  timeval tv{60, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return fd;
}

inline bool SendAll(int fd, const std::string& data) {
  std::size_t sent = 0;
  while (sent < data.size()) {
    ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// Parses one response (Content-Length or close-delimited) from what `fd` sends.
inline HttpReply ReadReply(int fd) {
  std::string data;
  char buf[65536];
  HttpReply r;
  std::size_t header_end = std::string::npos;
  int64_t length = -1;
  while (true) {
    if (header_end == std::string::npos) {
      header_end = data.find("\r\n\r\n");
      if (header_end != std::string::npos) {
        std::istringstream head(data.substr(0, header_end));
        std::string line;
        std::getline(head, line);
        if (line.size() > 12) r.status = std::atoi(line.substr(9, 3).c_str());
        while (std::getline(head, line)) {
          if (!line.empty() && line.back() == '\r') line.pop_back();
          auto colon = line.find(':');
          if (colon == std::string::npos) continue;
          std::string name = line.substr(0, colon);
          for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          r.headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
        }
        if (r.headers.count("content-length")) length = std::stoll(r.headers["content-length"]);
      }
    }
    if (header_end != std::string::npos && length >= 0 &&
        data.size() >= header_end + 4 + static_cast<std::size_t>(length))
      break;
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    data.append(buf, static_cast<std::size_t>(n));
  }
  if (header_end != std::string::npos) {
    r.body = data.substr(header_end + 4);
    if (length >= 0 && r.body.size() > static_cast<std::size_t>(length)) r.body.resize(static_cast<std::size_t>(length));
  }
  return r;
}

// What `fd` sends within timeout_ms, until the peer closes; *closed tells whether it did.
inline std::string ReadUntilClosed(int fd, int timeout_ms, bool* closed) {
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeout_ms);
  std::string data;
  *closed = false;
  char buf[65536];
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (left <= 0 || poll(&p, 1, static_cast<int>(left)) <= 0) return data;
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
      *closed = true;
      return data;
    }
    data.append(buf, static_cast<std::size_t>(n));
  }
}

// The status line and headers of a response that may go on (an event stream), read
// within timeout_ms; status 0 when none came. The body read with them is in body.
inline HttpReply ReadHead(int fd, int timeout_ms = 30000) {
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeout_ms);
  std::string data;
  char buf[4096];
  HttpReply r;
  while (data.find("\r\n\r\n") == std::string::npos) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    pollfd p{fd, POLLIN, 0};
    if (left <= 0 || poll(&p, 1, static_cast<int>(left)) <= 0) return r;
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return r;
    data.append(buf, static_cast<std::size_t>(n));
  }
  const std::size_t end = data.find("\r\n\r\n");
  if (data.size() > 12) r.status = std::atoi(data.substr(9, 3).c_str());
  r.body = data.substr(end + 4);
  return r;
}

// One request sent as written, its response read (the connection then closed).
inline HttpReply Raw(const std::string& address, const std::string& request) {
  int fd = Connect(address);
  if (fd < 0) return HttpReply{};
  HttpReply r;
  if (SendAll(fd, request)) r = ReadReply(fd);
  close(fd);
  return r;
}

inline HttpReply Http(const std::string& address, const std::string& method, const std::string& path,
                      const std::string& body = "", const std::string& token = "",
                      const std::string& extra_headers = "") {
  int fd = Connect(address);
  if (fd < 0) return HttpReply{};
  std::string req = method + " " + path + " HTTP/1.1\r\nHost: " + address + "\r\nConnection: close\r\n";
  if (!token.empty()) req += "Authorization: Bearer " + token + "\r\n";
  if (!body.empty() || method == "POST") {
    req += "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  }
  req += extra_headers + "\r\n" + body;
  HttpReply r;
  if (SendAll(fd, req)) r = ReadReply(fd);
  close(fd);
  return r;
}

inline std::string SubmitBody(const std::string& problem, const std::string& filename, const std::string& source) {
  return json{{"problem", problem}, {"filename", filename}, {"source", source}}.dump();
}

// Polls GET /api/v1/submissions/{id} until its status is done or failed (or timeout).
inline json WaitDone(const std::string& address, int64_t id, const std::string& token = "", int timeout_ms = 180000) {
  const auto deadline = SteadyClock::now() + std::chrono::milliseconds(timeout_ms);
  json last;
  while (SteadyClock::now() < deadline) {
    HttpReply r = Http(address, "GET", "/api/v1/submissions/" + std::to_string(id), "", token);
    last = r.Json();
    if (last.is_object() && (last.value("status", "") == "done" || last.value("status", "") == "failed")) return last;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return last;
}

#ifdef JUDGE_EXE
// The `judge serve` child of a test: started with the args, its address read from
// "judge serve: listening on http://ADDR/".
struct Server {
  std::unique_ptr<Child> child;
  std::string address;
};

inline Server StartServe(const std::vector<std::string>& extra_args) {
  std::vector<std::string> argv = {JUDGE_EXE, "serve", "--listen", "127.0.0.1:0"};
  argv.insert(argv.end(), extra_args.begin(), extra_args.end());
  Server s;
  s.child = std::make_unique<Child>(argv);
  std::string line = s.child->WaitForLine("judge serve: listening on http://");
  if (!line.empty()) {
    s.address = line.substr(std::string("judge serve: listening on http://").size());
    if (!s.address.empty() && s.address.back() == '/') s.address.pop_back();
  }
  return s;
}
#endif  // JUDGE_EXE

}  // namespace judge::servicetest

#endif  // JUDGE_TESTS_SERVICE_SERVICE_UTIL_H_
