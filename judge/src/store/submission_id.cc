#include "judge/store/submission_id.h"

#include <string>

namespace judge {

Result<int64_t> ParseSubmissionId(std::string_view text) {
  const std::size_t first = !text.empty() && text[0] == '-' ? 1 : 0;
  if (first == text.size() || text.find_first_not_of("0123456789", first) != std::string_view::npos)
    return Status::InvalidArgument("expected a submission id (a whole number), found '" +
                                   std::string(text.substr(0, 40)) + "'");
  if (first == 1) return int64_t{0};
  const std::string_view digits = text.substr(text.find_first_not_of('0') == std::string_view::npos
                                                  ? text.size()
                                                  : text.find_first_not_of('0'));
  if (digits.size() > 16) return int64_t{0};  // 2^53 has 16 digits
  int64_t value = 0;
  for (char c : digits) value = value * 10 + (c - '0');
  return value <= kMaxSubmissionId ? value : 0;
}

}  // namespace judge
