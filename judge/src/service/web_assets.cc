#include "web_assets.h"

#include <cstddef>

// Generated at build time from web/: kIndexHtml, kAppJs, kAppCss and their _size.
#include "web_index_html.inc"
#include "web_app_js.inc"
#include "web_app_css.inc"

namespace judge::service {
namespace {

std::string_view View(const unsigned char* data, std::size_t size) {
  return std::string_view(reinterpret_cast<const char*>(data), size);
}

}  // namespace

const WebAsset* FindWebAsset(const std::string& path) {
  static const WebAsset kPage{"text/html; charset=utf-8", View(kIndexHtml, kIndexHtml_size)};
  static const WebAsset kScript{"text/javascript; charset=utf-8", View(kAppJs, kAppJs_size)};
  static const WebAsset kStyle{"text/css; charset=utf-8", View(kAppCss, kAppCss_size)};
  if (path == "/" || path == "/index.html") return &kPage;
  if (path == "/app.js") return &kScript;
  if (path == "/app.css") return &kStyle;
  return nullptr;
}

}  // namespace judge::service
