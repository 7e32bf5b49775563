// The web page's files (web/index.html, web/app.js, web/app.css), built into the
// executable (cmake/embed_file.cmake turns each into a byte array at build time), so
// the page works offline and without an install step.
#ifndef JUDGE_SRC_SERVICE_WEB_ASSETS_H_
#define JUDGE_SRC_SERVICE_WEB_ASSETS_H_

#include <string>
#include <string_view>

namespace judge::service {

struct WebAsset {
  std::string_view content_type;
  std::string_view body;  // static storage
};

// "/" and "/index.html" (the page), "/app.js", "/app.css"; null for anything else.
const WebAsset* FindWebAsset(const std::string& path);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_WEB_ASSETS_H_
