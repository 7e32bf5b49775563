// Which Host and Origin headers a request may carry when the server has no tokens:
// the defence against DNS rebinding (a foreign site's name resolved to this server,
// so the browser sends that name as Host) and against cross-site requests (a foreign
// page posting to this server: the browser names the page's site in Origin).
//
// Host is accepted when it names the server as the client reached it: the address
// the connection came in on, or localhost, 127.0.0.1 or [::1], each with the
// server's port (no port: 80); or any name of `allowed_hosts` (--allow-host), with
// any port, since a reverse proxy in front may listen on another. A request without
// Host is not a browser's (browsers always send one) and is let in.
// Origin, when present, must be http:// or https:// and an accepted Host (https
// without a port: 443); "null" (a sandboxed page, a file) is refused. Command-line
// clients send no Origin and are not affected.
//
// Pure functions of the request; thread-safe.
#ifndef JUDGE_SRC_SERVICE_ORIGIN_POLICY_H_
#define JUDGE_SRC_SERVICE_ORIGIN_POLICY_H_

#include <string>
#include <vector>

#include "http_types.h"
#include "judge/base/status.h"

namespace judge::service {

// Ok, or InvalidArgument naming the refused header and what was expected.
// `allowed_hosts` are host names without ports, compared case-insensitively.
Status CheckHostAndOrigin(const HttpRequest& head, const std::vector<std::string>& allowed_hosts);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_ORIGIN_POLICY_H_
