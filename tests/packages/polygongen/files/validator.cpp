// Validator of "Proper Divisor" (Polygon's convention: exit 0 valid, 3 invalid): one
// line holding n, 2 <= n <= 2000000000, without leading zeros, and nothing else.
#include <cstdio>
#include <string>

int main() {
  std::string text;
  for (int c = std::getchar(); c != EOF; c = std::getchar()) text += static_cast<char>(c);
  if (text.size() < 2 || text.back() != '\n') {
    std::fprintf(stderr, "expected one line ending in a newline\n");
    return 3;
  }
  text.pop_back();
  if (text.empty() || text.size() > 10 || text[0] == '0' || text.find_first_not_of("0123456789") != std::string::npos) {
    std::fprintf(stderr, "expected a number without leading zeros, found \"%s\"\n", text.c_str());
    return 3;
  }
  long long n = std::stoll(text);
  if (n < 2 || n > 2000000000LL) {
    std::fprintf(stderr, "expected 2 <= n <= 2000000000, found %lld\n", n);
    return 3;
  }
  return 0;
}
