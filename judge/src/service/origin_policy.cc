#include "origin_policy.h"

#include <cctype>
#include <optional>

#include "url_parse.h"

namespace judge::service {
namespace {

std::string Lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// An IPv4 address seen through a dual-stack IPv6 socket ("::ffff:10.0.0.1") as itself.
std::string Unmapped(const std::string& address) {
  const std::string prefix = "::ffff:";
  if (address.rfind(prefix, 0) == 0 && address.find('.') != std::string::npos) return address.substr(prefix.size());
  return address;
}

bool Accepted(const HostPort& a, const HttpRequest& head, const std::vector<std::string>& allowed_hosts) {
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
  std::optional<HostPort> a = ParseHostHeader(head.host, 80);
  if (a && Accepted(*a, head, allowed_hosts)) return Status::Ok();
  return Status::InvalidArgument("Host '" + head.host.substr(0, 200) + "': expected " + Expected(head));
}

Status CheckOrigin(const HttpRequest& head, const std::vector<std::string>& allowed_hosts) {
  if (head.origin.empty()) return Status::Ok();
  std::optional<HostPort> a = ParseOrigin(head.origin);
  if (a && Accepted(*a, head, allowed_hosts)) return Status::Ok();
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
