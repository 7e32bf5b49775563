#include "url_parse.h"

#include <boost/url/src.hpp>  // Boost.URL compiled into this one translation unit
#include <cctype>

namespace judge::service {
namespace {

namespace urls = boost::urls;

std::string Lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The host and port of a parsed authority; nullopt when it is not one a browser sends.
std::optional<HostPort> FromAuthority(const urls::authority_view& a, int default_port) {
  if (a.has_userinfo()) return std::nullopt;
  HostPort hp;
  switch (a.host_type()) {
    case urls::host_type::ipv4: hp.name = a.host_ipv4_address().to_string(); break;
    case urls::host_type::ipv6: hp.name = a.host_ipv6_address().to_string(); break;
    case urls::host_type::name: {
      const std::string_view name = a.encoded_host_name();
      if (name.empty() || name.find('%') != std::string_view::npos) return std::nullopt;
      hp.name = Lower(name);
      break;
    }
    default: return std::nullopt;  // IPvFuture, or no host at all
  }
  if (!a.has_port() || a.port().empty()) {
    hp.port = default_port;
  } else {
    const std::string_view port = a.port();
    if (port.size() > 5) return std::nullopt;
    hp.port = std::stoi(std::string(port));
    if (hp.port > 65535) return std::nullopt;
  }
  return hp;
}

}  // namespace

Result<RequestTarget> ParseRequestTarget(std::string_view target) {
  auto parsed = urls::parse_origin_form(target);
  if (!parsed) {
    return Status::InvalidArgument("request target '" + std::string(target.substr(0, 200)) +
                                   "': expected an absolute path and an optional query (RFC 3986), " +
                                   parsed.error().message());
  }
  RequestTarget t;
  t.path = parsed->path();
  urls::encoding_opts plus_is_space;
  plus_is_space.space_as_plus = true;
  for (const urls::param& p : parsed->params(plus_is_space)) {
    if (p.key.empty() && !p.has_value) continue;
    t.query[p.key] = p.value;
  }
  return t;
}

std::optional<HostPort> ParseHostHeader(std::string_view host, int default_port) {
  auto parsed = urls::parse_authority(host);
  if (!parsed) return std::nullopt;
  return FromAuthority(*parsed, default_port);
}

std::optional<HostPort> ParseOrigin(std::string_view origin) {
  const std::string lower = Lower(origin);
  auto parsed = urls::parse_absolute_uri(lower);
  if (!parsed || !parsed->has_authority()) return std::nullopt;
  const urls::scheme scheme = parsed->scheme_id();
  if (scheme != urls::scheme::http && scheme != urls::scheme::https) return std::nullopt;
  if (!parsed->encoded_path().empty() || parsed->has_query() || parsed->has_fragment()) return std::nullopt;
  return FromAuthority(parsed->authority(), scheme == urls::scheme::https ? 443 : 80);
}

}  // namespace judge::service
