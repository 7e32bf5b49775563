// SHA-256 and secret comparison through nettle (the only file that includes it); random
// bytes from the kernel (getrandom).
#include "judge/base/hash.h"

#include <fcntl.h>
#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include <cstdlib>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"

namespace judge {

std::string RandomHex(int bytes) {
  std::string raw(static_cast<std::size_t>(bytes), '\0');
  std::size_t done = 0;
  while (done < raw.size()) {
    ssize_t n = ::getrandom(raw.data() + done, raw.size() - done, 0);
    if (n < 0 && errno == EINTR) continue;
    // Fails only when the kernel's generator is gone: nothing safe to do.
    if (n <= 0) std::abort();
    done += static_cast<std::size_t>(n);
  }
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : raw) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;  // the length of a token is no secret
  return a.empty() || nettle_memeql_sec(a.data(), b.data(), a.size()) != 0;
}

struct Sha256::Impl {
  struct sha256_ctx ctx;
};

Sha256::Sha256() : impl_(std::make_unique<Impl>()) { sha256_init(&impl_->ctx); }

Sha256::~Sha256() = default;
Sha256::Sha256(Sha256&&) noexcept = default;
Sha256& Sha256::operator=(Sha256&&) noexcept = default;

void Sha256::Update(std::string_view bytes) {
  if (!bytes.empty()) sha256_update(&impl_->ctx, bytes.size(), reinterpret_cast<const uint8_t*>(bytes.data()));
}

std::string Sha256::FinishHex() {
  uint8_t digest[SHA256_DIGEST_SIZE];
  const unsigned int length = SHA256_DIGEST_SIZE;
  sha256_digest(&impl_->ctx, SHA256_DIGEST_SIZE, digest);
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

std::string Sha256Hex(std::string_view bytes) {
  Sha256 h;
  h.Update(bytes);
  return h.FinishHex();
}

Result<std::string> Sha256File(const std::string& path) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (!fd) return ErrnoStatus(errno, path + ": cannot open");
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, path + ": cannot stat");
  if (!S_ISREG(st.st_mode))
    return Status::InvalidArgument(path + ": expected a regular file, found a " +
                                   std::string(fs::FileKindName(st.st_mode)));
  Sha256 h;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, path + ": cannot read");
    if (n == 0) break;
    h.Update(std::string_view(buf, static_cast<std::size_t>(n)));
  }
  return h.FinishHex();
}

}  // namespace judge
