// The URL pieces of an HTTP request, parsed by Boost.URL (RFC 3986): the request
// target (origin form, "/path?query") and the authorities the Host and Origin headers
// name. This file is the service's only use of Boost.URL.
//
// Pure functions of their arguments; thread-safe.
#ifndef JUDGE_SRC_SERVICE_URL_PARSE_H_
#define JUDGE_SRC_SERVICE_URL_PARSE_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "judge/base/status.h"

namespace judge::service {

// A request target split and percent-decoded: the path, and the query's pairs with
// "+" read as a space (a key without "=" has the value ""; of a repeated key the last
// wins; empty pairs, "a&&b", are skipped).
struct RequestTarget {
  std::string path;
  std::map<std::string, std::string> query;
};

// InvalidArgument "request target '...': ..." when `target` is not in origin form
// (it must start with "/"; a malformed %XX, a fragment or a character RFC 3986 does
// not allow is refused).
Result<RequestTarget> ParseRequestTarget(std::string_view target);

// A host and its port, as a Host or Origin header names them.
struct HostPort {
  std::string name;  // lower case; an IP address in its canonical text, IPv6 without brackets
  int port = 0;      // the port given, else the scheme's default
};

// A Host header: "name", "name:port", "IPv4[:port]", "[IPv6][:port]"; `default_port`
// when it gives none. nullopt when malformed, empty, or percent-encoded (no browser
// sends that), or with a user name.
std::optional<HostPort> ParseHostHeader(std::string_view host, int default_port);

// An Origin header: http:// or https:// and an authority (default ports 80 and 443),
// nothing after it (no path, query, fragment or user name). nullopt for anything else,
// "null" included. Scheme and name are compared without regard to case.
std::optional<HostPort> ParseOrigin(std::string_view origin);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_URL_PARSE_H_
