#include "judge/base/terminal.h"

#include <unistd.h>

#include <algorithm>

namespace judge {
namespace {

const char* StyleCode(Style s) {
  switch (s) {
    case Style::kPlain: return "";
    case Style::kGood: return "\033[1;32m";
    case Style::kBad: return "\033[1;31m";
    case Style::kLimit: return "\033[1;33m";
    case Style::kCrash: return "\033[1;35m";
    case Style::kAlarm: return "\033[1;41;37m";
    case Style::kMuted: return "\033[2m";
    case Style::kBold: return "\033[1m";
  }
  return "";
}

// Length of a valid UTF-8 sequence starting at s[i] (2-4), or 0.
std::size_t Utf8Length(std::string_view s, std::size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  std::size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
  if (c >= 0xf5 || n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  // C1 controls (U+0080..U+009F) are encoded as c2 80..c2 9f: not printable.
  if (n == 2 && c == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0) return 0;
  return n;
}

// Display width of escaped text: one column per code point (good enough for names).
std::size_t Width(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  }));
}

}  // namespace

Style VerdictStyle(Verdict v) {
  switch (v) {
    case Verdict::kAccepted: return Style::kGood;
    case Verdict::kTimeLimitExceeded:
    case Verdict::kMemoryLimitExceeded:
    case Verdict::kOutputLimitExceeded: return Style::kLimit;
    case Verdict::kRuntimeError:
    case Verdict::kCompileError: return Style::kCrash;
    case Verdict::kJudgeError: return Style::kAlarm;
    case Verdict::kWrongAnswer:
    case Verdict::kPresentationError: return Style::kBad;
  }
  return Style::kBad;
}

std::string Styled(std::string_view text, Style style, bool colour) {
  if (!colour || style == Style::kPlain) return std::string(text);
  return std::string(StyleCode(style)) + std::string(text) + "\033[0m";
}

std::string EscapeForTerminal(std::string_view s, bool keep_newlines) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      std::size_t n = Utf8Length(s, i);
      if (n > 0) {
        out.append(s.substr(i, n));
        i += n;
        continue;
      }
    }
    if ((c < 0x20 && c != '\t' && !(keep_newlines && c == '\n')) || c >= 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
    ++i;
  }
  return out;
}

bool IsTerminal(int fd) { return ::isatty(fd) == 1; }

Table::Table(std::vector<Column> columns, std::string indent)
    : columns_(std::move(columns)), indent_(std::move(indent)) {}

void Table::PrintCells(std::ostream& out, const std::vector<Cell>& row, const std::vector<std::size_t>& widths,
                       bool colour) const {
  std::string line = indent_;
  for (std::size_t i = 0; i < row.size(); ++i) {
    std::string text = EscapeForTerminal(row[i].text);
    std::size_t w = i < widths.size() ? widths[i] : 0;
    std::size_t pad = w > Width(text) ? w - Width(text) : 0;
    bool last = i + 1 == row.size();
    bool right = i < columns_.size() && columns_[i].align == Align::kRight;
    if (right) line.append(pad, ' ');
    line += Styled(text, row[i].style, colour);
    if (!right && !last) line.append(pad, ' ');
    if (!last) line += ' ';
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  out << line << '\n';
}

void Table::PrintRow(std::ostream& out, const std::vector<Cell>& row, bool colour) const {
  std::vector<std::size_t> widths;
  for (const auto& c : columns_) widths.push_back(std::max(c.min_width, Width(c.title)));
  PrintCells(out, row, widths, colour);
}

void Table::PrintHeader(std::ostream& out, bool colour) const {
  std::vector<Cell> header;
  for (const auto& c : columns_) header.push_back(Cell(c.title, Style::kMuted));
  PrintRow(out, header, colour);
}

void Table::Print(std::ostream& out, bool colour) const {
  std::vector<std::size_t> widths;
  for (const auto& c : columns_) widths.push_back(std::max(c.min_width, Width(c.title)));
  for (const auto& row : rows_)
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], Width(EscapeForTerminal(row[i].text)));
  std::vector<Cell> header;
  for (const auto& c : columns_) header.push_back(Cell(c.title, Style::kMuted));
  PrintCells(out, header, widths, colour);
  for (const auto& row : rows_) PrintCells(out, row, widths, colour);
}

void ProgressLine::Show(std::string_view text) {
  if (!enabled_) return;
  out_ << "\r\033[K" << EscapeForTerminal(text) << std::flush;
  drawn_ = true;
}

void ProgressLine::Clear() {
  if (drawn_) out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

}  // namespace judge
