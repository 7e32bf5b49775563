// The CLI's one way to print for humans: one colour scheme, aligned tables, progress
// lines on a terminal only, and text from untrusted sources (file names, contestant
// output in messages) with terminal control characters escaped.
//
// Not thread-safe: one printer per stream, used from one thread at a time.
#ifndef JUDGE_BASE_TERMINAL_H_
#define JUDGE_BASE_TERMINAL_H_

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "judge/verdict.h"

namespace judge {

// The colour scheme. kGood green, kBad red, kLimit yellow (a limit was hit), kCrash
// magenta (RE, CE), kAlarm white on red (the judge failed), kMuted grey.
enum class Style { kPlain, kGood, kBad, kLimit, kCrash, kAlarm, kMuted, kBold };

// The style of a verdict in every table and summary.
Style VerdictStyle(Verdict v);

// text wrapped in the style's escape codes when colour, else text unchanged.
std::string Styled(std::string_view text, Style style, bool colour);

// Control characters (C0 except tab, DEL, C1 and ESC) as "\xNN", and invalid UTF-8 bytes
// likewise, so printed names and messages cannot move the cursor or retitle a
// terminal. Printable text, including valid UTF-8, is unchanged; so are newlines when
// keep_newlines (multi-line text such as a test input).
std::string EscapeForTerminal(std::string_view text, bool keep_newlines = false);

// True when the descriptor is a terminal.
bool IsTerminal(int fd);

// A table with fixed columns. Rows can be printed as they come (PrintRow: widths are
// the columns' minimum widths, wider cells push the rest right) or all at once (Print:
// widths fit the widest cell). Cells are escaped with EscapeForTerminal.
class Table {
 public:
  enum class Align { kLeft, kRight };
  struct Column {
    std::string title;
    std::size_t min_width = 0;
    Align align = Align::kLeft;
  };
  struct Cell {
    std::string text;
    Style style = Style::kPlain;
    Cell(std::string t = {}, Style s = Style::kPlain) : text(std::move(t)), style(s) {}  // NOLINT
    Cell(const char* t) : text(t) {}  // NOLINT
  };

  Table(std::vector<Column> columns, std::string indent = "  ");
  void AddRow(std::vector<Cell> row) { rows_.push_back(std::move(row)); }
  // One row now, with the minimum widths; the last cell is not padded.
  void PrintRow(std::ostream& out, const std::vector<Cell>& row, bool colour) const;
  void PrintHeader(std::ostream& out, bool colour) const;
  // Header and every added row, widths fitted.
  void Print(std::ostream& out, bool colour) const;

 private:
  void PrintCells(std::ostream& out, const std::vector<Cell>& row, const std::vector<std::size_t>& widths,
                  bool colour) const;
  std::vector<Column> columns_;
  std::string indent_;
  std::vector<std::vector<Cell>> rows_;
};

// "[3/200] secret/003" on one terminal line, redrawn in place and cleared before other
// output; does nothing when disabled (not a terminal, or --json).
class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool enabled) : out_(out), enabled_(enabled) {}
  ~ProgressLine() { Clear(); }
  void Show(std::string_view text);
  void Clear();
  bool enabled() const { return enabled_; }

 private:
  std::ostream& out_;
  bool enabled_;
  bool drawn_ = false;
};

}  // namespace judge

#endif  // JUDGE_BASE_TERMINAL_H_
