#include "origin_policy.h"

#include <cctype>
#include <optional>

namespace judge::service {
namespace {

std::string Lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

struct Authority {
  std::string name;  // lower case; an IPv6 address without its brackets
  int port = 0;
};

// "name", "name:port", "[v6]" or "[v6]:port"; nullopt when malformed.
std::optional<Authority> ParseAuthority(const std::string& text, int default_port) {
  Authority a;
  std::string port;
  if (!text.empty() && text.front() == '[') {
    const std::size_t close = text.find(']');
    if (close == std::string::npos) return std::nullopt;
    a.name = text.substr(1, close - 1);
    const std::string rest = text.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return std::nullopt;
    if (!rest.empty()) port = rest.substr(1);
  } else {
    const std::size_t colon = text.find(':');
    a.name = text.substr(0, colon);
    if (colon != std::string::npos) port = text.substr(colon + 1);
  }
  if (a.name.empty()) return std::nullopt;
  a.name = Lower(a.name);
  if (port.empty()) {
    a.port = default_port;
  } else {
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    a.port = std::stoi(port);
  }
  return a;
}

// An IPv4 address seen through a dual-stack IPv6 socket ("::ffff:10.0.0.1") as itself.
std::string Unmapped(const std::string& address) {
  const std::string prefix = "::ffff:";
  if (address.rfind(prefix, 0) == 0 && address.find('.') != std::string::npos) return address.substr(prefix.size());
  return address;
}

bool Accepted(const Authority& a, const HttpRequest& head, const std::vector<std::string>& allowed_hosts) {
  for (const auto& name : allowed_hosts)
    if (Lower(name) == a.name) return true;
  if (a.port != head.local_port) return false;
  return a.name == "localhost" || a.name == "127.0.0.1" || a.name == "::1" ||
         Unmapped(a.name) == Unmapped(Lower(head.local_address));
}

std::string Expected(const HttpRequest& head) {
  std::string self = Unmapped(head.local_address);
  if (self.find(':') != std::string::npos) self = "[" + self + "]";
  const std::string port = ":" + std::to_string(head.local_port);
  return "this server's address (" + self + port + ", localhost" + port + ") or a name given with --allow-host";
}

Status CheckHost(const HttpRequest& head, const std::vector<std::string>& allowed_hosts) {
  if (head.host.empty()) return Status::Ok();
  std::optional<Authority> a = ParseAuthority(head.host, 80);
  if (a && Accepted(*a, head, allowed_hosts)) return Status::Ok();
  return Status::InvalidArgument("Host '" + head.host.substr(0, 200) + "': expected " + Expected(head));
}

Status CheckOrigin(const HttpRequest& head, const std::vector<std::string>& allowed_hosts) {
  if (head.origin.empty()) return Status::Ok();
  const std::string origin = Lower(head.origin);
  std::optional<Authority> a;
  if (origin.rfind("http://", 0) == 0) a = ParseAuthority(origin.substr(7), 80);
  else if (origin.rfind("https://", 0) == 0) a = ParseAuthority(origin.substr(8), 443);
  if (a && a->name.find('/') == std::string::npos && Accepted(*a, head, allowed_hosts)) return Status::Ok();
  return Status::InvalidArgument("Origin '" + head.origin.substr(0, 200) +
                                 "': a page of another site may not use this server (expected the origin of " +
                                 Expected(head) + ")");
}

}  // namespace

Status CheckHostAndOrigin(const HttpRequest& head, const std::vector<std::string>& allowed_hosts) {
  Status host = CheckHost(head, allowed_hosts);
  if (!host.ok()) return host;
  return CheckOrigin(head, allowed_hosts);
}

}  // namespace judge::service
